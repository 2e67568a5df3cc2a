#include "clock/game_clock.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "clock/tc_format.hpp"
#include "clock_test_util.hpp"

namespace oc::clock {
namespace {

using namespace test;  // kT0, W, B and the chrono literals

TimeControl tc(const char* text) {
    auto parsed = parseTimeControl(text);
    EXPECT_TRUE(parsed) << text;
    return *parsed;
}

// Sets one side's clock as if read from the table clock.
void set(GameClock& clock, Color side, Duration d, TimePoint now) {
    ClockReading r;
    r.remaining[side] = d;
    ASSERT_TRUE(clock.sync(r, now));
}

TEST(GameClock, SecondPeriodStartsAfterMoveForty) {  // architecture.md §4
    GameClock clock(tc("40/90m+30s, 30m+30s"));
    auto t = kT0;
    ASSERT_TRUE(clock.start(W, t));
    for (int i = 0; i < 80; ++i) ASSERT_TRUE(clock.press(i % 2 == 0 ? W : B, t += 1s));
    EXPECT_EQ(clock.remaining(W, t), 90min - 40s + 40 * 30s + 30min);
    EXPECT_EQ(clock.period(W), 1u);
    EXPECT_EQ(clock.movesToControl(W), std::nullopt);
}

TEST(GameClock, ArchitectureExampleCompilesAsWritten) {  // architecture.md §4, verbatim but for ASSERTs
    GameClock clock({{40, 90min, 30s}, {0, 30min, 30s}});
    auto t = kT0;
    ASSERT_TRUE(clock.start(Color::White, t));
    for (int i = 0; i < 80; ++i) ASSERT_TRUE(clock.press(t += 1s));
    EXPECT_EQ(clock.remaining(Color::White, t), 90min - 40s + 40 * 30s + 30min);
}

TEST(GameClock, Clk01SyncRebasesAndRecordsTheDifference) {
    GameClock clock(tc("90m+30s"), {.sync_tolerance = 2s});
    set(clock, W, 10min, kT0);
    set(clock, B, 8min, kT0);
    ASSERT_TRUE(clock.start(W, kT0));
    ClockReading both;
    both.remaining[W] = 9min + 40s;
    both.remaining[B] = 8min + 5s;
    auto records = clock.sync(both, kT0);  // same instant: the console still shows 10:00 / 8:00
    ASSERT_TRUE(records);
    ASSERT_EQ(records->size(), 2u);
    EXPECT_EQ((*records)[0].console, 10min);
    EXPECT_EQ((*records)[0].difference, -20s);
    EXPECT_TRUE((*records)[0].beyond_tolerance);
    EXPECT_EQ((*records)[1].difference, 5s);
    EXPECT_TRUE((*records)[1].beyond_tolerance);
    EXPECT_EQ(clock.remaining(W, kT0), 9min + 40s);
    EXPECT_EQ(clock.remaining(B, kT0), 8min + 5s);
    EXPECT_EQ(clock.remaining(W, kT0 + 10s), 9min + 30s);  // keeps running from the official value
    EXPECT_EQ(clock.events().back().kind, ClockEventKind::Synced);
}

// Guidelines I.2(c): the envelope's "time used" is what the clock ran; a sync moves the remaining time
// only, pauses count for nobody.
TEST(GameClock, UsedCountsRunningTimeNotSyncsOrPauses) {
    GameClock clock(tc("15m+10s"));
    ASSERT_TRUE(clock.start(W, kT0));
    ASSERT_TRUE(clock.press(kT0 + 30s));  // White used 30 s
    ASSERT_TRUE(clock.pause(kT0 + 40s, "arbiter"));
    ASSERT_TRUE(clock.resume(kT0 + 5min));
    set(clock, B, 14min, kT0 + 5min);  // the table clock reads 10 s less than the console
    EXPECT_EQ(clock.used(W, kT0 + 6min), 30s);
    EXPECT_EQ(clock.used(B, kT0 + 6min), 10s + 1min);  // 10 s before the pause, 1 min after it
    EXPECT_EQ(clock.remaining(B, kT0 + 6min), 13min);
}

TEST(GameClock, Clk01SyncOneSideWhileRunningAndWithinTolerance) {
    GameClock clock(tc("15m+10s"));
    ASSERT_TRUE(clock.start(W, kT0));
    ClockReading r;
    r.remaining[W] = 14min + 59s;  // the console says 14:58 at kT0+2s
    auto rec = clock.sync(r, kT0 + 2s);
    ASSERT_TRUE(rec);
    ASSERT_EQ(rec->size(), 1u);
    EXPECT_EQ(rec->front().difference, 1s);
    EXPECT_FALSE(rec->front().beyond_tolerance);
    EXPECT_EQ(clock.remaining(B, kT0 + 2s), 15min);
}

TEST(GameClock, Clk01SyncSetsMoveCounterAndPeriod) {
    GameClock clock(tc("40/90m, 30m"));
    ClockReading r;
    r.remaining[W] = 25min;
    r.moves_completed[W] = 40;
    auto rec = clock.sync(r, kT0);
    ASSERT_TRUE(rec);
    ASSERT_EQ(rec->size(), 1u);
    EXPECT_TRUE(rec->front().moves_differ);  // CLK-06: the counter said 40, the mirror had 0
    EXPECT_EQ(rec->front().console_moves, 0);
    EXPECT_EQ(clock.period(W), 1u);
    EXPECT_EQ(clock.movesCompleted(W), 40);
    ClockReading moves_only;
    moves_only.moves_completed[W] = 40;
    auto same = clock.sync(moves_only, kT0);
    ASSERT_TRUE(same);
    EXPECT_FALSE(same->front().moves_differ);
    EXPECT_EQ(same->front().difference, 0s);
    EXPECT_EQ(clock.remaining(W, kT0), 25min);
    ClockReading bad;
    bad.remaining[B] = -1s;
    EXPECT_EQ(clock.sync(bad, kT0).error(), ClockError::BadReading);
}

TEST(GameClock, Clk03SavedTimeCarriesIntoTheNextPeriod) {
    GameClock clock(tc("40/90m, 30m"));
    auto t = kT0;
    ASSERT_TRUE(clock.start(W, t));
    for (int i = 0; i < 78; ++i) ASSERT_TRUE(clock.press(i % 2 == 0 ? W : B, t += 1s));
    set(clock, W, 12min + 34s + 5s, t);  // White's 40th move will take 5 s
    auto press = clock.press(W, t += 5s);
    ASSERT_TRUE(press);
    EXPECT_TRUE(press->new_period);
    EXPECT_EQ(press->moves_completed, 40);
    EXPECT_EQ(clock.remaining(W, t), 42min + 34s);
}

TEST(GameClock, Clk04FischerIncrementFromMoveOne) {
    GameClock clock(tc("90m+30s"));
    set(clock, W, 10min, kT0);
    ASSERT_TRUE(clock.start(W, kT0));
    auto press = clock.press(W, kT0 + 45s);
    ASSERT_TRUE(press);
    EXPECT_EQ(press->credited, 30s);
    EXPECT_EQ(clock.remaining(W, kT0 + 45s), 9min + 45s);
}

TEST(GameClock, Q11IncrementBeforeTheMoveWhenTheClockDoesSo) {
    GameClock clock(tc("3m+2s"), {.increment_timing = IncrementTiming::BeforeMove});
    ASSERT_TRUE(clock.start(W, kT0));
    EXPECT_EQ(clock.remaining(W, kT0), 3min + 2s);
    ASSERT_TRUE(clock.press(W, kT0 + 5s));
    EXPECT_EQ(clock.remaining(W, kT0 + 5s), 3min - 3s);
    EXPECT_EQ(clock.remaining(B, kT0 + 5s), 3min + 2s);
}

struct DelayCase {
    Duration start;
    Duration move;
    Duration simple_after;
    bool bronstein_flags;
};

class Clk05Delay : public ::testing::TestWithParam<DelayCase> {};

// CLK-05 table: simple delay 5 s versus Bronstein 5 s.
TEST_P(Clk05Delay, SimpleAndBronstein) {
    const DelayCase c = GetParam();
    GameClock simple(tc("10m d5s"));
    GameClock bronstein(tc("10m b5s"));
    for (GameClock* clock : {&simple, &bronstein}) {
        set(*clock, W, c.start, kT0);
        ASSERT_TRUE(clock->start(W, kT0));
        ASSERT_TRUE(clock->press(W, kT0 + c.move));
    }
    EXPECT_EQ(simple.remaining(W, kT0 + c.move), c.simple_after);
    EXPECT_FALSE(simple.flagged(W, kT0 + c.move));
    EXPECT_EQ(bronstein.flagged(W, kT0 + c.move), c.bronstein_flags);
    if (!c.bronstein_flags) {
        EXPECT_EQ(bronstein.remaining(W, kT0 + c.move), c.simple_after);
    }
}

INSTANTIATE_TEST_SUITE_P(Table, Clk05Delay,
                         ::testing::Values(DelayCase{1min, 3s, 1min, false}, DelayCase{1min, 8s, 57s, false},
                                           DelayCase{2s, 4s, 2s, true}, DelayCase{2s, 6s, 1s, true}));

TEST(GameClock, Clk05BronsteinFlagsTwoSecondsIntoTheMove) {
    GameClock clock(tc("10m b5s"));
    set(clock, W, 2s, kT0);
    ASSERT_TRUE(clock.start(W, kT0));
    const auto flags = clock.flags(kT0 + 4s);
    ASSERT_EQ(flags.size(), 1u);
    EXPECT_EQ(flags[0].at, kT0 + 2s);
    EXPECT_EQ(clock.delayRemaining(W, kT0 + 1s), 0s);
}

TEST(GameClock, Clk05SimpleDelayIsFreshEachMoveAndNeverAccumulates) {
    GameClock clock(tc("5m d5s"));
    ASSERT_TRUE(clock.start(W, kT0));
    EXPECT_EQ(clock.delayRemaining(W, kT0 + 2s), 3s);
    ASSERT_TRUE(clock.press(W, kT0 + 1s));  // 4 s of delay unused: lost
    ASSERT_TRUE(clock.press(B, kT0 + 2s));
    EXPECT_EQ(clock.remaining(W, kT0 + 2s), 5min);
    EXPECT_EQ(clock.delayRemaining(W, kT0 + 2s), 5s);
    EXPECT_EQ(clock.remaining(W, kT0 + 2s + 15s), 5min - 10s);
}

TEST(GameClock, Clk06AddAtFlagNoLossWhenTheMovesWereMade) {
    GameClock clock(tc("40/90m, 30m"), {.advance = PeriodAdvance::AtFlag});
    auto t = kT0;
    ASSERT_TRUE(clock.start(W, t));
    for (int i = 0; i < 82; ++i) ASSERT_TRUE(clock.press(i % 2 == 0 ? W : B, t += 1s));  // 41 moves each
    EXPECT_EQ(clock.period(W), 0u);  // nothing added at move 40 on this kind of clock
    set(clock, W, 10s, t);
    const auto later = t + 15s;
    EXPECT_EQ(clock.remaining(W, later), 30min - 5s);
    const auto expiries = clock.expiries(later);
    ASSERT_EQ(expiries.size(), 1u);
    EXPECT_FALSE(expiries[0].overstepped);
    EXPECT_EQ(expiries[0].moves_completed, 41);
    EXPECT_TRUE(clock.flags(later).empty());
    EXPECT_FALSE(clock.flagged(W, later));
}

TEST(GameClock, Clk06AddAtFlagReportsAFlagWhenMovesAreMissing) {
    GameClock clock(tc("40/90m, 30m"), {.advance = PeriodAdvance::AtFlag});
    auto t = kT0;
    ASSERT_TRUE(clock.start(W, t));
    for (int i = 0; i < 78; ++i) ASSERT_TRUE(clock.press(i % 2 == 0 ? W : B, t += 1s));  // 39 moves each
    set(clock, W, 10s, t);
    const auto flags = clock.flags(t + 11s);
    ASSERT_EQ(flags.size(), 1u);
    EXPECT_EQ(flags[0].moves_completed, 39);
    EXPECT_EQ(flags[0].moves_required, 40);
    EXPECT_EQ(flags[0].at, t + 10s);
    EXPECT_TRUE(clock.flagged(W, t + 11s));
    EXPECT_EQ(clock.remaining(W, t + 11s), 30min - 1s);  // the clock still added the next period
}

TEST(GameClock, Clk10FlagIsReportedButTheGameGoesOn) {
    GameClock clock(tc("3m+2s"));
    set(clock, B, 5s, kT0);
    ASSERT_TRUE(clock.start(B, kT0));
    EXPECT_FALSE(clock.flagged(B, kT0 + 4s));
    EXPECT_TRUE(clock.flagged(B, kT0 + 6s));
    EXPECT_EQ(clock.remaining(B, kT0 + 6s), 0s);
    EXPECT_EQ(clock.phase(), ClockPhase::Running);  // nobody ruled anything
    auto press = clock.press(B, kT0 + 7s);          // e.g. the human mates: the record goes on
    ASSERT_TRUE(press);
    EXPECT_EQ(press->credited, 0s);  // a fallen flag earns no increment
    EXPECT_EQ(clock.flags(kT0 + 7s).front().at, kT0 + 5s);
}

TEST(GameClock, Clk12BothFlagsInTimeOrder) {
    GameClock clock(tc("40/2h, 30m"));
    set(clock, W, 3s, kT0);
    set(clock, B, 2s, kT0);
    ASSERT_TRUE(clock.start(W, kT0));
    ASSERT_TRUE(clock.press(W, kT0 + 1s));
    const auto flags = clock.flags(kT0 + 10s);
    ASSERT_EQ(flags.size(), 1u);  // White still has 2 s on a stopped clock
    ASSERT_TRUE(clock.press(B, kT0 + 10s));
    const auto both = clock.flags(kT0 + 20s);
    ASSERT_EQ(both.size(), 2u);
    EXPECT_EQ(both[0].side, B);
    EXPECT_EQ(both[0].at, kT0 + 3s);
    EXPECT_EQ(both[1].side, W);
    EXPECT_EQ(both[1].at, kT0 + 12s);
    EXPECT_EQ(both[1].moves_required, 40);
}

TEST(GameClock, Clk13ArbiterFixesAMissingIncrement) {
    GameClock clock(tc("90m"));
    auto t = kT0;
    ASSERT_TRUE(clock.start(W, t));
    for (int i = 0; i < 40; ++i) ASSERT_TRUE(clock.press(i % 2 == 0 ? W : B, t += 10s));
    ASSERT_TRUE(clock.setTimeControl(tc("90m+30s"), "increment missing at move 20", t));
    const Duration before = clock.remaining(W, t);
    ASSERT_TRUE(clock.press(W, t + 10s));
    EXPECT_EQ(clock.remaining(W, t + 10s), before - 10s + 30s);
    const auto changed = std::find_if(clock.events().begin(), clock.events().end(), [](const ClockEvent& e) {
        return e.kind == ClockEventKind::ControlChanged;
    });
    ASSERT_NE(changed, clock.events().end());
    EXPECT_EQ(changed->note, "90m -> 90m+30s: increment missing at move 20");
    EXPECT_EQ(clock.setTimeControl(tc("90m+30s"), "", t).error(), ClockError::EmptyReason);
}

TEST(GameClock, Clk14PauseStopsBothClocksAndNeedsAReason) {
    GameClock clock(tc("15m+10s"));
    ASSERT_TRUE(clock.start(W, kT0));
    EXPECT_EQ(clock.pause(kT0 + 10s, "").error(), ClockError::EmptyReason);
    ASSERT_TRUE(clock.pause(kT0 + 10s, "promotion piece unavailable"));
    EXPECT_EQ(clock.remaining(W, kT0 + 5min), 15min - 10s);
    EXPECT_EQ(clock.press(W, kT0 + 5min).error(), ClockError::Paused);
    ASSERT_TRUE(clock.resume(kT0 + 5min));
    EXPECT_EQ(clock.remaining(W, kT0 + 5min + 5s), 15min - 15s);
    EXPECT_EQ(clock.resume(kT0 + 6min).error(), ClockError::NotPaused);
}

TEST(GameClock, RejectsOutOfOrderCommands) {
    GameClock clock(tc("15m+10s"));
    EXPECT_EQ(clock.press(W, kT0).error(), ClockError::NotStarted);
    ASSERT_TRUE(clock.start(W, kT0 + 1s));
    EXPECT_EQ(clock.start(W, kT0 + 1s).error(), ClockError::AlreadyStarted);
    EXPECT_EQ(clock.press(B, kT0 + 2s).error(), ClockError::WrongSide);
    EXPECT_EQ(clock.press(W, kT0).error(), ClockError::TimeWentBackwards);
    ASSERT_TRUE(clock.stop(kT0 + 3s));
    EXPECT_EQ(clock.press(W, kT0 + 4s).error(), ClockError::Stopped);
}

TEST(GameClock, Clk15AdjustmentIsSignedReasonedAndNeverBelowZero) {
    GameClock clock(tc("90m+30s"));
    auto rec = clock.adjust({B, 2min, "illegal move by White", "7.5.5"}, kT0);
    ASSERT_TRUE(rec);
    EXPECT_EQ(rec->after, 92min);
    auto down = clock.adjust({W, -100min, "correction", ""}, kT0);
    ASSERT_TRUE(down);
    EXPECT_EQ(down->after, 0s);
    EXPECT_EQ(clock.adjust({W, 1min, "", ""}, kT0).error(), ClockError::EmptyReason);
    EXPECT_NE(clock.events().front().note.find("(7.5.5)"), std::string::npos);
}

TEST(GameClock, SandclockTimeFlowsToTheOtherSide) {
    GameClock clock(tc("*180"));
    ASSERT_TRUE(clock.start(W, kT0));
    EXPECT_EQ(clock.remaining(W, kT0 + 20s), 160s);
    EXPECT_EQ(clock.remaining(B, kT0 + 20s), 200s);
    ASSERT_TRUE(clock.press(W, kT0 + 20s));
    EXPECT_EQ(clock.remaining(W, kT0 + 30s), 170s);
}

TEST(GameClock, UntimedCountsMovesOnly) {
    GameClock clock(TimeControl::untimed());
    ASSERT_TRUE(clock.start(W, kT0));
    ASSERT_TRUE(clock.press(W, kT0 + 1h));
    EXPECT_FALSE(clock.flagged(W, kT0 + 1h));
    EXPECT_EQ(clock.movesCompleted(W), 1);
}

TEST(GameClock, Rec05ExemptionIsStickyForThePeriod) {
    GameClock clock(tc("40/90m, 30m"));
    const auto std_rec = [&](TimePoint at) {
        return clock.recording(W, at, Edition::E2023, GameClass::Standard);
    };
    EXPECT_EQ(std_rec(kT0).duty, RecordingDuty::Obligatory);
    auto t = kT0;
    ASSERT_TRUE(clock.start(W, t));
    for (int i = 0; i < 64; ++i) ASSERT_TRUE(clock.press(i % 2 == 0 ? W : B, t += 1s));  // move 33 to play
    set(clock, W, 4min + 59s, t);
    EXPECT_EQ(std_rec(t).duty, RecordingDuty::Exempt);
    EXPECT_EQ(std_rec(t).until_move, 40);
    ASSERT_TRUE(clock.adjust({W, 2min, "illegal move bonus", "7.5.5"}, t));
    EXPECT_EQ(std_rec(t).duty, RecordingDuty::Exempt);                                   // sticky above 5:00
    for (int i = 0; i < 15; ++i) ASSERT_TRUE(clock.press(i % 2 == 0 ? W : B, t += 1s));  // W completes 40
    const RecordingStatus next = std_rec(t);
    EXPECT_EQ(next.duty, RecordingDuty::Obligatory);
    EXPECT_TRUE(next.update_before_next_move);
    ASSERT_TRUE(clock.press(B, t += 1s));
    ASSERT_TRUE(clock.press(W, t += 1s));
    EXPECT_FALSE(std_rec(t).update_before_next_move);
}

TEST(GameClock, Rec05ThirtySecondsPerMoveKeepsRecordingObligatory) {
    GameClock clock(tc("90m+30s"));
    set(clock, W, 1min, kT0);
    EXPECT_EQ(clock.recording(W, kT0, Edition::E2005, GameClass::Standard).duty, RecordingDuty::Obligatory);
    GameClock delay(tc("90m d30s"));  // Q5: a 30 s delay counts like an increment
    set(delay, W, 1min, kT0);
    EXPECT_EQ(delay.recording(W, kT0, Edition::E2023, GameClass::Standard).duty, RecordingDuty::Obligatory);
    EXPECT_EQ(delay.recording(W, kT0, Edition::E2023, GameClass::Rapid).duty, RecordingDuty::NotRequired);
}

}  // namespace
}  // namespace oc::clock
