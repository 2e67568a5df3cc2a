#include <gtest/gtest.h>

#include "clock/tc_format.hpp"

namespace oc::clock {
namespace {

using namespace std::chrono_literals;

const TimeControl kFide{TimeControlKind::Periods, {{40, 90min, 30s}, {0, 30min, 30s}}};

TEST(ParsePgn, FideStandardControl) {
    auto tc = parsePgnTimeControl("40/5400+30:1800+30");
    ASSERT_TRUE(tc) << tc.error().message();
    EXPECT_EQ(*tc, kFide);
    EXPECT_EQ(formatPgn(*tc), "40/5400+30:1800+30");
    EXPECT_EQ(formatHuman(*tc), "40/90m+30s, 30m+30s");
}

TEST(ParsePgn, IncrementSuddenDeathUntimedUnknownSandclock) {
    EXPECT_EQ(*parsePgnTimeControl("900+10"), (TimeControl{TimeControlKind::Periods, {{0, 15min, 10s}}}));
    EXPECT_EQ(*parsePgnTimeControl("3600"), (TimeControl{TimeControlKind::Periods, {{0, 60min}}}));
    EXPECT_EQ(parsePgnTimeControl("-")->kind, TimeControlKind::Untimed);
    EXPECT_EQ(parsePgnTimeControl("?")->kind, TimeControlKind::Unknown);
    EXPECT_EQ(*parsePgnTimeControl("*180"), TimeControl::sandclock(3min));
    EXPECT_EQ(formatPgn(TimeControl::sandclock(3min)), "*180");
}

TEST(ParsePgn, DelayExtensions) {
    auto simple = parsePgnTimeControl("300d5");
    ASSERT_TRUE(simple);
    EXPECT_EQ(simple->periods[0].delay, 5s);
    EXPECT_EQ(simple->periods[0].delay_kind, DelayKind::Simple);
    auto bronstein = parsePgnTimeControl("40/5400b30:1800b30");
    ASSERT_TRUE(bronstein);
    EXPECT_EQ(bronstein->periods[1].delay_kind, DelayKind::Bronstein);
    EXPECT_EQ(formatPgn(*bronstein), "40/5400b30:1800b30");
}

struct BadInput {
    const char* text;
    std::size_t offset;
    const char* expected_part;
};

class PgnErrors : public ::testing::TestWithParam<BadInput> {};

TEST_P(PgnErrors, PointAtTheBadPart) {
    auto tc = parsePgnTimeControl(GetParam().text);
    ASSERT_FALSE(tc) << GetParam().text;
    EXPECT_EQ(tc.error().offset, GetParam().offset) << tc.error().message();
    EXPECT_NE(tc.error().message().find(GetParam().expected_part), std::string::npos) << tc.error().message();
}

INSTANTIATE_TEST_SUITE_P(Malformed, PgnErrors,
                         ::testing::Values(BadInput{"40/5400+x:1800", 8, "increment"},
                                           BadInput{"40/5400+30;1800+30", 10, "':' between periods"},
                                           BadInput{"", 0, "number of seconds"},
                                           BadInput{"0/5400", 0, "moves of at least 1"},
                                           BadInput{"1800+30:40/5400", 7, "rest of the game"},
                                           BadInput{"40/", 3, "period's time"}, BadInput{"*", 1, "sandclock"},
                                           BadInput{"40/0", 0, "gives some time"},
                                           BadInput{"300d", 4, "delay"}));

TEST(ParseHuman, ExamplesFromTheIssue) {
    EXPECT_EQ(*parseHumanTimeControl("40/90m+30s, 30m+30s"), kFide);
    EXPECT_EQ(*parseHumanTimeControl("15m+10s"), (TimeControl{TimeControlKind::Periods, {{0, 15min, 10s}}}));
    auto delay = parseHumanTimeControl("5m d5s");
    ASSERT_TRUE(delay);
    EXPECT_EQ(delay->periods[0], (Period{0, 5min, 0s, 5s, DelayKind::Simple}));
    EXPECT_EQ(formatHuman(*delay), "5m d5s");
    EXPECT_EQ(parseHumanTimeControl("1h30m")->periods[0].base, 90min);
    EXPECT_EQ(parseHumanTimeControl(" 40/2h , 20/1h ")->periods.size(), 2u);
    EXPECT_EQ(*parseHumanTimeControl("*3m"), TimeControl::sandclock(3min));
    EXPECT_EQ(parseHumanTimeControl("-")->kind, TimeControlKind::Untimed);
}

TEST(ParseHuman, IncrementFromASecondPeriodOnly) {
    auto tc = parseHumanTimeControl("40/90m, 30m+30s");
    ASSERT_TRUE(tc);
    EXPECT_EQ(tc->periods[0].increment, 0s);
    EXPECT_EQ(tc->periods[1].increment, 30s);
}

class HumanErrors : public ::testing::TestWithParam<BadInput> {};

TEST_P(HumanErrors, PointAtTheBadPart) {
    auto tc = parseHumanTimeControl(GetParam().text);
    ASSERT_FALSE(tc) << GetParam().text;
    EXPECT_EQ(tc.error().offset, GetParam().offset) << tc.error().message();
    EXPECT_NE(tc.error().message().find(GetParam().expected_part), std::string::npos) << tc.error().message();
}

INSTANTIATE_TEST_SUITE_P(Malformed, HumanErrors,
                         ::testing::Values(BadInput{"15m+10", 6, "unit"}, BadInput{"40/90x", 5, "unit"},
                                           BadInput{"30m, 40/90m", 3, "rest of the game"},
                                           BadInput{"15m+10s;", 7, "','"},
                                           BadInput{"5m d", 4, "delay after 'd'"},
                                           BadInput{"0/90m", 0, "moves of at least 1"}));

// Issue 27 (found by fuzz_time_control): "9999999h92m" was accepted and written back as "600000032m",
// which no reader accepts. A period's time over 100,000,000 s is now refused where it is read, so every
// control accepted writes back in both forms to text that reads as the same control.
TEST(ParseHuman, ATimeTooLongToWriteBackIsRefused) {
    auto tc = parseTimeControl("9999999h92m");
    ASSERT_FALSE(tc);
    EXPECT_NE(tc.error().message().find("of a sensible size"), std::string::npos) << tc.error().message();
    auto most = parseTimeControl("27777h46m40s");  // 100,000,000 s
    ASSERT_TRUE(most) << most.error().message();
    auto human = parseTimeControl(formatHuman(*most));
    auto pgn = parsePgnTimeControl(formatPgn(*most));
    ASSERT_TRUE(human && pgn) << formatHuman(*most) << " " << formatPgn(*most);
    EXPECT_EQ(*human, *most);
    EXPECT_EQ(*pgn, *most);
}

TEST(Parse, AutoDetectsTheForm) {
    EXPECT_EQ(*parseTimeControl("40/5400+30:1800+30"), kFide);
    EXPECT_EQ(*parseTimeControl("40/90m+30s, 30m+30s"), kFide);
    EXPECT_EQ(parseTimeControl("-")->kind, TimeControlKind::Untimed);
}

TEST(ParseError, PointerShowsACaretUnderTheBadCharacter) {
    auto tc = parseHumanTimeControl("15m+10");
    ASSERT_FALSE(tc);
    EXPECT_EQ(tc.error().pointer("15m+10"), "15m+10\n      ^");
    EXPECT_EQ(
        tc.error().message(),
        "at character 7: expected a unit after the number: h, m, s or ms (e.g. 90m, 30s), found the end of "
        "the text");
}

TEST(Format, DurationsAndClockDisplays) {
    EXPECT_EQ(formatDuration(90min), "90m");
    EXPECT_EQ(formatDuration(2h), "2h");
    EXPECT_EQ(formatDuration(90s), "1m30s");
    EXPECT_EQ(formatDuration(1500ms), "1s500ms");
    EXPECT_EQ(formatClock(90min), "1:30:00");
    EXPECT_EQ(formatClock(299s), "4:59");
    EXPECT_EQ(formatClock(9500ms), "0:09.5");
    for (const char* text : {"40/90m+30s, 30m+30s", "15m+10s", "5m d5s", "3m b2s", "1m30s+1s500ms"})
        EXPECT_EQ(formatHuman(*parseHumanTimeControl(text)), text);
}

// One formatter for every clock reading the console writes: screens, papers, the audit, listings.
TEST(Format, EveryClockStyle) {
    EXPECT_EQ(formatClock(5s), "0:05.0");  // a table clock shows the tenths below ten seconds
    EXPECT_EQ(formatClock(-6800ms), "-0:06.8");
    EXPECT_EQ(formatClock(10s), "0:10");
    EXPECT_EQ(formatClock(299s, ClockStyle::Hms), "0:04:59");
    EXPECT_EQ(formatClock(299'900ms, ClockStyle::Hms), "0:04:59");  // whole seconds, not rounded up
    EXPECT_EQ(formatClock(3723s, ClockStyle::HmsTenths), "1:02:03");
    EXPECT_EQ(formatClock(9500ms, ClockStyle::HmsTenths), "0:00:09.5");
    EXPECT_EQ(formatClock(-1500ms, ClockStyle::HmsTenths), "-0:00:01.5");
    EXPECT_EQ(formatClock(3'723'045ms, ClockStyle::HmsMillis), "1:02:03.045");
    EXPECT_EQ(formatClock(0ms, ClockStyle::HmsMillis), "0:00:00.000");
}

// The extremes of a duration (a journal edited and re-hashed can hold any int64): negating the smallest
// overflows, which once made both formatters recurse until the stack ran out.
TEST(Format, Int64Extremes) {
    constexpr Duration lowest = Duration::min(), highest = Duration::max();
    EXPECT_EQ(formatClock(lowest), "-2562047788015:12:55");
    EXPECT_EQ(formatClock(highest), "2562047788015:12:55");
    EXPECT_EQ(formatClock(lowest, ClockStyle::HmsTenths), "-2562047788015:12:55.8");
    EXPECT_EQ(formatClock(highest, ClockStyle::HmsMillis), "2562047788015:12:55.807");
    EXPECT_EQ(formatClock(lowest, ClockStyle::HmsMillis), "-2562047788015:12:55.808");
    EXPECT_EQ(formatDuration(lowest), "-153722867280912m55s808ms");
    EXPECT_EQ(formatDuration(highest), "153722867280912m55s807ms");
    EXPECT_EQ(formatDuration(-90s), "-1m30s");
    EXPECT_EQ(formatDuration(-2h), "-2h");
}

TEST(Describe, ExplainsPeriodsAndClassification) {
    const std::string text = describe(kFide, Edition::E2023);
    EXPECT_NE(text.find("Period 1 (from move 1): 40 moves in 90m"), std::string::npos) << text;
    EXPECT_NE(text.find("Period 2 (from move 41): the rest of the game in 30m"), std::string::npos) << text;
    EXPECT_NE(text.find("standard"), std::string::npos);
    const std::string twelve = describe(*parseTimeControl("12m"), Edition::E2023);
    EXPECT_NE(twelve.find("E2023: rapid"), std::string::npos) << twelve;
    EXPECT_NE(twelve.find("under E2005 it would be blitz"), std::string::npos) << twelve;
    EXPECT_NE(describe(*parseTimeControl("5m b3s"), Edition::E2023).find("NOT defined"), std::string::npos);
}

}  // namespace
}  // namespace oc::clock
