// E.III 2.2 (the faster rate only when short of time and only until the next control; nothing else
// changes during the game) and E.III 2.3 (no move is forced: no `stop` during the computer's own search,
// no "move now").
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <deque>
#include <sstream>
#include <string_view>
#include <utility>

#include "checks.hpp"
#include "i18n/mark.hpp"

namespace oc::audit::detail {
namespace {

// Would the session, in the state the records before `i` built, accept this faster-rate switch?
// The clock's refusal may already cite the article the verdict ends with: it is printed once.
std::string withoutArticle(std::string why, const std::string& article) {
    const std::string tail = " (" + article + ")";
    if (why.size() >= tail.size() && why.compare(why.size() - tail.size(), tail.size(), tail) == 0)
        why.resize(why.size() - tail.size());
    return why;
}

void fasterSwitch(const Context& ctx, std::size_t i, Findings& f) {
    const auto& r = ctx.tl.at(i);
    bool on = r.payload.value("on", false);
    const Before* before = beforeRecord(ctx.tl, i);
    std::string what = fmt::format(i18n::N_("#{} {}: faster rate {}"), i, moveLabel(ctx.tl.ply_before[i]),
                                   on ? i18n::N_("on") : i18n::N_("off"));
    if (!before) return f.note(i, what + " (not re-checked: the replay did not reach it)");
    // The state the records before it built, asked as the operator's command asks it (kept by the replay).
    if (before->faster_refusal)
        return f.breach(
            i,
            fmt::format(i18n::N_("record #{}: the faster rate was switched {} at {} when the rules did not "
                                 "allow it: {} (E.III 2.2)"),
                        i, on ? i18n::N_("on") : i18n::N_("off"), moveLabel(ctx.tl.ply_before[i]),
                        withoutArticle(*before->faster_refusal, "E.III 2.2")));
    f.note(i, what);
}

// E.III 3.4: a module change is carried out only as the engine's own, allowed, pending request.
void moduleChange(const json& p, std::size_t i, std::vector<json>& pending, Findings& f) {
    auto it = std::find_if(pending.begin(), pending.end(), [&](const json& q) {
        return q.value("name", "") == p.value("name", "") && q.value("value", "") == p.value("value", "");
    });
    std::string what = fmt::format("{} = {}", p.value("name", "?"), p.value("value", "?"));
    if (it == pending.end())
        return f.breach(
            i, fmt::format(i18n::N_("record #{}: the engine setting {} was changed mid-game without the "
                                    "engine's request (E.III 2.2, 3.4)"),
                           i, what));
    pending.erase(it);
    f.note(i, fmt::format(i18n::N_("#{} module change {} at the engine's request (E.III 3.4)"), i, what));
}

void lockedSetup(const Context& ctx, std::size_t i, const event::EventSetup& before, Findings& f) {
    auto after = event::eventSetupFromJson(ctx.tl.at(i).payload.value("setup", json::object()));
    std::string diff =
        after ? fmt::format("{}", fmt::join(event::setupDifferences(before, *after), "; ")) : after.error();
    f.breach(i, fmt::format(
                    i18n::N_("record #{}: the event setup was changed after the first move ({}) (E.III 2.2)"),
                    i, diff.empty() ? i18n::N_("no difference") : diff));
}

// E.III 3.4: only the options the setup lets the engine request may be granted to it.
bool requestable(const Context& ctx, const json& p, std::size_t i, Findings& f) {
    const auto& allowed = ctx.tl.setup.engine.requestable_options;
    const std::string name = p.value("name", "");
    if (std::find(allowed.begin(), allowed.end(), name) != allowed.end()) return true;
    f.breach(i,
             fmt::format(i18n::N_("record #{}: the engine's request to change {} is marked allowed, but the "
                                  "setup does not let the engine request {} (E.III 3.4)"),
                         i, name, name));
    return false;
}

bool sameWord(std::string_view a, std::string_view b) {  // UCI option names and check values ignore case
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

// E.III 2.2: the engine thinks on the human's time (a ponder search) only when the event's setup lets it
// (its `ponder`), or after a module change the engine requested turned Ponder on (carried out as a
// module_change record; moduleChange above judges that request). `ponder` is what holds after record i.
void ponderRecord(const Context& ctx, std::size_t i, bool& ponder, Findings& f) {
    const auto& r = ctx.tl.at(i);
    if (r.type == "module_change" && sameWord(r.payload.value("name", ""), "Ponder"))
        ponder = sameWord(r.payload.value("value", ""), "true");
    if ((r.type != "ponder_start" && r.type != "ponder_hit") || ponder || !ctx.tl.setup_error.empty()) return;
    f.breach(i, fmt::format(i18n::N_("record #{}: the engine pondered here (a {} record: it searched on the "
                                     "human's time), but the event's setup says ponder false and no module "
                                     "change the engine requested turned pondering on: a setting the event "
                                     "did not set (E.III 2.2)"),
                            i, r.type));
}

bool isChangeCommand(const std::string& command) {
    return command == "setup" || command == "faster" || command.rfind("module-change", 0) == 0;
}

void fasterPeriods(const Context& ctx, Series& series) {
    std::optional<int> from;
    for (std::size_t i = 0; i < ctx.tl.size(); ++i) {
        const auto& r = ctx.tl.at(i);
        if (r.type != "faster") continue;
        bool on = r.payload.value("on", false);
        if (on && !from) from = ctx.tl.ply_before[i] + 1;
        if (!on && from) series.faster_periods.emplace_back(*from, ctx.tl.ply_before[i]);
        if (!on) from.reset();
    }
    if (from) series.faster_periods.emplace_back(*from, std::max(*from, series.plies));
}

// A refused change is listed: the console kept the rules, the arbiter sees what was tried.
bool refusedChange(const json& p, std::size_t i, Findings& f) {
    if (!isChangeCommand(p.value("command", ""))) return false;
    f.note(i, fmt::format(i18n::N_("#{} refused {}: {}"), i, p.value("command", ""), p.value("reason", "")));
    return true;
}

std::string fasterSummary(int switches, int refused) {
    return counted({i18n::N_("faster rate switched {} time as the rules allow"),
                    i18n::N_("faster rate switched {} times as the rules allow")},
                   static_cast<std::size_t>(switches)) +
           "; " +
           counted({i18n::N_("{} refused change listed"), i18n::N_("{} refused changes listed")},
                   static_cast<std::size_t>(refused)) +
           "; " + i18n::N_("the setup is unchanged after the first move");
}

}  // namespace

Check checkFasterRate(const Context& ctx, Series& series) {
    Findings f;
    std::vector<json> pending;  // allowed engine requests not yet carried out
    int switches = 0, refused = 0;
    bool ponder = ctx.tl.setup.engine.ponder;  // the locked setup's, until a module change sets it
    for (std::size_t i = 0; i < ctx.tl.size(); ++i) {
        const auto& r = ctx.tl.at(i);
        const json& p = r.payload;
        ponderRecord(ctx, i, ponder, f);
        if (r.type == "faster") ++switches, fasterSwitch(ctx, i, f);
        if (r.type == "setup" && ctx.tl.first_move && i > *ctx.tl.first_move)
            lockedSetup(ctx, i, ctx.tl.setup, f);
        if (r.type == "engine_request" && p.value("allowed", false) && requestable(ctx, p, i, f))
            pending.push_back(p);
        if (r.type == "module_change") moduleChange(p, i, pending, f);
        if (r.type == "refused" && refusedChange(p, i, f)) ++refused;
    }
    ctx.addEngineFindings("faster-rate", f);
    fasterPeriods(ctx, series);
    return f.finish({"faster-rate",
                     "E.III 2.2",
                     i18n::N_("Faster rate only when short of time; nothing else changed"),
                     {},
                     {},
                     {},
                     {}},
                    ctx.tl.first_move.has_value(), fasterSummary(switches, refused));
}

namespace {

// A record after which the computer's search may be stopped: its position is gone (a take-back or a
// reinstatement) or the game is over (E.III 2.3 forbids only forcing a move). A console_resumed record
// ends the search in flight with the program that ran it (a crash, a kill, a power cut): the restarted
// console's search is the same search begun again with the whole game, not a forced move.
bool endsSearch(const journal::Record& r) {
    static const std::vector<std::string> kAlways{
        "correct", "illegal",   "illegal_kind", "resign",         "flag_confirmed", "arbiter_result",
        "forfeit", "qpf_claim", "engine_fault", "engine_restart", "sealed",         "console_resumed"};
    if (std::find(kAlways.begin(), kAlways.end(), r.type) != kAlways.end()) return true;
    if (r.type == "answer_human" || r.type == "answer_computer") return r.payload.value("accept", false);
    if (r.type == "claim") return r.payload.value("verdict", "") == "correct";
    return false;
}

bool justified(const Timeline& tl, std::size_t from, std::size_t to) {
    for (std::size_t k = from; k < to && k < tl.size(); ++k)
        if (endsSearch(tl.at(k)) || tl.resumedAt(k)) return true;
    return false;
}

struct StopWalk {
    std::optional<std::size_t> search;  // the open normal search's go / ponder_hit record
    bool answered = false;              // it produced its move
    bool pondering = false;             // the engine's lines say: a ponder search runs
    int stops = 0, refused = 0, searches = 0;
    // The engine's lines are journaled when a search ends, so one record can hold the lines of a search
    // that was stopped and of the next one: a `stop` belongs to the search whose `go` preceded it.
    std::deque<std::size_t> unsent;          // search records whose `go` / `ponderhit` line is still to come
    std::optional<std::size_t> wire;         // the search the engine's lines are at
    std::vector<std::size_t> answered_at;    // searches that produced their move
    std::deque<std::size_t> ponder_unsent;   // ponder_start records whose `go ponder` is still to come
    std::optional<std::size_t> ponder_wire;  // the ponder search the engine's lines are at
    std::optional<std::vector<std::string>> position;  // the moves of the last `position` line
};

// The search a `stop` line ends: the one on the wire, unless it had answered (then the open one).
std::optional<std::size_t> stoppedSearch(const StopWalk& w) {
    if (w.wire && std::find(w.answered_at.begin(), w.answered_at.end(), *w.wire) == w.answered_at.end())
        return w.wire;
    if (w.search && !w.answered) return w.search;
    return std::nullopt;
}

// A `stop` of the computer's own search: allowed only when its position is gone, the game ended or was
// adjourned, or its engine was restarted (E.III 2.3).
void searchStop(const Context& ctx, StopWalk& w, std::size_t i, Findings& f) {
    const std::optional<std::size_t> search = stoppedSearch(w);
    if (!search) return;
    ++w.stops;
    if (auto c = searchStopCase(ctx, *search, i))
        return f.note(
            i, fmt::format(i18n::N_("#{} stop of the computer's search started at #{}: {} at record #{}"), i,
                           *search, c->what, c->record));
    f.breach(i, fmt::format(
                    i18n::N_("record #{}: \"stop\" was sent to the engine during its own search started at "
                             "record #{}: a forced move (E.III 2.3)"),
                    i, *search));
}

// A `stop` of a ponder search (on the human's time): its ponder miss or ponder stop must be on the
// record before it, for a reason the records bear out.
void ponderStop(const Context& ctx, StopWalk& w, std::size_t i, Findings& f) {
    if (!w.ponder_wire) return;
    const std::size_t start = *std::exchange(w.ponder_wire, std::nullopt);
    ++w.stops;
    if (auto c = ponderStopCase(ctx, start))
        return f.note(
            i, fmt::format(i18n::N_("#{} stop of the ponder search started at #{}: {} at record #{}"), i,
                           start, c->what, c->record));
    f.breach(i,
             fmt::format(i18n::N_("record #{}: \"stop\" was sent to the engine's ponder search started at "
                                  "record #{}, but no ponder miss, take-back, end of the game, adjournment, "
                                  "engine restart or module change on the record allows it (E.III 2.3)"),
                         i, start));
}

// "> position startpos moves e2e4 e7e5" -> {e2e4, e7e5}.
std::vector<std::string> positionMoves(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> out;
    bool moves = false;
    for (std::string w; in >> w;) {
        if (moves) out.push_back(w);
        moves = moves || w == "moves";
    }
    return out;
}

bool searchesPosition(const Context& ctx, std::size_t start, const std::vector<std::string>& moves) {
    return std::any_of(ctx.starts.begin(), ctx.starts.end(),
                       [&](const SearchStart& s) { return s.record == start && s.moves == moves; });
}

// A ponder search may never reach the engine (the human moved while the engine was still busy): the
// `go ponder` belongs to the search whose game its `position` line sent, when one of them has it.
void ponderGoLine(const Context& ctx, StopWalk& w) {
    auto& q = w.ponder_unsent;
    const bool known = w.position && std::any_of(q.begin(), q.end(), [&](std::size_t start) {
                           return searchesPosition(ctx, start, *w.position);
                       });
    while (known && !searchesPosition(ctx, q.front(), *w.position)) q.pop_front();
    w.ponder_wire = q.front();
    q.pop_front();
}

void wireLine(const Context& ctx, StopWalk& w, const std::string& line) {
    if (line.rfind("> position ", 0) == 0) w.position = positionMoves(line);
    if (line.rfind("> go", 0) == 0) w.pondering = line.find(" ponder") != std::string::npos;
    if (line == "> ponderhit") w.pondering = false;
    if (line.rfind("> go", 0) == 0 && w.pondering && !w.ponder_unsent.empty()) ponderGoLine(ctx, w);
    if (line == "> ponderhit") w.ponder_wire.reset();
    if (((line.rfind("> go", 0) == 0 && !w.pondering) || line == "> ponderhit") && !w.unsent.empty()) {
        w.wire = w.unsent.front();
        w.unsent.pop_front();
    }
}

void stopLines(const Context& ctx, StopWalk& w, std::size_t i, Findings& f) {
    for (std::string_view held : ctx.tl.lines(i)) {
        const std::string line(held);
        wireLine(ctx, w, line);
        if (line != "> stop") continue;
        if (w.pondering)
            ponderStop(ctx, w, i, f);
        else
            searchStop(ctx, w, i, f);
    }
}

// A new search while the last one never answered: it was abandoned (what a `stop` does).
void newSearch(const Timeline& tl, StopWalk& w, std::size_t i, Findings& f) {
    if (w.search && !w.answered && !justified(tl, *w.search, i))
        f.breach(i, fmt::format(
                        i18n::N_("record #{}: a new search began while the one started at record #{} had not "
                                 "answered: it was cut short (E.III 2.3)"),
                        i, *w.search));
    w.search = i;
    w.answered = false;
    w.unsent.push_back(i);
    ++w.searches;
}

// The search's move arrived; or the program that ran it was killed (its unjournaled lines are lost).
void searchEnded(const Timeline& tl, std::size_t i, StopWalk& w) {
    const std::string& type = tl.at(i).type;
    if ((type == "engine_move" || type == "engine_move_withheld") && w.search) {
        w.answered = true;
        w.answered_at.push_back(*w.search);
    }
    if (tl.resumedAt(i)) {
        w.unsent.clear();
        w.wire.reset();
        w.ponder_unsent.clear();
        w.ponder_wire.reset();
    }
}

void forcedMove(const Timeline& tl, StopWalk& w, std::size_t i, Findings& f) {
    const auto& r = tl.at(i);
    if (r.type == "refused") {
        std::string c = r.payload.value("command", "");
        if (w.search && !w.answered && (c == "made" || c == "pressed")) ++w.refused;
        return;
    }
    if ((r.type == "made" || r.type == "pressed") && w.search && !w.answered && !justified(tl, *w.search, i))
        f.breach(i,
                 fmt::format(
                     i18n::N_("record #{}: the computer's move was {} while its engine was still searching "
                              "(\"move now\", E.III 2.3)"),
                     i, r.type == "made" ? "executed" : "pressed"));
}

// One whole sentence per plural form, not "; " parts: its last part starts with a count, so a
// pattern for that part alone would read the whole line (translateMessage tries patterns first).
std::string noForcedMoveSummary(const StopWalk& w) {
    const char* const forms[] = {
        i18n::N_(
            "{} searches; no \"stop\" during the computer's own search ({} stop in a case that allows it: "
            "a ponder miss, a take-back, an adjournment, an engine restart or the game's end); {} early "
            "move attempt refused by the console"),
        i18n::N_(
            "{} searches; no \"stop\" during the computer's own search ({} stop in a case that allows it: "
            "a ponder miss, a take-back, an adjournment, an engine restart or the game's end); {} early "
            "move attempts refused by the console"),
        i18n::N_(
            "{} searches; no \"stop\" during the computer's own search ({} stops, each in a case that "
            "allows it: a ponder miss, a take-back, an adjournment, an engine restart or the game's end); "
            "{} early move attempt refused by the console"),
        i18n::N_(
            "{} searches; no \"stop\" during the computer's own search ({} stops, each in a case that "
            "allows it: a ponder miss, a take-back, an adjournment, an engine restart or the game's end); "
            "{} early move attempts refused by the console")};
    return fmt::format(
        fmt::runtime(forms[formOf(static_cast<std::size_t>(w.stops), static_cast<std::size_t>(w.refused))]),
        w.searches, w.stops, w.refused);
}

}  // namespace

Check checkNoForcedMove(const Context& ctx) {
    Findings f;
    StopWalk w;
    const Timeline& tl = ctx.tl;
    bool adjourned = false;  // a search while adjourned is the sealed move's breach (engine_lines.cpp)
    for (std::size_t i = 0; i < tl.size(); ++i) {
        const std::string& type = tl.at(i).type;
        if (type == "sealed" || type == "resume") adjourned = type == "sealed";
        if ((type == "go" || type == "ponder_hit") && !adjourned) newSearch(tl, w, i, f);
        if (type == "ponder_start" && !adjourned) w.ponder_unsent.push_back(i);
        searchEnded(tl, i, w);
        if (type == "engine_io") stopLines(ctx, w, i, f);
        forcedMove(tl, w, i, f);
    }
    ctx.addEngineFindings("no-forced-move", f);
    return f.finish({"no-forced-move", "E.III 2.3", i18n::N_("No move was forced"), {}, {}, {}, {}},
                    w.searches > 0, noForcedMoveSummary(w));
}

}  // namespace oc::audit::detail
