// IRR-04: the illegal moves only a person sees (entered by the arbiter's word), and CLK-08: late arrival
// against the default time. Commands -> records (validation) and records -> state.
#include <fmt/format.h>

#include <algorithm>

#include "clock/tc_format.hpp"
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

using Written = tl::expected<json, Refusal>;

tl::unexpected<Refusal> no(std::string field, std::string why) {
    return tl::make_unexpected(Refusal{std::move(field), std::move(why)});
}

// The pawn reached the last rank and the clock was pressed with the pawn still there: the side to move
// made it; the console never accepted it (the operator cannot enter an unpromoted pawn).
Written unpromoted(const Impl& s, const cmd::ArbiterIllegalKind& c, json r) {
    bool computer = c.side == s.computer();
    if (s.adjourn.seal_requested)
        return no("", i18n::N_("sealing is requested: the sealed move is ruled at resumption"));
    if (computer ? s.phase != Phase::EngineMoveShown || s.adjourn.withheld : s.phase != Phase::HumanToMove)
        return no("side", computer
                              ? i18n::N_("the computer's unpromoted pawn: the engine's move must be shown "
                                         "and not yet entered as made")
                              : i18n::N_("the human's unpromoted pawn: rule it before his move is entered"));
    std::string uci = queenPromotion(s, c.move);
    if (uci.empty())
        return no(
            "move",
            fmt::format(i18n::N_("\"{}\" is no pawn move of {} to the last rank: give it as a8, a7a8 or "
                                 "bxa8 (the promotion piece left out)"),
                        c.move, colorName(c.side)));
    r["move"] = c.move;
    // E2005 7.4(a): an incomplete promotion is an illegal move (reinstated); E2023 7.5.2: a queen.
    if (s.setup.edition == rules::Edition::E2023) {
        r["uci"] = uci;
        if (computer) r["breach"] = !s.cycle.engine_move || uci != s.cycle.engine_move->uci;
    }
    return r;
}

Written clockWithoutMove(const Impl& s, const cmd::ArbiterIllegalKind& c, json r) {
    if (s.setup.edition == rules::Edition::E2005)
        return no("kind",
                  i18n::N_("under the 2005 Laws pressing the clock without a move is not an illegal move "
                           "(7.4(a) counts completed moves only): restart the clock (arbiter adjust) or "
                           "penalise under 13.4 (arbiter adjust / arbiter result)"));
    bool computer = c.side == s.computer();
    bool turn = computer ? s.phase == Phase::EngineThinking || s.phase == Phase::EngineMoveHeld ||
                               s.phase == Phase::EngineMoveShown
                         : s.phase == Phase::HumanToMove;
    if (!turn)
        return no(
            "side",
            fmt::format(i18n::N_("{} has no move to make now (phase {}): only the side to move can press "
                                 "without moving (Art. 7.5.3)"),
                        colorName(c.side), phaseName(s.phase)));
    return r;
}

Written twoHands(const Impl& s, const cmd::ArbiterIllegalKind& c, json r) {
    if (s.setup.edition == rules::Edition::E2005)
        return no("kind",
                  i18n::N_("under the 2005 Laws a move made with two hands is not an illegal move: the "
                           "arbiter may penalise it under 12.9 / 13.4 (arbiter adjust / arbiter result)"));
    bool moved = std::any_of(s.moves.begin(), s.moves.end(), [&](const auto& m) { return m.side == c.side; });
    if (!moved)
        return no("side",
                  fmt::format(i18n::N_("{} has made no move yet: enter the move first, then the ruling"),
                              colorName(c.side)));
    // The Arbiters' Manual removes the increment earned on the illegal move: only if that press was the
    // last one the console saw (the computer's move made but not yet pressed earned none).
    bool last = s.moves.back().side == c.side && s.phase != Phase::EngineMoveMade;
    r["increment_earned"] = last;
    return r;
}

// The record the arbiter's IRR-04 ruling writes in this state, or why the console refuses it: the
// command writes it, and the replay of an illegal_kind record compares the record with it.
Written illegalKindRecord(const Impl& s, const cmd::ArbiterIllegalKind& c) {
    if (!inPlay(s)) return no("", i18n::N_("no game in progress"));
    if (c.side != s.game.toMove() && c.kind != cmd::IllegalKind::TwoHands)
        return no("side",
                  fmt::format(i18n::N_("it is {}'s move: this irregularity is made by the side to move"),
                              colorName(s.game.toMove())));
    json r{{"type", "illegal_kind"}, {"kind", kindName(c.kind)}, {"side", colorName(c.side)}};
    switch (c.kind) {
        case cmd::IllegalKind::UnpromotedPawn:
            return unpromoted(s, c, r);
        case cmd::IllegalKind::ClockWithoutMove:
            return clockWithoutMove(s, c, r);
        case cmd::IllegalKind::TwoHands:
            return twoHands(s, c, r);
        case cmd::IllegalKind::KingCapture:
        case cmd::IllegalKind::BoardMove:
            // The console cannot accept a king capture, nor any other illegal move the board showed when
            // the clock was pressed, so it is an ordinary completed illegal move just made on the board
            // (E2005 7.4(a); E2023 7.5.1): the position before it is reinstated, the penalty applies.
            // The console never took that move, so it credited no increment for it (7.5.5's removal of
            // the increment concerns a move the clock credited; the table clock's is the arbiter's).
            return json{{"type", "illegal"},
                        {"ply", static_cast<int>(s.game.plies()) + 1},
                        {"kind", kindName(c.kind)},
                        {"increment_earned", false}};
    }
    return no("kind", i18n::N_("unknown kind"));
}

std::string shown(const std::optional<std::string>& v) {
    return v ? fmt::format("\"{}\"", *v) : std::string("none");
}

}  // namespace

Outcome illegalKind(Impl& s, const cmd::ArbiterIllegalKind& c, TimePoint now) {
    auto r = illegalKindRecord(s, c);
    if (!r) return s.refuse("illegal-kind", r.error().why, now);
    return s.commit(std::move(*r), now);
}

// An illegal_kind record is the one the command writes in this state: its kind one of the three the
// console writes as illegal_kind (a king capture and a move on the board are "illegal" records), and the
// promotion, breach and increment the session computes.
Check illegalKindCheck(const Impl& s, const rec::IllegalKind& r) {
    std::optional<cmd::IllegalKind> kind;
    for (auto k :
         {cmd::IllegalKind::UnpromotedPawn, cmd::IllegalKind::ClockWithoutMove, cmd::IllegalKind::TwoHands})
        if (r.kind == kindName(k)) kind = k;
    if (!kind)
        return Refusal{"kind", fmt::format("\"{}\" is not a kind the console writes here (unpromoted, "
                                           "clock_without_move, two_hands)",
                                           r.kind)};
    auto want = illegalKindRecord(s, cmd::ArbiterIllegalKind{*kind, r.side, r.move});
    if (!want) return want.error();
    const json& w = *want;
    auto uci = w.contains("uci") ? std::optional<std::string>(w["uci"].get<std::string>()) : std::nullopt;
    if (r.uci != uci) return differs("uci", shown(r.uci), shown(uci));
    if (r.breach != w.value("breach", false))
        return differs("breach", r.breach ? "true" : "false", w.value("breach", false) ? "true" : "false");
    if (r.increment_earned != w.value("increment_earned", false))
        return differs("increment_earned", r.increment_earned ? "true" : "false",
                       w.value("increment_earned", false) ? "true" : "false");
    return std::nullopt;
}

std::string withIrregularHint(const std::string& error, const char* side) {
    if (error.find("incomplete move") == std::string::npos) return error;
    return fmt::format(
        "{} - if the pawn was left unpromoted and the clock pressed, the arbiter rules it "
        "(arbiter illegal-kind unpromoted {} MOVE, IRR-04)",
        error, side);
}

// CLK-08: measured from the start of the session (the official start, or the resumption, ADJ-10).
namespace {

// The arrival record the command writes in this state for `side` arriving at `at`, or why it refuses.
tl::expected<json, Refusal> arrivalRecord(const Impl& s, Color side, TimePoint at, TimePoint now) {
    if (!inPlay(s))
        return no("", i18n::N_("arrivals count from the official start: start the clocks first (CLK-07)"));
    if (s.irregular.arrived[side])
        return no("side", fmt::format(i18n::N_("{}'s arrival is already recorded"), colorName(side)));
    if (at < s.session_start || at > now)
        return no("at", i18n::N_("the arrival time must lie between the start of the session and now"));
    // Art. 6.7: a side that has pressed its clock was at the board (a stray click at move 20 would
    // otherwise propose a forfeit against a player who has been playing all along).
    if (const auto& pressed = s.irregular.first_press[side]; pressed && at > *pressed)
        return no("at",
                  fmt::format(i18n::N_("{} pressed the clock {} after the start of the session, so was at "
                                       "the board by then: an arrival must lie before that"),
                              colorName(side),
                              clock::formatClock(std::chrono::duration_cast<Ms>(*pressed - s.session_start),
                                                 clock::ClockStyle::Hms)));
    auto ruling = s.clock->arrival(event::specifiedDefaultTime(s.setup), s.session_start, at);
    return json{{"type", "arrival"},
                {"side", colorName(side)},
                {"at", toMs(at)},
                {"late_ms", ruling.late_by.count()},
                {"default_ms", ruling.limit.count()},
                {"forfeit", ruling.forfeit_proposed},
                {"article", "Art. " + ruling.article}};
}

}  // namespace

Outcome arrival(Impl& s, const cmd::Arrival& c, TimePoint now) {
    auto r = arrivalRecord(s, c.side, c.at.value_or(now), now);
    if (!r) return s.refuse("arrive", r.error().why, now);
    return s.commit(std::move(*r), now);
}

// An arrival record holds the lateness, default time and proposal the session rules for its time.
Check arrivalCheck(const Impl& s, const rec::Arrival& r, TimePoint now) {
    auto want = arrivalRecord(s, r.side, r.at, now);
    if (!want) return want.error();
    const json& w = *want;
    if (r.late.count() != w["late_ms"].get<std::int64_t>())
        return differs("late_ms", std::to_string(r.late.count()), w["late_ms"].dump());
    if (r.allowed.count() != w["default_ms"].get<std::int64_t>())
        return differs("default_ms", std::to_string(r.allowed.count()), w["default_ms"].dump());
    if (r.forfeit != w["forfeit"].get<bool>())
        return differs("forfeit", r.forfeit ? "true" : "false", w["forfeit"].dump());
    return std::nullopt;
}

// `side`: the side the record names (the command names the proposed one).
Check forfeitCheck(const Impl& s, std::optional<Color> side) {
    if (!inPlay(s) || !s.irregular.forfeit_proposed)
        return Refusal{"", i18n::N_("no forfeit for late arrival is proposed (CLK-08)")};
    if (side && side != s.irregular.forfeit_proposed)
        return differs("side", fmt::format("\"{}\"", colorName(*side)),
                       fmt::format("\"{}\" (the side proposed)", colorName(*s.irregular.forfeit_proposed)));
    return std::nullopt;
}

Outcome forfeit(Impl& s, const cmd::ArbiterForfeit& c, TimePoint now) {
    if (auto refused = forfeitCheck(s, std::nullopt)) return s.refuse("forfeit", refused->why, now);
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

Applied on(Impl& s, const rec::Arrival& r, TimePoint t) {
    if (auto refused = arrivalCheck(s, r, t)) return refusedRecord("arrival", *refused);
    const Color side = r.side;
    s.irregular.arrived[side] = true;
    const Ms late = r.late, allowed = r.allowed;
    const std::string& article = r.article;
    if (!r.forfeit) {
        s.notice(
            fmt::format(i18n::N_("{} arrived {} after the start, within the default time {} ({}): play on; "
                                 "his clock ran from the start"),
                        colorName(side), minutes(late), minutes(allowed), article));
        return {};
    }
    if (s.irregular.forfeit_proposed) {
        s.irregular.forfeit_proposed.reset();
        s.notice(fmt::format(i18n::N_("{} also arrived after the default time ({}): both late, the arbiter "
                                      "decides (arbiter result)"),
                             colorName(side), article));
        return {};
    }
    s.irregular.forfeit_proposed = side;
    s.notice(fmt::format(
        i18n::N_("forfeit proposed: {} arrived {} after the start, beyond the default time {} ({}): "
                 "{}; the arbiter confirms (arbiter forfeit confirm) or decides otherwise (arbiter "
                 "forfeit overrule)"),
        colorName(side), minutes(late), minutes(allowed), article, side == Color::White ? "0F-1F" : "1F-0F"));
    return {};
}

Applied on(Impl& s, const rec::Forfeit& r, TimePoint t) {
    if (auto refused = forfeitCheck(s, r.side)) return refusedRecord("forfeit", *refused);
    const Color side = r.side;
    s.irregular.forfeit_proposed.reset();
    if (!r.confirm) {
        s.notice(
            fmt::format(i18n::N_("the arbiter decided otherwise: {} does not lose for late arrival; play "
                                 "continues"),
                        colorName(side)));
        return {};
    }
    // A default is scored as a win (E2023 10.1; shown 1F-0F in the pairing results).
    s.endGame(side == Color::White ? "0-1" : "1-0",
              fmt::format(i18n::N_("forfeit for late arrival ({}, {})"),
                          s.setup.edition == rules::Edition::E2005 ? "Art. 6.7" : "Art. 6.7.1",
                          side == Color::White ? "0F-1F" : "1F-0F"),
              t);
    return {};
}

}  // namespace oc::session
