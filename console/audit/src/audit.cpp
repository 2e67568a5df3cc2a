// The audit's entry points: read and verify the journal, run every check, assemble the report.
#include "audit/audit.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "checks.hpp"
#include "i18n/mark.hpp"
#include "release_rules.hpp"
#include "session/journal_header.hpp"
#include "session/journal_sink.hpp"

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

void Findings::cannotJudge(std::size_t record, std::string line) {
    unjudged_records.push_back(record);
    unjudged.push_back(std::move(line));
}

void Context::addEngineFindings(const std::string& check, Findings& f) const {
    for (const LineFinding& l : engine_findings) {
        if (l.check != check) continue;
        if (l.unjudged)
            f.cannotJudge(l.record, l.line);
        else
            f.breach(l.record, l.line);
    }
}

Check Findings::finish(Check check, bool applies, const std::string& summary) const {
    // Breaches in the journal's order, whichever reading found them (the records, the engine's lines).
    std::vector<std::size_t> order(breaches.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return breach_records[a] < breach_records[b]; });
    for (std::size_t i : order) {
        check.records.push_back(breach_records[i]);
        check.details.push_back(breaches[i]);
    }
    // What could not be judged follows the breaches and comes before the items looked at.
    check.records.insert(check.records.end(), unjudged_records.begin(), unjudged_records.end());
    check.details.insert(check.details.end(), unjudged.begin(), unjudged.end());
    check.records.insert(check.records.end(), records.begin(), records.end());
    check.details.insert(check.details.end(), details.begin(), details.end());
    const std::size_t first_kind = !breaches.empty() ? breaches.size() : unjudged.size();
    if (first_kind > 0) {
        check.verdict = !breaches.empty() ? Verdict::Breach : Verdict::NotChecked;
        check.evidence = check.details.front();
        if (first_kind > 1)
            check.evidence = fmt::format(i18n::N_("{} (and {} more)"), check.evidence, first_kind - 1);
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

// What the replay computes on its way, for the checks to compare with the records.
struct ReplayFacts {
    std::vector<SearchStart> starts;
    std::vector<DueAnswer> answers;
    std::vector<std::pair<std::size_t, Before>> before;  // the state before the records judged by it
    std::vector<Report::Resumed> resumed;                // resumes by a console that named itself
};

// A console_resumed naming its console and rules (issue 37 item 1): the replay goes on by that console's
// handling-reserve rule, as the resumed console computed its figures by it. A rule this audit does not
// know is kept as named (the budget is then not judged: auditWith).
void resumedBy(session::Session& s, const json& record, std::size_t index, ReplayFacts* facts) {
    const auto facts_of = session::resumeFacts(record);
    if (!facts_of.program && !facts_of.reserve_rule) return;
    const int rule = facts_of.reserve_rule.value_or(0);
    if (rule >= session::oldestReserveRule() && rule <= session::newestReserveRule())
        s.judgeByReserveRule(rule);
    if (facts) facts->resumed.push_back({index, facts_of.program.value_or(""), rule});
}

// Half-moves, result and final scoresheet from the session's own replay of every record.
Context makeContext(const Timeline& tl, const Rebuilt& all, ReplayFacts facts) {
    Context ctx{tl, {}, {}, {}, std::move(facts.starts), std::move(facts.answers), {}};
    if (!all.session) {
        ctx.rebuild_error = all.error;
        return ctx;
    }
    auto snap = all.session->snapshot(all.session->lastRecordTime());
    ctx.moves = std::move(snap.moves);
    ctx.result = std::move(snap.result);
    return ctx;
}

// The search the session starts at a `go` / `ponder_start` (session record `r`, just applied).
SearchStart searchStart(const session::Session& s, const json& r, std::size_t record) {
    const bool ponder = r.value("type", "") == "ponder_start";
    const session::TimePoint t{session::Ms(r.value("t", std::int64_t{0}))};
    SearchStart start{record, ponder, s.uciMoves(), s.goBudget(t, ponder)};
    if (ponder) start.moves.push_back(r.value("expected", ""));
    return start;
}

// The last record that changed the game: a draw answer it calls for comes right after it.
struct Answering {
    std::size_t record = 0;
    std::string type;
};

// Before session record `r` (journal record `record`) is applied: a draw_answer with the answer the
// session has due, or a due answer that `r` takes the place of (E.III 3.2-3.3). A resume may come between
// an answer and its record (the console was stopped there); `r` empty: the journal ends here.
void noteAnswer(const session::Session& s, const json* r, std::size_t record, const Answering& by,
                std::vector<DueAnswer>& out) {
    auto due = s.drawAnswerDue();
    const std::string type = r ? (*r)["type"].get<std::string>() : "";
    const bool journalled = type == "draw_answer";
    if (!journalled && (!due || type == "console_resumed")) return;
    out.push_back(DueAnswer{record, by.record, by.type, std::move(due), journalled});
}

// The state just before journal record `record` (session record `r`, or the end: nullptr), kept once.
void noteBefore(const session::Session& s, const json* r, const json& last, std::size_t record,
                std::vector<std::pair<std::size_t, Before>>& out) {
    if (!out.empty() && out.back().first == record) return;
    const json& at = r ? *r : last;
    const session::TimePoint t{session::Ms(at.value("t", std::int64_t{0}))};
    auto snap = s.snapshot(t);
    Before b{snap.remaining, snap.indication, snap.moves.empty() ? "" : snap.moves.back().text, {}, snap.fen};
    if (r && (*r)["type"] == "faster") b.faster_refusal = s.fasterRateRefusal(r->value("on", false), t);
    out.emplace_back(record, std::move(b));
}

// Before and after session record `i` is applied: what the checks judge it (or the next one) by.
void noteState(const session::Session& s, const std::vector<json>& records, std::size_t i, bool after,
               ReplayFacts& facts) {
    const std::string& type = records[i]["type"].get_ref<const std::string&>();
    const std::size_t next = i + 1;
    if (!after && judgedBefore(type)) noteBefore(s, &records[i], records[i], i + 1, facts.before);
    if (after && judgedAfter(type))
        noteBefore(s, next < records.size() ? &records[next] : nullptr, records[i], i + 2, facts.before);
}

// The session's own replay of `records`, one record at a time (as restore() does), up to the one it
// refuses; on the way, what the session itself would have sent its engine at each search start and the
// draw answers it has due.
// `reserve_rule` (0: this console's) is the handling-reserve rule of the console that wrote the journal.
std::unique_ptr<Rebuilt> replay(const std::vector<json>& records, session::Session::RestoreFailure* failure,
                                ReplayFacts* facts = nullptr, int reserve_rule = 0) {
    auto out = std::make_unique<Rebuilt>();
    auto first = std::vector<json>(records.begin(), records.begin() + (records.empty() ? 0 : 1));
    auto s = session::Session::restore(first, out->sink, out->engine, failure);
    if (!s) {
        out->error = s.error();
        return out;
    }
    if (reserve_rule != 0) (*s)->judgeByReserveRule(reserve_rule);
    Answering by;
    for (std::size_t i = 1; i < records.size(); ++i) {
        if (journalOnly(records[i])) continue;  // a key change: no answer's place, no state of the game
        if (facts) noteAnswer(**s, &records[i], i + 1, by, facts->answers);
        if (facts) noteState(**s, records, i, false, *facts);
        if (auto ok = (*s)->replayRecord(records[i]); !ok) {
            if (failure) *failure = session::Session::RestoreFailure{i, ok.error()};
            out->error = ok.error();
            return out;
        }
        const std::string& type = records[i]["type"].get_ref<const std::string&>();
        if (facts && (type == "go" || type == "ponder_start"))
            facts->starts.push_back(searchStart(**s, records[i], i + 1));
        if (type == "console_resumed") resumedBy(**s, records[i], i + 1, facts);
        if (type != "console_resumed") by = Answering{i + 1, type};
        if (facts) noteState(**s, records, i, true, *facts);
    }
    if (facts) noteAnswer(**s, nullptr, records.size() + 1, by, facts->answers);
    out->session = std::move(*s);
    return out;
}

void fillHeader(Report& report, const Timeline& tl, const Context& ctx) {
    report.event = tl.setup.event;
    report.white = tl.setup.white;
    report.black = tl.setup.black;
    report.computer_white = tl.computer == rules::Color::White;
    report.result = ctx.result;
    report.series.plies = static_cast<int>(ctx.moves.size());
    report.series.reserve_setting_s = tl.setup.handling_reserve_s;
    for (std::size_t i = 0; i < tl.size(); ++i)
        if (tl.at(i).type == "sealed") report.series.adjournments.push_back(tl.ply_before[i] + 1);
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
          "sealed-move", "engine-faults", "irregularities", "eboard"})
        report.checks.push_back(Check{name,
                                      "",
                                      "",
                                      Verdict::NotApplicable,
                                      i18n::N_("not audited: the journal does not verify"),
                                      {},
                                      {}});
    return report;
}

// The checks over records that the session's replay follows to the end.
// The check called `name` (runChecks makes every one).
Check& named(Report& report, std::string_view name) {
    return *std::find_if(report.checks.begin(), report.checks.end(),
                         [&](const Check& c) { return c.name == name; });
}

void runChecks(Report& report, const journal::JournalContents& contents, const Timeline& tl,
               const Context& ctx) {
    fillHeader(report, tl, ctx);
    Series& s = report.series;
    report.checks = {checkIntegrity(contents),  checkTableClock(ctx, s), checkMovesRecorded(ctx),
                     checkHandlingTime(ctx, s), checkFasterRate(ctx, s), checkNoForcedMove(ctx),
                     checkDrawResign(ctx, s),   checkSealedMove(ctx),    checkEngineFaults(ctx),
                     checkIrregularities(ctx),  checkEboard(ctx)};
}

// The session's replay stops at `record` (journal index): the console cannot have written it, for the
// console writes a record only after its own rules accepted it and replays its journal with the same
// code. The checks run over the records before it; past it nothing is known, so no check is "ok" or "n/a".
void stoppedAt(Report& report, const journal::JournalContents& contents, const EngineLines& lines,
               std::size_t record, const std::string& reason) {
    journal::JournalContents prefix;
    prefix.records.assign(contents.records.begin(),
                          contents.records.begin() + static_cast<std::ptrdiff_t>(record));
    auto records = session::sessionRecords(prefix);
    ReplayFacts facts;
    auto all = replay(records, nullptr, &facts, report.reserve_rule);
    Timeline tl = buildTimeline(prefix, lines, std::move(records));
    tl.before = std::move(facts.before);
    Context ctx = makeContext(tl, *all, std::move(facts));
    ctx.engine_findings = engineLineFindings(ctx);
    runChecks(report, prefix, tl, ctx);
    Check& integrity = report.checks.front();
    integrity = checkIntegrity(contents);
    integrity.details.insert(integrity.details.begin(), integrity.evidence);
    integrity.verdict = Verdict::Breach;
    report.replay_stopped = true;
    // The session's reader names the type before a field's problem ("made: field ..."): said once here.
    const std::string& type = contents.records[record].type;
    const std::string why = reason.rfind(type + ": ", 0) == 0 ? reason.substr(type.size() + 2) : reason;
    integrity.evidence =
        fmt::format(i18n::N_("record #{}: the console cannot have written this: a \"{}\" record here: {}"),
                    record, type, why);
    integrity.records = {record};
    for (Check& c : report.checks) {
        if (&c == &integrity || c.verdict == Verdict::Breach) continue;
        c.verdict = Verdict::NotChecked;
        c.evidence = fmt::format(
            i18n::N_("not checked: the console's replay stops at record #{} (integrity); records before it "
                     "are listed"),
            record);
    }
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
        case Verdict::NotChecked:
            return "not-checked";
    }
    return "n/a";
}

bool Report::passed() const {
    return !breached() && notChecked() == 0;
}

bool Report::breached() const {
    return !verified || std::any_of(checks.begin(), checks.end(),
                                    [](const Check& c) { return c.verdict == Verdict::Breach; });
}

std::size_t Report::notChecked() const {
    return static_cast<std::size_t>(std::count_if(
        checks.begin(), checks.end(), [](const Check& c) { return c.verdict == Verdict::NotChecked; }));
}

namespace detail {
namespace {

bool budgetFindings(const std::vector<LineFinding>& findings) {
    return std::any_of(findings.begin(), findings.end(), [](const LineFinding& l) { return l.budget; });
}

// Who wrote the journal, from its header; the rule it names, or this console's newest to try first.
void readWriter(Report& report, const session::HeaderFacts& header) {
    report.journal_version = header.journal_version;
    report.written_by = header.program.value_or("");
    const bool newer = header.reserve_rule.value_or(0) > session::newestReserveRule() ||
                       header.budget_formula.value_or(0) > session::newestBudgetFormula();
    report.rules_from = header.reserve_rule ? "header" : "figures";
    report.reserve_rule = newer ? 0 : header.reserve_rule.value_or(session::newestReserveRule());
}

// A journal whose header names no rules comes from a console before issue 37, which used one reserve rule
// all along: the older rules are tried, newest first, and the one its go figures follow is judged by.
bool recogniseRule(Report& report, Timeline& tl, Context& ctx) {
    for (int rule = session::newestReserveRule() - 1; rule >= session::oldestReserveRule(); --rule) {
        ReplayFacts facts;
        auto all = replay(tl.session_records, nullptr, &facts, rule);
        if (!all->session) continue;
        auto before = std::move(facts.before);
        Context tried = makeContext(tl, *all, std::move(facts));
        tried.engine_findings = engineLineFindings(tried);
        if (budgetFindings(tried.engine_findings)) continue;
        ctx.starts = std::move(tried.starts);
        ctx.engine_findings = std::move(tried.engine_findings);
        tl.before = std::move(before);
        tl.reserve_rule = report.reserve_rule = rule;
        return true;
    }
    return false;
}

// No rule this audit knows gives the journal's go figures: an older (or newer) console's, never the
// operator's breach. The budget checks say so; the figures are not judged.
std::size_t setAsideBudget(Context& ctx) {
    auto& f = ctx.engine_findings;
    const auto kept =
        std::stable_partition(f.begin(), f.end(), [](const LineFinding& l) { return !l.budget; });
    const auto n = static_cast<std::size_t>(f.end() - kept);
    f.erase(kept, f.end());
    return n;
}

std::string notJudgedWhy(const Report& report, std::size_t differ) {
    if (report.rules_from == "header")
        return fmt::format(
            i18n::N_("not checked: written by a newer console, whose rules for the engine's "
                     "time this audit does not know (it knows handling-reserve rules {} to {})"),
            session::oldestReserveRule(), session::newestReserveRule());
    return fmt::format(i18n::N_("not checked: written by an older console (journal version {}, no rules in "
                                "its header) whose go figures follow none of the handling-reserve rules {} "
                                "to {} ({} go figures differ from each)"),
                       report.journal_version, session::oldestReserveRule(), session::newestReserveRule(),
                       differ);
}

// ", from record #N by rule R, named by the console that resumed the game" for each change of rule.
std::string resumedRules(const Report& report) {
    std::string out;
    int rule = report.reserve_rule;
    for (const auto& r : report.resumed_by) {
        if (r.reserve_rule == 0 || r.reserve_rule == rule) continue;
        rule = r.reserve_rule;
        out +=
            fmt::format(i18n::N_(", from record #{} by rule {}, named by the console that resumed the game"),
                        r.record, rule);
    }
    return out;
}

std::string judgedBy(const Report& report) {
    if (report.rules_from == "release")
        return fmt::format(i18n::N_("judged by this release's handling-reserve rule {} (the rules the "
                                    "journal names were edited in: integrity)"),
                           report.reserve_rule) +
               resumedRules(report);
    if (report.rules_from == "header")
        return fmt::format(i18n::N_("judged by the handling-reserve rule {} named in the journal's header"),
                           report.reserve_rule) +
               resumedRules(report);
    return fmt::format(i18n::N_("judged by the handling-reserve rule {}, which the go figures follow (the "
                                "journal's header names no rules)"),
                       report.reserve_rule) +
           resumedRules(report);
}

std::string resumedText(const Report& report) {
    std::string out;
    for (const auto& r : report.resumed_by)
        if (r.by != report.written_by || r.reserve_rule != report.reserve_rule)
            out += "; " + fmt::format(i18n::N_("resumed at record #{} by {} (handling-reserve rule {})"),
                                      r.record, r.by, r.reserve_rule);
    return out;
}

// "; resumed without a console_resumed record at #6, #15 (...)": an older console's resumes, recognised.
std::string unannouncedText(const Report& report) {
    if (report.unannounced_resumes.empty()) return {};
    std::string at;
    for (std::size_t r : report.unannounced_resumes) at += (at.empty() ? "#" : ", #") + std::to_string(r);
    return "; " +
           fmt::format(i18n::N_("resumed without a console_resumed record at {} (the consoles of journal "
                                "version 1 before 42adec1e did not write one: the engine's new "
                                "handshake and the search issued again are judged as a resume)"),
                       at);
}

std::string writtenBy(const Report& report) {
    if (!report.written_by.empty())
        return fmt::format(i18n::N_("written by {}"), report.written_by) + resumedText(report);
    return fmt::format(i18n::N_("written by an older console (journal version {}), whose header does not "
                                "name it"),
                       report.journal_version) +
           resumedText(report) + unannouncedText(report);
}

// A rule named by a resuming console of a newer release that this audit does not know: from there the
// budget is not judged.
bool resumedByNewer(const Report& report) {
    return std::any_of(report.resumed_by.begin(), report.resumed_by.end(), [](const Report::Resumed& r) {
        return r.reserve_rule > session::newestReserveRule() && newerRelease(r.by);
    });
}

// Rules no console of the release named can have had (release_rules.hpp), in the header or a resume: the
// integrity breaches to report, and the header's own judged by this release's rules.
std::vector<std::pair<std::size_t, std::string>> impossibleRulesNamed(Report& report,
                                                                      const session::HeaderFacts& header) {
    std::vector<std::pair<std::size_t, std::string>> out;
    if (auto older = impossibleHeader(report.journal_version, header.program.has_value(),
                                      header.reserve_rule.has_value() || header.budget_formula.has_value()))
        out.emplace_back(0, std::move(*older));
    if (auto named = impossibleRules(0, report.written_by, header.reserve_rule.value_or(0),
                                     header.budget_formula.value_or(0))) {
        out.emplace_back(0, std::move(*named));
        report.reserve_rule = session::newestReserveRule();
        report.rules_from = "release";
    }
    for (const auto& r : report.resumed_by)
        if (auto named = impossibleRules(r.record, r.by, r.reserve_rule, 0))
            out.emplace_back(r.record, std::move(*named));
    return out;
}

// Those breaches on the integrity line, before the rest of its evidence.
void sayImpossibleRules(Check& integrity, const std::vector<std::pair<std::size_t, std::string>>& named) {
    if (named.empty()) return;
    integrity.verdict = Verdict::Breach;
    integrity.evidence = named.front().second;
    for (auto it = named.rbegin(); it != named.rend(); ++it) {
        integrity.records.insert(integrity.records.begin(), it->first);
        integrity.details.insert(integrity.details.begin(), it->second);
    }
}

// Issue 37 item 6: the report says who wrote the journal and which rule the engine's time was judged by.
void sayProvenance(Report& report, std::size_t not_judged) {
    for (Check& c : report.checks) {
        if (c.name == "integrity") c.evidence += "; " + writtenBy(report);
        if (c.name != "handling-time" && c.name != "faster-rate") continue;
        if (not_judged == 0 && report.reserve_rule != 0 && c.verdict != Verdict::NotApplicable &&
            c.verdict != Verdict::NotChecked)
            c.evidence += "; " + judgedBy(report);
        if (report.reserve_rule == 0 && c.verdict != Verdict::Breach) {
            c.verdict = Verdict::NotChecked;
            c.evidence = notJudgedWhy(report, not_judged);
        }
    }
}

bool anyResumeRecord(const journal::JournalContents& contents) {
    return std::any_of(contents.records.begin(), contents.records.end(),
                       [](const journal::Record& r) { return r.type == "console_resumed"; });
}

// The audit of verified records whose engine lines are held in `lines`.
Report auditWith(const journal::JournalContents& contents, const EngineLines& lines, const std::string& file,
                 const AuditOptions& options) {
    Report report;
    report.file = file;
    report.verified = true;
    report.records = contents.records.size();
    report.final_hash = contents.records.back().hash;
    const auto header = session::headerFacts(contents.records.front().payload);
    readWriter(report, header);
    readSigners(report, contents);
    // The replay comes first: the timeline and the checks read only records the session accepted, so a
    // field of the wrong type is named by the session's reader, never met as a library exception.
    auto records = session::sessionRecords(contents);
    session::Session::RestoreFailure failure;
    ReplayFacts facts;
    auto all = replay(records, &failure, &facts, report.reserve_rule);
    // A journal holding only its header (killed while creating the game) has no record to replay.
    if (!all->session && !records.empty()) {
        stoppedAt(report, contents, lines, failure.index + 1, failure.reason);
        return report;
    }
    report.resumed_by = facts.resumed;
    const auto impossible = impossibleRulesNamed(report, header);
    if (resumedByNewer(report)) report.reserve_rule = 0;
    Timeline tl = buildTimeline(contents, lines, std::move(records));
    tl.before = std::move(facts.before);
    tl.reserve_rule = report.reserve_rule;
    // Only a header naming neither program nor rules is an older console's (both came in one change):
    // rules stripped from a newer header would otherwise turn its budget breaches into "not checked".
    // A signed journal (version 3) always names its console: stripped, it is an integrity breach
    // (impossibleHeader) and still judged by this release's rules, never an older one's.
    const bool unnamed = !header.reserve_rule && !header.program && report.journal_version < 3;
    if (unnamed && report.journal_version == 1 && !anyResumeRecord(contents))
        report.unannounced_resumes = tl.unannounced_resumes = unannouncedResumes(tl);
    Context ctx = makeContext(tl, *all, std::move(facts));
    ctx.writes_draw_answers = header.program || header.reserve_rule;
    ctx.engine_findings = engineLineFindings(ctx);
    if (budgetFindings(ctx.engine_findings) && (report.reserve_rule == 0 || unnamed) &&
        !(unnamed && recogniseRule(report, tl, ctx)))
        report.reserve_rule = 0;
    const std::size_t not_judged = report.reserve_rule == 0 ? setAsideBudget(ctx) : 0;
    runChecks(report, contents, tl, ctx);
    compareOpenedMoves(tl, options.seal_passphrase, named(report, "sealed-move"));
    // The signers before the writer: the evidence then still ends as the catalogue's sentence does.
    saySigners(report.checks.front(), report, contents);
    sayImpossibleRules(report.checks.front(), impossible);
    sayProvenance(report, not_judged);
    return report;
}

}  // namespace
}  // namespace detail

Report auditContents(const journal::JournalContents& contents, const std::string& file,
                     const AuditOptions& options) {
    detail::EngineLines lines;
    lines.copy(contents.records);
    return detail::auditWith(contents, lines, file, options);
}

tl::expected<Report, std::string> auditJournal(const std::filesystem::path& path,
                                               const AuditOptions& options) {
    // The engine lines go into their compact store as each record is read and verified (issue 23: a
    // 50 MB journal is mostly engine lines): they are never held as JSON all at once.
    detail::EngineLines lines;
    auto contents = journal::readJournal(
        path, [&](std::size_t index, journal::Record& record) { lines.take(index, record); });
    if (!contents) {
        if (contents.error().code == journal::JournalErrorCode::Unreadable)
            return tl::make_unexpected(fmt::format(i18n::N_("unreadable: {}"), contents.error().message));
        return detail::unverified(path.string(), contents.error());
    }
    // A chain can verify around a record whose fields have unexpected types (a hand-made journal): that
    // is an error value here, never an exception leaving the module.
    try {
        return detail::auditWith(*contents, lines, path.string(), options);
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
