// --delay with an injected clock: what is published at `now` is what stood `delay` earlier, the sealed
// move included (never), and the parser's messages.
#include <gtest/gtest.h>

#include <algorithm>

#include "broadcast/hub.hpp"
#include "growing_journal.hpp"

namespace oc::broadcast {
namespace {

using namespace std::chrono_literals;
const std::filesystem::path kData = OC_BROADCAST_DATA;
const journal::WallTime kT0 = *journal::parseWallTime("2026-12-01T14:00:00.000Z");

// The test journal written record by record, record i at kT0 + i * 10 s on the hub's clock (and on the
// console's: its `wall` says the same).
test::GrowingJournal spaced(const char* name) {
    auto out = std::filesystem::temp_directory_path() /
               (std::string("oc-delay-") + ::testing::UnitTest::GetInstance()->current_test_info()->name() +
                "-" + name);
    auto at = [](std::size_t i) { return kT0 + std::chrono::seconds(10 * i); };
    auto records = test::recordsOf(kData / name);
    for (std::size_t i = 0; i < records.size(); ++i) records[i].wall = at(i);
    std::filesystem::remove(out);
    return test::GrowingJournal{out, records, at};
}

TEST(BroadcastDelay, PublishesTheGameAsItStoodFifteenMinutesAgo) {
    auto g = spaced("finished.journal");
    Hub hub({g.file}, 15min);
    g.until(hub, kT0 + 15min - 1s);  // before the header was read 15 min ago: nothing yet
    EXPECT_EQ(hub.views()[0].status, Status::Waiting);
    EXPECT_TRUE(hub.views()[0].journal_head.empty());
    // Record 21 (the human's Bc4) was written at kT0 + 210 s: at +15 min +209 s it is not public yet.
    g.until(hub, kT0 + 15min + 209s);
    EXPECT_EQ(hub.views()[0].moves, (std::vector<std::string>{"e4", "e5"}));
    EXPECT_EQ(hub.views()[0].journal_seq, 20u);
    EXPECT_EQ(hub.views()[0].clocks.as_of, kT0 + 209s);
    EXPECT_EQ(g.until(hub, kT0 + 15min + 210s).size(), 1u);
    // Bc4 is on the record, but the engine has not answered it yet: a correction is still possible, so
    // the move is not shown (issue 25 item 8); the computer's clock runs.
    EXPECT_EQ(hub.views()[0].moves, (std::vector<std::string>{"e4", "e5"}));
    EXPECT_EQ(hub.views()[0].journal_seq, 21u);
    EXPECT_EQ(hub.views()[0].clocks.running, rules::Color::Black);
    EXPECT_TRUE(hub.refresh(kT0 + 15min + 210s + 5s).empty());  // nothing new became public
    // Record 27, the engine's answer (b8c6, not yet played), was written at kT0 + 270 s.
    hub.refresh(kT0 + 15min + 270s);
    EXPECT_EQ(hub.views()[0].moves.back(), "Bc4");
    EXPECT_EQ(hub.views()[0].result, "*");
    hub.refresh(kT0 + 16h);
    EXPECT_EQ(hub.views()[0].result, "1-0");
    EXPECT_EQ(hub.views()[0].status, Status::Finished);
    std::filesystem::remove(g.file);
}

TEST(BroadcastDelay, TheClockRunsInTheDelayedView) {
    auto g = spaced("finished.journal");
    Hub hub({g.file}, 15min);
    // Record 21 (Bc4 pressed) is the last public one; Black's clock has run 30 s since then.
    g.until(hub, kT0 + 15min + 240s);
    const auto& c = hub.views()[0].clocks;
    ASSERT_TRUE(c.running.has_value());
    EXPECT_EQ(*c.running, rules::Color::Black);
    auto h = spaced("finished.journal");
    h.file += "-live";
    Hub live({h.file}, 0s);
    h.until(live, kT0 + 210s);
    EXPECT_GT(live.views()[0].clocks.black_ms, 0);
    std::filesystem::remove(g.file);
    std::filesystem::remove(h.file);
}

TEST(BroadcastDelay, TheSealedMoveIsNeverPublishedAtAnyMoment) {
    auto g = spaced("sealed_on_board.journal");
    Hub hub({g.file}, 15min);
    for (auto t = kT0; t < kT0 + 15min + 400s; t += 5s) {
        g.until(hub, t);
        EXPECT_LE(hub.views()[0].moves.size(), 3u) << journal::formatWallTime(t);
        EXPECT_EQ(std::count(hub.views()[0].moves.begin(), hub.views()[0].moves.end(), "e6"), 0);
        EXPECT_EQ(hub.pgn().find(" e6 "), std::string::npos);
    }
    EXPECT_EQ(hub.views()[0].status, Status::Adjourned);
    std::filesystem::remove(g.file);
}

TEST(BroadcastDelay, ParsesDurationsAndExplainsBadOnes) {
    EXPECT_EQ(*parseDelay("0"), 0ms);
    EXPECT_EQ(*parseDelay("15m"), 15min);
    EXPECT_EQ(*parseDelay("1h30m"), 90min);
    EXPECT_EQ(*parseDelay("90s"), 90s);
    EXPECT_EQ(*parseDelay("500ms"), 500ms);
    for (const char* bad : {"", "15", "m", "15x", "-5m", "1.5m", "9999999999s"}) {
        auto d = parseDelay(bad);
        ASSERT_FALSE(d) << bad;
        EXPECT_NE(d.error().find("expected a duration such as"), std::string::npos);
    }
}

// Issue 35 item 11: "999999999h" was accepted (an as_of in the year 19019). A day is the most; the
// message says what was wrong and what would be right.
TEST(BroadcastDelay, AtMostADay) {
    EXPECT_EQ(*parseDelay("24h"), 24h);
    EXPECT_EQ(*parseDelay("23h59m59s"), 24h - 1s);
    for (const char* long_one : {"999999999h", "24h1ms", "25h", "1441m", "999999999s"}) {
        auto d = parseDelay(long_one);
        ASSERT_FALSE(d) << long_one;
        EXPECT_NE(d.error().find(std::string("\"") + long_one + "\": longer than a day; give at most 24h"),
                  std::string::npos)
            << d.error();
    }
    // Many parts that would overflow a 64-bit sum are refused as too long, not wrapped round.
    std::string parts;
    for (int i = 0; i < 3000; ++i) parts += "999999999h";
    EXPECT_FALSE(parseDelay(parts));
}

}  // namespace
}  // namespace oc::broadcast
