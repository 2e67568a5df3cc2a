#include "clock/time_control.hpp"

#include <gtest/gtest.h>

#include "clock/tc_format.hpp"

namespace oc::clock {
namespace {

using namespace std::chrono_literals;

TimeControl single(Duration base, Duration inc = 0ms) {
    return TimeControl{TimeControlKind::Periods, {{0, base, inc}}};
}

struct ClassRow {
    TimeControl tc;
    GameClass e2005;
    GameClass e2023;
};

class ClassifyTable : public ::testing::TestWithParam<ClassRow> {};

// CFG-02 test table, both editions.
TEST_P(ClassifyTable, MatchesFideRequirementsTable) {
    EXPECT_EQ(classify(GetParam().tc, Edition::E2005), GetParam().e2005) << formatHuman(GetParam().tc);
    EXPECT_EQ(classify(GetParam().tc, Edition::E2023), GetParam().e2023) << formatHuman(GetParam().tc);
}

INSTANTIATE_TEST_SUITE_P(
    Cfg02, ClassifyTable,
    ::testing::Values(ClassRow{single(10min), GameClass::Blitz, GameClass::Blitz},
                      ClassRow{single(12min), GameClass::Blitz, GameClass::Rapid},
                      ClassRow{single(15min), GameClass::Rapid, GameClass::Rapid},
                      ClassRow{single(10min, 5s), GameClass::Rapid, GameClass::Rapid},
                      ClassRow{single(3min, 2s), GameClass::Blitz, GameClass::Blitz},
                      ClassRow{single(45min, 15s), GameClass::Standard, GameClass::Standard},
                      ClassRow{single(60min), GameClass::Standard, GameClass::Standard},
                      ClassRow{TimeControl{TimeControlKind::Periods, {{40, 90min, 30s}, {0, 30min, 30s}}},
                               GameClass::Standard, GameClass::Standard},
                      ClassRow{single(59min, 0s), GameClass::Rapid, GameClass::Rapid},
                      ClassRow{single(14min, 0s), GameClass::Blitz, GameClass::Rapid}));

TEST(Classify, DelayCountsLikeIncrementByDefaultQ10) {
    TimeControl tc = single(5min);
    tc.periods[0].delay = 5s;
    tc.periods[0].delay_kind = DelayKind::Simple;
    EXPECT_EQ(classificationTime(tc), 10min);
    EXPECT_EQ(classify(tc, Edition::E2023), GameClass::Blitz);
    EXPECT_EQ(classify(tc, Edition::E2005), GameClass::Blitz);
    EXPECT_EQ(classificationTime(tc, {.delay_as_increment = false}), 5min);
    tc.periods[0].delay = 6s;
    EXPECT_EQ(classify(tc, Edition::E2023), GameClass::Rapid);
    EXPECT_EQ(classify(tc, Edition::E2023, {.delay_as_increment = false}), GameClass::Blitz);
}

TEST(Classify, ArbiterOverrideWins) {
    EXPECT_EQ(classify(single(60min), Edition::E2023, {.arbiter_override = GameClass::Rapid}),
              GameClass::Rapid);
}

TEST(Classify, UntimedCountsAsStandard) {
    EXPECT_EQ(classify(TimeControl::untimed(), Edition::E2023), GameClass::Standard);
}

TEST(TimeControl, ControlMovesAndRepeatingLastPeriod) {
    const TimeControl tc{TimeControlKind::Periods, {{40, 2h}, {20, 1h}}};
    EXPECT_EQ(tc.controlMove(0), 40);
    EXPECT_EQ(tc.controlMove(1), 60);
    EXPECT_EQ(tc.controlMove(2), 80);  // 20/1h repeats
    EXPECT_EQ(tc.periodAfterMoves(39), 0u);
    EXPECT_EQ(tc.periodAfterMoves(40), 1u);
    EXPECT_EQ(tc.periodAfterMoves(85), 3u);
    const TimeControl fide{TimeControlKind::Periods, {{40, 90min, 30s}, {0, 30min, 30s}}};
    EXPECT_EQ(fide.controlMove(1), 0);
    EXPECT_EQ(fide.periodAfterMoves(200), 1u);
}

TEST(TimeControl, ValidateNamesTheProblem) {
    EXPECT_EQ(validate(single(15min, 10s)), "");
    EXPECT_NE(
        validate(TimeControl{TimeControlKind::Periods, {{0, 30min}, {40, 90min}}}).find("only the last"),
        std::string::npos);
    EXPECT_NE(validate(single(0min)).find("no time"), std::string::npos);
    EXPECT_NE(validate(TimeControl{}).find("at least one"), std::string::npos);
}

}  // namespace
}  // namespace oc::clock
