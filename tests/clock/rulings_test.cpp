#include "clock/rulings.hpp"

#include <gtest/gtest.h>

#include "clock/tc_format.hpp"
#include "clock_test_util.hpp"

namespace oc::clock {
namespace {

using namespace test;  // kT0, W, B and the chrono literals

TEST(Arrival, Clk08E2005OneHourByDefault) {
    EXPECT_FALSE(arrivalRuling(Edition::E2005, std::nullopt, kT0, kT0 + 59min).forfeit_proposed);
    const ArrivalRuling late = arrivalRuling(Edition::E2005, std::nullopt, kT0, kT0 + 61min);
    EXPECT_TRUE(late.forfeit_proposed);
    EXPECT_EQ(late.article, "6.7");
    EXPECT_EQ(late.limit, 1h);
}

TEST(Arrival, Clk08E2023AsSpecifiedOrZero) {
    EXPECT_FALSE(arrivalRuling(Edition::E2023, 15min, kT0, kT0 + 15min).forfeit_proposed);
    EXPECT_TRUE(arrivalRuling(Edition::E2023, 15min, kT0, kT0 + 15min + 1s).forfeit_proposed);
    // CFG-04: no default time entered: one second late proposes a loss by default (6.7.1).
    const ArrivalRuling zero = arrivalRuling(Edition::E2023, std::nullopt, kT0, kT0 + 1s);
    EXPECT_TRUE(zero.forfeit_proposed);
    EXPECT_EQ(zero.article, "6.7.1");
    EXPECT_FALSE(arrivalRuling(Edition::E2023, std::nullopt, kT0, kT0).forfeit_proposed);
}

// Both clocks run down in turn: White 3 s, then Black 2 s, from `start`.
std::vector<Expiry> bothFlags(const char* tc, int moves_each) {
    GameClock clock(*parseTimeControl(tc));
    ClockReading r;
    r.moves_completed[W] = moves_each;
    r.moves_completed[B] = moves_each;
    r.remaining[W] = 3s;
    r.remaining[B] = 2s;
    EXPECT_TRUE(clock.sync(r, kT0));
    EXPECT_TRUE(clock.start(W, kT0));
    EXPECT_TRUE(clock.press(W, kT0 + 10s));
    return clock.flags(kT0 + 20s);
}

// CLK-12: E2005, 40/2h + 30 min, mechanical clocks, both flags down at move 38, order unknown.
TEST(BothFlags, Clk12E2005ContinueBeforeTheLastPeriodDrawInIt) {
    const auto at38 = bothFlags("40/2h, 30m", 37);
    ASSERT_EQ(at38.size(), 2u);
    EXPECT_EQ(bothFlagsRuling(Edition::E2005, GameClass::Standard, at38, false, false).outcome,
              BothFlagsOutcome::Continue);
    const auto last = bothFlags("40/2h, 30m", 50);
    const BothFlagsRuling draw = bothFlagsRuling(Edition::E2005, GameClass::Standard, last, false, false);
    EXPECT_EQ(draw.outcome, BothFlagsOutcome::Draw);
    EXPECT_EQ(draw.article, "6.12");
}

TEST(BothFlags, ElectronicClockShowsWhoFellFirst) {
    const auto flags = bothFlags("40/2h, 30m", 50);
    const BothFlagsRuling r = bothFlagsRuling(Edition::E2023, GameClass::Standard, flags, true, false);
    EXPECT_EQ(r.outcome, BothFlagsOutcome::FirstToFallLoses);
    EXPECT_EQ(r.first, W);  // White's 3 s ran out at +3 s, Black's 2 s only after White pressed
}

TEST(BothFlags, E2005RapidB8AndE2023WithoutGuidelinesIII) {
    const auto flags = bothFlags("15m", 20);
    EXPECT_EQ(bothFlagsRuling(Edition::E2005, GameClass::Rapid, flags, false, false).outcome,
              BothFlagsOutcome::Draw);
    EXPECT_EQ(bothFlagsRuling(Edition::E2023, GameClass::Rapid, flags, false, false).outcome,
              BothFlagsOutcome::ArbiterDecides);
    EXPECT_EQ(bothFlagsRuling(Edition::E2023, GameClass::Rapid, flags, false, true).outcome,
              BothFlagsOutcome::Draw);
}

TEST(BothFlags, OneFlagIsNotBoth) {
    GameClock clock(*parseTimeControl("3m"));
    ASSERT_TRUE(clock.start(W, kT0));
    EXPECT_EQ(
        bothFlagsRuling(Edition::E2005, GameClass::Blitz, clock.flags(kT0 + 4min), false, false).outcome,
        BothFlagsOutcome::NotBoth);
}

}  // namespace
}  // namespace oc::clock
