#pragma once
// The byte pipe to one engine process, behind an interface so tests can swap in a scripted engine.

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tl/expected.hpp>
#include <utility>
#include <vector>

namespace oc::engine {

// How to start an engine: any command line, so `ssh host engine` or a wrapper script works too.
struct ProcessSpec {
    std::string command;            // absolute path, or a name looked up in PATH and then /usr/games
    std::vector<std::string> args;  // passed verbatim, no shell
    std::string working_dir;        // empty: the console's own working directory
    std::vector<std::pair<std::string, std::string>> env;  // added to / overriding the console's environment
    int nice = 0;  // added to the process's nice value (lower CPU priority than the console), 0..19
    friend bool operator==(const ProcessSpec&, const ProcessSpec&) = default;
};

// `command arg1 arg2` for logs and messages.
[[nodiscard]] std::string describe(const ProcessSpec& spec);

// How a process ended: an exit code, or a signal (named, e.g. "SIGSEGV").
struct ExitStatus {
    bool signaled = false;
    int code = 0;  // exit code, or the signal number when signaled
    friend bool operator==(const ExitStatus&, const ExitStatus&) = default;
};

// "exited with code 3" / "killed by signal SIGSEGV (11)".
[[nodiscard]] std::string describe(const ExitStatus& status);

// "SIGSEGV" for 11, "signal 99" for unknown numbers.
[[nodiscard]] std::string signalName(int signal_number);

enum class Stream { Stdout, Stderr };

// One line from the engine, without its newline. Lines longer than the transport's limit are cut and
// flagged, so a runaway engine cannot exhaust memory.
struct OutputLine {
    Stream stream = Stream::Stdout;
    std::string text;
    bool truncated = false;
};

class Transport {
  public:
    virtual ~Transport() = default;
    // Writes `line` plus '\n' and flushes; an error (dead engine, broken pipe) is a value, never a signal.
    [[nodiscard]] virtual tl::expected<void, std::string> writeLine(std::string_view line) = 0;
    // Everything read since the last call, stdout and stderr interleaved in arrival order.
    [[nodiscard]] virtual std::vector<OutputLine> takeLines() = 0;
    // True once stdout reached end of file and every stdout line has been taken.
    [[nodiscard]] virtual bool outputClosed() const = 0;
    // The exit status once the process has ended and been reaped; never blocks.
    [[nodiscard]] virtual std::optional<ExitStatus> tryReap() = 0;
    // Kills the process if it still runs and reaps it (blocks only for the kernel to deliver SIGKILL).
    virtual ExitStatus kill() = 0;
    // Blocks the calling shell thread until output arrives or `max` passes (for CLI loops and benches).
    virtual void waitForOutput(std::chrono::milliseconds max) = 0;
    // The OS process id, or -1 for in-process transports.
    [[nodiscard]] virtual int pid() const = 0;
    // `hook` is called on a reader thread whenever the engine writes a line other than `info` search
    // progress, or closes its output: a shell that sleeps waiting for its window's events wakes at once
    // for a bestmove or a crash, and not for every line of a search. Transports without threads ignore it.
    virtual void setWakeHook(std::function<void()> hook) { (void)hook; }
};

using TransportFactory =
    std::function<tl::expected<std::unique_ptr<Transport>, std::string>(const ProcessSpec& spec)>;

// Starts the engine process (Boost.Process) with a reader thread each for stdout and stderr.
[[nodiscard]] tl::expected<std::unique_ptr<Transport>, std::string> spawnProcess(const ProcessSpec& spec);

}  // namespace oc::engine
