// The sealed move (Guidelines I.1-I.5, E.III 3.5), engine faults and restarts, and the irregularities
// with the arbiter's rulings.
#include <fmt/format.h>

#include <cstdlib>
#include <sstream>
#include <string_view>

#include "checks.hpp"
#include "i18n/mark.hpp"
#include "seal/sealed_move.hpp"

namespace oc::audit::detail {
namespace {

// An engine line that still names a move after a seal request (CMP-3.5 withholds them).
bool revealsMove(const std::string& line) {
    static const std::vector<std::string> kNaming{"bestmove",   "pv",       "currmove",
                                                  "refutation", "currline", "ponder"};
    std::istringstream words(line);
    for (std::string w; words >> w;) {
        if (std::find(kNaming.begin(), kNaming.end(), w) == kNaming.end()) continue;
        std::string next;
        return static_cast<bool>(words >> next) && next.rfind("(withheld", 0) != 0;
    }
    return false;
}

constexpr std::size_t kNone = static_cast<std::size_t>(-1);

struct SealWalk {
    std::size_t shown = kNone;      // the computer's move shown and not yet executed
    std::size_t requested = kNone;  // the seal request
    std::size_t shown_at_request = kNone;
    std::size_t sealed = kNone;  // the envelope, until it is opened
    bool computer_to_move = false;
    bool withheld_unrequested = false;  // the move was withheld with no seal request before it
    int requests = 0;
};

// Guidelines I.1: the computer seals the move it chooses after the request; the console withholds a move
// only while sealing is requested (session_engine.cpp). A withheld move before its request was chosen
// before it: the records were reordered.
void moveWithheld(SealWalk& w, std::size_t i, Findings& f) {
    if (w.requested != kNone) return;
    w.withheld_unrequested = true;
    f.breach(i, fmt::format(i18n::N_("record #{}: the computer's move was withheld for sealing with no seal "
                                     "request before it: it was chosen before the request, and the records "
                                     "were reordered (Guidelines I.1)"),
                            i));
}

// E.III 3.5: the fingerprint written on the paper form is the envelope's own (seal::envelopeFingerprint):
// an envelope changed after sealing no longer has it.
bool envelopeChanged(const json& p, std::size_t i, Findings& f) {
    const auto envelope = p.find("envelope"), written = p.find("fingerprint");
    if (envelope == p.end() || !envelope->is_object() || written == p.end() || !written->is_string())
        return false;
    const std::string fingerprint = seal::envelopeFingerprint(*envelope);
    if (fingerprint == written->get<std::string>()) return false;
    f.breach(i,
             fmt::format(i18n::N_("record #{}: the envelope's fingerprint is given as {}, but the envelope "
                                  "journaled here has the fingerprint {}: the envelope was changed after "
                                  "it was sealed (E.III 3.5)"),
                         i, written->get<std::string>(), fingerprint));
    return true;
}

void sealRequested(const Timeline& tl, SealWalk& w, std::size_t i) {
    ++w.requests;
    int ply = tl.ply_before[i];
    w.computer_to_move = (ply % 2 == 0) == (tl.computer == rules::Color::White);
    w.requested = i;
    w.shown_at_request = w.shown;
}

void sealedRecord(const Timeline& tl, SealWalk& w, std::size_t i, Findings& f) {
    const json& p = tl.at(i).payload;
    bool by_computer = p.value("by", "") == tl.computerName();
    w.sealed = i;
    if (envelopeChanged(p, i, f) || (by_computer && w.withheld_unrequested)) return;
    if (!by_computer)
        return f.note(
            i, fmt::format(i18n::N_("#{} the human sealed his written move; the console never saw it"), i));
    if (w.shown_at_request != kNone)
        return f.breach(
            w.shown_at_request,
            fmt::format(
                i18n::N_("record #{}: the computer's move was shown before the seal request (record "
                         "#{}), yet it was sealed at record #{} instead of being played (Guidelines I.1)"),
                w.shown_at_request, w.requested, i));
    // I.1.1: a move executed on the board after the request is the sealed move; it is public already.
    bool on_board = p.value("on_board", false);
    if (!on_board && ((p.contains("uci") && !p["uci"].is_null()) || p.contains("text")))
        return f.breach(
            i,
            fmt::format(
                i18n::N_("record #{}: the sealed move is written in clear in the journal (E.III 3.5)"), i));
    f.note(i,
           fmt::format(i18n::N_("#{} the computer's move, chosen after the request, sealed in envelope {}"),
                       i, p.value("fingerprint", "?")));
}

// Guidelines I.1, E.III 3.5: the computer's move shown while it seals, or before the envelope is opened.
void engineMoveShown(const Timeline& tl, SealWalk& w, std::size_t i, bool sealing, Findings& f) {
    if (sealing || w.sealed != kNone)
        f.breach(
            i, fmt::format(
                   i18n::N_("record #{}: the computer's move {} was shown {} (Guidelines I.1, E.III 3.5)"), i,
                   tl.at(i).payload.value("uci", ""),
                   w.sealed != kNone ? i18n::N_("before the envelope was opened")
                                     : i18n::N_("after the seal request")));
    w.shown = i;
}

// E.III 3.5: while the computer seals, no engine line may name a move.
void sealingLines(const Timeline& tl, std::size_t i, Findings& f) {
    for (std::string_view held : tl.lines(i))
        if (const std::string line(held); revealsMove(line))
            f.breach(i, fmt::format(i18n::N_("record #{}: an engine line names a move while the computer "
                                             "seals: \"{}\" (E.III 3.5)"),
                                    i, line));
}

// The sealed move named in the event's notation, as on the scoresheet (issue 22: "d4e3" was UCI).
void envelopeOpened(const Timeline& tl, SealWalk& w, std::size_t i, Findings& f) {
    const journal::Record& r = tl.at(i);
    const std::string opened =
        r.payload.contains("opened") ? scoresheetMoveBefore(tl, i + 1, r.payload.value("opened", "")) : "";
    f.note(i, fmt::format(i18n::N_("#{} envelope opened at resumption{}"), i,
                          opened.empty() ? "" : ": " + opened));
    w.sealed = w.requested = w.shown_at_request = kNone;
    w.withheld_unrequested = false;
}

void sealStep(const Timeline& tl, SealWalk& w, std::size_t i, Findings& f) {
    const auto& r = tl.at(i);
    bool sealing = w.requested != kNone && w.sealed == kNone && w.computer_to_move;
    if (r.type == "engine_move") engineMoveShown(tl, w, i, sealing, f);
    if (r.type == "made" || r.type == "pressed") w.shown = kNone;
    if (r.type == "made" && w.sealed != kNone)
        f.breach(
            i,
            fmt::format(
                i18n::N_("record #{}: a move was executed before the envelope was opened (Guidelines I.5)"),
                i));
    if (r.type == "engine_io" && sealing) sealingLines(tl, i, f);
    if (r.type == "engine_move_withheld") moveWithheld(w, i, f);
    if (r.type == "seal_requested") sealRequested(tl, w, i);
    if (r.type == "sealed") sealedRecord(tl, w, i, f);
    if (r.type == "resume") envelopeOpened(tl, w, i, f);
}

}  // namespace

Check checkSealedMove(const Context& ctx) {
    Findings f;
    SealWalk w;
    for (std::size_t i = 0; i < ctx.tl.size(); ++i) sealStep(ctx.tl, w, i, f);
    ctx.addEngineFindings("sealed-move", f);
    return f.finish(
        {"sealed-move",
         "E.III 3.5, Guidelines I.1-I.5",
         i18n::N_("The sealed move was chosen after the request and never shown before the opening"),
         {},
         {},
         {},
         {}},
        w.requests > 0,
        w.requests > 0 ? counted({i18n::N_("{} seal request"), i18n::N_("{} seal requests")},
                                 static_cast<std::size_t>(w.requests)) +
                             "; " + i18n::N_("no move shown between the request and the opening")
                       : i18n::N_("the game was not adjourned"));
}

namespace {

struct FaultCounts {
    int faults = 0, restarts = 0, resumes = 0;
    std::int64_t downtime = 0;
    std::size_t series = kNone;  // the first fault since the last restart: the downtime counts from it
    bool resumed_since = false;  // a console_resumed after it: another program restarted the engine
    int clocked = -1;            // clockedSearches() (1 or 0), read at the first restart; -1 before
};

// The bridge measures a restart's downtime from the first fault of its series to the restarted engine's
// readyok (engine_impl.cpp), on the clock the console dates its records by; the records are written at the
// poll that reads each event: in real time the two agree within this.
constexpr std::int64_t kDowntimeToleranceMs = 2000;
// In operator-cli play's simulated time the records' clock stands while the engine starts again: the
// built-in fake engine says 150 ms (every such journal of tests/audit/corpus), a real engine the real time
// its start took (Stockfish about 0.3 s), at most the bridge's handshake and ready timeouts (10 s each).
constexpr std::int64_t kSimulatedRestartMs = 20000 + kDowntimeToleranceMs;

// Whether the journal's searches were given clocks (a `go` naming wtime: real time), so that its records'
// times measure a restart; operator-cli play's simulated searches name a node count or nothing.
bool clockedSearches(const Timeline& tl) {
    for (std::size_t i = 0; i < tl.size(); ++i) {
        if (tl.at(i).type != "engine_io") continue;
        for (std::string_view line : tl.lines(i))
            if (line.rfind("> go", 0) == 0 && line.find(" wtime ") != std::string_view::npos) return true;
    }
    return false;
}

// E.III 1.4: the downtime listed is the one the records' own times bear out. A restart whose fault lies
// before a console_resumed (the resumed simulation re-enacts it) or with no fault record is not compared.
void restartDowntime(const Context& ctx, std::size_t i, FaultCounts& n, Findings& f) {
    if (n.series == kNone || n.resumed_since) return;
    const auto& fault = ctx.tl.at(n.series);
    const std::int64_t said = ctx.tl.at(i).payload.value("downtime_ms", std::int64_t{0});
    const std::int64_t passed = timeOf(ctx.tl.at(i)) - timeOf(fault);
    if (n.clocked < 0) n.clocked = clockedSearches(ctx.tl) ? 1 : 0;
    const std::int64_t over = n.clocked == 1 ? kDowntimeToleranceMs : kSimulatedRestartMs;
    if (said - passed <= over && passed - said <= kDowntimeToleranceMs) return;
    f.breach(
        i, fmt::format(i18n::N_("record #{}: the engine restart says the engine was down {} ms, but its "
                                "fault (record #{}) was recorded at {} and the restart at {}, {} ms "
                                "later: the downtime does not agree with the records' own times "
                                "(E.III 1.4)"),
                       i, said, n.series, clockText(timeOf(fault)), clockText(timeOf(ctx.tl.at(i))), passed));
}

void engineEvent(const Context& ctx, std::size_t i, FaultCounts& n, Findings& f) {
    const auto& r = ctx.tl.at(i);
    if (ctx.tl.resumedAt(i)) n.resumed_since = true;  // an older console's unannounced resume too
    if (r.type == "engine_fault") {
        ++n.faults;
        if (n.series == kNone) n.series = i, n.resumed_since = false;
        f.note(i, fmt::format(i18n::N_("#{} {}: engine fault: {}"), i, moveLabel(ctx.tl.ply_before[i]),
                              r.payload.value("what", "")));
    } else if (r.type == "console_resumed") {
        // The program itself was closed or crashed and reopened the journal (docs/arbiter-journal.md).
        ++n.resumes;
        f.note(i, fmt::format(i18n::N_("#{} {} resumed the journal after record {} at {} (UTC)"), i,
                              r.payload.value("program", std::string("?")),
                              r.payload.value("resumed_from_seq", std::uint64_t{0}),
                              journal::formatWallTime(r.wall)));
    } else if (r.type == "engine_restart") {
        ++n.restarts;
        restartDowntime(ctx, i, n, f);
        n.series = kNone;
        n.downtime += r.payload.value("downtime_ms", std::int64_t{0});
        f.note(i, fmt::format(i18n::N_("#{} engine restarted with the whole game after {} ms"), i,
                              r.payload.value("downtime_ms", std::int64_t{0})));
    }
}

std::string faultSummary(const FaultCounts& n) {
    std::string summary =
        n.faults + n.restarts > 0
            ? counted({i18n::N_("{} fault, {} restart, downtime {:.1f} s"),
                       i18n::N_("{} fault, {} restarts, downtime {:.1f} s"),
                       i18n::N_("{} faults, {} restart, downtime {:.1f} s"),
                       i18n::N_("{} faults, {} restarts, downtime {:.1f} s")},
                      static_cast<std::size_t>(n.faults), static_cast<std::size_t>(n.restarts),
                      static_cast<double>(n.downtime) / 1000.0)
            : i18n::N_("no engine fault");
    if (n.resumes > 0)
        summary += "; " + fmt::format(i18n::N_("the console resumed the journal {} time(s)"), n.resumes);
    return summary;
}

}  // namespace

Check checkEngineFaults(const Context& ctx) {
    Findings f;
    FaultCounts n;
    for (std::size_t i = 0; i < ctx.tl.size(); ++i) engineEvent(ctx, i, n, f);
    return f.finish(
        {"engine-faults", "E.III 1.4", i18n::N_("Engine faults, restarts and downtime"), {}, {}, {}, {}},
        n.faults + n.restarts + n.resumes > 0, faultSummary(n));
}

namespace {

// The rulings on moves: illegal ones, mis-entries and a board that differs from the engine's move.
// A mis-entry names both moves in the event's notation, as the scoresheet did ("Gd3 -> Gf1").
std::string moveRuling(const Timeline& tl, std::size_t i) {
    const journal::Record& r = tl.at(i);
    const json& p = r.payload;
    const std::string& t = r.type;
    if (t == "illegal")
        return fmt::format(i18n::N_("illegal move at half-move {} ruled, position reinstated"),
                           p.value("ply", 0));
    if (t == "illegal_kind")
        return fmt::format(i18n::N_("illegal move by {} ({})"), p.value("side", ""), p.value("kind", ""));
    if (t == "correct")
        return fmt::format(i18n::N_("mis-entry corrected with the arbiter: {} -> {}"),
                           scoresheetMoveBefore(tl, i, p.value("old", "")),
                           scoresheetMoveBefore(tl, i + 1, p.value("uci", "")));
    if (t == "made" && p.value("breach", false))
        return fmt::format(i18n::N_("board differs from the engine's move: {}"), p.value("uci", ""));
    // Issue 34: the e-board saw the human press with no legal move on it (Art. 7.5, the arbiter rules).
    if (t == "eboard" && p.value("event", "") == "press_without_move")
        return fmt::format(i18n::N_("the human pressed the clock with no legal move on the board ({})"),
                           p.value("move", p.value("board", "")));
    if (t == "eboard" && p.value("event", "") == "differs" && p.value("fault", "") == "human-out-of-turn")
        return i18n::N_("the human moved before the computer's move was played (e-board)");
    return {};
}

// The rulings on the clocks: corrections, stops, flags and the quickplay finish.
std::string clockRuling(const journal::Record& r) {
    const json& p = r.payload;
    const std::string& t = r.type;
    if (t == "adjust")
        return fmt::format(i18n::N_("{} clock {:+} s: {}"), p.value("side", ""),
                           static_cast<double>(p.value("delta", std::int64_t{0})) / 1000.0,
                           p.value("reason", ""));
    if (t == "pause" || t == "unpause")
        return t == "pause" ? i18n::N_("arbiter stopped the clocks")
                            : i18n::N_("arbiter restarted the clocks");
    if (t == "flag_reported") return fmt::format(i18n::N_("flag of {} reported"), p.value("side", ""));
    if (t == "qpf_ruling") return fmt::format(i18n::N_("quickplay claim ruled: {}"), p.value("ruling", ""));
    if (t == "increment_ruling")
        return p.value("grant", false) ? i18n::N_("III.4 increment granted")
                                       : i18n::N_("III.4 increment refused");
    return {};
}

// The rulings on the game itself: the arbiter's result, a late arrival and its forfeit.
std::string gameRuling(const journal::Record& r) {
    const json& p = r.payload;
    const std::string& t = r.type;
    if (t == "arbiter_result")
        return fmt::format(i18n::N_("arbiter's result {}: {}"), p.value("result", ""), p.value("reason", ""));
    if (t == "forfeit")
        return fmt::format(i18n::N_("late-arrival forfeit {}"),
                           p.value("confirm", false) ? i18n::N_("confirmed") : i18n::N_("overruled"));
    if (t == "arrival") return fmt::format(i18n::N_("{} arrived late"), p.value("side", ""));
    return {};
}

// The arbiter's rulings and the irregularities they answer, in the arbiter's words; "" for others.
std::string ruling(const Timeline& tl, std::size_t i) {
    const journal::Record& r = tl.at(i);
    if (std::string what = moveRuling(tl, i); !what.empty()) return what;
    if (std::string what = clockRuling(r); !what.empty()) return what;
    return gameRuling(r);
}

void irregularity(const Context& ctx, std::size_t i, const std::string& what, Findings& f) {
    const auto& r = ctx.tl.at(i);
    // CLK-15: a clock correction is always reasoned.
    if (r.type == "adjust" && r.payload.value("reason", "").empty())
        return f.breach(
            i, fmt::format(i18n::N_("record #{}: a clock was adjusted without a reason (Art. 6.10)"), i));
    // moveLabel's words written out, so that the catalogue has a pattern to read the line by.
    f.note(i, fmt::format(i18n::N_("#{} move {}{}: {}"), i, ctx.tl.ply_before[i] / 2 + 1,
                          ctx.tl.ply_before[i] % 2 == 0 ? "" : "...", what));
}

}  // namespace

Check checkIrregularities(const Context& ctx) {
    Findings f;
    int n = 0;
    for (std::size_t i = 0; i < ctx.tl.size(); ++i) {
        std::string what = ruling(ctx.tl, i);
        if (what.empty()) continue;
        ++n;
        irregularity(ctx, i, what, f);
    }
    Check c = f.finish({"irregularities",
                        "Laws 7, 6.10, 6.12",
                        i18n::N_("Irregularities and the arbiter's rulings"),
                        {},
                        {},
                        {},
                        {}},
                       n > 0,
                       n > 0 ? counted({i18n::N_("{} irregularity or ruling recorded, listed below"),
                                        i18n::N_("{} irregularities or rulings recorded, listed below")},
                                       static_cast<std::size_t>(n))
                             : i18n::N_("no irregularity recorded"));
    c.listed = true;  // "listed below": the text output lists each one under the line
    return c;
}

}  // namespace oc::audit::detail
