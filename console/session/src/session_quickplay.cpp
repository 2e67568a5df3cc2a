// The quickplay finish in the session (QPF-01..04): E2005 Art. 10 + App. D, E2023 Guidelines III.
// Commands -> records (validation) and records -> state; clock changes go through SessionClock's
// penalty path (clock::quickplayClaimProposal, clock::incrementRequestProposal).
#include <fmt/format.h>

#include "clock/tc_format.hpp"
#include "i18n/mark.hpp"
#include "session_impl.hpp"

namespace oc::session {
namespace {

using Impl = Session::Impl;

// A fallen flag reads 0:00:00 on the claim form, as on the table clock.
std::string hms(Ms t) {
    return clock::formatClock(std::max(t, Ms{0}), clock::ClockStyle::Hms);
}

const char* rulingName(cmd::QuickplayRuling r) {
    return r == cmd::QuickplayRuling::Draw       ? i18n::N_("draw")
           : r == cmd::QuickplayRuling::Postpone ? i18n::N_("postpone")
                                                 : i18n::N_("reject");
}

const char* articles(const Impl& s) {
    return s.setup.edition == rules::Edition::E2005 ? "Art. 10.2" : "III.5";
}

// The player having the move may claim or ask: the human at his turn, the computer before its move is made.
bool hasTheMove(const Impl& s, Color side) {
    if (side == s.human()) return s.phase == Phase::HumanToMove;
    return s.phase == Phase::EngineThinking || s.phase == Phase::EngineMoveShown;
}

void resumeAfterRuling(Impl& s, TimePoint t) {
    if (s.clock->paused()) s.clock->resume(t);
}

}  // namespace

QuickplayFacts Session::Impl::quickplayFacts(Color side) const {
    QuickplayFacts f;
    f.edition = setup.edition;
    f.announced = setup.quickplay_finish;
    f.increment_granted = qpf.increment_granted;
    if (!clock) return f;
    auto c = clock->quickplayClock(side);
    f.game_class = c.game_class;
    f.final_period = c.final_period;
    f.increment = c.increment;
    f.delay = c.delay;
    return f;
}

// QPF-02/03: the rules' conditions (QPF-01), then the claimant's: having the move, < 2:00, flag standing.
std::string Session::Impl::quickplayObstacle(Color side, QuickplayAct act, TimePoint now) const {
    if (phase == Phase::Setup || over()) return i18n::N_("no game in progress");
    if (auto why = quickplayUnavailable(quickplayFacts(side), act); !why.empty()) return why;
    if (side != game.toMove() || !hasTheMove(*this, side))
        return i18n::N_("only the player having the move may claim or ask (10.2 / III.4 / III.5)");
    if (qpf.claim) return i18n::N_("a quickplay claim is open: the arbiter decides it first");
    if (qpf.increment_request) return i18n::N_("the III.4 increment request is still open");
    if (adjourn.seal_requested) return i18n::N_("sealing is requested");
    Ms left = clock->remaining(side, now);
    if (left <= Ms(0) || irregular.flag_reported == side)
        return i18n::N_("the flag has fallen: the claim must come before it (10.2 / III.4 / III.5)");
    if (left >= kQuickplayLimit)
        return fmt::format(i18n::N_("{} has {}: only with less than two minutes left (10.2 / III.4 / III.5)"),
                           colorName(side), hms(left));
    return {};
}

void Session::Impl::quickplaySnapshot(Snapshot& snap, TimePoint now) const {
    if (phase != Phase::Setup && clock)
        snap.qpf_applies = quickplayFinishApplies(quickplayFacts(game.toMove()));
    for (Color c : {Color::White, Color::Black}) {
        // E.III 3.3 / Q2: the computer's buttons also need the locked policy's indication.
        bool allowed = c == human() || snap.indication.claim_quickplay;
        snap.qpf_claim_available[c] = allowed && quickplayObstacle(c, QuickplayAct::Claim, now).empty();
        snap.increment_request_available[c] =
            allowed && quickplayObstacle(c, QuickplayAct::IncrementRequest, now).empty();
    }
    if (qpf.claim) {
        snap.qpf_claimant = qpf.claim->claimant;
        snap.qpf_postponed = qpf.claim->postponed;
        snap.qpf_provisional = qpf.claim->provisional;
        snap.qpf_decision_needed = irregular.flag_reported.has_value() && !qpf.claim->provisional;
    }
    if (qpf.increment_request) {
        snap.increment_requester = qpf.increment_request->requester;
        snap.increment_awaits_arbiter = qpf.increment_request->refused_as_draw;
    }
    snap.increment_granted = qpf.increment_granted;
}

// QPF-03: the opponent refused the request as a draw offer; now it is the arbiter's (III.4).
void Session::Impl::incrementOfferRefused(Color by) {
    if (!qpf.increment_request || qpf.increment_request->requester == by ||
        qpf.increment_request->refused_as_draw)
        return;
    qpf.increment_request->refused_as_draw = true;
    notice(i18n::N_("III.4: the draw offer is refused; the arbiter grants or refuses the 5 s increment"));
}

// A quickplay claim (QPF-02): the claimant may claim now, and it is provisional exactly when no arbiter
// is in the venue (QPF-04).
Check qpfClaimCheck(const Impl& s, const rec::QpfClaim& r, TimePoint now) {
    if (auto why = s.quickplayObstacle(r.claimant, QuickplayAct::Claim, now); !why.empty())
        return Refusal{"claimant", why};
    if (r.provisional == s.setup.arbiter_in_venue)
        return differs("provisional", r.provisional ? "true" : "false",
                       s.setup.arbiter_in_venue ? "false (the arbiter is in the venue)"
                                                : "true (no arbiter in the venue)");
    return std::nullopt;
}

// The arbiter's decision on the open quickplay claim.
Check qpfRulingCheck(const Impl& s, const rec::QpfRuling& r) {
    if (!s.qpf.claim) return Refusal{"", i18n::N_("no quickplay claim is open")};
    if (r.ruling != "draw" && r.ruling != "postpone" && r.ruling != "reject")
        return Refusal{
            "ruling",
            fmt::format("\"{}\" is not a ruling the console writes (draw, postpone, reject)", r.ruling)};
    if (s.qpf.claim->provisional && r.ruling != "draw")
        return Refusal{
            "ruling", i18n::N_("the claim ended the game (III.6.1 / App. D): the arbiter declares the result "
                               "(arbiter qpf draw, or arbiter result 1-0|0-1 REASON)")};
    if (r.ruling == "postpone" && s.qpf.claim->postponed)
        return Refusal{"ruling", i18n::N_("the claim is already postponed: decide it (draw or reject)")};
    if (r.ruling != "postpone" && r.add)
        return Refusal{"add", i18n::N_("+2 goes with postpone only (a rejection always gives 2 minutes)")};
    return std::nullopt;
}

// The III.4 request (QPF-03): the requester may ask now, with no draw offer pending.
Check incrementRequestCheck(const Impl& s, Color requester, TimePoint now) {
    if (auto why = s.quickplayObstacle(requester, QuickplayAct::IncrementRequest, now); !why.empty())
        return Refusal{"requester", why};
    if (s.draws.human_offer || s.draws.computer_offer)
        return Refusal{"", i18n::N_("a draw offer is pending: it is answered first")};
    return std::nullopt;
}

Check incrementRulingCheck(const Impl& s) {
    if (!s.qpf.increment_request) return Refusal{"", i18n::N_("no III.4 increment request is open")};
    if (!s.qpf.increment_request->refused_as_draw)
        return Refusal{"", i18n::N_("the request is a draw offer: the opponent answers it first (III.4)")};
    return std::nullopt;
}

Outcome quickplayClaim(Impl& s, const cmd::ClaimDraw& c, TimePoint now) {
    const char* name = "claim quickplay";
    if (auto no = qpfClaimCheck(s, rec::QpfClaim{c.claimant, !s.setup.arbiter_in_venue}, now))
        return s.refuse(name, no->why, now);
    if (c.claimant == s.computer() && !s.indication(now).claim_quickplay)
        return s.refuse(
            name, i18n::N_("disabled: the locked policy does not indicate a quickplay claim (E.III 3.3, Q2)"),
            now);
    return s.commit({{"type", "qpf_claim"},
                     {"claimant", colorName(c.claimant)},
                     {"provisional", !s.setup.arbiter_in_venue}},
                    now);
}

Outcome arbiterQuickplay(Impl& s, const cmd::ArbiterQuickplay& c, TimePoint now) {
    const char* name = "arbiter qpf";
    if (auto no = qpfRulingCheck(s, rec::QpfRuling{rulingName(c.ruling), c.add_two_minutes}))
        return s.refuse(name, no->why, now);
    return s.commit({{"type", "qpf_ruling"}, {"ruling", rulingName(c.ruling)}, {"add", c.add_two_minutes}},
                    now);
}

Outcome requestIncrement(Impl& s, const cmd::RequestIncrement& c, TimePoint now) {
    const char* name = "request-increment";
    if (auto no = incrementRequestCheck(s, c.requester, now)) return s.refuse(name, no->why, now);
    // Q2: the request is a draw offer, so the computer's needs the policy's indication (E.III 3.3).
    if (c.requester == s.computer() && !s.indication(now).claim_quickplay)
        return s.refuse(name, i18n::N_("disabled: the locked policy does not indicate it (E.III 3.3, Q2)"),
                        now);
    return s.commit({{"type", "increment_request"}, {"requester", colorName(c.requester)}}, now);
}

Outcome arbiterIncrement(Impl& s, const cmd::ArbiterIncrement& c, TimePoint now) {
    const char* name = "arbiter increment";
    if (auto no = incrementRulingCheck(s)) return s.refuse(name, no->why, now);
    return s.commit({{"type", "increment_ruling"}, {"grant", c.grant}}, now);
}

// QPF-02: the claimant stops the clocks and summons the arbiter; QPF-04: without an arbiter in the
// venue the claim ends the game, pending the designated arbiter's decision.
Applied on(Impl& s, const rec::QpfClaim& r, TimePoint t) {
    if (auto no = qpfClaimCheck(s, r, t)) return refusedRecord("qpf_claim", *no);
    QuickplayClaimState c{r.claimant,
                          false,
                          r.provisional,
                          t,
                          s.clock->remaining(Color::White, t),
                          s.clock->remaining(Color::Black, t),
                          s.game.fen()};
    s.qpf.claim = c;
    s.qpf.last = c;
    if (c.provisional) {
        const char* ref = s.setup.edition == rules::Edition::E2005 ? "App. D" : "III.6";
        s.endGame("*",
                  fmt::format(i18n::N_("quickplay-finish claim by {}, pending arbiter ({})"),
                              colorName(c.claimant), ref),
                  t);
        return {};
    }
    if (!s.clock->paused()) s.clock->pause(t);
    s.notice(fmt::format(i18n::N_("{} claims a draw, quickplay finish ({}): clocks paused, call the arbiter"),
                         colorName(c.claimant), articles(s)));
    return {};
}

Applied on(Impl& s, const rec::QpfRuling& r, TimePoint t) {
    if (auto no = qpfRulingCheck(s, r)) return refusedRecord("qpf_ruling", *no);
    const Color claimant = s.qpf.claim->claimant;
    if (r.ruling == "draw") {
        bool provisional = s.qpf.claim->provisional;
        s.qpf.claim.reset();
        const char* ref =
            provisional ? (s.setup.edition == rules::Edition::E2005 ? "App. D" : "III.6") : articles(s);
        s.endGame("1/2-1/2", fmt::format(i18n::N_("quickplay-finish claim upheld by the arbiter ({})"), ref),
                  t);
        return {};
    }
    if (r.ruling == "postpone") {
        s.qpf.claim->postponed = true;
        std::string note =
            r.add ? s.clock->awardQuickplayTime(claimant, false, t) : i18n::N_("no time added");
        s.notice(fmt::format(i18n::N_("quickplay claim postponed ({}); it stays open: {}"),
                             s.setup.edition == rules::Edition::E2005 ? "10.2(b)" : "III.5.2", note));
        resumeAfterRuling(s, t);
        return {};
    }
    s.qpf.claim.reset();
    if (s.irregular.flag_reported) {
        // After a flag fall the decision is final (10.2(d)): no time to add; the flag is ruled next.
        s.notice(i18n::N_(
            "quickplay claim rejected after the flag fell: the arbiter rules on the flag (confirm-flag)"));
        return {};
    }
    s.notice(fmt::format(i18n::N_("quickplay claim rejected: {}"),
                         s.clock->awardQuickplayTime(claimant, true, t)));
    resumeAfterRuling(s, t);
    return {};
}

// QPF-03: the request is a draw offer by the requester (III.4).
Applied on(Impl& s, const rec::IncrementRequest& r, TimePoint t) {
    if (auto no = incrementRequestCheck(s, r.requester, t)) return refusedRecord("increment_request", *no);
    const Color requester = r.requester;
    s.qpf.increment_request = IncrementRequestState{requester, false};
    (requester == s.human() ? s.draws.human_offer : s.draws.computer_offer) = true;
    // REC-04: like any offer, "(=)" on the requester's last move (scoresheet and PGN).
    for (auto it = s.moves.rbegin(); it != s.moves.rend(); ++it)
        if (it->side == requester) {
            it->draw_offer = true;
            break;
        }
    s.notice(fmt::format(
        i18n::N_("{} asks for a 5 s increment for both (III.4): a draw offer; if refused, call the arbiter"),
        colorName(requester)));
    return {};
}

Applied on(Impl& s, const rec::IncrementRuling& r, TimePoint t) {
    if (auto no = incrementRulingCheck(s)) return refusedRecord("increment_ruling", *no);
    Color requester = s.qpf.increment_request->requester;
    s.qpf.increment_request.reset();
    if (!r.grant) {
        s.notice(i18n::N_("III.4: the arbiter refuses the increment; play goes on"));
        return {};
    }
    s.qpf.increment_granted = true;
    // The engine learns it from the next go (winc/binc come from the clock's new control).
    s.notice(fmt::format(i18n::N_("III.4 granted: {}; no III.5 claim any more (Q8)"),
                         s.clock->grantIncrement(requester, t)));
    return {};
}

}  // namespace oc::session

namespace oc::session {

std::optional<QuickplayClaimExport> Session::quickplayClaimExport(const std::string& claimed_at) const {
    const Impl& s = *impl_;
    if (!s.qpf.last) return std::nullopt;
    const QuickplayClaimState& c = *s.qpf.last;
    QuickplayClaimExport e;
    e.sheet = scoresheetData();
    e.sheet.result.assign(1, '*');  // not = "*": g++ 12 warns falsely (-Wrestrict) on that here
    e.scoresheet_lines = s.scoresheetLines();
    if (s.over() && !e.scoresheet_lines.empty() && e.scoresheet_lines.back() == s.result)
        e.scoresheet_lines.pop_back();  // the claim's sheet is signed before any result
    e.fen = c.fen;
    e.claimant_white = c.claimant == Color::White;
    e.claimant_computer = c.claimant == s.computer();
    e.claimant_name = c.claimant == Color::White ? s.setup.white : s.setup.black;
    e.white_clock = hms(c.white);
    e.black_clock = hms(c.black);
    e.claimed_at = claimed_at;
    e.claimed_game_time = hms(std::chrono::duration_cast<Ms>(c.at - s.started_at));
    e.edition = s.setup.edition;
    return e;
}

}  // namespace oc::session
