// The electronic board (issue 24): what the console's "eboard" records say against the game's own
// records. A computer move is never to be made or its clock pressed while the board showed something
// else (E.III 1.4: the operator executes the computer's move as given), and a clock synced from the
// board must carry the reading the board gave (E.III 1.1: the table clock is authoritative).
#include <fmt/format.h>

#include <cctype>

#include "checks.hpp"
#include "i18n/mark.hpp"

namespace oc::audit::detail {
namespace {

constexpr std::size_t kNone = static_cast<std::size_t>(-1);

struct BoardWalk {
    bool connected = false;
    std::size_t differs = kNone;  // the board's standing difference while connected
    std::size_t reading = kNone;  // a reading given just before a sync
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
        f.note(i, fmt::format(i18n::N_("#{} e-board connected on {}: serial {}, version {}"), i,
                              p.value("port", ""), p.value("serial", ""), p.value("version", "")));
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
void boardMove(std::size_t i, const json& p, rules::Color mover, Findings& f) {
    const std::string uci = p.value("uci", ""), fen = p.value("fen", "");
    if (uci.size() < 4 || fen.empty()) return;
    const char from = pieceAt(fen, uci.substr(0, 2)), to = pieceAt(fen, uci.substr(2, 2));
    if (from == '?' || to == '?') return;
    const bool own =
        to != ' ' && (std::isupper(static_cast<unsigned char>(to)) != 0) == (mover == rules::Color::White);
    const bool promoted = uci.size() < 5 || std::tolower(static_cast<unsigned char>(to)) == uci[4];
    if (from == ' ' && own && promoted) return;
    f.breach(i,
             fmt::format(i18n::N_("record #{}: the e-board's record says {} ({}), but the position it gives "
                                  "does not show that move ({}): the move was not read from the board "
                                  "(E.III 1.4)"),
                         i, uci, p.value("event", ""), fen));
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
    if (event == "human_move") boardMove(i, p, tl.human(), f);
    if (event == "made") boardMove(i, p, tl.computer, f);
    w.reading = event == "reading" ? i : kNone;
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
        // A new move to watch for: the board is judged afresh (a difference on the human's side is his own).
        if (type == "human_move" || type == "engine_move") w.differs = kNone;
        if (type == "made" || type == "pressed") computerStep(ctx.tl, i, w, f);
        w.reading = kNone;
    }
    Check c = f.finish(
        {"eboard", "E.III 1.1, 1.4", i18n::N_("The electronic board agreed with the game"), {}, {}, {}, {}},
        w.records > 0,
        w.records > 0
            ? fmt::format(i18n::N_("{} e-board records: connected {} times, lost {} times, {} "
                                   "differences, {} commands from the board; no computer move "
                                   "made while the board differed, listed below; {} presses that "
                                   "completed no move"),
                          w.records, w.connects, w.losses, w.differences, w.from_board, w.stray_presses)
            : i18n::N_("no electronic board"));
    c.listed = w.records > 0;
    return c;
}

}  // namespace oc::audit::detail
