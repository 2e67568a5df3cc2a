// E.III 1.3 / 1.4: the human's moves were recorded as the operator entered them, and the computer's as
// the engine gave them (its own `bestmove` line) and as they were executed on the board.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <optional>
#include <sstream>
#include <utility>

#include "checks.hpp"
#include "i18n/mark.hpp"
#include "rules/game.hpp"
#include "rules/notation.hpp"

namespace oc::audit::detail {
namespace {

struct MoveWalk {
    rules::Game game;
    rules::Language lang = rules::Language::En;
    std::string bestmove;  // the engine's own word for the current search
    std::string pv_head;   // the first move of the last main-line `info ... pv` of the search on the wire
    std::string shown;     // the computer's move shown to the operator
    bool lost = false;     // the position could not be followed (then no more move checks)
    bool shown_checked = false;  // the move shown was compared with the engine's bestmove line
    // Moves read back, computer moves executed, and of those the ones checked against bestmove: one set
    // counted twice, so "43 executed, 44 checked" cannot be (issue 23: a move shown, then taken back).
    int human = 0, computer = 0, confirmed = 0;
    // Moves shown with no bestmove line of the engine before them, in a journal whose engine lines name
    // its moves (a UCI engine: the built-in one writes none): their search's lines are missing.
    std::optional<std::size_t> unconfirmed;
    bool named_moves = false;
    bool weakened = false;   // the engine picks its move after its last analysis line (weakened play)
    bool stockfish = false;  // the engine's handshake names Stockfish, whose bestmove follows its last pv
    std::optional<std::size_t> ponder_start;  // the last ponder search's ponder_start record
    rules::Color computer_side = rules::Color::Black;
};

bool play(MoveWalk& w, const std::string& uci) {
    auto m = rules::parseUci(w.game.current(), uci);
    if (!m || !w.game.play(*m)) return false;
    return true;
}

void follow(MoveWalk& w, std::size_t i, const std::string& uci, Findings& f) {
    if (w.lost || play(w, uci)) return;
    w.lost = true;
    f.note(i, fmt::format(
                  i18n::N_("#{}: {} cannot be played in the position followed so far; later moves are not "
                           "compared"),
                  i, uci));
}

// E.III 1.3: the text the operator typed, read in the event's notation, is the move recorded. A corrected
// entry (E.III 2.3) is read back too, but it replaces a move: it is not one more.
void humanEntry(MoveWalk& w, std::size_t i, const json& p, Findings& f, bool correction = false) {
    std::string text = p.value("text", ""), uci = p.value("uci", "");
    if (!correction) ++w.human;
    if (w.lost) return;
    // E.III 1.4: the computer's moves come from its engine, never from the operator's keyboard.
    if (w.game.current().sideToMove() == w.computer_side)
        return f.breach(i,
                        fmt::format(i18n::N_("record #{}: the human's move {} was entered for the computer's "
                                             "side: a computer move that no search of the engine gave "
                                             "(E.III 1.4)"),
                                    i, uci));
    auto parsed = rules::parseMoveText(w.game.current(), text, w.lang);
    if (!parsed || rules::toUci(parsed->move) != uci)
        f.breach(i, fmt::format(
                        i18n::N_("record #{}: the operator entered \"{}\" but {} was recorded (E.III 1.3)"),
                        i, text, uci));
}

// E.III 1.4: the move executed is the move the engine gave. One executed with no move shown before it
// (no engine_move, no envelope opened) had its search taken out of the journal.
void executed(MoveWalk& w, std::size_t i, const json& p, Findings& f) {
    std::string uci = p.value("uci", "");
    ++w.computer;
    if (std::exchange(w.shown_checked, false)) ++w.confirmed;
    if (w.shown.empty() && !w.lost)
        return f.breach(i, fmt::format(i18n::N_("record #{}: {} was executed on the board as the computer's "
                                                "move, but no move of the engine was shown before it: its "
                                                "search is missing from the journal (E.III 1.4)"),
                                       i, uci));
    if (p.value("breach", false) || (!w.shown.empty() && uci != w.shown))
        f.breach(i,
                 fmt::format(i18n::N_("record #{}: {} was executed on the board instead of the engine's {} "
                                      "(E.III 1.4)"),
                             i, uci, w.shown.empty() ? std::string(i18n::N_("move")) : w.shown));
    w.shown.clear();
}

void engineMove(MoveWalk& w, std::size_t i, const json& p, Findings& f) {
    w.shown = p.value("uci", "");
    w.shown_checked = !w.bestmove.empty();
    if (w.bestmove.empty() && !w.unconfirmed) w.unconfirmed = i;
    if (w.bestmove.empty()) return;
    if (w.bestmove != w.shown)
        f.breach(i,
                 fmt::format(i18n::N_("record #{}: {} was shown as the computer's move, but the engine said "
                                      "bestmove {} (E.III 1.4)"),
                             i, w.shown, w.bestmove));
}

// The first move of an engine's `info ... pv` line of its main line (multipv 1); "" for another line, or a
// move withheld while the computer seals (CMP-3.5).
std::string pvHead(std::string_view line) {
    if (line.rfind("< info ", 0) != 0) return "";
    std::istringstream in{std::string(line.substr(7))};
    for (std::string word, value; in >> word;) {
        if (word == "string") return "";
        if (word == "multipv" && in >> value && value != "1") return "";
        if (word == "pv") return in >> value && value.front() != '(' ? value : "";
    }
    return "";
}

// E.III 1.4: Stockfish's bestmove is the first move of the line it reported last (it prints its main line
// before it answers, and repeats it when another thread's line is chosen). A bestmove that is not is no
// longer the engine's word, though the records were edited to match it. Other engines are not held to it.
void bestmoveLine(MoveWalk& w, std::size_t i, std::string_view line, Findings& f) {
    w.named_moves = true;
    std::string_view rest = line.substr(11);
    w.bestmove = std::string(rest.substr(0, rest.find(' ')));
    const std::string pv = std::exchange(w.pv_head, "");
    if (w.weakened || !w.stockfish || pv.empty() || w.bestmove.empty() || w.bestmove.front() == '(' ||
        pv == w.bestmove)
        return;
    f.breach(i, fmt::format(i18n::N_("record #{}: the engine's line says \"bestmove {}\", but the last line "
                                     "of that search's analysis (info ... pv) begins with {}: the bestmove "
                                     "line was edited (E.III 1.4)"),
                            i, w.bestmove, pv));
}

// "# started /usr/games/stockfish (pid 25028)": the program's file name says stockfish.
bool startedStockfish(std::string_view line) {
    std::string_view command = line.substr(std::strlen("# started "));
    command = command.substr(0, command.find(" (pid "));
    const std::size_t slash = command.rfind('/');
    std::string name(slash == std::string_view::npos ? command : command.substr(slash + 1));
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return name.find("stockfish") != std::string::npos;
}

void engineLines(MoveWalk& w, const Timeline& tl, std::size_t i, Findings& f) {
    for (std::string_view line : tl.lines(i)) {
        if (line == "> go" || line.rfind("> go ", 0) == 0 || line.rfind("# started ", 0) == 0)
            w.pv_head.clear();
        if (std::string head = pvHead(line); !head.empty()) w.pv_head = std::move(head);
        // Named by its handshake, or started from a program called stockfish: renaming the engine in its
        // id line alone does not lift the rule (a red team's forgery, issue 37).
        if (line.rfind("# started ", 0) == 0) w.stockfish = startedStockfish(line);
        if (line.rfind("< id name ", 0) == 0 && line.find("Stockfish") != std::string_view::npos)
            w.stockfish = true;
        if (line.rfind("< bestmove ", 0) == 0) bestmoveLine(w, i, line, f);
    }
}

// A ponder hit turns the ponder search into the computer's own search: only when the human played the
// very reply that search was started on (its ponder_start's "expected"), which the game must show too.
// A miss written as a hit would give the computer a move searched in a position the game never had.
void ponderHit(const Timeline& tl, MoveWalk& w, std::size_t i, const json& p, Findings& f) {
    const std::string uci = p.value("uci", "");
    const json* start = w.ponder_start ? &tl.at(*w.ponder_start).payload : nullptr;
    if (!start || start->value("search", json()) != p.value("ponder_search", json()))
        return f.breach(i, fmt::format(i18n::N_("record #{}: a ponder hit on {} without the ponder search it "
                                                "names (E.III 1.4)"),
                                       i, uci));
    const std::string expected = start->value("expected", "");
    if (uci != expected)
        return f.breach(i, fmt::format(i18n::N_("record #{}: a ponder hit on {}, but the ponder search "
                                                "started at record #{} was on {}: the engine searched a "
                                                "position the game never had (E.III 1.4)"),
                                       i, uci, *w.ponder_start, expected));
    const auto& moves = w.game.moves();
    if (!w.lost && (moves.empty() || rules::toUci(moves.back()) != uci))
        f.breach(i, fmt::format(i18n::N_("record #{}: a ponder hit on {}, but the move played was {} "
                                         "(E.III 1.4)"),
                                i, uci, moves.empty() ? std::string("-") : rules::toUci(moves.back())));
}

// The sealed move stands for the engine's move shown: opened at resumption, or executed on the board
// after the seal request (Guidelines I.1.1: then it is the sealed move).
void sealedMoveShown(MoveWalk& w, const journal::Record& r) {
    const json& p = r.payload;
    if (r.type == "resume" && p.contains("opened")) w.shown = p.value("opened", "");
    if (r.type == "sealed" && p.value("on_board", false) && p.contains("uci") && p["uci"].is_string())
        w.shown = p["uci"].get<std::string>();
}

void undoTo(MoveWalk& w, int plies) {
    while (static_cast<int>(w.game.plies()) > plies && w.game.undo()) {
    }
}

void step(const Timeline& tl, MoveWalk& w, std::size_t i, Findings& f) {
    const auto& r = tl.at(i);
    const json& p = r.payload;
    if (r.type == "go" || r.type == "ponder_hit") w.bestmove.clear();
    if (r.type == "ponder_start") w.ponder_start = i;
    if (r.type == "ponder_hit") ponderHit(tl, w, i, p, f);
    if (r.type == "engine_io") engineLines(w, tl, i, f);
    if (r.type == "engine_move") engineMove(w, i, p, f);
    sealedMoveShown(w, r);
    if (r.type == "human_move") humanEntry(w, i, p, f);
    if (r.type == "correct") {
        undoTo(w, tl.ply_before[i] - 1);
        humanEntry(w, i, p, f, true);
        follow(w, i, p.value("uci", ""), f);
    }
    if (r.type == "made") executed(w, i, p, f);
    if (r.type == "illegal") undoTo(w, tl.ply_before[i + 1 < tl.size() ? i + 1 : i]);
    bool adds = i + 1 < tl.size() ? tl.ply_before[i + 1] > tl.ply_before[i] : false;
    if (!adds) return;
    std::string uci = r.type == "claim" ? p.value("intended", "") : p.value("uci", "");
    follow(w, i, uci, f);
}

// "60 executed, 59 checked" is never ok: a move shown without its bestmove line could not be compared
// with the engine's word (its search's lines are missing: the no-forced-move check names the gap).
Check unconfirmed(const MoveWalk& w, Check c) {
    if (c.verdict != Verdict::Ok || !w.unconfirmed || !w.named_moves) return c;
    c.verdict = Verdict::NotChecked;
    c.evidence =
        fmt::format(i18n::N_("not checked: {} computer moves executed, {} of them checked against the "
                             "engine's own bestmove line; the move shown at record #{} has no "
                             "bestmove line of the engine before it"),
                    w.computer, w.confirmed, *w.unconfirmed);
    c.records.insert(c.records.begin(), *w.unconfirmed);
    return c;
}

// A weakened engine (Stockfish's Skill Level below 20, UCI_LimitStrength) swaps a weaker move in after
// it printed its last line: its bestmove is then no first move of a pv, and is not compared with one.
bool weakened(const event::EngineSettings& engine) {
    for (const auto& [name, value] : engine.options) {
        std::string lower(name);
        std::transform(lower.begin(), lower.end(), lower.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        if ((lower == "skill level" && value != "20") || (lower == "uci_limitstrength" && value == "true"))
            return true;
    }
    return false;
}

}  // namespace

Check checkMovesRecorded(const Context& ctx) {
    Findings f;
    MoveWalk w;
    w.weakened = weakened(ctx.tl.setup.engine);
    if (w.weakened)
        f.note(0,
               i18n::N_("the engine plays weakened (Skill Level, UCI_LimitStrength): its bestmove lines are "
                        "not compared with its last analysis lines"));
    w.game = rules::Game(rules::Position::startpos(), ctx.tl.setup.edition);
    w.computer_side = ctx.tl.computer;
    w.lang = rules::parseLanguage(ctx.tl.setup.language).value_or(rules::Language::En);
    for (std::size_t i = 0; i < ctx.tl.size(); ++i) step(ctx.tl, w, i, f);
    ctx.addEngineFindings("moves-recorded", f);
    std::string summary = fmt::format(
        i18n::N_(
            "{} human moves read back as entered; {} computer moves executed as shown, {} of them checked "
            "against the engine's own bestmove line"),
        w.human, w.computer, w.confirmed);
    return unconfirmed(w, f.finish({"moves-recorded",
                                    "E.III 1.3, 1.4",
                                    i18n::N_("Moves recorded as entered and as the engine gave them"),
                                    {},
                                    {},
                                    {},
                                    {}},
                                   w.human + w.computer > 0, summary));
}

}  // namespace oc::audit::detail
