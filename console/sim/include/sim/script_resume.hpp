#pragma once
// Crash recovery of a scripted game (`operator-cli play --human script:FILE --resume`): where in its
// script the killed driver stopped, rebuilt from the journal. Design: docs/cli-script-format.md.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <tl/expected.hpp>
#include <vector>

#include "session/engine_link.hpp"
#include "sim/script.hpp"

namespace oc::sim {

// The simulation plays the session through its public vocabulary (commands, snapshots, engine link).
using namespace oc::session;  // NOLINT(google-build-using-namespace)

// The driver's records (audit only for the session): which script, and each line as it starts.
inline constexpr std::string_view kScriptRecord = "script";
inline constexpr std::string_view kScriptLineRecord = "script_line";

// The driver's place in its script and what the simulation held in memory at the kill.
struct ScriptResume {
    bool script_journalled = false;  // the "script" record is in the journal
    std::size_t next_step = 0;       // the step to execute next (script.size(): all done)
    bool timing_applied = false;     // its @T / +D already happened
    bool line_journalled = false;    // its script_line record for this attempt is in the journal
    bool routine_due = false;        // it was refused and is retried: the operator's routine step first
    int attempt = 0;                 // refused attempts of that step so far
    TimePoint start{}, now{};        // the script's time origin; the driver's time at the kill
    std::string last_rejection;      // for "expect rejected"
    std::vector<std::size_t> queued_engine_steps;  // "engine" steps whose answers were not consumed
    bool crash_queued = false;                     // an "engine-crash" not yet consumed
    bool restart_due = false;                      // a simulated crash whose restart is not journalled
    int stops = 0;                                 // the fake engine's stop count (last script_line)
    std::optional<SearchRequest> last_search;      // the last go (moves left empty)
    std::optional<TimePoint> search_due;           // last_search was still running: its bestmove's time
    bool rechoose = false;  // the engine's withheld choice (CMP-3.5) was lost: it chooses again first
};

// Where to continue `script` (its text's digest: blake2bHex) in the journal's game `records`
// (sessionRecords, not empty); an error saying what is wrong if another script or no script wrote it.
[[nodiscard]] tl::expected<ScriptResume, std::string> scriptResumePoint(
    const std::vector<nlohmann::json>& records, const std::vector<ScriptStep>& script,
    const std::string& digest);

}  // namespace oc::sim
