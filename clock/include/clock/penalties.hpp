#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "clock/game_clock.hpp"
#include "clock/time_control.hpp"

namespace oc::clock {

// CFG-03 / BLZ-04: whether one arbiter watches the blitz game (E2023 B.2) or not (B.3).
enum class Supervision : std::uint8_t { Supervised, Unsupervised };

// The event's penalty table (CFG-04): defaults per edition, editable by the arbiter.
struct PenaltyContext {
    Edition edition = Edition::E2023;
    GameClass game_class = GameClass::Standard;
    Supervision supervision = Supervision::Unsupervised;
    Duration supervised_blitz_bonus = std::chrono::minutes{2};  // BLZ-04 / Q9: the literal reading
};

// What the console proposes; nothing changes until the arbiter confirms and the session applies it.
struct TimeProposal {
    std::vector<Adjustment> adjustments;
    bool needs_arbiter_decision = false;  // the text leaves the case open (e.g. Q7)
    std::string note;
};

// CLK-15 / IRR-06: the offender completed an illegal move. E2005 7.4(b) +2 min to the opponent (blitz C3:
// a win claim instead, no time); E2023 7.5.5 +2 min, rapid and unsupervised blitz +1 min (A.3), and the
// increment earned on the illegal move is taken back (Arbiters' Manual).
[[nodiscard]] TimeProposal illegalMoveProposal(const PenaltyContext& ctx, Color offender,
                                               Duration increment_earned);

// DRW-07: an incorrect 9.2/9.3 draw claim. E2005 9.5(b): opponent +3 min and the claimant's time cut;
// E2023 9.5.3: opponent +2 min (rapid, unsupervised blitz +1 min), claimant unchanged.
[[nodiscard]] TimeProposal incorrectClaimProposal(const PenaltyContext& ctx, Color claimant,
                                                  Duration claimant_remaining);

// QPF-02: a quickplay-finish claim rejected (+2 min to the opponent: E2005 10.2(c), E2023 III.5.3) or
// postponed (the arbiter may add 2 min: 10.2(b), III.5.2).
[[nodiscard]] TimeProposal quickplayClaimProposal(const PenaltyContext& ctx, Color claimant, bool rejected);

// QPF-03 (E2023 III.4): the 5 s increment request refused as a draw and granted by the arbiter: the new
// time control with +5 s for both from the current period on, and +2 min to the opponent.
struct IncrementRequestProposal {
    TimeControl new_control;
    TimeProposal time;
};
[[nodiscard]] IncrementRequestProposal incrementRequestProposal(const TimeControl& current, Color requester);

}  // namespace oc::clock
