// The electronic board (issue 24): what the console's "eboard" records say against the game's own
// records. A computer move is never to be made or its clock pressed while the board showed something
// else (E.III 1.4: the operator executes the computer's move as given), and a clock synced from the
// board must carry the reading the board gave (E.III 1.1: the table clock is authoritative).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <utility>

#include "checks.hpp"
#include "i18n/mark.hpp"
#include "rules/position.hpp"

namespace oc::audit::detail {
namespace {

constexpr std::size_t kNone = static_cast<std::size_t>(-1);

struct BoardWalk {
    bool connected = false;
    std::size_t differs = kNone;     // the board's standing difference while connected
    std::size_t reading = kNone;     // a reading given just before a sync
    std::size_t board_move = kNone;  // the board's human_move not yet entered in the game
    std::string typed;               // the move a typed_override entered instead of the board's
    std::string shown;               // the computer's move last shown (engine_move)
    // The game's position at the last e-board record, and the one before it that differed: the board's
    // thread may judge a picture by a view of the game one frame old (a move entered just before).
    std::string game_fen, earlier_fen;
    int records = 0, connects = 0, losses = 0, differences = 0, from_board = 0, stray_presses = 0;
};

std::string squaresOf(const json& p) {
    std::string out;
    if (p.contains("squares") && p["squares"].is_array())
        for (const json& s : p["squares"])
            if (s.is_string()) out += (out.empty() ? "" : ", ") + s.get<std::string>();
    return out;
}

// The link: who the board is, and when it went.
bool linkRecord(const std::string& event, std::size_t i, const json& p, BoardWalk& w, Findings& f) {
    if (event == "connected") {
        ++w.connects;
        w.connected = true;
        // A board that names no version (through LiveChess) shows "-", as on the status line.
        const std::string version = p.value("version", "");
        f.note(i, fmt::format(i18n::N_("#{} e-board connected on {}: serial {}, version {}"), i,
                              p.value("port", ""), p.value("serial", ""), version.empty() ? "-" : version));
    } else if (event == "lost") {
        ++w.losses;
        w.connected = false;
        w.differs = kNone;  // what the board shows is unknown until it is back
        f.note(i, fmt::format(i18n::N_("#{} e-board lost: {}"), i, p.value("reason", "")));
    } else if (event == "orientation" && p.value("turned", false)) {
        f.note(i, fmt::format(i18n::N_("#{} the board stands turned (Black's side by the cable): its squares "
                                       "were read as the game sees them"),
                              i));
    } else {
        return false;
    }
    return true;
}

// What the board showed against the game: a difference, and its end. Since issue 34 the board's "made"
// is the one record of the computer's move on the board, so it ends a difference too.
bool pictureRecord(const std::string& event, std::size_t i, const json& p, BoardWalk& w, Findings& f) {
    if (event == "differs") {
        ++w.differences;
        w.differs = i;
        f.note(i, fmt::format(i18n::N_("#{} the board differed from the game: {}"), i, squaresOf(p)));
        return true;
    }
    if (event != "matches" && event != "computer_move_on_board" && event != "made") return false;
    if (w.differs != kNone) f.note(i, fmt::format(i18n::N_("#{} the board was put right"), i));
    w.differs = kNone;
    if (event == "made") ++w.from_board;
    return true;
}

// Art. 7.5: the human's press that completed no move is the arbiter's matter; the console entered nothing
// and held the clock's syncs.
void strayPress(std::size_t i, const json& p, BoardWalk& w, Findings& f) {
    ++w.stray_presses;
    if (p.value("board", "") == "no-move")
        return f.note(
            i, fmt::format(i18n::N_("#{} the human pressed the clock without making a move (Art. 7.5)"), i));
    const std::string squares = squaresOf(p);
    f.note(i, fmt::format(i18n::N_("#{} the human pressed the clock with no legal move on the board ({}{}) "
                                   "(Art. 7.5)"),
                          i, p.value("move", ""), squares.empty() ? "" : ": " + squares));
}

// The piece on `square` ("e4") in a FEN's placement field; ' ' for an empty square, '?' when unreadable.
char pieceAt(const std::string& fen, const std::string& square) {
    if (square.size() != 2 || square[0] < 'a' || square[0] > 'h' || square[1] < '1' || square[1] > '8')
        return '?';
    const int wanted = ('8' - square[1]) * 8 + (square[0] - 'a');  // FEN order: a8 first, h1 last
    int at = 0;
    for (char c : fen.substr(0, fen.find(' '))) {
        if (c == '/') continue;
        const bool empty = c >= '1' && c <= '8';  // a run of empty squares
        const int width = empty ? c - '0' : 1;
        if (wanted < at + width) return empty ? ' ' : c;
        at += width;
    }
    return '?';
}

// E.III 1.4: the board's move (the human's, or the computer's made on it) is read from the picture the
// record holds, after the move: there its square of departure is empty and its destination holds the
// mover's piece (the promoted one). A picture that does not show the move is no board's word for it.
// `lifted`: the destination may be empty too (a press's picture, taken as the human lifts the piece he
// captures).
void boardMove(std::size_t i, const json& p, rules::Color mover, Findings& f, bool lifted = false) {
    const std::string uci = p.value("uci", ""), fen = p.value("fen", "");
    if (uci.size() < 4 || fen.empty()) return;
    const char from = pieceAt(fen, uci.substr(0, 2)), to = pieceAt(fen, uci.substr(2, 2));
    if (from == '?' || to == '?') return;
    const bool own =
        to != ' ' && (std::isupper(static_cast<unsigned char>(to)) != 0) == (mover == rules::Color::White);
    const bool promoted = uci.size() < 5 || std::tolower(static_cast<unsigned char>(to)) == uci[4];
    if (from == ' ' && ((own && promoted) || (lifted && to == ' '))) return;
    f.breach(i,
             fmt::format(i18n::N_("record #{}: the e-board's record says {} ({}), but the position it gives "
                                  "does not show that move ({}): the move was not read from the board "
                                  "(E.III 1.4)"),
                         i, uci, p.value("event", ""), fen));
}

std::string placementOf(const std::string& fen) {
    return fen.substr(0, fen.find(' '));
}

// The game's placement after the board's move `uci` from `before` ("" when the move is no legal move).
std::string placementAfter(const rules::Position& before, const std::string& uci) {
    auto m = rules::parseUci(before, uci);
    return m ? placementOf(before.play(*m).fen()) : std::string();
}

// The game's position just before record `i` (as the replay passed it) into `w`; nullopt when unknown.
std::optional<rules::Position> gameBefore(const Timeline& tl, std::size_t i, BoardWalk& w) {
    const Before* b = beforeRecord(tl, i);
    if (!b || b->fen.empty()) return std::nullopt;
    if (placementOf(b->fen) != w.game_fen) {
        w.earlier_fen = std::exchange(w.game_fen, placementOf(b->fen));
    }
    auto pos = rules::Position::fromFen(b->fen);
    return pos ? std::optional<rules::Position>(*pos) : std::nullopt;
}

// A board that matches the game shows its position, or the one a move earlier (the board's thread judged
// by a view a frame old), or the position one move on: the computer's move shown and made on the board
// before the operator said so, or the human's move typed ahead and held for his press.
bool matchesGame(const rules::Position& before, const std::string& fen, const BoardWalk& w) {
    if (fen == w.game_fen || fen == w.earlier_fen) return true;
    const rules::MoveList moves = before.legalMoves();
    return std::any_of(moves.begin(), moves.end(),
                       [&](const rules::Move& m) { return placementOf(before.play(m).fen()) == fen; });
}

// E.III 1.4: a picture the board's record gives is every square of the game's position: after the move
// it reports (human_move, and made: the computer's move shown when an older console did not name it), or
// as it stands (matches; the board's thread may have judged it by the game one move earlier). A record
// whose picture is another position is no board's word. (A press's picture may already show the human
// lifting his next piece: boardMove judges it by the computer's move alone.)
void boardPicture(const Timeline& tl, std::size_t i, const json& p, BoardWalk& w, Findings& f) {
    const std::string event = p.value("event", ""), fen = placementOf(p.value("fen", ""));
    const bool moves = event == "human_move" || event == "made";
    if (fen.empty() || (!moves && event != "matches")) return;
    auto before = gameBefore(tl, i, w);
    if (!before) return;
    const std::string uci = event == "made" ? p.value("uci", w.shown) : p.value("uci", "");
    const std::string expected = moves ? placementAfter(*before, uci) : w.game_fen;
    if (fen == expected || (!moves && matchesGame(*before, fen, w))) return;
    f.breach(i, fmt::format(i18n::N_("record #{}: the e-board's record ({}) gives the position {}, but the "
                                     "game's position there is {}: the record does not come from this "
                                     "game's board (E.III 1.4)"),
                            i, event, fen, expected.empty() ? before->fen() : expected));
}

// E.III 1.4: the human's move the game records is the one the board read, unless the operator typed
// another and confirmed it (a typed_override record says so).
void enteredMove(std::size_t i, const json& p, BoardWalk& w, const Timeline& tl, Findings& f) {
    const std::string uci = p.value("uci", "");
    if (w.board_move != kNone && w.typed != uci) {
        const std::string board = tl.at(w.board_move).payload.value("uci", "");
        if (board != uci)
            f.breach(i,
                     fmt::format(i18n::N_("record #{}: the human's move was entered as {}, but the e-board "
                                          "read {} (record #{}) and no typed override was confirmed "
                                          "(E.III 1.4)"),
                                 i, uci, board, w.board_move));
    }
    w.board_move = kNone;
    w.typed.clear();
}

// What the human and the operator did that the arbiter may want to see.
bool peopleRecord(const std::string& event, std::size_t i, const json& p, BoardWalk& w, Findings& f) {
    if (event == "press_without_move") {
        strayPress(i, p, w, f);
    } else if (event == "press_override") {
        f.note(i, fmt::format(i18n::N_("#{} the operator entered {} without the human's press of the clock"),
                              i, p.value("text", "")));
    } else if (event == "typed_override") {
        // Typing always wins (issue 24); the operator was asked first and confirmed.
        w.typed = p.value("uci", "");
        f.note(i, fmt::format(i18n::N_("#{} the operator entered {} as typed although the e-board showed {}"),
                              i, p.value("uci", ""), p.value("board_uci", p.value("board", ""))));
    } else if (event == "human_move" && p.value("rook_first", false)) {
        ++w.from_board;
        f.note(i, fmt::format(i18n::N_("#{} the human castled ({}) after moving the rook first (Art. 4.4.2; "
                                       "2005: 4.4(b)): the arbiter's, if it was claimed"),
                              i, p.value("uci", "")));
    } else {
        return false;
    }
    return true;
}

void boardRecord(const Timeline& tl, std::size_t i, BoardWalk& w, Findings& f) {
    const json& p = tl.at(i).payload;
    const std::string event = p.value("event", "");
    ++w.records;
    const bool known =
        linkRecord(event, i, p, w, f) || pictureRecord(event, i, p, w, f) || peopleRecord(event, i, p, w, f);
    if (!known && (event == "human_move" || event == "pressed")) ++w.from_board;
    const std::size_t breaches = f.breaches.size();
    if (event == "human_move") boardMove(i, p, tl.human(), f);
    if (event == "made") boardMove(i, p, tl.computer, f);
    if (event == "pressed" && !w.shown.empty())
        boardMove(i, {{"uci", w.shown}, {"fen", p.value("fen", "")}, {"event", event}}, tl.computer, f, true);
    if (f.breaches.size() == breaches) boardPicture(tl, i, p, w, f);  // one finding per record
    if (event == "human_move") w.board_move = i;
    w.reading = event == "reading" ? i : kNone;
}

// Records that say nothing of the board or the clocks: a reading stays the one a sync must carry across
// them (a forged refusal between a reading and its sync must not hide the sync's figures).
bool between(const std::string& type) {
    return type == "refused" || type == "note" || type == "engine_io";
}

// A sync right after the board's reading must be that reading.
void syncRecord(const Timeline& tl, std::size_t i, const BoardWalk& w, Findings& f) {
    if (w.reading == kNone) return;
    const json& r = tl.at(w.reading).payload;
    const json& s = tl.at(i).payload;
    const bool same = s.value("white", json()) == r.value("white_ms", json()) &&
                      s.value("black", json()) == r.value("black_ms", json());
    if (!same)
        f.breach(i,
                 fmt::format(i18n::N_("record #{}: the clock was synced to {} / {}, but the e-board's "
                                      "reading (record #{}) was {} / {} (E.III 1.1)"),
                             i, s.value("white", json()).dump(), s.value("black", json()).dump(), w.reading,
                             r.value("white_ms", json()).dump(), r.value("black_ms", json()).dump()));
}

void computerStep(const Timeline& tl, std::size_t i, const BoardWalk& w, Findings& f) {
    if (!w.connected || w.differs == kNone) return;
    f.breach(i,
             fmt::format(i18n::N_("record #{}: the computer's move was {} while the e-board showed "
                                  "something else (record #{}: {}) (E.III 1.4)"),
                         i, tl.at(i).type == "made" ? i18n::N_("made") : i18n::N_("completed by the clock"),
                         w.differs, squaresOf(tl.at(w.differs).payload)));
}

}  // namespace

Check checkEboard(const Context& ctx) {
    Findings f;
    BoardWalk w;
    for (std::size_t i = 0; i < ctx.tl.size(); ++i) {
        const std::string& type = ctx.tl.at(i).type;
        if (type == "eboard") {
            boardRecord(ctx.tl, i, w, f);
            continue;
        }
        if (type == "sync") syncRecord(ctx.tl, i, w, f);
        if (type == "human_move") enteredMove(i, ctx.tl.at(i).payload, w, ctx.tl, f);
        // A new move to watch for: the board is judged afresh (a difference on the human's side is his own).
        if (type == "human_move" || type == "engine_move") w.differs = kNone;
        if (type == "engine_move") {
            w.board_move = kNone;  // a board's move read after it was typed
            w.shown = ctx.tl.at(i).payload.value("uci", "");
        }
        if (type == "made" || type == "pressed") computerStep(ctx.tl, i, w, f);
        if (!between(type)) w.reading = kNone;
    }
    Check c = f.finish(
        {"eboard", "E.III 1.1, 1.4", i18n::N_("The electronic board agreed with the game"), {}, {}, {}, {}},
        w.records > 0,
        w.records > 0
            ? fmt::format(i18n::N_("e-board records: {}; connected: {}, lost: {}, differences: {}, "
                                   "commands from the board: {}; no computer move made while the board "
                                   "differed, listed below; presses that completed no move: {}"),
                          w.records, w.connects, w.losses, w.differences, w.from_board, w.stray_presses)
            : i18n::N_("no electronic board"));
    c.listed = w.records > 0;
    return c;
}

}  // namespace oc::audit::detail
