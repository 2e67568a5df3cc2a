// Draws, claims, results, arbiter actions and adjournment: commands -> records (validation only).
#include <fmt/format.h>

#include "i18n/mark.hpp"
#include "seal/sealed_move.hpp"
#include "session_impl.hpp"

namespace oc::session {
namespace {

using Impl = Session::Impl;

bool inPlay(const Impl& s) {
    return s.phase != Phase::Setup && !s.over();
}
std::string kindName(cmd::ClaimKind k) {
    return k == cmd::ClaimKind::Threefold ? "threefold" : k == cmd::ClaimKind::Fifty ? "fifty" : "quickplay";
}

}  // namespace

Outcome humanOffer(Impl& s, TimePoint now) {
    if (!inPlay(s)) return s.refuse("offer", i18n::N_("no game in progress"), now);
    if (s.draws.human_offer) return s.refuse("offer", i18n::N_("the human's offer is already pending"), now);
    bool has_move = std::any_of(s.moves.begin(), s.moves.end(), [&](auto& m) { return m.side == s.human(); });
    if (!has_move)
        return s.refuse("offer", i18n::N_("offer with a move: enter the human's move with the offer"), now);
    return s.commit({{"type", "human_offer"}}, now);
}

Outcome answerHuman(Impl& s, const cmd::AnswerHumanOffer& c, TimePoint now) {
    if (!s.draws.human_offer && s.phase != Phase::ClaimPending)
        return s.refuse(c.accept ? "accept" : "decline",
                        i18n::N_("no draw offer or claim from the human is pending"), now);
    return s.commit({{"type", "answer_human"}, {"accept", c.accept}}, now);
}

Outcome computerOffer(Impl& s, TimePoint now) {
    if (s.phase != Phase::EngineMoveMade)
        return s.refuse(
            "computer-offer",
            i18n::N_("the computer offers a draw after its move is executed and before the clock is pressed "
                     "(Art. 9.1)"),
            now);
    if (s.draws.computer_offer)
        return s.refuse("computer-offer", i18n::N_("the computer's offer is already pending"), now);
    if (!s.indication(now).offer_draw)
        return s.refuse("computer-offer",
                        i18n::N_("disabled: the locked policy does not indicate a draw offer (E.III 3.3)"),
                        now);
    return s.commit({{"type", "computer_offer"}}, now);
}

Outcome humanAnswers(Impl& s, const cmd::HumanAnswersOffer& c, TimePoint now) {
    if (!s.draws.computer_offer)
        return s.refuse("human-answer", i18n::N_("no draw offer from the computer is pending"), now);
    return s.commit({{"type", "answer_computer"}, {"accept", c.accept}}, now);
}

namespace {

// Who may claim now (Art. 9.2, 9.3): the command's test, and the replay's of a claim record.
Check claimantCheck(const Impl& s, Color claimant) {
    if (!inPlay(s)) return Refusal{"", i18n::N_("no game in progress")};
    if (claimant != s.game.toMove())
        return Refusal{"claimant", i18n::N_("only the player having the move may claim (Art. 9.2, 9.3)")};
    if (claimant != s.computer() && s.phase != Phase::HumanToMove)
        return Refusal{"claimant", i18n::N_("not the human's turn")};
    return std::nullopt;
}

}  // namespace

// A claim record as the console writes it: the claimant may claim, the kind is one claimDraw() writes,
// and the verdict is the one the position gives (the console computes it, the operator never types it);
// "right_lost" only under the 2023 Laws (Art. 9.4, the command's `touched`).
Check claimCheck(const Impl& s, const rec::Claim& r) {
    if (auto no = claimantCheck(s, r.claimant)) return no;
    if (r.kind != "threefold" && r.kind != "fifty")
        return Refusal{"kind",
                       fmt::format("\"{}\" is not a claim the console writes (threefold, fifty)", r.kind)};
    if (r.verdict == "right_lost") {
        if (s.setup.edition == rules::Edition::E2023) return std::nullopt;
        return Refusal{"verdict", "\"right_lost\" is a ruling of the 2023 Laws only (Art. 9.4)"};
    }
    auto v =
        s.game.claim(r.kind == "threefold" ? cmd::ClaimKind::Threefold : cmd::ClaimKind::Fifty, r.intended);
    const char* computed = v.valid ? "correct" : "incorrect";
    if (r.verdict != computed)
        return differs("verdict", fmt::format("\"{}\"", r.verdict),
                       fmt::format("\"{}\" ({})", computed, v.detail));
    // claimDraw() refuses the computer's claim unless it is valid (E.III 3.3).
    if (r.claimant == s.computer() && !v.valid)
        return Refusal{"claimant",
                       i18n::N_("disabled: no valid claim indicated by the locked policy (E.III 3.3)")};
    return std::nullopt;
}

Outcome claimDraw(Impl& s, const cmd::ClaimDraw& c, TimePoint now) {
    if (c.kind == cmd::ClaimKind::Quickplay) return quickplayClaim(s, c, now);  // QPF-02
    std::string name = "claim " + kindName(c.kind);
    if (auto no = claimantCheck(s, c.claimant)) return s.refuse(name, no->why, now);
    bool computer = c.claimant == s.computer();
    std::optional<std::string> intended;
    if (c.intended) {
        auto m = s.game.parse(*c.intended);
        if (!m) return tl::make_unexpected(Rejection{fmt::format(i18n::N_("intended move: {}"), m.error())});
        intended = m->uci;
    } else if (computer && s.cycle.engine_move && s.phase == Phase::EngineMoveShown &&
               !s.game.claim(c.kind, std::nullopt).valid) {
        intended = s.cycle.engine_move->uci;  // 9.2.1 / 9.3.1: the engine's move is written, not played
    }
    if (computer && !(s.indication(now).claim_draw && s.game.claim(c.kind, intended).valid))
        return s.refuse(name, i18n::N_("disabled: no valid claim indicated by the locked policy (E.III 3.3)"),
                        now);
    json r{{"type", "claim"},
           {"claimant", colorName(c.claimant)},
           {"kind", kindName(c.kind)},
           {"intended", intended ? json(*intended) : json(nullptr)}};
    // Art. 9.4 (2009+): touching a piece loses the right to claim on that move; not a wrong claim (§17 Q6).
    if (c.touched && s.setup.edition == rules::Edition::E2023) {
        r["verdict"] = "right_lost";
        r["detail"] = i18n::N_("a piece was touched before the claim (Art. 9.4)");
        return s.commit(r, now);
    }
    auto v = s.game.claim(c.kind, intended);
    r["verdict"] = v.valid ? "correct" : "incorrect";
    r["detail"] = v.detail;
    return s.commit(r, now);
}

Check resignCheck(const Impl& s) {
    if (!inPlay(s)) return Refusal{"", i18n::N_("no game in progress")};
    return std::nullopt;
}

Outcome resign(Impl& s, const cmd::Resign& c, TimePoint now) {
    if (auto no = resignCheck(s)) return s.refuse("resign", no->why, now);
    return s.commit({{"type", "resign"}, {"side", colorName(c.side)}}, now);
}

// A flag reported (`confirm` false) or confirmed by the arbiter. `need_report`: the command confirms only
// a reported flag; the replay leaves a flag ruled without a report to the audit's table-clock check
// (E.III 1.1), which names the ruling and the missing report.
Check flagCheck(const Impl& s, Color side, bool confirm, bool need_report) {
    if (!inPlay(s)) return Refusal{"", i18n::N_("no game in progress")};
    if (!confirm) return std::nullopt;
    if (need_report && s.irregular.flag_reported != side)
        return Refusal{"side", i18n::N_("report the flag first; the arbiter confirms it on the table clock")};
    // QPF-02: with a quickplay claim open the result is the arbiter's decision, never an automatic loss.
    if (s.qpf.claim)
        return Refusal{
            "",
            i18n::N_("a quickplay claim is open: the arbiter decides it first (arbiter qpf draw|reject)")};
    return std::nullopt;
}

Outcome reportFlag(Impl& s, const cmd::ReportFlag& c, TimePoint now) {
    if (auto no = flagCheck(s, c.side, false, true)) return s.refuse("flag", no->why, now);
    return s.commit({{"type", "flag_reported"}, {"side", colorName(c.side)}}, now);
}

Outcome confirmFlag(Impl& s, const cmd::ArbiterConfirmFlag& c, TimePoint now) {
    if (auto no = flagCheck(s, c.side, true, true)) return s.refuse("confirm-flag", no->why, now);
    return s.commit({{"type", "flag_confirmed"}, {"side", colorName(c.side)}}, now);
}

Outcome pause(Impl& s, bool on, TimePoint now) {
    if (!inPlay(s)) return s.refuse("pause", i18n::N_("no game in progress"), now);
    if (s.clock->paused() == on)
        return s.refuse("pause", on ? i18n::N_("already paused") : i18n::N_("the clocks are not paused"),
                        now);
    return s.commit({{"type", on ? "pause" : "unpause"}}, now);
}

Outcome adjust(Impl& s, const cmd::ArbiterAdjustClock& c, TimePoint now) {
    if (!inPlay(s) && s.phase != Phase::Adjourned)
        return s.refuse("adjust", i18n::N_("no game in progress"), now);
    if (c.reason.empty()) return s.refuse("adjust", i18n::N_("give the reason for the correction"), now);
    return s.commit(
        {{"type", "adjust"}, {"side", colorName(c.side)}, {"delta", c.delta.count()}, {"reason", c.reason}},
        now);
}

Check illegalCheck(const Impl& s, int ply) {
    if (!inPlay(s)) return Refusal{"", i18n::N_("no game in progress")};
    auto plies = static_cast<int>(s.game.plies());
    if (ply < 1 || ply > plies + 1)
        return Refusal{
            "ply",
            fmt::format(
                i18n::N_("ply {} is not in the game: give 1..{} (or {} for a move just made on the board)"),
                ply, plies, plies + 1)};
    return std::nullopt;
}

Outcome illegalCmd(Impl& s, const cmd::ArbiterIllegalMove& c, TimePoint now) {
    if (auto no = illegalCheck(s, c.ply)) return s.refuse("illegal", no->why, now);
    return s.commit({{"type", "illegal"}, {"ply", c.ply}}, now);
}

// E.III 2.3: the human's last move, before the engine's reply is played, corrected to another move.
// Without `old_uci` (the last move, as recorded) and `uci` (the new one): whether one can be entered now.
Check correctCheck(const Impl& s, const std::string* old_uci, const std::string* uci) {
    bool before_reply = s.phase == Phase::EngineThinking || s.phase == Phase::EngineMoveHeld ||
                        s.phase == Phase::EngineMoveShown;
    if (!before_reply || s.moves.empty() || s.moves.back().side != s.human())
        return Refusal{"", i18n::N_("a mis-entry can be corrected only before the engine's reply is played")};
    const std::string& last = s.moves.back().uci;
    if (old_uci && *old_uci != last)
        return differs("old", fmt::format("\"{}\"", *old_uci), fmt::format("\"{}\" (the last move)", last));
    if (uci && *uci == last) return Refusal{"uci", i18n::N_("that is the move already entered")};
    return std::nullopt;
}

Outcome correct(Impl& s, const cmd::CorrectEntry& c, TimePoint now) {
    if (auto no = correctCheck(s, nullptr, nullptr)) return s.refuse("correct", no->why, now);
    if (!c.arbiter_confirmed)
        return s.refuse("correct", i18n::N_("a correction needs the arbiter's confirmation"), now);
    ChessGame before = s.game;
    before.truncate(before.plies() - 1);
    auto m = before.parse(c.text);
    if (!m) return tl::make_unexpected(Rejection{m.error()});
    const std::string old = s.moves.back().uci;
    if (auto no = correctCheck(s, &old, &m->uci)) return s.refuse("correct", no->why, now);
    return s.commit({{"type", "correct"}, {"old", old}, {"uci", m->uci}, {"text", c.text}}, now);
}

Check resultCheck(const Impl& s, const std::string& result) {
    bool provisional = s.qpf.claim && s.qpf.claim->provisional;  // QPF-04: pending the arbiter
    if (s.phase == Phase::Setup || (s.over() && !provisional))
        return Refusal{"", i18n::N_("no game in progress")};
    if (result != "1-0" && result != "0-1" && result != "1/2-1/2")
        return Refusal{"result", i18n::N_("the result is 1-0, 0-1 or 1/2-1/2")};
    return std::nullopt;
}

Outcome arbiterResult(Impl& s, const cmd::ArbiterResult& c, TimePoint now) {
    if (auto no = resultCheck(s, c.result)) return s.refuse("result", no->why, now);
    return s.commit({{"type", "arbiter_result"}, {"result", c.result}, {"reason", c.reason}}, now);
}

Outcome consult(Impl& s, const cmd::Consultation& c, TimePoint now) {
    if (s.setup.consultant.name.empty() || !s.setup.consultant.accepted_by_arbiter)
        return s.refuse(
            "consult",
            i18n::N_("no consultant was named and accepted by the arbiter before the game (E.III 3.2)"), now);
    if (!c.arbiter_present)
        return s.refuse("consult", i18n::N_("a consultation needs the arbiter present (E.III 3.2)"), now);
    return s.commit({{"type", "consultation"}, {"note", c.note}}, now);
}

Outcome faster(Impl& s, const cmd::FasterRate& c, TimePoint now) {
    if (!inPlay(s)) return s.refuse("faster", i18n::N_("no game in progress"), now);
    SessionClock trial = *s.clock;
    if (auto ok = trial.setFasterRate(c.on, s.computer(), now); !ok)
        return s.refuse("faster", ok.error(), now);
    return s.commit({{"type", "faster"}, {"on", c.on}}, now);
}

Outcome requestSeal(Impl& s, TimePoint now) {
    if (!inPlay(s)) return s.refuse("seal", i18n::N_("no game in progress"), now);
    if (s.adjourn.seal_requested) return s.refuse("seal", i18n::N_("sealing is already requested"), now);
    return s.commit({{"type", "seal_requested"}}, now);
}

// Guidelines I.1/I.5: the human's move stays on his paper scoresheet in the envelope until resumption;
// the computer's side (operator and console) must not learn it, so nothing of it is entered now.
Outcome sealHuman(Impl& s, const cmd::SealHumanMove& c, TimePoint now) {
    if (!s.adjourn.seal_requested || s.phase != Phase::HumanToMove)
        return s.refuse("seal-human", i18n::N_("the human seals when told to and having the move"), now);
    if (!c.text.empty())
        return s.refuse(
            "seal-human",
            i18n::N_("do not enter the sealed move: it stays in the envelope until resumption, where it "
                     "is entered as written (resume-human <move>)"),
            now);
    return s.commit({{"type", "sealed"}, {"by", colorName(s.human())}}, now);
}

// CMP-3.5: the move is sealed in unambiguous long form under the arbiter's passphrase; the record keeps
// only the envelope. Only a move chosen after the seal request is secret, so only that one is sealed.
Outcome sealComputer(Impl& s, const cmd::SealComputerMove& c, TimePoint now) {
    if (s.adjourn.seal_requested && s.phase == Phase::EngineMoveShown && !s.adjourn.withheld)
        return s.refuse(
            "seal-computer",
            i18n::N_("the computer's move was shown before the seal request: execute it and press the "
                     "clock; the human, then having the move, seals (Guidelines I.1)"),
            now);
    if (!s.adjourn.withheld)
        return s.refuse("seal-computer", i18n::N_("the computer seals once sealing is requested"), now);
    if (s.adjourn.withheld_uci.empty())
        return s.refuse("seal-computer",
                        i18n::N_("the engine is choosing its move again after the restart: wait"), now);
    seal::SealOptions opt;
    opt.label = fmt::format("{} round {} board {}: move {}, {} seals", s.setup.event, s.setup.round,
                            s.setup.board, s.game.moveNumber(), colorName(s.computer()));
    opt.cost = c.cost;
    auto env = seal::sealMove(s.adjourn.withheld_uci, c.passphrase, opt);
    if (!env) return s.refuse("seal-computer", env.error().message, now);
    return s.commit({{"type", "sealed"},
                     {"by", colorName(s.computer())},
                     {"envelope", *env},
                     {"fingerprint", seal::envelopeFingerprint(*env)}},
                    now);
}

// The human's envelope (new style, no move journaled at sealing) is opened: the move as written.
Outcome openHumanEnvelope(Impl& s, const cmd::Resume& c, json& r, TimePoint now) {
    if (c.human_move.empty())
        return s.refuse(
            "resume",
            i18n::N_("open the envelope and enter the human's sealed move as written (resume-human <move>)"),
            now);
    auto m = s.game.parse(c.human_move);  // ADJ-06: a defective move is ruled in applyResume
    r["written"] = c.human_move;
    r["uci"] = m ? json(m->uci) : json(nullptr);
    r["defect"] = m ? json(nullptr) : json(m.error());
    return {};
}

Outcome resume(Impl& s, const cmd::Resume& c, TimePoint now) {
    if (s.phase != Phase::Adjourned) return s.refuse("resume", i18n::N_("the game is not adjourned"), now);
    json r{{"type", "resume"}, {"at", toMs(c.session_start.value_or(now))}};
    if (s.adjourn.sealed_by == s.computer() && !s.adjourn.envelope.is_null()) {
        auto move = seal::openSealedMove(s.adjourn.envelope, c.passphrase);
        if (!move) return s.refuse("resume", move.error().message, now);
        if (!s.game.describe(*move))
            return s.refuse("resume", i18n::N_("the envelope holds no legal move: arbiter to rule"), now);
        r["opened"] = *move;  // released at resumption with the arbiter (CMP-3.5)
    }
    if (s.adjourn.sealed_by == s.human() && s.adjourn.sealed_text.empty())
        if (auto ok = openHumanEnvelope(s, c, r, now); !ok) return ok;
    return s.commit(r, now);
}

// Guidelines I.2(g): field (g) of the envelope of this adjournment. Nothing typed is lost: the journal
// keeps it, and a reprint after the game prints it again.
Outcome resumptionText(Impl& s, const cmd::EnvelopeResumption& c, TimePoint now) {
    if (s.phase != Phase::Adjourned)
        return s.refuse("resumption", i18n::N_("the game is not adjourned"), now);
    if (c.text == s.adjourn.resumption) return {};  // nothing changes: nothing to record
    return s.commit({{"type", "resumption_text"}, {"text", c.text}}, now);
}

}  // namespace oc::session
