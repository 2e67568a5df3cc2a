// E.III 3.2 / 3.3 (and Q2 of decisions.md): the computer's draw offers and claims, its acceptances and
// its resignation happen only on its indication: the locked policy applied to the engine's evaluations.
// Each act is re-checked in the state the records before it built, with the policy the setup locked.
#include <fmt/format.h>

#include <algorithm>

#include "checks.hpp"
#include "i18n/mark.hpp"

namespace oc::audit::detail {
namespace {

// The computer's act a record holds, and the indication it needs; empty when it is not one.
struct Act {
    std::string what;  // "offer", "claim", "accept", "resign", "quickplay"
    bool computer = false;
};

Act actOf(const Timeline& tl, const journal::Record& r) {
    const json& p = r.payload;
    std::string me = tl.computerName();
    if (r.type == "computer_offer") return {"offer", true};
    if (r.type == "claim") return {"claim", p.value("claimant", "") == me};
    if (r.type == "resign") return {"resign", p.value("side", "") == me};
    if (r.type == "answer_human" && p.value("accept", false)) return {"accept", true};
    if (r.type == "qpf_claim") return {"quickplay", p.value("claimant", "") == me};
    if (r.type == "increment_request") return {"quickplay", p.value("requester", "") == me};
    if (r.type == "human_offer" || (r.type == "human_move" && p.value("offer", false)))
        return {"offer", false};
    return {};
}

bool indicated(const event::Indication& ind, const std::string& what) {
    if (what == "offer") return ind.offer_draw;
    if (what == "claim") return ind.claim_draw;
    if (what == "accept") return ind.accept_draw;
    if (what == "resign") return ind.resign;
    return ind.claim_quickplay;
}

std::string lastEval(const Timeline& tl, std::size_t before) {
    for (auto it = tl.searches.rbegin(); it != tl.searches.rend(); ++it)
        if (it->move_record && *it->move_record < before && it->eval_cp)
            return fmt::format(i18n::N_("last evaluation {:+} cp at {}"), *it->eval_cp, moveLabel(it->ply));
    return i18n::N_("no evaluation yet");
}

std::string policyText(const event::DrawPolicy& p, const std::string& what) {
    if (what == "offer")
        return fmt::format(i18n::N_("offer when |score| <= {} cp over {} moves from move {}"),
                           p.offer_within_cp, p.accept_over_moves, p.offer_after_move);
    if (what == "claim")
        return fmt::format(i18n::N_("claim a valid draw when score <= {} cp"), p.claim_below_cp);
    if (what == "accept")
        return fmt::format(i18n::N_("accept when the last {} scores <= {} cp"), p.accept_over_moves,
                           p.accept_below_cp);
    if (what == "resign")
        return fmt::format(i18n::N_("resign when the last {} scores <= {} cp"), p.resign_over_moves,
                           p.resign_below_cp);
    return fmt::format(i18n::N_("quickplay claim when |score| <= {} cp over {} moves"), p.qpf_claim_within_cp,
                       p.qpf_claim_over_moves);
}

// The move an act goes with. Art. 9.1: the computer offers with its move, after it is executed and before
// the press, so its `computer_offer` record follows the move (an offer made with 25... is move 25...).
// A claim, a resignation and a quickplay claim come on the computer's turn, before its move.
std::string actLabel(const Context& ctx, std::size_t i) {
    const int ply = ctx.tl.ply_before[i];
    return moveLabel(ctx.tl.at(i).type == "computer_offer" ? std::max(0, ply - 1) : ply);
}

void computerAct(const Context& ctx, std::size_t i, const Act& act, Findings& f) {
    const std::string label = actLabel(ctx, i);
    std::string context = fmt::format(i18n::N_("{}; locked policy: {}"), lastEval(ctx.tl, i),
                                      policyText(ctx.tl.setup.policy, act.what));
    const Before* before = beforeRecord(ctx.tl, i);
    if (!before)
        return f.note(i, fmt::format(i18n::N_("#{} computer {}: {} (not re-checked: {})"), i, act.what,
                                     context, "the replay did not reach it"));
    const event::Indication& ind = before->indication;
    // CMP-3.2: accepting the human's offer and resigning are the operator's decisions (he may consult the
    // nominated person); the indication is shown for the arbiter, it does not bind.
    bool binding = act.what != "accept" && act.what != "resign";
    // The acceptance's draw_answer, right after it, lists it with the indication and whether it was
    // followed: one line for one acceptance.
    if (act.what == "accept" && i + 1 < ctx.tl.size() && ctx.tl.at(i + 1).type == "draw_answer") return;
    if (!binding)
        return f.note(
            i, fmt::format(
                   i18n::N_("#{} computer {} at {}: the operator's decision (E.III 3.2); indication {} ({})"),
                   i, act.what, label, indicated(ind, act.what) ? i18n::N_("yes") : i18n::N_("no"), context));
    if (!indicated(ind, act.what))
        return f.breach(i, fmt::format(i18n::N_("record #{}: the computer's {} at {} had no indication ({}) "
                                                "(E.III 3.2, 3.3)"),
                                       i, act.what, label, context));
    f.note(i, fmt::format(i18n::N_("#{} computer {} at {}: indicated ({}; {})"), i, act.what, label,
                          ind.reason, context));
}

// E.III 3.2: the operator may consult the nominated person, with the arbiter present.
void consultation(std::size_t i, Findings& f) {
    f.note(i, fmt::format(i18n::N_("#{} consultation with the nominated person, arbiter present (E.III 3.2)"),
                          i));
}

// Art. 9.1.2: an offer answered by no one, because the game ended or the position before it was
// reinstated (Art. 7.5).
void lapsed(const Context& ctx, std::size_t i, const std::string& at, Findings& f) {
    const json& p = ctx.tl.at(i).payload;
    const char* whose = p.value("offer_by", "") == ctx.tl.computerName() ? i18n::N_("the computer's")
                                                                         : i18n::N_("the human's");
    f.note(i, p.value("how", "") == "game-over"
                  ? fmt::format(i18n::N_("#{} {} draw offer pending at {} lapsed: the game ended (Art. 9.1)"),
                                i, whose, at)
                  : fmt::format(i18n::N_("#{} {} draw offer pending at {} lapsed: the position before it "
                                         "was reinstated (Art. 7.5)"),
                                i, whose, at));
}

// E.III 3.2-3.3: an answer to a draw offer as the session recorded it (`draw_answer`). The computer's is
// the operator's decision (CMP-3.2: the indication is advisory), listed with the indication and whether
// it was followed; the human's is listed as it was given. Journals before the record have none.
void answer(const Context& ctx, std::size_t i, Findings& f) {
    const json& p = ctx.tl.at(i).payload;
    const bool accept = p.value("answer", "") == "accept", by_move = p.value("how", "") == "move";
    const std::string at = moveLabel(std::max(0, ctx.tl.ply_before[i] - (by_move ? 1 : 0)));
    if (p.value("answer", "") == "lapsed") return lapsed(ctx, i, at, f);
    if (!p.contains("indication")) {
        if (accept) return f.note(i, fmt::format(i18n::N_("#{} human accepts the draw offer at {}"), i, at));
        return f.note(i, by_move
                             ? fmt::format(i18n::N_("#{} human declines the draw offer at {} by playing a "
                                                    "move (Art. 9.1)"),
                                           i, at)
                             : fmt::format(i18n::N_("#{} human declines the draw offer at {}"), i, at));
    }
    const char* indication = p.value("indication", "") == "accept" ? i18n::N_("accept") : i18n::N_("decline");
    const char* followed = p.value("followed", false) ? i18n::N_("followed") : i18n::N_("not followed");
    if (accept)
        return f.note(i, fmt::format(i18n::N_("#{} computer accepts the draw offer at {}: indication {}, {} "
                                              "(E.III 3.2)"),
                                     i, at, indication, followed));
    f.note(i, by_move ? fmt::format(i18n::N_("#{} computer declines the draw offer at {} by playing its move "
                                             "(Art. 9.1): indication {}, {} (E.III 3.2)"),
                                    i, at, indication, followed)
                      : fmt::format(i18n::N_("#{} computer declines the draw offer at {}: indication {}, {} "
                                             "(E.III 3.2)"),
                                    i, at, indication, followed));
}

// "indication \"accept\" (the replay: \"decline\")" for each field of the journalled draw_answer that
// differs from the one the console writes there ("t" aside: when it was written is no fact of the answer).
std::string answerDifferences(const json& journalled, const json& expected) {
    std::vector<std::string> out;
    json want = expected;
    want.erase("type");
    json got = journalled;
    got.erase("t");
    for (const json* side : {&want, &got})
        for (const auto& [key, value] : side->items()) {
            if (side == &got && want.contains(key)) continue;  // compared from `want` already
            const json mine = got.value(key, json()), theirs = want.value(key, json());
            if (mine != theirs)
                out.push_back(fmt::format(i18n::N_("{} {} (the replay: {})"), key,
                                          mine.is_null() ? i18n::N_("absent") : mine.dump(),
                                          theirs.is_null() ? i18n::N_("absent") : theirs.dump()));
        }
    return fmt::format("{}", fmt::join(out, "; "));
}

// Offers ended otherwise than by an answer or a move (a lapse, a move played for the human) got their
// draw_answer later than answers did (Art. 9.1.2): journals of consoles before that have none.
bool endedOtherwise(const std::string& answered_type) {
    return answered_type != "answer_human" && answered_type != "answer_computer" &&
           answered_type != "human_move" && answered_type != "made";
}

// Whether the console that wrote the journal writes the draw_answer `a` misses: one that wrote draw
// answers of the same kind elsewhere in it. Version 2 journals were written for a month before draw_answer
// records existed (an honest one of those has none), so the version alone does not say: a journal with
// none of them is not judged on this, and says so.
bool answersWritten(const Context& ctx, const DueAnswer& a) {
    const bool ended = endedOtherwise(a.answered_type);
    return std::any_of(ctx.answers.begin(), ctx.answers.end(), [&](const DueAnswer& b) {
        return b.journalled && b.expected && endedOtherwise(b.answered_type) == ended;
    });
}

// E.III 3.2-3.3: the journal's draw answers against those the session's replay computes from the offers,
// the locked policy and the engine's evaluations: the answer, its indication and whether it was followed.
void compareAnswer(const Context& ctx, const DueAnswer& a, Findings& f) {
    if (a.journalled && !a.expected)
        return f.breach(a.record, fmt::format(i18n::N_("record #{}: a draw answer where no draw offer was "
                                                       "answered or ended (E.III 3.2)"),
                                              a.record));
    if (a.journalled) {
        const std::string diff = answerDifferences(ctx.tl.at(a.record).payload, *a.expected);
        if (!diff.empty())
            f.breach(a.record, fmt::format(i18n::N_("record #{}: the draw answer is not the one the console "
                                                    "computes here: {} (E.III 3.2, 3.3)"),
                                           a.record, diff));
        return;
    }
    // A console before draw_answer records first: its journal may also end with the answer (an
    // accepted draw ends the game), which is not a journal cut short. A header naming its program was
    // written by a console that writes every answer: none is excused so, not even when all are missing.
    if (!ctx.writes_draw_answers && !answersWritten(ctx, a))
        return f.note(a.answered_by,
                      fmt::format(i18n::N_("#{} draw offer answered or ended: not compared "
                                           "(written by a console before draw_answer records)"),
                                  a.answered_by));
    if (a.record >= ctx.tl.size())  // killed before writing it: a resume writes it first
        return f.note(a.answered_by, fmt::format(i18n::N_("#{} the journal ends before this draw offer's "
                                                          "answer was written"),
                                                 a.answered_by));
    f.breach(a.answered_by, fmt::format(i18n::N_("record #{}: a draw offer answered or ended here has no "
                                                 "draw_answer record right after it (E.III 3.2)"),
                                        a.answered_by));
}

// The act's mark for the pictures; true when it is the computer's, to be checked.
bool markAct(const Context& ctx, std::size_t i, const Act& act, Series& series) {
    if (act.what.empty()) return false;
    int ply = ctx.tl.ply_before[i] + (ctx.tl.at(i).type == "human_move" ? 1 : 0);
    series.marks.push_back(Mark{ply, act.what, act.computer, i});
    return act.computer;
}

std::string drawResignSummary(int acts, int answers) {
    if (acts == 0 && answers > 0)
        return i18n::N_(
            "the computer made no draw offer or claim, accepted no draw and did not resign; the "
            "answers to draw offers are listed below with the indication");
    if (acts == 0)
        return i18n::N_("the computer made no draw offer or claim, accepted no draw and did not resign");
    return counted({i18n::N_("{} act of the computer (offer, claim, acceptance, resignation), each listed "
                             "with its indication"),
                    i18n::N_("{} acts of the computer (offer, claim, acceptance, resignation), each listed "
                             "with its indication")},
                   static_cast<std::size_t>(acts));
}

}  // namespace

Check checkDrawResign(const Context& ctx, Series& series) {
    Findings f;
    const auto& p = ctx.tl.setup.policy;
    series.policy = PolicyLines{p.offer_within_cp, p.accept_below_cp, p.claim_below_cp, p.resign_below_cp};
    int acts = 0, answers = 0;
    for (std::size_t i = 0; i < ctx.tl.size(); ++i) {
        const auto& r = ctx.tl.at(i);
        if (r.type == "consultation") consultation(i, f);
        if (r.type == "draw_answer") ++answers, answer(ctx, i, f);
        Act act = actOf(ctx.tl, r);
        if (!markAct(ctx, i, act, series)) continue;
        ++acts;
        computerAct(ctx, i, act, f);
    }
    for (const DueAnswer& a : ctx.answers) compareAnswer(ctx, a, f);
    Check c = f.finish({"draw-resign",
                        "E.III 3.2, 3.3",
                        i18n::N_("Draws and resignation only on the computer's indication"),
                        {},
                        {},
                        {},
                        {}},
                       acts + answers > 0, drawResignSummary(acts, answers));
    c.listed = true;  // each act and answer "listed with its indication": the text output lists them
    return c;
}

}  // namespace oc::audit::detail
