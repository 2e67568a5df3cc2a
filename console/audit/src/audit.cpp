// The audit's entry points: read and verify the journal, run every check, assemble the report.
#include "audit/audit.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "checks.hpp"
#include "i18n/mark.hpp"

namespace oc::audit {
namespace detail {

void Findings::breach(std::size_t record, std::string line) {
    breach_records.push_back(record);
    breaches.push_back(std::move(line));
}

void Findings::note(std::size_t record, std::string line) {
    records.push_back(record);
    details.push_back(std::move(line));
}

Check Findings::finish(Check check, bool applies, const std::string& summary) const {
    check.records = breach_records;
    check.records.insert(check.records.end(), records.begin(), records.end());
    check.details = breaches;
    check.details.insert(check.details.end(), details.begin(), details.end());
    if (!breaches.empty()) {
        check.verdict = Verdict::Breach;
        check.evidence = breaches.front();
        if (breaches.size() > 1)
            check.evidence = fmt::format(i18n::N_("{} (and {} more)"), check.evidence, breaches.size() - 1);
    } else {
        check.verdict = applies ? Verdict::Ok : Verdict::NotApplicable;
        check.evidence = summary;
    }
    return check;
}

Check checkIntegrity(const journal::JournalContents& contents) {
    const auto& last = contents.records.back();
    Check c{"integrity", "journal", i18n::N_("The journal's hash chain is intact"), Verdict::Ok, "", {}, {}};
    // Each case one whole sentence: its "; " parts are no messages of their own.
    c.evidence =
        contents.torn_tail_dropped
            ? fmt::format(
                  i18n::N_("{} records (seq 0..{}) verify; final hash {} (compare the scoresheet's {}); "
                           "an incomplete last record (never confirmed to the operator) was dropped"),
                  contents.records.size(), last.seq, last.hash, last.hash.substr(0, 12))
            : fmt::format(
                  i18n::N_("{} records (seq 0..{}) verify; final hash {} (compare the scoresheet's {})"),
                  contents.records.size(), last.seq, last.hash, last.hash.substr(0, 12));
    c.details = contents.warnings;
    return c;
}

namespace {

// Half-moves, result and final scoresheet from the session's own replay of every record.
Context makeContext(const Timeline& tl) {
    Context ctx{tl, {}, {}};
    auto all = rebuildBefore(tl, tl.size() + 1);
    if (!all->session) {
        ctx.rebuild_error = all->error;
        return ctx;
    }
    auto snap = all->session->snapshot(all->session->lastRecordTime());
    ctx.moves = std::move(snap.moves);
    ctx.result = std::move(snap.result);
    return ctx;
}

void fillHeader(Report& report, const Timeline& tl, const Context& ctx) {
    report.event = tl.setup.event;
    report.white = tl.setup.white;
    report.black = tl.setup.black;
    report.computer_white = tl.computer == rules::Color::White;
    report.result = ctx.result;
    report.series.plies = static_cast<int>(ctx.moves.size());
    report.series.reserve_setting_s = tl.setup.handling_reserve_s;
    for (std::size_t i = 0; i < ctx.moves.size(); ++i)
        report.series.clocks.push_back(
            ClockPoint{static_cast<int>(i) + 1, ctx.moves[i].side == rules::Color::White,
                       static_cast<double>(ctx.moves[i].clock_after.count()) / 1000.0});
}

Report unverified(const std::string& file, const journal::JournalError& error) {
    Report report;
    report.file = file;
    Check c{"integrity",
            "journal",
            i18n::N_("The journal's hash chain is intact"),
            Verdict::Breach,
            error.message,
            {},
            {}};
    if (error.bad_index) c.records.push_back(*error.bad_index);
    report.checks.push_back(std::move(c));
    for (const char* name :
         {"table-clock", "moves-recorded", "handling-time", "faster-rate", "no-forced-move", "draw-resign",
          "sealed-move", "engine-faults", "irregularities"})
        report.checks.push_back(Check{name,
                                      "",
                                      "",
                                      Verdict::NotApplicable,
                                      i18n::N_("not audited: the journal does not verify"),
                                      {},
                                      {}});
    return report;
}

}  // namespace
}  // namespace detail

std::string_view verdictName(Verdict v) {
    switch (v) {
        case Verdict::Ok:
            return "ok";
        case Verdict::Breach:
            return "breach";
        case Verdict::NotApplicable:
            return "n/a";
    }
    return "n/a";
}

bool Report::passed() const {
    return verified && std::none_of(checks.begin(), checks.end(),
                                    [](const Check& c) { return c.verdict == Verdict::Breach; });
}

Report auditContents(const journal::JournalContents& contents, const std::string& file) {
    using namespace detail;
    Report report;
    report.file = file;
    report.verified = true;
    report.records = contents.records.size();
    report.final_hash = contents.records.back().hash;
    const Timeline tl = buildTimeline(contents);
    const Context ctx = makeContext(tl);
    fillHeader(report, tl, ctx);
    Series& s = report.series;
    report.checks = {checkIntegrity(contents),  checkTableClock(ctx, s), checkMovesRecorded(ctx),
                     checkHandlingTime(ctx, s), checkFasterRate(ctx, s), checkNoForcedMove(ctx),
                     checkDrawResign(ctx, s),   checkSealedMove(ctx),    checkEngineFaults(ctx),
                     checkIrregularities(ctx)};
    return report;
}

tl::expected<Report, std::string> auditJournal(const std::filesystem::path& path) {
    auto contents = journal::readJournal(path);
    if (!contents) {
        if (contents.error().code == journal::JournalErrorCode::Unreadable)
            return tl::make_unexpected(fmt::format(i18n::N_("unreadable: {}"), contents.error().message));
        return detail::unverified(path.string(), contents.error());
    }
    // A chain can verify around a record whose fields have unexpected types (a hand-made journal): that
    // is an error value here, never an exception leaving the module.
    try {
        return auditContents(*contents, path.string());
    } catch (const nlohmann::json::exception& e) {
        return tl::make_unexpected(
            fmt::format(i18n::N_("a record's content is not what the console writes: {}"), e.what()));
    }
}

std::string checkLines(const Report& report,
                       const std::function<std::string(const std::string&)>& evidence_text) {
    std::string out;
    auto text = [&](const std::string& e) { return evidence_text ? evidence_text(e) : e; };
    for (const Check& c : report.checks) {
        out += fmt::format("{} {} {}\n", c.name, verdictName(c.verdict), text(c.evidence));
        if (!c.listed) continue;
        for (const std::string& d : c.details) out += fmt::format("  {}\n", text(d));
    }
    return out;
}

}  // namespace oc::audit
