#pragma once
// What the engine controller reports to the session and the log: settings, faults and events.

#include <chrono>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine_bridge/transport.hpp"
#include "engine_bridge/uci_messages.hpp"

namespace oc::engine {

using SteadyClock = std::chrono::steady_clock;
using TimePoint = SteadyClock::time_point;
using Millis = std::chrono::milliseconds;

struct OptionSetting {
    std::string name;
    std::string value;  // ignored for buttons
    friend bool operator==(const OptionSetting&, const OptionSetting&) = default;
};

struct Timeouts {
    Millis handshake{10000};     // `uci` to `uciok`
    Millis ready{10000};         // `isready` to `readyok`, and `stop` to `bestmove`
    Millis search_margin{3000};  // allowed beyond the search budget before the engine counts as hung
    // The budget of a search without a clock (`go nodes`, `go depth`, `go mate`): no search waits forever.
    Millis unclocked_search{10000};
    Millis quit_grace{1000};  // `quit` to exit, before the process is killed
    Millis exit_status{300};  // end of output to exit status, before the process is killed
    friend bool operator==(const Timeouts&, const Timeouts&) = default;
};

// Everything fixed before a game (FIDE E.III 2.2): binary, arguments, options, pondering.
struct EngineSettings {
    ProcessSpec process;
    std::vector<OptionSetting> options;  // sent in this order after `uciok`
    bool ponder = false;
    Timeouts timeouts;
    int max_restarts = 3;  // consecutive restarts without a delivered move before giving up
    friend bool operator==(const EngineSettings&, const EngineSettings&) = default;
};

enum class EngineState {
    Stopped,      // no process
    Starting,     // `uci` sent, waiting for `uciok`
    Configuring,  // options sent, waiting for `readyok`
    Idle,         // ready for a command
    Searching,    // `go` sent, waiting for `bestmove`
    Pondering,    // `go ponder` sent
    Stopping,     // `stop` sent (ponder miss, game end, take-back); the bestmove will be discarded
    Quitting,     // `quit` sent, waiting for the exit
    Failed,       // gave up after a fault; start() again to retry
};

[[nodiscard]] const char* toString(EngineState state);

enum class FaultKind {
    StartFailed,      // the process could not be started
    Crash,            // end of output, exit or signal while it was needed
    Hang,             // no `uciok` / `readyok` / `bestmove` within its budget plus the margin
    Garbage,          // a line that is not UCI: logged and skipped, the engine keeps running
    IllegalBestMove,  // malformed or illegal `bestmove`: never delivered as a move to play
    OptionRejected,   // a configured option the engine does not offer, or an invalid value
    GaveUp,           // restarts exhausted; the engine is Failed
};

[[nodiscard]] const char* toString(FaultKind kind);

struct Fault {
    FaultKind kind = FaultKind::Crash;
    EngineState during = EngineState::Stopped;
    std::string detail;
    std::optional<ExitStatus> exit;  // for crashes: how the process ended
    TimePoint at{};
};

// "crash while Searching: killed by signal SIGSEGV (11)".
[[nodiscard]] std::string describe(const Fault& fault);

// The engine finished its handshake and options: ready for a game.
struct ReadyEvent {};
// `readyok` for a ping() request.
struct PongEvent {
    std::chrono::nanoseconds round_trip{};  // measured with the caller's `now` values
};
struct InfoEvent {
    Info info;
};
// A move checked against the rules, ready to be shown to the operator.
struct BestMoveEvent {
    std::string move;
    std::optional<std::string> ponder;  // the engine's expected reply, if legal
};
struct FaultEvent {
    Fault fault;
};
// A replacement process is ready with the same options and the whole game; thinking resumes.
struct RestartedEvent {
    int attempt = 0;
    Millis downtime{};
    bool resumed_search = false;
};
// The process is gone and reaped after shutdown().
struct StoppedEvent {
    std::optional<ExitStatus> exit;
};

// E.III 3.4: the engine asked for a resource option change (`info string request-option ...`); the
// session shows it to the operator as an instruction, and applyRequestedOption() carries it out.
struct OptionRequestEvent {
    std::string name;
    std::string value;
};

using EngineEvent = std::variant<ReadyEvent, PongEvent, InfoEvent, BestMoveEvent, FaultEvent, RestartedEvent,
                                 StoppedEvent, OptionRequestEvent>;

// From fault to the replacement being ready again.
struct Downtime {
    FaultKind cause = FaultKind::Crash;
    TimePoint from{};
    TimePoint to{};
};

// One line of the engine log: what was sent, received, or noted by the controller.
struct LogEntry {
    enum class Kind { Sent, Received, Stderr, Note };
    Kind kind = Kind::Note;
    std::string text;
    TimePoint at{};
};

}  // namespace oc::engine
