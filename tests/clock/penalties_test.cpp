#include "clock/penalties.hpp"

#include <gtest/gtest.h>

#include "clock/tc_format.hpp"
#include "clock_test_util.hpp"

namespace oc::clock {
namespace {

using namespace test;  // kT0, W, B and the chrono literals

PenaltyContext ctx(Edition e, GameClass c, Supervision s = Supervision::Unsupervised) {
    return {e, c, s};
}

Duration bonusFor(const TimeProposal& p, Color side) {
    Duration total{};
    for (const Adjustment& a : p.adjustments)
        if (a.side == side) total += a.delta;
    return total;
}

struct IllegalRow {
    Edition edition;
    GameClass cls;
    Supervision supervision;
    Duration opponent_bonus;
    const char* article;
};

class IllegalMoveTable : public ::testing::TestWithParam<IllegalRow> {};

// CLK-15 / §16 row 3: the opponent's bonus for a completed illegal move, both editions.
TEST_P(IllegalMoveTable, OpponentBonus) {
    const IllegalRow r = GetParam();
    const TimeProposal p = illegalMoveProposal(ctx(r.edition, r.cls, r.supervision), B, 0s);
    EXPECT_EQ(bonusFor(p, W), r.opponent_bonus);
    ASSERT_FALSE(p.adjustments.empty());
    EXPECT_EQ(p.adjustments.front().article, r.article);
}

INSTANTIATE_TEST_SUITE_P(
    BothEditions, IllegalMoveTable,
    ::testing::Values(
        IllegalRow{Edition::E2005, GameClass::Standard, Supervision::Supervised, 2min, "7.4(b)"},
        IllegalRow{Edition::E2005, GameClass::Rapid, Supervision::Unsupervised, 2min, "7.4(b)"},
        IllegalRow{Edition::E2023, GameClass::Standard, Supervision::Supervised, 2min, "7.5.5"},
        IllegalRow{Edition::E2023, GameClass::Rapid, Supervision::Unsupervised, 1min, "7.5.5 + A.3"},
        IllegalRow{Edition::E2023, GameClass::Blitz, Supervision::Unsupervised, 1min, "7.5.5 + B.3/A.3"},
        IllegalRow{Edition::E2023, GameClass::Blitz, Supervision::Supervised, 2min, "7.5.5 + B.2"}));

TEST(IllegalMove, E2005BlitzIsAWinClaimNotATimeBonus) {
    const TimeProposal p = illegalMoveProposal(ctx(Edition::E2005, GameClass::Blitz), B, 2s);
    EXPECT_TRUE(p.adjustments.empty());
    EXPECT_TRUE(p.needs_arbiter_decision);
    EXPECT_NE(p.note.find("C3"), std::string::npos);
}

TEST(IllegalMove, SupervisedBlitzBonusIsAnEventSetting) {  // BLZ-04 / Q9
    PenaltyContext c = ctx(Edition::E2023, GameClass::Blitz, Supervision::Supervised);
    c.supervised_blitz_bonus = 1min;
    EXPECT_EQ(bonusFor(illegalMoveProposal(c, B, 0s), W), 1min);
}

// CLK-15 test: E2023 standard, the human's first completed illegal move, the computer at 20:00.
TEST(IllegalMove, Clk15ComputerGetsTwoMinutesAndTheIncrementIsTakenBack) {
    GameClock clock(*parseTimeControl("90m+30s"));
    ClockReading r;
    r.remaining[W] = 20min;
    ASSERT_TRUE(clock.sync(r, kT0));
    ASSERT_TRUE(clock.start(B, kT0));
    ASSERT_TRUE(clock.press(B, kT0 + 10s));  // the human's illegal move earned +30 s
    const Duration human_before = clock.remaining(B, kT0 + 10s);
    const TimeProposal p = illegalMoveProposal(ctx(Edition::E2023, GameClass::Standard), B, 30s);
    for (const Adjustment& a : p.adjustments) ASSERT_TRUE(clock.adjust(a, kT0 + 10s));
    EXPECT_EQ(clock.remaining(W, kT0 + 10s), 22min);
    EXPECT_EQ(clock.remaining(B, kT0 + 10s), human_before - 30s);
}

struct ClaimRow {
    Duration before;
    Duration after;
};

class E2005IncorrectClaim : public ::testing::TestWithParam<ClaimRow> {};

// DRW-07 table: E2005 9.5(b), claimant H, computer C gets +3:00.
TEST_P(E2005IncorrectClaim, ClaimantTimeAndOpponentBonus) {
    const ClaimRow row = GetParam();
    const TimeProposal p = incorrectClaimProposal(ctx(Edition::E2005, GameClass::Standard), B, row.before);
    EXPECT_FALSE(p.needs_arbiter_decision);
    EXPECT_EQ(bonusFor(p, W), 3min);
    EXPECT_EQ(row.before + bonusFor(p, B), row.after);
}

INSTANTIATE_TEST_SUITE_P(Drw07, E2005IncorrectClaim,
                         ::testing::Values(ClaimRow{10min, 7min}, ClaimRow{5min, 2min + 30s},
                                           ClaimRow{2min + 40s, 1min + 20s}, ClaimRow{1min + 30s, 1min},
                                           ClaimRow{50s, 50s}));

TEST(IncorrectClaim, E2005ExactlyTwoOrOneMinuteAsksTheArbiterQ7) {
    for (Duration t : {Duration{2min}, Duration{1min}}) {
        const TimeProposal p = incorrectClaimProposal(ctx(Edition::E2005, GameClass::Standard), B, t);
        EXPECT_TRUE(p.needs_arbiter_decision);
        EXPECT_EQ(bonusFor(p, W), 3min);
        EXPECT_EQ(bonusFor(p, B), 0s);
        EXPECT_NE(p.note.find("Q7"), std::string::npos);
    }
}

TEST(IncorrectClaim, E2023BonusByClassAndClaimantUnchanged) {
    const auto bonus = [](GameClass c, Supervision s) {
        const TimeProposal p = incorrectClaimProposal(ctx(Edition::E2023, c, s), B, 10min);
        EXPECT_EQ(bonusFor(p, B), 0s);
        return bonusFor(p, W);
    };
    EXPECT_EQ(bonus(GameClass::Standard, Supervision::Supervised), 2min);
    EXPECT_EQ(bonus(GameClass::Rapid, Supervision::Unsupervised), 1min);
    EXPECT_EQ(bonus(GameClass::Blitz, Supervision::Unsupervised), 1min);
    EXPECT_EQ(bonus(GameClass::Blitz, Supervision::Supervised), 2min);
}

TEST(Quickplay, RejectedGivesTwoMinutesPostponedIsTheArbitersChoice) {
    const TimeProposal rejected = quickplayClaimProposal(ctx(Edition::E2005, GameClass::Standard), B, true);
    EXPECT_EQ(bonusFor(rejected, W), 2min);
    EXPECT_EQ(rejected.adjustments.front().article, "10.2(c)");
    const TimeProposal postponed = quickplayClaimProposal(ctx(Edition::E2023, GameClass::Rapid), B, false);
    EXPECT_TRUE(postponed.needs_arbiter_decision);
    EXPECT_EQ(postponed.adjustments.front().article, "III.5.2");
}

// QPF-03: the human at 1:30 asks for +5 s, refused as a draw, granted by the arbiter; computer 4:00 -> 6:00.
TEST(Quickplay, Qpf03IncrementRequestGranted) {
    GameClock clock(*parseTimeControl("60m"));
    ClockReading r;
    r.remaining[W] = 4min;
    r.remaining[B] = 1min + 30s;
    ASSERT_TRUE(clock.sync(r, kT0));
    ASSERT_TRUE(clock.start(B, kT0));
    const IncrementRequestProposal p = incrementRequestProposal(clock.timeControl(), B);
    ASSERT_TRUE(clock.setTimeControl(p.new_control, "III.4 increment granted", kT0));
    for (const Adjustment& a : p.time.adjustments) ASSERT_TRUE(clock.adjust(a, kT0));
    EXPECT_EQ(clock.remaining(W, kT0), 6min);
    ASSERT_TRUE(clock.press(B, kT0 + 10s));
    EXPECT_EQ(clock.remaining(B, kT0 + 10s), 1min + 30s - 10s + 5s);
    EXPECT_EQ(formatHuman(clock.timeControl()), "1h+5s");
}

}  // namespace
}  // namespace oc::clock
