#include "clock/budget.hpp"

#include <gtest/gtest.h>

#include "clock/tc_format.hpp"
#include "clock_test_util.hpp"

namespace oc::clock {
namespace {

using namespace test;  // kT0, W, B and the chrono literals

BudgetInput input(Duration mine, Duration inc, std::optional<int> to_go, Duration theirs = 10min) {
    BudgetInput in;
    in.computer = W;
    in.remaining[W] = mine;
    in.remaining[B] = theirs;
    in.increment[W] = inc;
    in.increment[B] = inc;
    in.moves_to_control = to_go;
    return in;
}

TEST(HandlingReserve, StartsAtTheConfiguredValue) {
    HandlingReserve r({.initial = 5s});
    EXPECT_EQ(r.perMove(), 5s);
    for (int i = 0; i < 3; ++i) r.record(2s);
    EXPECT_EQ(r.perMove(), 5s);  // too few measurements to trust a lower figure
    r.record(9s);
    EXPECT_EQ(r.perMove(), 5s);  // one slow handling alone is set aside (issue 15)
    r.record(9s);
    EXPECT_EQ(r.perMove(), 9s);  // but a second one counts at once
}

// Issue 23: the first measurement alone is the window's maximum: a slow one is set aside like any lone
// slow handling (the reserve jumped to it after one move and fell back at the next), and a second slow
// one counts at once.
TEST(HandlingReserve, FirstSlowHandlingAloneIsSetAside) {
    HandlingReserve r({.initial = 5s});
    r.record(9s);
    EXPECT_EQ(r.perMove(), 5s);
    const ReserveBasis b = r.basis();
    ASSERT_TRUE(b.set_aside);
    EXPECT_EQ(*b.set_aside, 9s);
    EXPECT_TRUE(b.starting_value);
    r.record(2s);
    EXPECT_EQ(r.perMove(), 5s);  // no fall back either: the line stays at the starting value
    r.record(8s);
    EXPECT_EQ(r.perMove(), 8s);
}

// Issue 37: the audit judges a journal by the rule its console had. Rule 1 took the plain percentile (a
// first slow handling of 12 s was the reserve at once), rule 2 set aside the largest of two or more only.
TEST(HandlingReserve, OlderRulesAsTheirConsolesComputedThem) {
    HandlingReserve first({.rule = 1, .initial = 5s}), second({.rule = 2, .initial = 5s}),
        now({.initial = 5s});
    for (HandlingReserve* r : {&first, &second, &now}) r->record(12s);
    EXPECT_EQ(first.perMove(), 12s);
    EXPECT_EQ(second.perMove(), 12s);
    EXPECT_EQ(now.perMove(), 5s);
    for (HandlingReserve* r : {&first, &second, &now}) r->record(3s);
    EXPECT_EQ(first.perMove(), 12s);  // the p95 of two is their maximum
    EXPECT_FALSE(first.basis().set_aside);
    EXPECT_EQ(second.perMove(), 5s);  // the 12 s set aside, the starting value rules
    EXPECT_EQ(now.perMove(), 5s);
}

// Issue 37: a game resumed by a console of another rule is judged by that rule from the resume on, over
// the handling times measured before it (the resumed console replayed them all by its own rule).
TEST(HandlingReserve, ANewRuleKeepsTheMeasurements) {
    HandlingReserve r({.rule = 1, .initial = 5s});
    r.record(12s);
    r.record(3s);
    EXPECT_EQ(r.perMove(), 12s);
    r.setRule(2);
    EXPECT_EQ(r.samples(), 2u);
    EXPECT_EQ(r.perMove(), 5s) << "rule 2 over the same two measurements";
}

// Issue 15: one slow handling (16.5 s) among a dozen quick ones must not set the reserve: a p95 of
// fewer than 20 measurements is their maximum, so the largest is set aside while the rank falls on it.
TEST(HandlingReserve, RobustToOneOutlier) {
    HandlingReserve r({.initial = 5s, .floor = 1s, .percentile = 0.95, .window = 40, .min_samples = 8});
    for (int i = 0; i < 11; ++i) r.record(Duration{3000 + i * 100});  // 3.0 s .. 4.0 s
    r.record(16500ms);
    EXPECT_EQ(r.quantile(0.95), 16500ms);  // the plain p95 is the outlier
    EXPECT_EQ(r.perMove(), 4s);
    const ReserveBasis b = r.basis();
    ASSERT_TRUE(b.set_aside);
    EXPECT_EQ(*b.set_aside, 16500ms);
    EXPECT_FALSE(b.starting_value);
    EXPECT_EQ(b.samples, 12u);
    r.record(15s);  // a second slow one is no outlier any more
    EXPECT_EQ(r.perMove(), 15s);
}

// With 20 or more measurements the p95's rank lies below the maximum: nothing is set aside.
TEST(HandlingReserve, FullWindowKeepsThePlainPercentile) {
    HandlingReserve r({.initial = 5s, .floor = 1s, .percentile = 0.95, .window = 40, .min_samples = 8});
    for (int i = 1; i <= 40; ++i) r.record(Duration{i * 1000});
    EXPECT_EQ(r.perMove(), r.quantile(0.95));
    EXPECT_EQ(r.perMove(), 38s);
    EXPECT_FALSE(r.basis().set_aside);
}

// The engine's time with the outlier in the reserve and without it (the trial's 16.5 s at 15m+10s).
TEST(HandlingReserve, OneOutlierNoLongerCutsTheEnginesTime) {
    HandlingReserve r({.initial = 5s, .min_samples = 8});
    for (int i = 0; i < 9; ++i) r.record(3s);
    BudgetInput in;
    in.computer = Color::Black;
    in.remaining = {12min, 12min};
    in.increment = {10s, 10s};
    const GoParams before = computeGo(in, r.perMove(), {}, false);
    r.record(16500ms);
    const GoParams after = computeGo(in, r.perMove(), {}, false);
    EXPECT_EQ(after.time[Color::Black], before.time[Color::Black]);
    EXPECT_EQ(after.inc[Color::Black], 7s);
}

TEST(HandlingReserve, HighPercentileOverARollingWindow) {
    HandlingReserve r({.initial = 5s, .floor = 1s, .percentile = 0.95, .window = 20, .min_samples = 8});
    for (int i = 1; i <= 20; ++i) r.record(Duration{i * 1000});  // 1 s .. 20 s
    EXPECT_EQ(r.quantile(0.95), 19s);
    EXPECT_EQ(r.perMove(), 19s);
    for (int i = 0; i < 20; ++i) r.record(2s);  // the old, slow measurements leave the window
    EXPECT_EQ(r.perMove(), 2s);
    EXPECT_EQ(r.samples(), 20u);
}

TEST(HandlingReserve, NeverBelowTheFloor) {
    HandlingReserve r({.initial = 0s, .floor = 1500ms});
    for (int i = 0; i < 10; ++i) r.record(200ms);
    EXPECT_EQ(r.perMove(), 1500ms);
}

// CMP-2.1: 0:20 left for 5 moves, no increment, 3 s overhead: about 5 s usable, not 20 s.
TEST(ComputeGo, Cmp21ReserveForEveryMoveToTheControl) {
    const GoParams plain = computeGo(input(20s, 0s, 5), 3s, {.safety_moves = 0}, false);
    EXPECT_EQ(plain.time[W], 5s);
    EXPECT_EQ(plain.movestogo, 5);
    EXPECT_FALSE(plain.critical);
    // The default keeps two more moves' reserve against heavy tails: nothing is left for thinking.
    const GoParams safe = computeGo(input(20s, 0s, 5), 3s, {}, false);
    EXPECT_TRUE(safe.critical);
    EXPECT_EQ(safe.time[W], 50ms);
}

TEST(ComputeGo, OpponentTimesArePassedAsRead) {
    const GoParams go = computeGo(input(10min, 0s, 20, 8min + 5s), 5s, {}, false);
    EXPECT_EQ(go.time[B], 8min + 5s);
    EXPECT_EQ(go.time[W], 10min - 22 * 5s);
    EXPECT_EQ(go.reserve, 22 * 5s);
}

TEST(ComputeGo, LastMoveBeforeAControlWithSecondsLeft) {
    const GoParams go = computeGo(input(25s, 0s, 1), 5s, {}, false);
    EXPECT_EQ(go.movestogo, 1);
    EXPECT_EQ(go.time[W], 10s);  // 25 s minus this move's handling and the two-move safety stock
    EXPECT_FALSE(go.critical);
    const GoParams tight = computeGo(input(12s, 0s, 1), 5s, {}, false);
    EXPECT_TRUE(tight.critical);
    EXPECT_EQ(tight.time[W], 50ms);
}

TEST(ComputeGo, IncrementLargerThanTheReserve) {
    // 30 s increment, 5 s handling: each later move's handling comes out of its own increment.
    const GoParams go = computeGo(input(60min, 30s, 40), 5s, {}, false);
    EXPECT_EQ(go.inc[W], 25s);
    EXPECT_EQ(go.time[W], 60min - 15s);
    EXPECT_EQ(go.inc[B], 30s);
    // What the engine can count on equals what the clock really gives minus handling.
    const Duration engine_sum = go.time[W] + 39 * go.inc[W];
    EXPECT_EQ(engine_sum, 60min + 39 * 30s - 40 * 5s - 2 * 5s);
}

TEST(ComputeGo, IncrementSmallerThanTheReserve) {
    const GoParams go = computeGo(input(3min, 2s, std::nullopt), 3s, {.sudden_death_horizon = 20}, false);
    EXPECT_EQ(go.inc[W], 0s);
    EXPECT_EQ(go.time[W], 3min + 19 * 2s - 20 * 3s - 2 * 3s);
    EXPECT_EQ(go.movestogo, std::nullopt);
}

TEST(ComputeGo, SuddenDeathWithNothingLeft) {
    const GoParams go = computeGo(input(20s, 0s, std::nullopt), 5s, {}, false);
    EXPECT_TRUE(go.critical);
    EXPECT_EQ(go.time[W], 50ms);
    EXPECT_EQ(go.inc[W], 0s);
    const GoParams empty = computeGo(input(30ms, 0s, std::nullopt), 5s, {}, false);
    EXPECT_EQ(empty.time[W], 30ms);  // never more than the clock shows
}

TEST(ComputeGo, FasterRateScalesOnlyTheComputersBudget) {
    const GoParams normal = computeGo(input(4min, 10s, 8), 2s, {}, false);
    const GoParams faster = computeGo(input(4min, 10s, 8), 2s, {.faster_rate_factor = 0.5}, true);
    EXPECT_EQ(faster.time[W], normal.time[W] / 2);
    EXPECT_EQ(faster.inc[W], normal.inc[W] / 2);
    EXPECT_EQ(faster.movestogo, normal.movestogo);
    EXPECT_EQ(faster.time[B], normal.time[B]);
}

// CLK-01 / CMP-1.1: after a sync the engine's go uses the official values.
TEST(BudgetInput, Clk01GoUsesTheSyncedOfficialReading) {
    GameClock clock(*parseTimeControl("90m+30s"));
    ASSERT_TRUE(clock.start(W, kT0));
    ClockReading r;
    r.remaining[W] = 9min + 40s;
    r.remaining[B] = 8min + 5s;
    ASSERT_TRUE(clock.sync(r, kT0 + 1s));
    const GoParams go = computeGo(budgetInput(clock, W, kT0 + 1s), 5s, {}, false);
    EXPECT_EQ(go.time[B], 8min + 5s);
    EXPECT_EQ(go.time[W], 9min + 40s - 5s - 2 * 5s);  // 30 s increment covers later moves' handling
    EXPECT_EQ(go.inc[W], 25s);
}

TEST(BudgetInput, NeverPromisesTheNextPeriod) {
    GameClock clock(*parseTimeControl("40/90m, 30m"));
    auto t = kT0;
    ASSERT_TRUE(clock.start(W, t));
    for (int i = 0; i < 78; ++i) ASSERT_TRUE(clock.press(i % 2 == 0 ? W : B, t += 1s));
    const BudgetInput in = budgetInput(clock, W, t);
    EXPECT_EQ(in.moves_to_control, 1);
    EXPECT_EQ(in.remaining[W], 90min - 39s);
    const GoParams go = computeGo(in, 5s, {}, false);
    EXPECT_EQ(go.time[W], 90min - 39s - 15s);
    EXPECT_EQ(go.movestogo, 1);
}

TEST(BudgetInput, RepeatingPeriodsAndDelayAsIncrement) {
    GameClock clock(*parseTimeControl("40/2h, 20/1h d10s"));
    ClockReading r;
    r.moves_completed[W] = 45;
    ASSERT_TRUE(clock.sync(r, kT0));
    const BudgetInput in = budgetInput(clock, W, kT0);
    EXPECT_EQ(in.moves_to_control, 15);
    EXPECT_EQ(in.increment[W], 10s);
}

TEST(FasterRate, Cmp22LockedUntilTheControlIsPassed) {
    GameClock clock(*parseTimeControl("40/90m, 30m"));
    FasterRate rate(5min);
    auto t = kT0;
    ASSERT_TRUE(clock.start(W, t));
    for (int i = 0; i < 64; ++i) ASSERT_TRUE(clock.press(i % 2 == 0 ? W : B, t += 1s));  // move 33 to play
    EXPECT_EQ(rate.switchOn(clock, W, t).error(), RateError::NotShortOfTime);
    ClockReading r;
    r.remaining[W] = 2min;
    ASSERT_TRUE(clock.sync(r, t));
    ASSERT_TRUE(rate.switchOn(clock, W, t));
    EXPECT_EQ(rate.lockedUntilMove(), 40);
    EXPECT_EQ(rate.switchOn(clock, W, t).error(), RateError::AlreadyFaster);
    for (int i = 0; i < 13; ++i) ASSERT_TRUE(clock.press(i % 2 == 0 ? W : B, t += 1s));  // W completed 39
    EXPECT_FALSE(rate.canSwitchOff(clock, W));
    EXPECT_EQ(rate.switchOff(clock, W, t).error(), RateError::ControlNotPassed);
    ASSERT_TRUE(clock.press(B, t += 1s));
    ASSERT_TRUE(clock.press(W, t += 1s));  // move 40 completed: from move 41 the operator may return
    EXPECT_TRUE(rate.canSwitchOff(clock, W));
    ASSERT_TRUE(rate.switchOff(clock, W, t));
    EXPECT_EQ(rate.rate(), Rate::Normal);
    // Every switch and every refused attempt is an event for the log.
    ASSERT_EQ(rate.events().size(), 5u);
    EXPECT_FALSE(rate.events()[0].accepted);
    EXPECT_TRUE(rate.events()[1].accepted);
    EXPECT_EQ(rate.events()[1].remaining, 2min);
    EXPECT_TRUE(rate.events()[4].accepted);
    EXPECT_EQ(rate.events()[4].moves_completed, 40);
}

TEST(FasterRate, SuddenDeathKeepsItToTheEnd) {
    GameClock clock(*parseTimeControl("3m+2s"));
    FasterRate rate(1min);
    ClockReading r;
    r.remaining[W] = 50s;
    ASSERT_TRUE(clock.sync(r, kT0));
    ASSERT_TRUE(rate.switchOn(clock, W, kT0));
    EXPECT_EQ(rate.lockedUntilMove(), std::nullopt);
    EXPECT_EQ(rate.switchOff(clock, W, kT0).error(), RateError::ControlNotPassed);
    EXPECT_EQ(FasterRate().switchOff(clock, W, kT0).error(), RateError::AlreadyNormal);
}

TEST(Feasibility, BlitzWithoutEnoughIncrementCannotBePlayed) {
    const Feasibility f = checkFeasibility(*parseTimeControl("3m"), 3500ms);
    EXPECT_EQ(f.verdict, Verdict::Unplayable);
    ASSERT_EQ(f.periods.size(), 1u);
    EXPECT_EQ(f.periods[0].handling, 80 * 3500ms);
    EXPECT_NE(f.message.find("lose on time"), std::string::npos) << f.message;
    EXPECT_NE(f.message.find("4m40s of 3m granted"), std::string::npos) << f.message;
}

TEST(Feasibility, TightAndPlayableControls) {
    EXPECT_EQ(checkFeasibility(*parseTimeControl("3m+2s"), 3500ms).verdict, Verdict::Tight);
    EXPECT_EQ(checkFeasibility(*parseTimeControl("40/90m+30s, 30m+30s"), 10s).verdict, Verdict::Playable);
    // A delay at least as long as the handling absorbs it.
    const Feasibility delay = checkFeasibility(*parseTimeControl("3m d5s"), 3500ms);
    EXPECT_EQ(delay.verdict, Verdict::Playable);
    EXPECT_EQ(delay.periods[0].handling, 0s);
    // A first period too short for its moves is caught even when the game as a whole would fit.
    const Feasibility first = checkFeasibility(*parseTimeControl("40/2m, 60m"), 4s);
    EXPECT_EQ(first.verdict, Verdict::Unplayable);
    EXPECT_GE(first.periods[0].share, 1.0);
}

}  // namespace
}  // namespace oc::clock

namespace oc::clock {
namespace {

using namespace std::chrono_literals;
using test::kT0;

// CLK-07: the computer has White; at "clock started" the engine gets the full initial time.
TEST(BudgetInput, Clk07FullTimeAtTheStart) {
    GameClock clock(*parseTimeControl("40/90m+30s, 30m+30s"));
    ASSERT_TRUE(clock.start(Color::White, kT0));
    const BudgetInput in = budgetInput(clock, Color::White, kT0);
    EXPECT_EQ(in.remaining[Color::White], 90min);
    EXPECT_EQ(in.moves_to_control, 40);
    EXPECT_EQ(in.increment[Color::White], 30s);
}

// CLK-09: bestmove at 10:00.0, press at 10:06.5: the 6.5 s are the computer's, and the estimate learns.
TEST(BudgetInput, Clk09HandlingCountsAgainstTheComputerAndUpdatesTheReserve) {
    GameClock clock(*parseTimeControl("90m+30s"));
    HandlingReserve reserve({.initial = 3s, .min_samples = 1});
    ASSERT_TRUE(clock.start(Color::White, kT0));
    const TimePoint bestmove = kT0 + 10min;
    const TimePoint press = bestmove + 6500ms;
    auto r = clock.press(Color::White, press);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->used, 10min + 6500ms);
    reserve.record(elapsed(bestmove, press));
    EXPECT_EQ(reserve.perMove(), 3s);  // one slow handling alone is set aside (issue 23)
    reserve.record(elapsed(bestmove, press));
    EXPECT_EQ(reserve.perMove(), 6500ms);  // a second one is learnt
}

TEST(ComputeGo, UntimedGameHasNoLimits) {
    GameClock clock(TimeControl::untimed());
    const GoParams go = computeGo(budgetInput(clock, Color::White, kT0), 5s, {}, false);
    EXPECT_TRUE(go.untimed);
    EXPECT_FALSE(go.critical);
}

}  // namespace
}  // namespace oc::clock
