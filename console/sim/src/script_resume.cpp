// Crash recovery of a scripted game: the driver writes a script_line record when a line starts (after
// its @T/+D), before its effect; the records after the last one say how far that line got.
#include "sim/script_resume.hpp"

#include <fmt/format.h>

#include <deque>
#include <map>

#include "event/event_setup.hpp"
#include "sim/fake_engine.hpp"

namespace oc::sim {
namespace {

using nlohmann::json;

TimePoint timeOf(const json& r) {
    return TimePoint(std::chrono::duration_cast<TimePoint::duration>(Ms(r.value("t", std::int64_t{0}))));
}

std::string typeOf(const json& r) {
    return r.value("type", "");
}

bool isDirective(const ScriptStep& st, std::string_view name) {
    const auto* d = std::get_if<Directive>(&st.action);
    return d && d->name == name;
}

// Commands (and "setup", which dispatches one) leave a record: accepted or refused.
bool isCommand(const ScriptStep& st) {
    return !std::holds_alternative<Directive>(st.action) || isDirective(st, "setup");
}

// Fully done once its script_line record is durable: its effect is in memory only (the engine's queue)
// or already in the record's time (wait). Checks, until and envelope-pdf are simply executed again.
bool doneWhenJournalled(const ScriptStep& st) {
    return isDirective(st, "engine") || isDirective(st, "engine-crash") || isDirective(st, "wait");
}

// The records that say nothing about how far the game got.
bool isAudit(const std::string& type) {
    return type == "go" || type == "engine_io" || type == kScriptLineRecord || type == kScriptRecord ||
           type == "console_resumed";
}

// Written by a poll, never by a command: a command's outcome is the first record after its line that
// is not one of these (a resumed run's engine may have chosen its withheld move again in between).
bool isEngineRecord(const std::string& type) {
    return type == "go" || type == "engine_io" || type == "engine_move" || type == "engine_move_withheld" ||
           type == "engine_fault" || type == "engine_restart" || type.rfind("ponder_", 0) == 0;
}

bool isFault(const json& r, std::string_view what) {
    return typeOf(r) == "engine_fault" && r.value("what", "").find(what) != std::string::npos;
}

// A bestmove was delivered: the fake engine took the first queued answer, if any.
bool isSearchResult(const json& r) {
    std::string t = typeOf(r);
    return t == "engine_move" || t == "engine_move_withheld" || isFault(r, "illegal bestmove");
}

// After these the engine's next search is a new one (a new position, or the choice is sealed).
bool endsSearch(const std::string& type) {
    return type == "sealed" || type == "correct" || type == "illegal" || type == "human_move" ||
           type == "resume" || type == "start";
}

class Walk {
  public:
    Walk(const std::vector<ScriptStep>& script, const std::string& digest)
        : script_(script), digest_(digest) {
        for (std::size_t i = 0; i < script.size(); ++i) step_of_line_[script[i].line] = i;
    }
    tl::expected<void, std::string> record(const json& r, std::size_t index);
    tl::expected<ScriptResume, std::string> finish(const std::vector<json>& records);

  private:
    tl::expected<void, std::string> scriptRecord(const json& r);
    tl::expected<void, std::string> lineRecord(const json& r, std::size_t index);
    void engineRecord(const json& r);
    void position(const std::vector<json>& records);

    const std::vector<ScriptStep>& script_;
    std::string digest_;
    std::map<int, std::size_t> step_of_line_;
    ScriptResume out_;
    rules::Color computer_ = rules::Color::Black;
    std::deque<std::size_t> queue_;
    std::optional<std::size_t> marker_;  // index of the last script_line record
    std::size_t step_ = 0;
    bool first_after_marker_ = false;
    std::optional<std::size_t> withheld_answer_;  // the queued answer a withheld choice took
    bool game_records_ = false;
    TimePoint latest_{};
};

tl::expected<void, std::string> Walk::scriptRecord(const json& r) {
    if (r.value("digest", "") != digest_)
        return tl::make_unexpected(
            "the journal's game was played from another script (or this one was changed since): "
            "resume it with the same, unchanged script file");
    out_.script_journalled = true;
    out_.start = timeOf(r);
    return {};
}

tl::expected<void, std::string> Walk::lineRecord(const json& r, std::size_t index) {
    if (!out_.script_journalled)
        return tl::make_unexpected("the journal has script lines but no script record");
    auto it = step_of_line_.find(r.value("line", 0));
    if (it == step_of_line_.end() || it->second < step_)
        return tl::make_unexpected(
            fmt::format("the journal's script line {} does not fit this script", r.value("line", 0)));
    int attempt = r.value("attempt", 0);
    bool fresh = !marker_ || it->second != step_ || attempt != out_.attempt;
    step_ = it->second;
    out_.attempt = attempt;
    marker_ = index;
    first_after_marker_ = isCommand(script_[step_]);
    out_.stops = r.value("stops", out_.stops);
    if (fresh && isDirective(script_[step_], "engine")) queue_.push_back(step_);
    if (fresh && isDirective(script_[step_], "engine-crash")) out_.crash_queued = true;
    return {};
}

// The fake engine's memory: queued answers taken in order, the running search and its due time.
void Walk::engineRecord(const json& r) {
    std::string type = typeOf(r);
    if (type == "go" && out_.search_due) {
        // The restored session asks again for the search the killed process had running: it goes on.
    } else if (type == "go") {
        GoParams g{Ms(r.value("wtime", 0)), Ms(r.value("btime", 0)), Ms(r.value("winc", 0)),
                   Ms(r.value("binc", 0)), r.value("movestogo", 0)};
        out_.last_search = SearchRequest{r.value("search", std::uint64_t{0}), "", {}, g};
        out_.search_due = timeOf(r) + simulatedThinkTime(g, computer_);
    } else if (isFault(r, "(simulated)")) {
        out_.crash_queued = false;  // the fake engine's restart adds 150 ms to the search
        out_.restart_due = true;
        if (out_.search_due) out_.search_due = std::max(*out_.search_due, timeOf(r)) + Ms(150);
    } else if (type == "engine_restart") {
        out_.restart_due = false;
    } else if (isSearchResult(r)) {
        // A withheld choice made again after a restart takes the same answer again.
        if (out_.rechoose && withheld_answer_) queue_.push_front(*withheld_answer_);
        std::optional<std::size_t> taken;
        if (!queue_.empty()) taken = queue_.front();
        if (!queue_.empty()) queue_.pop_front();
        // CMP-3.5: a withheld choice lives in memory only; after a restart the engine chooses again.
        out_.rechoose = type == "engine_move_withheld";
        withheld_answer_ = out_.rechoose ? taken : std::nullopt;
        if (!out_.rechoose) out_.search_due.reset();
    } else if (endsSearch(type)) {
        out_.rechoose = false;  // the choice is sealed, or the position it belonged to is gone
        out_.search_due.reset();
    }
}

tl::expected<void, std::string> Walk::record(const json& r, std::size_t index) {
    std::string type = typeOf(r);
    latest_ = std::max(latest_, timeOf(r));
    if (type == "setup") {
        auto s = event::eventSetupFromJson(r.value("setup", json::object()));
        if (s) computer_ = s->computer_side;
    }
    if (type == kScriptRecord) return scriptRecord(r);
    if (type == kScriptLineRecord) return lineRecord(r, index);
    if (first_after_marker_ && type == "refused") out_.last_rejection = r.value("reason", "");
    if (!isAudit(type) && !isEngineRecord(type)) first_after_marker_ = false;
    if (type != "setup" && type != "refused" && !isAudit(type)) game_records_ = true;
    engineRecord(r);
    return {};
}

// How far the last line started got: a command's first record after its script_line is its outcome.
void Walk::position(const std::vector<json>& records) {
    const ScriptStep& st = script_[step_];
    auto done = [&] {
        out_.next_step = step_ + 1;
        out_.timing_applied = out_.line_journalled = false;
        out_.attempt = 0;
    };
    out_.next_step = step_;
    out_.timing_applied = out_.line_journalled = true;
    std::size_t first = *marker_ + 1;
    if (isDirective(st, "engine-request")) {
        // E.III 3.4: the request reaches the session at the next poll, as an engine_request record.
        for (std::size_t i = first; i < records.size(); ++i)
            if (typeOf(records[i]) == "engine_request") return done();
        return;
    }
    if (!isCommand(st)) {
        if (doneWhenJournalled(st)) done();
        return;
    }
    auto skipped = [&](const json& r) { return isAudit(typeOf(r)) || isEngineRecord(typeOf(r)); };
    while (first < records.size() && skipped(records[first])) ++first;
    if (first == records.size()) return;  // not yet dispatched: dispatch it
    if (typeOf(records[first]) != "refused" || st.expect_rejection) return done();  // or refused, as expected
    // Refused now, retried after the operator's routine step (made, pressed, recorded, engine's move).
    out_.line_journalled = false;
    ++out_.attempt;
    out_.routine_due = true;
    for (std::size_t i = first + 1; i < records.size(); ++i)
        if (!isAudit(typeOf(records[i])) && typeOf(records[i]) != "refused") out_.routine_due = false;
}

tl::expected<ScriptResume, std::string> Walk::finish(const std::vector<json>& records) {
    if (!out_.script_journalled && game_records_)
        return tl::make_unexpected(
            "the journal's game was not played from a script: resume it with the --human it was "
            "started with");
    out_.now = latest_;
    if (!out_.script_journalled) out_.start = latest_;
    if (marker_) position(records);
    if (out_.rechoose && withheld_answer_) queue_.push_front(*withheld_answer_);
    out_.queued_engine_steps.assign(queue_.begin(), queue_.end());
    return out_;
}

}  // namespace

tl::expected<ScriptResume, std::string> scriptResumePoint(const std::vector<json>& records,
                                                          const std::vector<ScriptStep>& script,
                                                          const std::string& digest) {
    Walk walk(script, digest);
    for (std::size_t i = 0; i < records.size(); ++i)
        if (auto ok = walk.record(records[i], i); !ok) return tl::make_unexpected(ok.error());
    return walk.finish(records);
}

}  // namespace oc::sim
