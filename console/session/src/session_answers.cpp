// E.III 3.2-3.3: every answer to a draw offer on the record. An arbiter checks who answered, accept or
// decline, and, when the computer's side answered, the locked policy's indication at that moment and
// whether the answer followed it. Accepting or declining the human's offer is the operator's decision
// (CMP-3.2, the indication is advisory), so a deviation is no breach; but it must be visible.
#include "session_impl.hpp"

namespace oc::session {
namespace {

using Impl = Session::Impl;

// What the answered offer was: a plain offer, a claim the operator may take as one (DRW-02), or a III.4
// request (QPF-03: it is a draw offer first).
const char* offerKind(const Impl& s) {
    if (s.phase == Phase::ClaimPending) return "claim";
    if (s.qpf.increment_request && !s.qpf.increment_request->refused_as_draw) return "increment-request";
    return "offer";
}

json drawAnswer(const Impl& s, Color by, bool accept, bool by_move, TimePoint t) {
    json r{{"type", "draw_answer"},
           {"by", colorName(by)},
           {"offer_by", colorName(~by)},
           {"offer", offerKind(s)},
           {"answer", accept ? "accept" : "decline"},
           {"how", by_move ? "move" : "answer"}};
    if (by != s.computer()) return r;  // the human answers as he likes
    const bool indicated = s.indication(t).accept_draw;
    r["indication"] = indicated ? "accept" : "decline";
    r["followed"] = indicated == accept;
    return r;
}

}  // namespace

// Read in the state before `r` is applied: the answer the record gives, if it answers an offer. An
// explicit answer, or a move that rejects the pending offer (Art. 9.1, DRW-01).
std::optional<json> answerIn(const Impl& s, const rec::Record& r) {
    if (const auto* a = std::get_if<rec::AnswerHuman>(&r.body))
        return drawAnswer(s, s.computer(), a->accept, false, r.t);
    if (const auto* a = std::get_if<rec::AnswerComputer>(&r.body))
        return drawAnswer(s, s.human(), a->accept, false, r.t);
    if (std::holds_alternative<rec::HumanMove>(r.body) && s.draws.computer_offer)
        return drawAnswer(s, s.human(), false, true, r.t);
    if (std::holds_alternative<rec::Made>(r.body) && s.draws.human_offer)
        return drawAnswer(s, s.computer(), false, true, r.t);
    return std::nullopt;
}

OffersBefore offersBefore(const Impl& s) {
    return {s.draws.human_offer, s.draws.computer_offer, s.moves.size()};
}

// Art. 9.1.2: an offer stands until it is accepted, rejected by word or by a move, or the game ends. The
// record that ended it otherwise gets its draw_answer too, so every offer has an end on the record: the
// human's move played for him (the sealed move at the resumption, the written move of a correct claim,
// an unpromoted pawn completed) rejects the computer's offer like any move of his; the game's end or a
// position reinstated before the offer (Art. 7.5) lets it lapse, answered by no one.
std::optional<json> offerEnded(const Impl& s, const OffersBefore& before) {
    const bool human_ended = before.human && !s.draws.human_offer;
    const bool computer_ended = before.computer && !s.draws.computer_offer;
    if (!human_ended && !computer_ended) return std::nullopt;
    const Color offer_by = computer_ended ? s.computer() : s.human();
    const bool human_moved = s.moves.size() > before.moves && s.moves.back().side == s.human();
    if (computer_ended && human_moved)
        return json{{"type", "draw_answer"}, {"by", colorName(s.human())}, {"offer_by", colorName(offer_by)},
                    {"offer", "offer"},      {"answer", "decline"},        {"how", "move"}};
    return json{{"type", "draw_answer"},
                {"by", colorName(~offer_by)},
                {"offer_by", colorName(offer_by)},
                {"offer", "offer"},
                {"answer", "lapsed"},
                {"how", s.over() ? "game-over" : "reinstated"}};
}

}  // namespace oc::session
