// E.III 1.1 (the table clock is the official one) and E.III 2.1 (the rate of play allows for the
// operator's handling): syncs, flags, the engine's budgets and the measured handling times.
#include <fmt/format.h>

#include <algorithm>

#include "checks.hpp"
#include "clock/budget.hpp"
#include "i18n/mark.hpp"

namespace oc::audit::detail {
namespace {

std::optional<std::int64_t> reading(const json& p, const char* side) {
    if (!p.contains(side) || p[side].is_null()) return std::nullopt;
    return p[side].get<std::int64_t>();
}

std::optional<double> seconds(std::optional<std::int64_t> ms) {
    if (!ms) return std::nullopt;
    return static_cast<double>(*ms) / 1000.0;
}

// One side's reading of the table clock and, when the console's state before it is known, what the
// console showed then.
struct SideReading {
    const char* name;
    std::optional<std::int64_t> official;
    std::string console;         // the console's value, "" when unknown
    std::optional<double> diff;  // official minus console, in seconds
};

SideReading sideReading(const char* name, std::optional<std::int64_t> official, const Before* before,
                        rules::Color c) {
    SideReading s{name, official, {}, {}};
    if (!official || !before) return s;
    const session::Ms console = before->remaining[c];
    // In double: a re-hashed journal can hold any int64, and the difference of two may overflow.
    s.diff = (static_cast<double>(*official) - static_cast<double>(console.count())) / 1000.0;
    s.console = clockText(console.count());
    return s;
}

// The rarer cases (no console value known, or neither side read) in English pieces.
std::string syncPieces(std::size_t i, const std::string& label, const SideReading& w, const SideReading& b,
                       const Before* before) {
    std::string line = fmt::format(i18n::N_("#{} {}: table clock"), i, label);
    for (const SideReading* s : {&w, &b}) {
        if (!s->official) continue;
        line += fmt::format(" {} {}", s->name, clockText(*s->official));
        if (s->diff) line += fmt::format(" (console {}, corrected {:+.1f} s)", s->console, *s->diff);
    }
    if (!before) line += " (the console's value is unknown: the replay did not reach it)";
    return line;
}

// Readings against known console values (the usual case) as one whole sentence for the catalogue.
std::string syncLine(std::size_t i, const std::string& label, const SideReading& w, const SideReading& b,
                     const Before* before) {
    if (w.diff && b.diff)
        return fmt::format(i18n::N_("#{} {}: table clock White {} (console {}, corrected {:+.1f} s) Black {} "
                                    "(console {}, corrected {:+.1f} s)"),
                           i, label, clockText(*w.official), w.console, *w.diff, clockText(*b.official),
                           b.console, *b.diff);
    if (w.diff && !b.official)
        return fmt::format(i18n::N_("#{} {}: table clock White {} (console {}, corrected {:+.1f} s)"), i,
                           label, clockText(*w.official), w.console, *w.diff);
    if (b.diff && !w.official)
        return fmt::format(i18n::N_("#{} {}: table clock Black {} (console {}, corrected {:+.1f} s)"), i,
                           label, clockText(*b.official), b.console, *b.diff);
    return syncPieces(i, label, w, b, before);
}

// One reading of the table clock: the official values and what the console showed just before.
void syncDetail(const Context& ctx, std::size_t i, Findings& f, Series& series) {
    const auto& r = ctx.tl.at(i);
    const Before* before = beforeRecord(ctx.tl, i);
    const SideReading w = sideReading("White", reading(r.payload, "white"), before, rules::Color::White);
    const SideReading b = sideReading("Black", reading(r.payload, "black"), before, rules::Color::Black);
    series.syncs.push_back(
        SyncMark{ctx.tl.ply_before[i], seconds(w.official), seconds(b.official), w.diff, b.diff, i});
    f.note(i, syncLine(i, moveLabel(ctx.tl.ply_before[i]), w, b, before));
}

// Results are never derived from the console's clock alone: a flag is reported and the arbiter
// confirms it on the table clock (E.III 1.1, Art. 6.12.2).
void flagRuling(std::size_t i, const std::optional<std::string>& reported, const std::string& side,
                Findings& f) {
    if (reported != side)
        return f.breach(
            i, fmt::format(i18n::N_("record #{}: a flag fall was ruled with no flag reported for the arbiter "
                                    "to check on the table clock (E.III 1.1)"),
                           i));
    f.note(i,
           fmt::format(i18n::N_("#{} flag of {} confirmed by the arbiter on the table clock"), i, *reported));
}

// The correction of the largest size, with its sign.
double largestCorrection(const std::vector<SyncMark>& syncs) {
    double worst = 0;
    for (const auto& s : syncs)
        for (auto d : {s.white_diff_s, s.black_diff_s})
            if (d && std::abs(*d) > std::abs(worst)) worst = *d;
    return worst;
}

std::string tableClockSummary(const std::vector<SyncMark>& syncs, std::size_t flags) {
    if (syncs.empty() && flags == 0)
        return i18n::N_("no table-clock reading was entered and no flag was ruled");
    std::string summary =
        counted({i18n::N_("{} table-clock reading entered, {} flag ruling confirmed by the arbiter"),
                 i18n::N_("{} table-clock reading entered, {} flag rulings confirmed by the arbiter"),
                 i18n::N_("{} table-clock readings entered, {} flag ruling confirmed by the arbiter"),
                 i18n::N_("{} table-clock readings entered, {} flag rulings confirmed by the arbiter")},
                syncs.size(), flags);
    if (!syncs.empty())
        summary += "; " + fmt::format(i18n::N_("largest correction {:+.1f} s"), largestCorrection(syncs));
    return summary;
}

}  // namespace

Check checkTableClock(const Context& ctx, Series& series) {
    Findings f;
    std::optional<std::string> reported;  // the side whose flag was pointed out, not yet ruled
    std::size_t flags = 0;
    for (std::size_t i = 0; i < ctx.tl.size(); ++i) {
        const auto& r = ctx.tl.at(i);
        if (r.type == "sync") syncDetail(ctx, i, f, series);
        if (r.type == "flag_reported") reported = r.payload.value("side", "");
        if (r.type != "flag_confirmed") continue;
        ++flags;
        flagRuling(i, reported, r.payload.value("side", ""), f);
        reported.reset();
    }
    timeOrder(ctx.tl, f);
    ctx.addEngineFindings("table-clock", f);
    return f.finish({"table-clock",
                     "E.III 1.1",
                     i18n::N_("The table clock ruled over the console's clock"),
                     {},
                     {},
                     {},
                     {}},
                    series.syncs.size() + flags > 0, tableClockSummary(series.syncs, flags));
}

namespace {

// The computer's clock at the end of the move that answered `s` plus that move's time: no less than
// its clock when the search started (an increment only adds). nullopt when the scoresheet's move at that
// ply is not the search's (a later ruling replaced it).
// Also nullopt when a record between the go and the press set the clocks otherwise (a table-clock
// reading, an arbiter's correction or penalty): the bound then says nothing about the go.
std::optional<std::int64_t> clockBound(const Context& ctx, const Search& s) {
    static const std::vector<std::string> kResetting{
        "sync",       "adjust",           "illegal",      "illegal_kind", "claim", "qpf_claim",
        "qpf_ruling", "increment_ruling", "answer_human", "arrival",      "pause", "resume"};
    auto ply = static_cast<std::size_t>(s.ply);
    if (ply >= ctx.moves.size() || ctx.moves[ply].uci != s.uci || !s.press_record) return std::nullopt;
    for (std::size_t k = s.record; k < *s.press_record; ++k)
        if (std::find(kResetting.begin(), kResetting.end(), ctx.tl.at(k).type) != kResetting.end())
            return std::nullopt;
    // A later illegal-move ruling that reinstated a position at or before this move replaced it.
    for (std::size_t k = *s.press_record; k < ctx.tl.size(); ++k)
        if (ctx.tl.at(k).type == "illegal" && ctx.tl.ply_before[k + 1 < ctx.tl.size() ? k + 1 : k] <= s.ply)
            return std::nullopt;
    return (ctx.moves[ply].clock_after + ctx.moves[ply].elapsed).count();
}

// One search's detail line, a whole sentence for the catalogue in each case.
std::string handlingLine(const Search& s, const ComputerMove& m) {
    const std::string label = moveLabel(s.ply), given = clockText(s.given_ms);
    if (m.think_s && m.handling_s)
        return fmt::format(
            i18n::N_("#{} {}: engine given {}, thought {:.1f} s, handling {:.1f} s (reserve {:.1f} s)"),
            s.record, label, given, *m.think_s, *m.handling_s, m.reserve_s);
    if (m.think_s)
        return fmt::format(i18n::N_("#{} {}: engine given {}, thought {:.1f} s"), s.record, label, given,
                           *m.think_s);
    if (m.handling_s)
        return fmt::format(i18n::N_("#{} {}: engine given {}, handling {:.1f} s (reserve {:.1f} s)"),
                           s.record, label, given, *m.handling_s, m.reserve_s);
    return fmt::format(i18n::N_("#{} {}: engine given {}"), s.record, label, given);
}

void handlingDetail(const Context& ctx, const Search& s, const ComputerMove& m, Findings& f) {
    const std::string line = handlingLine(s, m);
    auto bound = clockBound(ctx, s);
    // E.III 2.1: the engine's time is the clock minus the handling reserve; giving it the whole clock (or
    // more) leaves nothing for the operator, unless only the minimum is left (it must move at once).
    if (bound && s.given_ms > *bound && s.given_ms > clock::BudgetSettings{}.min_engine_time.count())
        return f.breach(s.record,
                        fmt::format(i18n::N_("record #{}: at {} the engine was given {} while the computer's "
                                             "clock held at most {}: no time kept for handling (E.III 2.1)"),
                                    s.record, moveLabel(s.ply), clockText(s.given_ms), clockText(*bound)));
    f.note(s.record, line);
}

}  // namespace

namespace {

double seconds(std::int64_t ms) {
    return static_cast<double>(ms) / 1000.0;
}

// The session's reserve: the configured start, then a high percentile of the measured times, robust to one
// outlier (clock::HandlingReserve::basis, E.III 2.1).
clock::HandlingReserve sessionReserve(const Timeline& tl) {
    clock::ReserveSettings settings;
    settings.initial =
        std::chrono::milliseconds(static_cast<std::int64_t>(tl.setup.handling_reserve_s * 1000));
    settings.floor = std::min(settings.floor, settings.initial);
    if (tl.reserve_rule != 0) settings.rule = tl.reserve_rule;  // the writer's rule (issue 37)
    return clock::HandlingReserve(settings);
}

// One search as the pictures show it; feeds its handling time into the reserve.
ComputerMove computerMove(const Search& s, clock::HandlingReserve& reserve) {
    ComputerMove m{s.ply + 1, seconds(s.given_ms), {}, {}, 0, s.eval_cp, s.faster, s.record};
    m.reserve_s = seconds(reserve.perMove().count());
    if (s.move_t) m.think_s = seconds(*s.move_t - s.t);
    // A sealed move's handling ends at the seal: the clocks stand still from there to the press after
    // the resumption (Guidelines I.9), so neither the break nor the execution then feeds the reserve.
    const std::optional<std::int64_t> from =
        s.sealed_t ? s.shown_t.value_or(s.move_t.value_or(0)) : s.shown_t;
    const std::optional<std::int64_t> to = s.sealed_t ? s.sealed_t : s.press_t;
    if (from && to && s.press_t) {
        m.handling_s = seconds(*to - *from);
        reserve.record(std::chrono::milliseconds(*to - *from));
    }
    return m;
}

// The handling times measured against the reserve: three "; " parts, each a whole sentence for the
// catalogue (translateMessage reads them apart).
std::string handlingSummary(const Context& ctx, std::vector<double> handlings, int over,
                            const clock::HandlingReserve& reserve) {
    std::string summary = fmt::format(i18n::N_("{} searches, each given the clock less the handling reserve"),
                                      ctx.tl.searches.size());
    if (handlings.empty()) return summary;
    std::sort(handlings.begin(), handlings.end());
    return summary + "; " +
           fmt::format(i18n::N_("handling median {:.1f} s, max {:.1f} s"), handlings[handlings.size() / 2],
                       handlings.back()) +
           "; " + fmt::format(i18n::N_("{} over the reserve in force"), over) + "; " +
           fmt::format(i18n::N_("reserve {:.1f} s at the start, {:.1f} s at the end"),
                       ctx.tl.setup.handling_reserve_s, seconds(reserve.perMove().count()));
}

}  // namespace

Check checkHandlingTime(const Context& ctx, Series& series) {
    Findings f;
    clock::HandlingReserve reserve = sessionReserve(ctx.tl);
    std::vector<double> handlings;
    int over = 0;
    for (const Search& s : ctx.tl.searches) {
        ComputerMove m = computerMove(s, reserve);
        if (m.handling_s) handlings.push_back(*m.handling_s), over += *m.handling_s > m.reserve_s ? 1 : 0;
        handlingDetail(ctx, s, m, f);
        series.computer_moves.push_back(m);
    }
    ctx.addEngineFindings("handling-time", f);
    Check c{"handling-time",
            "E.III 2.1",
            i18n::N_("The rate of play allowed for the operator's handling"),
            {},
            {},
            {},
            {}};
    return f.finish(std::move(c), !ctx.tl.searches.empty(),
                    handlingSummary(ctx, std::move(handlings), over, reserve));
}

}  // namespace oc::audit::detail
