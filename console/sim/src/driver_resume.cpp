// The driver's crash recovery for scripts: it journals where it is in the script, and continues there.
#include <fmt/format.h>

#include "sim/driver.hpp"

namespace oc::sim {
namespace {

std::int64_t msOf(TimePoint t) {
    return std::chrono::duration_cast<Ms>(t.time_since_epoch()).count();
}

// Polls while a real engine chooses the withheld move again (each wait is one engine deadline or event).
constexpr int kMaxRechooseWaits = 100000;

}  // namespace

// Which script drives this game: a resumed run with another script is refused (scriptResumePoint).
bool Driver::journalScript() {
    if (!opt_.journal || opt_.human != HumanKind::Script) return true;
    if (opt_.resume && opt_.resume->script_journalled) return true;
    nlohmann::json r{{"type", kScriptRecord},
                     {"digest", opt_.script_digest},
                     {"steps", opt_.script.size()},
                     {"t", msOf(start_)}};
    auto ok = opt_.journal->append(r);
    return ok ? true : fail(0, "the journal could not be written: " + ok.error());
}

// Written as the line starts (its time applied), before its effect; retries of a refused command
// get their own record ("attempt"), so the record after it is always this attempt's outcome.
bool Driver::journalLine(const ScriptStep& st) {
    if (!opt_.journal) return true;
    nlohmann::json r{{"type", kScriptLineRecord}, {"line", st.line}, {"t", msOf(now_)}};
    if (attempt_ > 0) r["attempt"] = attempt_;
    if (opt_.scripted_engine) r["stops"] = opt_.scripted_engine->stops();
    auto ok = opt_.journal->append(r);
    return ok ? true : fail(st.line, "the journal could not be written: " + ok.error());
}

// What the killed run held in memory: its place in the script, and the scripted engine's queue.
void Driver::restoreScript(const ScriptResume& r) {
    next_step_ = r.next_step;
    timing_applied_ = r.timing_applied;
    line_journalled_ = r.line_journalled;
    routine_due_ = r.routine_due;
    attempt_ = r.attempt;
    start_ = r.start;
    last_rejection_ = r.last_rejection;
    FakeEngine* fake = opt_.scripted_engine;
    if (!fake) return;
    for (std::size_t i : r.queued_engine_steps)
        (void)directive(std::get<Directive>(opt_.script[i].action), opt_.script[i].line);
    if (r.crash_queued) fake->queueCrash();
    if (r.restart_due) fake->queueRestart();
    fake->setStops(r.stops);
    if (r.last_search) fake->continueSearch(*r.last_search, r.search_due);
}

// The restored session restarts the search the killed run had running: before the script goes on,
// so that a queued crash or restart happens at the first poll, as it did.
void Driver::resumeEngine(const ScriptResume& r) {
    if (opt_.human != HumanKind::Script) return;
    if (r.crash_queued || r.restart_due || r.rechoose) session_.poll(now_);
    // CMP-3.5: the withheld choice was in the killed process's memory only: the engine chooses again,
    // and the script's seal waits for it (a real engine takes its time; the scripted one answers at once).
    if (!r.rechoose) return;
    session_.poll(now_);
    for (int waits = 0; waits < kMaxRechooseWaits && session_.snapshot(now_).computer_move_rechoosing;
         ++waits) {
        if (auto due = engine_.nextDue(); due && *due > now_)
            now_ = *due;
        else if (opt_.wait_for_engine)
            opt_.wait_for_engine();
        else
            break;
        session_.poll(now_);
    }
}

}  // namespace oc::sim
