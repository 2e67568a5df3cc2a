// The only translation unit that includes Boost.Process (about 10 s to compile): everything else
// sees the Transport interface.
#define BOOST_PROCESS_USE_STD_FS
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <boost/process.hpp>
#include <boost/process/extend.hpp>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <filesystem>

#include "engine_bridge/transport.hpp"
#include "line_reader.hpp"

namespace oc::engine {
namespace {

namespace bp = boost::process;
namespace fs = std::filesystem;

void setFdFlags(int fd, bool nonblocking) {
    ::fcntl(fd, F_SETFD, ::fcntl(fd, F_GETFD) | FD_CLOEXEC);
    if (nonblocking) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
}

// poll()'s timeout for a wait that must end by `until` (never negative, at most a minute).
int msUntil(std::chrono::steady_clock::time_point until) {
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(until - std::chrono::steady_clock::now());
    return static_cast<int>(std::clamp<std::int64_t>(left.count(), 0, 60'000));
}

ExitStatus decodeStatus(int status) {
    if (WIFSIGNALED(status)) return ExitStatus{true, WTERMSIG(status)};
    return ExitStatus{false, WEXITSTATUS(status)};
}

tl::expected<fs::path, std::string> resolveCommand(const std::string& command) {
    if (command.empty()) return tl::unexpected(std::string("no engine command given"));
    fs::path path = command;
    if (command.find('/') == std::string::npos) {
        // Debian puts engines in /usr/games, which is often not in PATH.
        path = bp::search_path(command);
        if (path.empty()) path = bp::search_path(command, {fs::path("/usr/games")});
        if (path.empty()) return tl::unexpected("engine '" + command + "' not found in PATH or /usr/games");
    }
    std::error_code ec;
    path = fs::absolute(path, ec);
    if (::access(path.c_str(), X_OK) != 0) {
        return tl::unexpected("cannot execute '" + path.string() + "': " + std::strerror(errno));
    }
    return path;
}

// A write to a dead engine must fail with EPIPE, not kill the console, even if the shell forgot to
// ignore SIGPIPE: block it for this thread and swallow the one we caused.
class SigpipeGuard {
  public:
    SigpipeGuard() {
        sigemptyset(&set_);
        sigaddset(&set_, SIGPIPE);
        pthread_sigmask(SIG_BLOCK, &set_, &old_);
    }
    ~SigpipeGuard() {
        if (raised_) {
            const timespec zero{};
            sigtimedwait(&set_, nullptr, &zero);
        }
        pthread_sigmask(SIG_SETMASK, &old_, nullptr);
    }
    SigpipeGuard(const SigpipeGuard&) = delete;
    SigpipeGuard& operator=(const SigpipeGuard&) = delete;
    void raised() { raised_ = true; }

  private:
    sigset_t set_{};
    sigset_t old_{};
    bool raised_ = false;
};

bool sigpipeIgnored() {
    struct sigaction current {};
    return ::sigaction(SIGPIPE, nullptr, &current) == 0 && current.sa_handler == SIG_IGN;
}

class ProcessTransport final : public Transport {
  public:
    ProcessTransport(bp::child child, int stdin_fd, int stdout_fd, int stderr_fd, int wake_read,
                     int wake_write)
        : child_(std::move(child)),
          stdin_fd_(stdin_fd),
          stdout_fd_(stdout_fd),
          stderr_fd_(stderr_fd),
          wake_read_(wake_read),
          wake_write_(wake_write),
          out_reader_(stdout_fd, Stream::Stdout, queue_, wake_read),
          err_reader_(stderr_fd, Stream::Stderr, queue_, wake_read) {}

    ~ProcessTransport() override {
        kill();
        const char byte = 1;
        [[maybe_unused]] const auto n = ::write(wake_write_, &byte, 1);
        out_reader_.join();
        err_reader_.join();
        for (int fd : {stdin_fd_, stdout_fd_, stderr_fd_, wake_read_, wake_write_}) {
            if (fd >= 0) ::close(fd);
        }
    }
    ProcessTransport(const ProcessTransport&) = delete;
    ProcessTransport& operator=(const ProcessTransport&) = delete;

    tl::expected<void, std::string> writeLine(std::string_view line) override {
        if (stdin_fd_ < 0) return tl::unexpected(std::string("the engine's input is closed"));
        std::string data(line);
        data += '\n';
        std::optional<SigpipeGuard> guard;
        if (!sigpipe_ignored_) guard.emplace();
        std::size_t done = 0;
        while (done < data.size()) {
            const ssize_t n = ::write(stdin_fd_, data.data() + done, data.size() - done);
            if (n >= 0) {
                done += static_cast<std::size_t>(n);
                continue;
            }
            if (errno == EINTR) continue;
            if (errno == EAGAIN && waitWritable()) continue;
            return writeFailed(guard ? &*guard : nullptr);
        }
        return {};
    }

    std::vector<OutputLine> takeLines() override { return queue_.take(); }
    bool outputClosed() const override { return queue_.stdoutClosedAndDrained(); }

    std::optional<ExitStatus> tryReap() override {
        if (exit_) return exit_;
        std::error_code ec;
        if (child_.running(ec)) return std::nullopt;
        if (!ec) exit_ = decodeStatus(child_.native_exit_code());
        return exit_;
    }

    ExitStatus kill() override {
        if (tryReap()) return *exit_;
        ::kill(child_.id(), SIGKILL);
        std::error_code ec;
        child_.wait(ec);  // reaps: no zombie is left behind
        exit_ = ec ? ExitStatus{true, SIGKILL} : decodeStatus(child_.native_exit_code());
        return *exit_;
    }

    // Waits on the stdout pipe itself, and reads it here when data comes: one wake-up per answer
    // instead of two (see line_reader.hpp). The eventfd catches lines the reader thread took first.
    void waitForOutput(std::chrono::milliseconds max) override {
        queue_.clearNotify();  // before the check: a push after it sets the eventfd again
        if (queue_.hasLines() || queue_.stdoutClosed()) return;
        const auto until = std::chrono::steady_clock::now() + max;
        std::array<pollfd, 2> fds{{{stdout_fd_, POLLIN, 0}, {queue_.notifyFd(), POLLIN, 0}}};
        out_reader_.callerWaiting();
        if (::poll(fds.data(), fds.size(), msUntil(until)) <= 0) return;
        if (fds[0].revents == 0 || out_reader_.tryDrain()) return;
        // The reader thread holds these bytes: the pipe stays readable until it is scheduled again, and
        // a caller that looked at once would spin (under load, a thousand empty wake-ups in a second).
        // Its lines come through the queue: wait for them, within what is left of `max`.
        pollfd queued{queue_.notifyFd(), POLLIN, 0};
        (void)::poll(&queued, 1, msUntil(until));
    }
    int pid() const override { return child_.id(); }
    void setWakeHook(std::function<void()> hook) override { queue_.setWakeHook(std::move(hook)); }

  private:
    // The engine does not read its input (hung or busy): give it a moment, never block the console.
    bool waitWritable() {
        pollfd fd{stdin_fd_, POLLOUT, 0};
        return ::poll(&fd, 1, 50) == 1 && (fd.revents & POLLOUT) != 0;
    }

    static tl::unexpected<std::string> writeFailed(SigpipeGuard* guard) {
        const int err = errno;
        if (err == EPIPE && guard != nullptr) guard->raised();
        const std::string reason = err == EAGAIN ? "the engine is not reading its input" : std::strerror(err);
        return tl::unexpected("cannot write to the engine: " + reason);
    }

    // The shells ignore SIGPIPE (then a write just fails with EPIPE); only otherwise is it blocked
    // around each write, which costs two extra system calls.
    const bool sigpipe_ignored_ = sigpipeIgnored();
    bp::child child_;
    int stdin_fd_;
    int stdout_fd_;
    int stderr_fd_;
    int wake_read_;
    int wake_write_;
    std::optional<ExitStatus> exit_;
    detail::LineQueue queue_;
    detail::LineReader out_reader_;
    detail::LineReader err_reader_;
};

bp::environment buildEnvironment(const ProcessSpec& spec) {
    bp::environment env = boost::this_process::environment();
    for (const auto& [key, value] : spec.env) env[key] = value;
    return env;
}

}  // namespace

tl::expected<std::unique_ptr<Transport>, std::string> spawnProcess(const ProcessSpec& spec) {
    auto exe = resolveCommand(spec.command);
    if (!exe) return tl::unexpected(exe.error());
    const fs::path dir = spec.working_dir.empty() ? fs::current_path() : fs::path(spec.working_dir);
    if (!fs::is_directory(dir))
        return tl::unexpected("working directory '" + dir.string() + "' does not exist");
    std::array<int, 2> wake{};
    if (::pipe(wake.data()) != 0)
        return tl::unexpected(std::string("cannot create a pipe: ") + std::strerror(errno));
    bp::pipe in;
    bp::pipe out;
    bp::pipe err;
    for (int fd : {in.native_source(), in.native_sink(), out.native_source(), out.native_sink(),
                   err.native_source(), err.native_sink(), wake[0], wake[1]}) {
        setFdFlags(fd, false);
    }
    // Non-blocking parent ends: a stuck engine cannot block a write, and readers never block holding
    // their read lock.
    setFdFlags(in.native_sink(), true);
    setFdFlags(out.native_source(), true);
    setFdFlags(err.native_source(), true);
    std::error_code ec;
    bp::child child;
    try {
        child = bp::child(
            bp::exe = exe->string(), bp::args = spec.args, bp::std_in<in, bp::std_out> out, bp::std_err > err,
            bp::start_dir = dir.string(), buildEnvironment(spec),
            bp::extend::on_exec_setup =
                [nice = spec.nice](auto&) {
                    ::signal(SIGPIPE, SIG_DFL);
                    // In the child, before exec: the engine runs below the console's priority.
                    if (nice > 0) {
                        [[maybe_unused]] const int now_nice = ::nice(nice);
                    }
                },
            ec);
    } catch (const std::exception& e) {
        ::close(wake[0]);
        ::close(wake[1]);
        return tl::unexpected("cannot start '" + describe(spec) + "': " + e.what());
    }
    if (ec) {
        ::close(wake[0]);
        ::close(wake[1]);
        return tl::unexpected("cannot start '" + describe(spec) + "': " + ec.message());
    }
    // The transport owns the parent's ends from here on; the pipe objects must not close them.
    const int stdin_fd = in.native_sink();
    const int stdout_fd = out.native_source();
    const int stderr_fd = err.native_source();
    in.assign_sink(-1);
    out.assign_source(-1);
    err.assign_source(-1);
    return std::make_unique<ProcessTransport>(std::move(child), stdin_fd, stdout_fd, stderr_fd, wake[0],
                                              wake[1]);
}

}  // namespace oc::engine
