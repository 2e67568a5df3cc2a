#include "clock/penalties.hpp"

#include "i18n/mark.hpp"

namespace oc::clock {

using namespace std::chrono_literals;

namespace {

bool fastGame(const PenaltyContext& ctx) {
    return ctx.game_class != GameClass::Standard;
}

// E2023 bonus for the opponent: 2 min standard (7.5.5 / 9.5.3), 1 min rapid (A.3) and unsupervised blitz
// (B.3 -> A.3), supervised blitz per the event setting (B.2, BLZ-04).
Duration e2023Bonus(const PenaltyContext& ctx) {
    if (ctx.game_class == GameClass::Blitz && ctx.supervision == Supervision::Supervised)
        return ctx.supervised_blitz_bonus;
    return fastGame(ctx) ? 1min : 2min;
}

std::string e2023Article(const PenaltyContext& ctx, const char* standard) {
    if (ctx.game_class == GameClass::Rapid) return std::string(standard) + " + A.3";
    if (ctx.game_class == GameClass::Blitz)
        return std::string(standard) + (ctx.supervision == Supervision::Supervised ? " + B.2" : " + B.3/A.3");
    return standard;
}

}  // namespace

TimeProposal illegalMoveProposal(const PenaltyContext& ctx, Color offender, Duration increment_earned) {
    TimeProposal p;
    if (ctx.edition == Edition::E2005) {
        if (ctx.game_class == GameClass::Blitz) {
            p.note = i18n::N_(
                "E2005 blitz C3: the opponent may claim a win (a draw if he cannot mate); no time bonus");
            p.needs_arbiter_decision = true;
            return p;
        }
        p.adjustments.push_back({~offender, 2min, i18n::N_("illegal move by the opponent"), "7.4(b)"});
        p.note = i18n::N_("E2005 7.4(b): +2 min to the opponent; the third illegal move loses");
        return p;
    }
    p.adjustments.push_back(
        {~offender, e2023Bonus(ctx), i18n::N_("illegal move by the opponent"), e2023Article(ctx, "7.5.5")});
    if (increment_earned > 0ms)
        p.adjustments.push_back({offender, -increment_earned,
                                 i18n::N_("increment earned on the illegal move removed"),
                                 "7.5.5 (Arbiters' Manual)"});
    p.note = i18n::N_("E2023: the second completed illegal move loses (unless the opponent cannot mate)");
    return p;
}

TimeProposal incorrectClaimProposal(const PenaltyContext& ctx, Color claimant, Duration claimant_remaining) {
    TimeProposal p;
    if (ctx.edition == Edition::E2023) {
        p.adjustments.push_back(
            {~claimant, e2023Bonus(ctx), i18n::N_("incorrect draw claim"), e2023Article(ctx, "9.5.3")});
        p.note = i18n::N_("E2023 9.5.3: the claimant's time is unchanged; an intended move must be played");
        return p;
    }
    p.adjustments.push_back({~claimant, 3min, i18n::N_("incorrect draw claim"), "9.5(b)"});
    const Duration t = claimant_remaining;
    // 9.5(b): more than 2 min -> halved, by at most 3 min; between 1 and 2 min -> set to 1 min; less
    // than 1 min -> unchanged. Exactly 2:00 or 1:00 is not covered (Q7): the arbiter decides.
    if (t == 2min || t == 1min) {
        p.needs_arbiter_decision = true;
        p.note = t == 2min ? i18n::N_("E2005 9.5(b) does not cover exactly 2:00 (Q7); suggested: set to 1:00")
                           : i18n::N_("E2005 9.5(b) does not cover exactly 1:00 (Q7); suggested: unchanged");
        return p;
    }
    Duration cut{};
    if (t > 2min) cut = std::min(t / 2, Duration{3min});
    if (t > 1min && t < 2min) cut = t - 1min;
    if (cut > 0ms)
        p.adjustments.push_back(
            {claimant, -cut, i18n::N_("incorrect draw claim: claimant's time reduced"), "9.5(b)"});
    p.note = i18n::N_("E2005 9.5(b): the written move must then be played");
    return p;
}

TimeProposal quickplayClaimProposal(const PenaltyContext& ctx, Color claimant, bool rejected) {
    TimeProposal p;
    const bool e2005 = ctx.edition == Edition::E2005;
    if (rejected) {
        p.adjustments.push_back(
            {~claimant, 2min, i18n::N_("quickplay-finish claim rejected"), e2005 ? "10.2(c)" : "III.5.3"});
        return p;
    }
    p.adjustments.push_back(
        {~claimant, 2min, i18n::N_("quickplay-finish claim postponed"), e2005 ? "10.2(b)" : "III.5.2"});
    p.needs_arbiter_decision = true;  // "may": the arbiter chooses to add it or not
    p.note = i18n::N_("postponed: the arbiter may give the opponent 2 min; the claim stays open");
    return p;
}

IncrementRequestProposal incrementRequestProposal(const TimeControl& current, Color requester) {
    IncrementRequestProposal out{current, {}};
    for (Period& period : out.new_control.periods) period.increment += 5s;
    out.time.adjustments.push_back(
        {~requester, 2min, i18n::N_("5 s increment granted after a refused draw offer"), "III.4"});
    out.time.note = i18n::N_("III.4: +5 s per move for both players from the next completed move");
    return out;
}

}  // namespace oc::clock
