// Every engine line against the game (issue 23 item 2): the `position` sent equals the game the session
// rebuilt, each `go` gives the times the budget rule gives (recomputed by the session's own code at the
// record's time), a `setoption` after the start is a permitted module change the engine asked for, each
// search has its engine I/O, and nothing is searched while the game is adjourned.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <utility>

#include "checks.hpp"
#include "i18n/mark.hpp"
#include "older_consoles.hpp"

namespace oc::audit::detail {
namespace {

// The go values are the session's own figures from the same record times: equal to the millisecond.
constexpr std::int64_t kGoToleranceMs = 0;

std::vector<std::string> words(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

// "> position startpos moves e2e4 e7e5" -> {e2e4, e7e5}; nullopt for any other position (a FEN: the
// console always sends the game from the start, so that the engine sees the repetition history).
std::optional<std::vector<std::string>> positionMoves(const std::string& line) {
    auto w = words(line);
    if (w.size() < 3 || w[2] != "startpos") return std::nullopt;
    if (w.size() == 3) return std::vector<std::string>{};
    if (w[3] != "moves") return std::nullopt;
    return std::vector<std::string>(w.begin() + 4, w.end());
}

std::string movesText(const std::vector<std::string>& moves) {
    if (moves.empty()) return "startpos";
    const std::size_t from = moves.size() > 4 ? moves.size() - 4 : 0;
    std::string tail =
        fmt::format("{}", fmt::join(moves.begin() + static_cast<std::ptrdiff_t>(from), moves.end(), " "));
    return from > 0 ? "... " + tail : tail;
}

// The go figures a search was given, from its record or from its `> go` line.
struct GoFigures {
    std::int64_t wtime = 0, btime = 0, winc = 0, binc = 0, movestogo = 0;
};

GoFigures recordFigures(const json& p) {
    return {p.value("wtime", std::int64_t{0}), p.value("btime", std::int64_t{0}),
            p.value("winc", std::int64_t{0}), p.value("binc", std::int64_t{0}),
            p.value("movestogo", std::int64_t{0})};
}

// "> go ponder wtime 1 btime 2 winc 3 binc 4 movestogo 5": nullopt when it names no clock (go nodes N).
std::optional<GoFigures> lineFigures(const std::string& line) {
    auto w = words(line);
    GoFigures g;
    bool timed = false;
    for (std::size_t k = 2; k + 1 < w.size(); ++k) {
        std::int64_t* field = w[k] == "wtime"       ? &g.wtime
                              : w[k] == "btime"     ? &g.btime
                              : w[k] == "winc"      ? &g.winc
                              : w[k] == "binc"      ? &g.binc
                              : w[k] == "movestogo" ? &g.movestogo
                                                    : nullptr;
        if (!field) continue;
        *field = static_cast<std::int64_t>(std::strtoll(w[k + 1].c_str(), nullptr, 10));
        timed = timed || w[k] == "wtime" || w[k] == "btime";
    }
    if (!timed) return std::nullopt;
    return g;
}

// What a `go` line names: the clocks (the console's go, engine_bridge formatGo), a node count or nothing
// (simulated time: operator-cli play's fixed node count, the built-in fake engine's bare go), or a word
// the console never sends (movetime, depth, infinite, mate, searchmoves...).
struct GoShape {
    bool clocks = false;
    std::string foreign;  // the first word the console never sends
};

GoShape goShape(const std::string& line) {
    static const std::vector<std::string> kFigures{"wtime", "btime", "winc", "binc", "movestogo", "nodes"};
    auto w = words(line);
    GoShape shape;
    for (std::size_t k = 2; k < w.size() && shape.foreign.empty(); ++k) {
        if (w[k] == "ponder") continue;
        const bool figure = std::find(kFigures.begin(), kFigures.end(), w[k]) != kFigures.end();
        if (!figure || k + 1 == w.size()) shape.foreign = w[k];
        shape.clocks = shape.clocks || w[k] == "wtime" || w[k] == "btime";
        ++k;  // the figure's value
    }
    return shape;
}

struct LineWalk {
    std::vector<const SearchStart*> window;  // searches started and not yet answered
    std::size_t next = 0;                    // the first of them whose `> go` is not yet read
    bool started = false, handshake = false, adjourned = false;
    std::int64_t waited_ms = 0;  // "# go waited N ms": the next go's deduction (the bridge's note)
    std::size_t adjourned_reported = static_cast<std::size_t>(-1);    // the record already reported
    std::vector<std::pair<std::string, std::string>> module_changes;  // carried out, not yet sent
    std::vector<std::pair<std::string, std::string>> carried_out;     // every module change so far
    bool after_started_note = false;  // the line before was the bridge's "# started ..." note
    bool searched = false;            // a search was started: the engine's first handshake is over
    bool on_wire = false;             // a `go` was sent and not yet answered in these lines
    std::string program;              // the program writing these lines (the header's, a resume's)
    std::optional<bool> simulated;    // its go lines name no clocks: decided by its first go
    bool wait_explained = false;      // since the last go, the wire shows what a go may wait for
    bool went = false;                // a `> go` was on the wire: the engine that plays is started
    // The node count of this run's first go that names one, and that go's record: operator-cli play gives
    // every search of one run the same count (its --engine-nodes).
    std::optional<std::pair<std::string, std::size_t>> nodes;
    // The handshake's findings until the first `> go`: an engine started again before it (the operator
    // changed the setup: the console restarts the engine with it) replaces the one that never searched,
    // and its findings with it.
    std::vector<LineFinding> before_game;
    // The options sent since the last "> uci" before the first `> go`, and the record of that "> uci":
    // the engine that plays must have been sent every setting of the setup, so that a restart journaled
    // before the game cannot stand in for the handshake whose findings it replaces.
    std::vector<std::string> sent_to_player;
    std::optional<std::size_t> player_uci;
    bool player_offers_ponder = false;  // its "< option name Ponder ...": only then is Ponder sent
    std::vector<LineFinding> out;

    bool positioned = false;  // a `position` line chose the search of the next `go`
    // The search the next `position` / `go` line belongs to (a restarted engine's repeat: the last).
    const SearchStart* target() const {
        if (next < window.size()) return window[next];
        return window.empty() ? nullptr : window.back();
    }
};

// A correction, an illegal-move ruling or an engine restart between two searches: the bridge drops a
// search still queued (its engine answering `isready`, or stopping the search before) and sends the next
// one instead, so the first never reaches the wire (issue 37: it was reported as a gap).
bool replacedBetween(const Timeline& tl, std::size_t from, std::size_t to) {
    static const std::vector<std::string> kReplacing{"correct", "illegal", "illegal_kind", "engine_fault",
                                                     "engine_restart"};
    for (std::size_t k = from + 1; k < to && k < tl.size(); ++k)
        if (std::find(kReplacing.begin(), kReplacing.end(), tl.at(k).type) != kReplacing.end()) return true;
    return false;
}

// Search k of the window was replaced by the next before it was sent, or may have been.
bool superseded(const Context& ctx, const LineWalk& w, std::size_t k) {
    return k + 1 < w.window.size() && replacedBetween(ctx.tl, w.window[k]->record, w.window[k + 1]->record);
}

// The searches [from, to) of the window whose lines never came: a gap, except a ponder search's and one
// replaced before it was sent.
void gaps(const Context& ctx, LineWalk& w, std::size_t from, std::size_t to) {
    for (std::size_t k = from; k < to; ++k)
        if (!w.window[k]->ponder && !superseded(ctx, w, k))
            w.out.push_back(
                {"no-forced-move", w.window[k]->record,
                 fmt::format(i18n::N_("record #{}: the search started here has no engine I/O in the "
                                      "journal (its position was never sent) (E.III 2.3)"),
                             w.window[k]->record)});
}

// E.III 1.4: the engine plays the game as recorded: each position it is sent is its search's game. A
// ponder search may never reach the engine (the human moved before it was sent): its start is passed over.
void positionLine(const Context& ctx, LineWalk& w, std::size_t i, const std::string& line) {
    auto moves = positionMoves(line);
    for (std::size_t k = w.next; moves && k < w.window.size(); ++k) {
        if (w.window[k]->moves != *moves) continue;
        gaps(ctx, w, w.next, k);
        w.next = k;
        w.positioned = true;
        return;
    }
    const SearchStart* s = w.target();
    if (!s || (moves && *moves == s->moves)) return;
    w.out.push_back(
        {"moves-recorded", i,
         fmt::format(
             i18n::N_("record #{}: the engine was sent the game \"{}\" ({} half-moves), but the game the "
                      "journal's records replay to has \"{}\" ({} half-moves) (E.III 1.4)"),
             i, moves ? movesText(*moves) : line.substr(2), moves ? moves->size() : 0, movesText(s->moves),
             s->moves.size())});
}

bool sameName(std::string_view a, std::string_view b) {  // UCI option names are case-insensitive
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

// "> setoption name Skill Level value 5" -> {"Skill Level", "5"} (a button has no value).
std::pair<std::string, std::string> optionOf(const std::string& line) {
    if (line.rfind("> setoption name ", 0) != 0) return {};
    const std::string rest = line.substr(std::strlen("> setoption name "));
    const std::size_t v = rest.find(" value ");
    if (v == std::string::npos) return {rest, ""};
    return {rest.substr(0, v), rest.substr(v + std::strlen(" value "))};
}

// What `setup` sets option `name` to: its engine options, Ponder as it says.
std::optional<std::string> setupValue(const event::EventSetup& setup, const std::string& name) {
    for (const auto& [option, value] : setup.engine.options)
        if (sameName(option, name)) return value;
    if (sameName(name, "Ponder")) return setup.engine.ponder ? "true" : "false";
    return std::nullopt;
}

// The value the bridge gives a (re)started engine for option `name`: the locked setup's, replaced by the
// module changes carried out since (the bridge keeps them in its settings).
std::optional<std::string> configuredValue(const Context& ctx, const LineWalk& w, const std::string& name) {
    for (auto it = w.carried_out.rbegin(); it != w.carried_out.rend(); ++it)
        if (sameName(it->first, name)) return it->second;
    return setupValue(ctx.tl.setup, name);
}

// Option `name` as the setup in force at record `at` sets it (the last setup record before it), and that
// record's index; nullopt when no setup record before it sets it.
std::optional<std::pair<std::string, std::size_t>> valueInForceAt(const Context& ctx, std::size_t at,
                                                                  const std::string& name) {
    for (std::size_t k = at; k-- > 0;) {
        const auto& r = ctx.tl.at(k);
        if (r.type != "setup" || !r.payload.contains("setup")) continue;
        const auto setup = event::eventSetupFromJson(r.payload.at("setup"));
        const auto value = setup ? setupValue(*setup, name) : std::nullopt;
        if (!value) return std::nullopt;
        return std::pair{*value, k};
    }
    return std::nullopt;
}

// The setup in force when the game's first search started: the locked setup may be recorded later, while
// the computer searches its first move (the session locks the setup at the first move), and the engine
// searched with what was in force then.
std::optional<std::string> valueAtFirstSearch(const Context& ctx, const std::string& name) {
    if (ctx.starts.empty()) return std::nullopt;
    const auto then = valueInForceAt(ctx, ctx.starts.front().record, name);
    return then ? std::optional(then->first) : std::nullopt;
}

// Issue 37 item 1: an older operator-cli play started its engine with the setup in force then and never
// sent it a change made before the start (older_consoles.hpp): the first handshake's value is that
// setup's, the locked one says otherwise. Not judged.
std::optional<LineFinding> olderPlaysFirstStart(const Context& ctx, std::size_t i, const std::string& line,
                                                const std::string& name, const std::string& value,
                                                const std::string& said) {
    if (!olderPlay(ctx.tl)) return std::nullopt;
    const auto then = valueInForceAt(ctx, i, name);
    if (!then || then->first != value) return std::nullopt;
    return LineFinding{"faster-rate", i, setupChangeNotSent(i, line.substr(2), then->second, said), false,
                       true};
}

// The first handshake's option `name` sent as `value`, which the locked setup sets: the setup in force when
// the first search started must say the same, or the engine started the game with another setting than
// the one in force then (a setup record forged after the search started, to match the engine's value,
// would be the locked one).
std::optional<LineFinding> laterSetup(const Context& ctx, std::size_t i, const std::string& line,
                                      const std::string& name, const std::string& value) {
    const auto then = valueAtFirstSearch(ctx, name);
    if (!then || value.empty() || *then == value) return std::nullopt;
    return LineFinding{
        "faster-rate", i,
        fmt::format(
            i18n::N_("record #{}: the engine was sent \"{}\" when it was started for the game, but the "
                     "setup in force when its first search started (record #{}) says {} (E.III 2.2)"),
            i, line.substr(2), ctx.starts.front().record, *then)};
}

// E.III 2.2: an engine (re)started (the handshake the bridge journals: its "# started ..." note, then
// "> uci") is given the event's own settings, and nothing else. The first start is judged too: Threads
// or Hash raised there would hold for the whole game.
void handshakeOption(const Context& ctx, LineWalk& w, std::size_t i, const std::string& line) {
    const auto [name, value] = optionOf(line);
    const auto configured = name.empty() ? std::nullopt : configuredValue(ctx, w, name);
    auto& into = w.went ? w.out : w.before_game;
    if (configured && (value.empty() || *configured == value)) {
        if (auto later = w.searched ? std::nullopt : laterSetup(ctx, i, line, name, value))
            into.push_back(std::move(*later));
        return;
    }
    // Judged by the setup locked for the game, never by an earlier setup record: the one in force when
    // the engine was started may be the operator's draft or a forger's insertion, and the engine that
    // plays with its value plays with a setting the event did not set (E.III 2.2).
    const std::string said = configured ? fmt::format(i18n::N_("the setup says {}"), *configured)
                                        : std::string(i18n::N_("the setup does not set that option"));
    if (auto older = w.searched ? std::nullopt : olderPlaysFirstStart(ctx, i, line, name, value, said))
        return into.push_back(std::move(*older));
    into.push_back(
        {"faster-rate", i,
         w.searched ? fmt::format(i18n::N_("record #{}: the restarted engine was sent \"{}\", which is not "
                                           "the event's setting for that option ({}) (E.III 2.2)"),
                                  i, line.substr(2), said)
                    : fmt::format(i18n::N_("record #{}: the engine was sent \"{}\" when it was started for "
                                           "the game, which is not the event's setting for that option "
                                           "({}) (E.III 2.2)"),
                                  i, line.substr(2), said)});
}

// E.III 2.2, 3.4: the bridge sends a setting only while the engine is idle (BridgeEngineLink::applyOptions),
// never between a search's `go` and its `bestmove`.
void searchingOption(LineWalk& w, std::size_t i, const std::string& line) {
    w.out.push_back(
        {"faster-rate", i,
         fmt::format(i18n::N_("record #{}: the engine was sent \"{}\" while it was searching (after its "
                              "\"go\", before its \"bestmove\"): the console changes a setting only while "
                              "the engine is idle, before its next search (E.III 2.2, 3.4)"),
                     i, line.substr(2))});
}

// E.III 2.2, 3.4: after the start the engine's settings change only by a module change it requested; a
// (re)started engine's handshake (journaled by the bridge: "# started ...", then "> uci") repeats the
// event's settings. A "> uci" after the first search with neither that note nor a restart record around
// it is no restart: its setoptions are mid-game changes.
void setoptionLine(const Context& ctx, LineWalk& w, std::size_t i, const std::string& line) {
    if (w.handshake) return handshakeOption(ctx, w, i, line);
    if (w.on_wire) return searchingOption(w, i, line);
    auto it = std::find_if(w.module_changes.begin(), w.module_changes.end(), [&](const auto& m) {
        return line == fmt::format("> setoption name {} value {}", m.first, m.second);
    });
    if (it != w.module_changes.end()) return (void)w.module_changes.erase(it);
    // Before the game's first search the engine is being started for the game: the setup's options.
    if (!w.searched) return handshakeOption(ctx, w, i, line);
    w.out.push_back(
        {"faster-rate", i,
         fmt::format(i18n::N_("record #{}: the engine was sent \"{}\" during the game without a module "
                              "change it requested (E.III 2.2, 3.4)"),
                     i, line.substr(2))});
}

void goFigures(const Context& ctx, const SearchStart& s, const GoFigures& g, std::size_t record, LineWalk& w);

// E.III 2.1: "# go waited N ms" - the bridge sent the go N ms after the search started (a new game's
// isready) and took that from the engine's clock. It can be no longer than the search lasted: the
// engine_io record that holds it is written when the search is answered.
// Only something on the wire since the last go can have made it wait: the new game's or a setting's
// isready, the stopped search's bestmove (a ponder miss, a take-back), a (re)started engine.
void waitedLine(const Context& ctx, LineWalk& w, std::size_t i, const std::string& line) {
    const SearchStart* s = w.target();
    const std::int64_t said = std::strtoll(line.c_str() + std::strlen("# go waited "), nullptr, 10);
    const std::int64_t lasted = s ? timeOf(ctx.tl.at(i)) - timeOf(ctx.tl.at(s->record)) : 0;
    w.waited_ms = std::clamp<std::int64_t>(said, 0, std::max<std::int64_t>(lasted, 0));
    if (w.wait_explained) return;
    w.waited_ms = 0;
    w.out.push_back({"faster-rate", i,
                     fmt::format(i18n::N_("record #{}: the engine lines say \"{}\", but nothing on the wire "
                                          "since the last go made a go wait (no new game's or setting's "
                                          "isready, no stopped search, no engine restart): the wait is not "
                                          "given back (E.III 2.1)"),
                                 i, line.substr(2))});
}

// E.III 2.1: the console's go gives the engine the clocks the budget rule computes; operator-cli play gives
// a fixed node count in simulated time instead, in every go of its run (the program's first go says which).
// Anything else is a search limit the rule never set: a line naming no clocks is judged, never passed over.
bool goForm(LineWalk& w, std::size_t i, const std::string& line) {
    const GoShape shape = goShape(line);
    // The operator's console always runs in real time; a test harness or operator-cli play may not.
    if (!w.simulated) w.simulated = !shape.clocks && w.program != "operator-console";
    if (!shape.foreign.empty())
        w.out.push_back({"handling-time", i,
                         fmt::format(i18n::N_("record #{}: the engine was sent \"{}\": the console never "
                                              "sends \"{}\" in a go (its go names both clocks, or in "
                                              "simulated time a node count) (E.III 2.1)"),
                                     i, line.substr(2), shape.foreign)});
    else if (shape.clocks == *w.simulated)
        w.out.push_back(
            {"handling-time", i,
             shape.clocks
                 ? fmt::format(i18n::N_("record #{}: the engine was sent \"{}\", which names clocks, "
                                        "but {} searched a fixed node count in simulated time in "
                                        "every other go (E.III 2.1)"),
                               i, line.substr(2), w.program)
                 : fmt::format(i18n::N_("record #{}: the engine was sent \"{}\", which names no "
                                        "clocks, but {} gives the engine its clocks in every go "
                                        "(E.III 2.1)"),
                               i, line.substr(2), w.program.empty() ? i18n::N_("the console") : w.program)});
    return shape.foreign.empty() && shape.clocks;
}

// "> go ponder nodes 100000" -> "100000"; nullopt when the go names no node count.
std::optional<std::string> nodesOf(const std::string& line) {
    const auto w = words(line);
    for (std::size_t k = 2; k + 1 < w.size(); ++k)
        if (w[k] == "nodes") return w[k + 1];
    return std::nullopt;
}

// E.III 2.1, 2.2: in simulated time operator-cli play searches the node count it was given
// (--engine-nodes) in every go of one run, ponder searches and a restarted engine's included; a run ends
// where the program does (a console_resumed, an older console's unannounced resume). Another count within
// the run is a search limit the event's settings never gave: a stronger (or weaker) engine for that move.
void goNodes(LineWalk& w, std::size_t i, const std::string& line) {
    const auto nodes = nodesOf(line);
    if (!nodes) return;
    if (!w.nodes) {
        w.nodes = std::pair{*nodes, i};
        return;
    }
    if (*nodes == w.nodes->first) return;
    w.out.push_back(
        {"faster-rate", i,
         fmt::format(i18n::N_("record #{}: the engine was sent \"{}\", but {} gave it {} nodes in the first "
                              "go of this run (record #{}) and gives every go of one run the same count: a "
                              "search limit the event's settings did not set (E.III 2.1, 2.2)"),
                     i, line.substr(2), w.program.empty() ? i18n::N_("the console") : w.program,
                     w.nodes->first, w.nodes->second)});
}

// Searches each replaced by the next (a correction to the same move, a ruling), of one game when a
// `position` line named it (the built-in engine of `operator-cli play` journals none): the `go` belongs to
// the one whose figures it carries (with the wait given back), else to the last, the one the console kept;
// the others were dropped before they were sent or stopped after it (issue 37: the position line was
// matched to the dropped one and the real search reported as a gap).
std::size_t sentSearch(const Context& ctx, const LineWalk& w, const std::string& line) {
    std::size_t last = w.next;
    while (superseded(ctx, w, last) &&
           (!w.positioned || w.window[last + 1]->moves == w.window[w.next]->moves))
        ++last;
    auto g = lineFigures(line);
    if (g) (ctx.tl.computer == rules::Color::White ? g->wtime : g->btime) += w.waited_ms;
    for (std::size_t k = w.next; g && k < last; ++k) {
        LineWalk probe;
        goFigures(ctx, *w.window[k], *g, 0, probe);
        if (probe.out.empty()) return k;
    }
    return last;
}

void goLine(const Context& ctx, LineWalk& w, std::size_t i, const std::string& line) {
    if (w.next < w.window.size()) w.next = sentSearch(ctx, w, line);
    w.positioned = false;
    const SearchStart* s = w.target();
    if (w.next < w.window.size()) ++w.next;
    const bool timed = goForm(w, i, line);
    goNodes(w, i, line);
    const std::int64_t waited = std::exchange(w.waited_ms, 0);
    w.wait_explained = false;
    if (auto g = lineFigures(line); s && g && timed) {
        // The clock that ran while the go waited is given back before the rule is compared.
        (ctx.tl.computer == rules::Color::White ? g->wtime : g->btime) += waited;
        goFigures(ctx, *s, *g, i, w);
    }
}

// Guidelines I.5, E.III 3.5: from the envelope to its opening nothing is analysed, whatever the records
// say: a `go` on the wire then (an analysis the console never journaled as a search) is a breach.
void adjournedGoLine(LineWalk& w, std::size_t i, const std::string& line) {
    w.adjourned_reported = i;
    w.out.push_back(
        {"sealed-move", i,
         fmt::format(
             i18n::N_("record #{}: the engine was sent \"{}\" while the game was adjourned, before the "
                      "envelope was opened: an analysis (Guidelines I.5)"),
             i, line.substr(2))});
}

// The same, seen from the engine's side: its analysis or a bestmove on the wire while the game is
// adjourned, though no `go` was journaled (the sealed search answered before the envelope was sealed).
void adjournedOutput(LineWalk& w, std::size_t i, const std::string& line) {
    if (w.adjourned_reported == i) return;  // its `go` is reported already
    w.adjourned_reported = i;
    w.out.push_back(
        {"sealed-move", i,
         fmt::format(i18n::N_("record #{}: the engine answered \"{}\" while the game was adjourned, "
                              "before the envelope was opened: an analysis (Guidelines I.5)"),
                     i, line.substr(2))});
}

bool analysisOutput(const std::string& line) {
    return line.rfind("< bestmove", 0) == 0 ||
           (line.rfind("< info ", 0) == 0 && line.find(" pv ") != std::string::npos);
}

bool restartsTheEngine(const std::string& type) {
    return type == "engine_fault" || type == "engine_restart" || type == "console_resumed";
}

// Journals written before the bridge's "# started" note was journaled: a "> uci" is a restart's handshake
// only when a record of that restart (the fault, the restart, the resumed console) lies between the engine
// lines before it and those after it (the lines are journaled at the next flush after the restart).
bool restartRecordAround(const Timeline& tl, std::size_t i) {
    if (tl.resumedAt(i)) return true;  // an older console's unannounced resume: the record itself
    for (std::size_t k = i; k-- > 0 && tl.at(k).type != "engine_io";)
        if (restartsTheEngine(tl.at(k).type)) return true;
    for (std::size_t k = i + 1; k < tl.size() && tl.at(k).type != "engine_io"; ++k)
        if (restartsTheEngine(tl.at(k).type)) return true;
    return false;
}

// Whether a search runs on the wire. Its lines are journaled together when it ends, so another record
// between two engine_io records ends it too (the built-in fake engine answers without a bestmove line); a
// `stop` is judged by the no-forced-move check, and a new process runs no search.
void wireSearch(LineWalk& w, const std::string& line) {
    if (line == "> go" || line.rfind("> go ", 0) == 0) w.on_wire = true;
    const bool restart = line == "> uci" || line.rfind("# started ", 0) == 0;
    if (line.rfind("< bestmove", 0) == 0 || line == "> stop" || restart) w.on_wire = false;
    if (line == "> stop" || line == "> isready" || line == "> ucinewgame" || restart) w.wait_explained = true;
}

// E.III 2.2: the engine that plays is given every setting of the setup (the bridge sends each option, and
// Ponder when the engine offers it: engine_options.cpp optionCommands). One it was never sent holds the
// engine's own default for the whole game.
void unsentSettings(const Context& ctx, LineWalk& w) {
    std::vector<std::pair<std::string, std::string>> due(ctx.tl.setup.engine.options.begin(),
                                                         ctx.tl.setup.engine.options.end());
    if (w.player_offers_ponder) due.emplace_back("Ponder", ctx.tl.setup.engine.ponder ? "true" : "false");
    for (const auto& [name, value] : due) {
        const bool sent = std::any_of(w.sent_to_player.begin(), w.sent_to_player.end(),
                                      [&](const std::string& s) { return sameName(s, name); });
        if (sent) continue;
        w.out.push_back(
            {"faster-rate", *w.player_uci,
             fmt::format(i18n::N_("record #{}: the engine that played the game was started without "
                                  "the event's setting {} {}: it kept its own default (E.III 2.2)"),
                         *w.player_uci, name, value)});
    }
}

// The first search on the wire: the handshake of the engine that plays is judged.
void goesToPlay(const Context& ctx, LineWalk& w) {
    if (w.went) return;
    w.went = true;
    for (LineFinding& f : w.before_game) w.out.push_back(std::move(f));
    w.before_game.clear();
    if (w.player_uci) unsentSettings(ctx, w);
}

// Before the first search: which options the engine that will play was sent since its "> uci".
void playerHandshake(std::size_t i, LineWalk& w, const std::string& line) {
    if (w.went) return;
    if (line == "> uci") {  // a new handshake: the bridge sends every setting again in it
        w.player_uci = i;
        w.sent_to_player.clear();
        w.player_offers_ponder = false;
    }
    if (line.rfind("> setoption ", 0) == 0) w.sent_to_player.push_back(optionOf(line).first);
    constexpr std::string_view kOption = "< option name ";
    if (line.rfind(kOption, 0) == 0) {
        const std::string rest = line.substr(kOption.size());
        w.player_offers_ponder =
            w.player_offers_ponder || sameName(rest.substr(0, rest.find(" type ")), "Ponder");
    }
}

void engineIo(const Context& ctx, LineWalk& w, std::size_t i) {
    for (std::string_view held : ctx.tl.lines(i)) {
        const std::string line(held);
        if (w.adjourned && (line == "> go" || line.rfind("> go ", 0) == 0)) adjournedGoLine(w, i, line);
        if (w.adjourned && analysisOutput(line)) adjournedOutput(w, i, line);
        // A (re)started engine is introduced (uci ... isready) right after the bridge's note that it
        // started the process: that note (or, in older journals, a restart record) makes a "> uci" a
        // restart's handshake.
        if (line == "> uci")
            w.handshake = !w.searched || w.after_started_note || restartRecordAround(ctx.tl, i);
        if (line == "> isready" || line.rfind("> position", 0) == 0 || line.rfind("> go", 0) == 0)
            w.handshake = false;
        // An engine started again before the game (its note, then its own "> uci"): the earlier process
        // never searched, and its handshake's findings go with it.
        if (line == "> uci" && w.after_started_note && !w.went) w.before_game.clear();
        w.after_started_note = line.rfind("# started ", 0) == 0;
        playerHandshake(i, w, line);
        if (line == "> go" || line.rfind("> go ", 0) == 0) goesToPlay(ctx, w);
        wireSearch(w, line);
        if (line.rfind("> position ", 0) == 0) positionLine(ctx, w, i, line);
        if (line.rfind("# go waited ", 0) == 0) waitedLine(ctx, w, i, line);
        if (line == "> go" || line.rfind("> go ", 0) == 0) goLine(ctx, w, i, line);
        if (line.rfind("> setoption ", 0) == 0) setoptionLine(ctx, w, i, line);
    }
}

// The console journals a search's lines before its move: a search answered without its `go` on the
// wire is a gap in the engine I/O.
void searchAnswered(const Context& ctx, LineWalk& w) {
    gaps(ctx, w, w.next, w.window.size());
    w.window.clear();
    w.next = 0;
}

// E.III 2.1 (more than the rule gives keeps no handling time), 2.2 (less is a hidden faster rate) and
// 1.1 (the human's clock in the go is the console's clock: another value is a clock changed without a
// table-clock reading). `record` holds the figures (the go record, or the engine_io with its line).
void goFigures(const Context& ctx, const SearchStart& s, const GoFigures& g, std::size_t record,
               LineWalk& w) {
    // The wire never carries a negative time (a flagged clock is sent as 0: engine_bridge's formatGo).
    auto wire = [](std::int64_t ms) { return std::max<std::int64_t>(ms, 0); };
    const bool white = ctx.tl.computer == rules::Color::White;
    const std::int64_t own = wire(white ? g.wtime : g.btime), human = wire(white ? g.btime : g.wtime);
    const std::int64_t rule_own = wire((white ? s.go.wtime : s.go.btime).count());
    const std::int64_t rule_human = wire((white ? s.go.btime : s.go.wtime).count());
    const bool same_rest =
        g.winc == s.go.winc.count() && g.binc == s.go.binc.count() && g.movestogo == s.go.movestogo;
    const std::string label = moveLabel(ctx.tl.ply_before[s.record]);
    if (std::abs(human - rule_human) > kGoToleranceMs)
        return w.out.push_back(
            {"table-clock", record,
             fmt::format(
                 i18n::N_("record #{}: at {} the engine was told the human's clock read {}, but the "
                          "console's clock replayed from the journal read {}: a clock changed without a "
                          "table-clock reading (E.III 1.1)"),
                 record, label, clockText(human), clockText(rule_human))});
    if (own < rule_own - kGoToleranceMs)
        return w.out.push_back(
            {"faster-rate", record,
             fmt::format(
                 i18n::N_("record #{}: at {} the engine was given {}, less than the {} the budget rule "
                          "in force gives: a faster rate without a faster-rate record (E.III 2.2)"),
                 record, label, clockText(own), clockText(rule_own)),
             true});
    if (own > rule_own + kGoToleranceMs || !same_rest)
        w.out.push_back(
            {"handling-time", record,
             fmt::format(i18n::N_("record #{}: at {} the engine was given {} where the budget rule in force "
                                  "gives {} (with its increments and moves to go): no time kept for handling "
                                  "as the rule keeps it (E.III 2.1)"),
                         record, label, clockText(own), clockText(rule_own)),
             true});
}

// Guidelines I.5, E.III 3.5: from the envelope to its opening the engine searches nothing.
void adjournedSearch(const Context& ctx, std::size_t i, LineWalk& w) {
    const std::string& type = ctx.tl.at(i).type;
    if (type == "sealed") w.adjourned = true;
    if (type == "resume") w.adjourned = false;
    if (w.adjourned && (type == "go" || type == "ponder_start" || type == "ponder_hit"))
        w.out.push_back({"sealed-move", i,
                         fmt::format(i18n::N_("record #{}: the engine was set to search while the game was "
                                              "adjourned, before the envelope was opened (Guidelines I.5)"),
                                     i)});
}

void step(const Context& ctx, LineWalk& w, std::size_t i, std::size_t& next_start) {
    const auto& r = ctx.tl.at(i);
    if (r.type == "start") w.started = true;
    if (r.type == "header" || r.type == "console_resumed") {
        const auto it = r.payload.find(r.type == "header" ? "app" : "program");
        w.program = it != r.payload.end() && it->is_string() ? it->get<std::string>() : "";
        w.simulated.reset();
        w.nodes.reset();
    }
    adjournedSearch(ctx, i, w);
    if (r.type == "module_change") {
        w.module_changes.emplace_back(r.payload.value("name", ""), r.payload.value("value", ""));
        w.carried_out.push_back(w.module_changes.back());
    }
    // A search while adjourned should not exist at all: its verdict is the sealed move's alone.
    if (next_start < ctx.starts.size() && ctx.starts[next_start].record == i) {
        const SearchStart& s = ctx.starts[next_start++];
        w.searched = true;
        if (!w.adjourned) w.window.push_back(&s);
        if (!w.adjourned) goFigures(ctx, s, recordFigures(r.payload), i, w);
    }
    // The program that ran these searches is gone (a crash, a kill): their lines were never journaled.
    if (ctx.tl.resumedAt(i)) {
        w.window.clear();
        w.next = 0;
        w.nodes.reset();  // the new run may be given another count
    }
    if (r.type == "engine_io") engineIo(ctx, w, i);
    if (r.type != "engine_io") w.on_wire = false;
    if (r.type == "engine_move" || r.type == "engine_move_withheld") searchAnswered(ctx, w);
}

}  // namespace

std::vector<LineFinding> engineLineFindings(const Context& ctx) {
    LineWalk w;
    std::size_t next_start = 0;
    for (std::size_t i = 0; i < ctx.tl.size(); ++i) step(ctx, w, i, next_start);
    goesToPlay(ctx, w);  // a game that never searched: its engine's handshake is judged all the same
    for (LineFinding& f : requestLineFindings(ctx)) w.out.push_back(std::move(f));
    return std::move(w.out);
}

}  // namespace oc::audit::detail
