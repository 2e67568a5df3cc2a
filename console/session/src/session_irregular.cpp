// IRR-04: the illegal moves only a person sees (entered by the arbiter's word), and CLK-08: late arrival
// against the default time. Commands -> records (validation) and records -> state.
#include <fmt/format.h>

#include <algorithm>

#include "i18n/mark.hpp"
#include "session_impl.hpp"

namespace oc::session {
namespace {

using Impl = Session::Impl;

bool inPlay(const Impl& s) {
    return s.phase != Phase::Setup && !s.over() && s.phase != Phase::Adjourned;
}

const char* kindName(cmd::IllegalKind k) {
    switch (k) {
        case cmd::IllegalKind::UnpromotedPawn:
            return "unpromoted";
        case cmd::IllegalKind::ClockWithoutMove:
            return "clock_without_move";
        case cmd::IllegalKind::TwoHands:
            return "two_hands";
        case cmd::IllegalKind::KingCapture:
            return "king_capture";
        case cmd::IllegalKind::BoardMove:
            return "board_move";
    }
    return "?";
}

std::string minutes(Ms d) {
    auto s = d.count() / 1000;
    return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
}

// "a8", "a7a8", "a7-a8", "bxa8", "b7xa8" -> the queen promotion of that pawn move (pawns carry no
// letter, so this reads the same in every notation language); empty if none or ambiguous.
std::string queenPromotion(const Impl& s, std::string text) {
    std::erase_if(text,
                  [](char ch) { return ch == '-' || ch == 'x' || ch == ':' || ch == '+' || ch == '#'; });
    std::string found;
    for (const auto& m : s.game.legalMoves()) {
        if (m.size() != 5 || m[4] != 'q') continue;
        bool push = text == m.substr(2, 2) && m[0] == m[2];
        bool capture = text.size() == 3 && text[0] == m[0] && text.substr(1) == m.substr(2, 2);
        if (push || capture || text == m.substr(0, 4)) {
            if (!found.empty()) return "";
            found = m;
        }
    }
    return found;
}

// The pawn reached the last rank and the clock was pressed with the pawn still there: the side to move
// made it; the console never accepted it (the operator cannot enter an unpromoted pawn).
Outcome unpromoted(Impl& s, const cmd::ArbiterIllegalKind& c, json r, TimePoint now) {
    bool computer = c.side == s.computer();
    if (s.adjourn.seal_requested)
        return s.refuse("illegal-kind",
                        i18n::N_("sealing is requested: the sealed move is ruled at resumption"), now);
    if (computer ? s.phase != Phase::EngineMoveShown || s.adjourn.withheld : s.phase != Phase::HumanToMove)
        return s.refuse(
            "illegal-kind",
            computer ? i18n::N_("the computer's unpromoted pawn: the engine's move must be shown and not "
                                "yet entered as made")
                     : i18n::N_("the human's unpromoted pawn: rule it before his move is entered"),
            now);
    std::string uci = queenPromotion(s, c.move);
    if (uci.empty())
        return s.refuse(
            "illegal-kind",
            fmt::format(i18n::N_("\"{}\" is no pawn move of {} to the last rank: give it as a8, a7a8 or "
                                 "bxa8 (the promotion piece left out)"),
                        c.move, colorName(c.side)),
            now);
    r["move"] = c.move;
    // E2005 7.4(a): an incomplete promotion is an illegal move (reinstated); E2023 7.5.2: a queen.
    if (s.setup.edition == rules::Edition::E2023) {
        r["uci"] = uci;
        if (computer) r["breach"] = uci != s.cycle.engine_move->uci;
    }
    return s.commit(r, now);
}

Outcome clockWithoutMove(Impl& s, const cmd::ArbiterIllegalKind& c, json r, TimePoint now) {
    if (s.setup.edition == rules::Edition::E2005)
        return s.refuse(
            "illegal-kind",
            i18n::N_("under the 2005 Laws pressing the clock without a move is not an illegal move "
                     "(7.4(a) counts completed moves only): restart the clock (arbiter adjust) or "
                     "penalise under 13.4 (arbiter adjust / arbiter result)"),
            now);
    bool computer = c.side == s.computer();
    bool turn = computer ? s.phase == Phase::EngineThinking || s.phase == Phase::EngineMoveHeld ||
                               s.phase == Phase::EngineMoveShown
                         : s.phase == Phase::HumanToMove;
    if (!turn)
        return s.refuse(
            "illegal-kind",
            fmt::format(i18n::N_("{} has no move to make now (phase {}): only the side to move can press "
                                 "without moving (Art. 7.5.3)"),
                        colorName(c.side), phaseName(s.phase)),
            now);
    return s.commit(r, now);
}

Outcome twoHands(Impl& s, const cmd::ArbiterIllegalKind& c, json r, TimePoint now) {
    if (s.setup.edition == rules::Edition::E2005)
        return s.refuse(
            "illegal-kind",
            i18n::N_("under the 2005 Laws a move made with two hands is not an illegal move: the arbiter "
                     "may penalise it under 12.9 / 13.4 (arbiter adjust / arbiter result)"),
            now);
    bool moved = std::any_of(s.moves.begin(), s.moves.end(), [&](const auto& m) { return m.side == c.side; });
    if (!moved)
        return s.refuse(
            "illegal-kind",
            fmt::format(i18n::N_("{} has made no move yet: enter the move first, then the ruling"),
                        colorName(c.side)),
            now);
    // The Arbiters' Manual removes the increment earned on the illegal move: only if that press was the
    // last one the console saw (the computer's move made but not yet pressed earned none).
    bool last = s.moves.back().side == c.side && s.phase != Phase::EngineMoveMade;
    r["increment_earned"] = last;
    return s.commit(r, now);
}

}  // namespace

Outcome illegalKind(Impl& s, const cmd::ArbiterIllegalKind& c, TimePoint now) {
    if (!inPlay(s)) return s.refuse("illegal-kind", i18n::N_("no game in progress"), now);
    if (c.side != s.game.toMove() && c.kind != cmd::IllegalKind::TwoHands)
        return s.refuse(
            "illegal-kind",
            fmt::format(i18n::N_("it is {}'s move: this irregularity is made by the side to move"),
                        colorName(s.game.toMove())),
            now);
    json r{{"type", "illegal_kind"}, {"kind", kindName(c.kind)}, {"side", colorName(c.side)}};
    switch (c.kind) {
        case cmd::IllegalKind::UnpromotedPawn:
            return unpromoted(s, c, r, now);
        case cmd::IllegalKind::ClockWithoutMove:
            return clockWithoutMove(s, c, r, now);
        case cmd::IllegalKind::TwoHands:
            return twoHands(s, c, r, now);
        case cmd::IllegalKind::KingCapture:
        case cmd::IllegalKind::BoardMove:
            // The console cannot accept a king capture, nor any other illegal move the board showed when
            // the clock was pressed, so it is an ordinary completed illegal move just made on the board
            // (E2005 7.4(a); E2023 7.5.1): the position before it is reinstated, the penalty applies.
            // The console never took that move, so it credited no increment for it (7.5.5's removal of
            // the increment concerns a move the clock credited; the table clock's is the arbiter's).
            return s.commit({{"type", "illegal"},
                             {"ply", static_cast<int>(s.game.plies()) + 1},
                             {"kind", kindName(c.kind)},
                             {"increment_earned", false}},
                            now);
    }
    return s.refuse("illegal-kind", i18n::N_("unknown kind"), now);
}

std::string withIrregularHint(const std::string& error, const char* side) {
    if (error.find("incomplete move") == std::string::npos) return error;
    return fmt::format(
        "{} - if the pawn was left unpromoted and the clock pressed, the arbiter rules it "
        "(arbiter illegal-kind unpromoted {} MOVE, IRR-04)",
        error, side);
}

// CLK-08: measured from the start of the session (the official start, or the resumption, ADJ-10).
Outcome arrival(Impl& s, const cmd::Arrival& c, TimePoint now) {
    if (!inPlay(s))
        return s.refuse("arrive",
                        i18n::N_("arrivals count from the official start: start the clocks first (CLK-07)"),
                        now);
    if (s.irregular.arrived[c.side])
        return s.refuse("arrive",
                        fmt::format(i18n::N_("{}'s arrival is already recorded"), colorName(c.side)), now);
    TimePoint at = c.at.value_or(now);
    if (at < s.session_start || at > now)
        return s.refuse("arrive",
                        i18n::N_("the arrival time must lie between the start of the session and now"), now);
    auto ruling = s.clock->arrival(event::specifiedDefaultTime(s.setup), s.session_start, at);
    return s.commit({{"type", "arrival"},
                     {"side", colorName(c.side)},
                     {"at", toMs(at)},
                     {"late_ms", ruling.late_by.count()},
                     {"default_ms", ruling.limit.count()},
                     {"forfeit", ruling.forfeit_proposed},
                     {"article", "Art. " + ruling.article}},
                    now);
}

Outcome forfeit(Impl& s, const cmd::ArbiterForfeit& c, TimePoint now) {
    if (!inPlay(s) || !s.irregular.forfeit_proposed)
        return s.refuse("forfeit", i18n::N_("no forfeit for late arrival is proposed (CLK-08)"), now);
    return s.commit(
        {{"type", "forfeit"}, {"side", colorName(*s.irregular.forfeit_proposed)}, {"confirm", c.confirm}},
        now);
}

namespace {

Applied applyUnpromoted(Impl& s, const rec::IllegalKind& r, Color side, TimePoint t) {
    const std::string& move = r.move;
    if (!r.uci) {
        s.notice(fmt::format(
            i18n::N_("{}'s pawn move {} was left unpromoted (Art. 7.4(a)): the position before it is "
                     "reinstated; the pawn must complete the promotion (4.6(c), 4.3)"),
            colorName(side), move));
        s.illegalMove(static_cast<int>(s.game.plies()) + 1, t);
        return {};
    }
    const std::string& uci = *r.uci;
    if (side == s.human()) {
        if (auto ok = s.playHuman(uci, t, false); !ok) return ok;
        s.checkEnding(t);
    }
    s.notice(fmt::format(
        i18n::N_("{}'s pawn move {} was left unpromoted: the pawn becomes a queen on {} and the move "
                 "stands (Art. 7.5.2)"),
        colorName(side), move, uci.substr(2, 2)));
    if (s.over())
        ++s.irregular.illegal[side];
    else
        s.penalizeIllegal(side, t, true);
    return {};
}

}  // namespace

Applied applyIllegalKind(Impl& s, const rec::IllegalKind& r, TimePoint t) {
    const Color side = r.side;
    if (r.kind == "unpromoted") return applyUnpromoted(s, r, side, t);
    if (r.kind == "clock_without_move") {
        s.notice(
            fmt::format(i18n::N_("{} pressed the clock without making a move (Art. 7.5.3): the position is "
                                 "unchanged and {}'s clock runs again"),
                        colorName(side), colorName(side)));
        s.clock->restartTurn(side, t);
        s.penalizeIllegal(side, t, false);
        return {};
    }
    s.notice(fmt::format(i18n::N_("{} made a move with two hands (Art. 7.5.4): the move stands"),
                         colorName(side)));
    s.penalizeIllegal(side, t, r.increment_earned);
    return {};
}

void on(Impl& s, const rec::Arrival& r, TimePoint) {
    const Color side = r.side;
    s.irregular.arrived[side] = true;
    const Ms late = r.late, allowed = r.allowed;
    const std::string& article = r.article;
    if (!r.forfeit)
        return s.notice(
            fmt::format(i18n::N_("{} arrived {} after the start, within the default time {} ({}): play on; "
                                 "his clock ran from the start"),
                        colorName(side), minutes(late), minutes(allowed), article));
    if (s.irregular.forfeit_proposed) {
        s.irregular.forfeit_proposed.reset();
        return s.notice(
            fmt::format(i18n::N_("{} also arrived after the default time ({}): both late, the arbiter "
                                 "decides (arbiter result)"),
                        colorName(side), article));
    }
    s.irregular.forfeit_proposed = side;
    s.notice(fmt::format(
        i18n::N_("forfeit proposed: {} arrived {} after the start, beyond the default time {} ({}): "
                 "{}; the arbiter confirms (arbiter forfeit confirm) or decides otherwise (arbiter "
                 "forfeit overrule)"),
        colorName(side), minutes(late), minutes(allowed), article, side == Color::White ? "0F-1F" : "1F-0F"));
}

void on(Impl& s, const rec::Forfeit& r, TimePoint t) {
    const Color side = r.side;
    s.irregular.forfeit_proposed.reset();
    if (!r.confirm)
        return s.notice(
            fmt::format(i18n::N_("the arbiter decided otherwise: {} does not lose for late arrival; play "
                                 "continues"),
                        colorName(side)));
    // A default is scored as a win (E2023 10.1; shown 1F-0F in the pairing results).
    s.endGame(side == Color::White ? "0-1" : "1-0",
              fmt::format(i18n::N_("forfeit for late arrival ({}, {})"),
                          s.setup.edition == rules::Edition::E2005 ? "Art. 6.7" : "Art. 6.7.1",
                          side == Color::White ? "0F-1F" : "1F-0F"),
              t);
}

}  // namespace oc::session
