#include "line_reader.hpp"

#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <string>

namespace oc::engine::detail {

LineQueue::LineQueue() : notify_fd_(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) {}

LineQueue::~LineQueue() {
    if (notify_fd_ >= 0) ::close(notify_fd_);
}

void LineQueue::notify() {
    notified_.store(true, std::memory_order_release);
    const std::uint64_t one = 1;
    [[maybe_unused]] const auto n = ::write(notify_fd_, &one, sizeof one);
}

void LineQueue::clearNotify() {
    if (!notified_.exchange(false, std::memory_order_acq_rel)) return;  // saves a read() per wait
    std::uint64_t count = 0;
    [[maybe_unused]] const auto n = ::read(notify_fd_, &count, sizeof count);
}

void LineQueue::setWakeHook(std::function<void()> hook) {
    const std::lock_guard lock(mutex_);
    hook_ = std::move(hook);
}

void LineQueue::callHook() {
    std::function<void()> hook;
    {
        const std::lock_guard lock(mutex_);
        hook = hook_;
    }
    if (hook) hook();
}

void LineQueue::push(std::vector<OutputLine> lines, bool wake) {
    if (lines.empty()) return;
    // Search progress (`info`) may wait for the shell's next look; anything else (bestmove, readyok,
    // uciok, a line that is not UCI) is what the shell waits for.
    const bool urgent = std::any_of(lines.begin(), lines.end(), [](const OutputLine& l) {
        return l.stream == Stream::Stdout && l.text.rfind("info", 0) != 0;
    });
    {
        const std::lock_guard lock(mutex_);
        for (auto& line : lines) {
            if (line.stream == Stream::Stderr) {
                // A stderr flood must not grow memory without bound nor slow the protocol down.
                if (pending_stderr_ >= kMaxPendingStderr) {
                    ++dropped_stderr_;
                    continue;
                }
                ++pending_stderr_;
            }
            lines_.push_back(std::move(line));
        }
    }
    if (wake) notify();
    if (urgent) callHook();
}

void LineQueue::closeStdout() {
    {
        const std::lock_guard lock(mutex_);
        stdout_closed_ = true;
    }
    notify();
    callHook();
}

std::vector<OutputLine> LineQueue::take() {
    const std::lock_guard lock(mutex_);
    std::vector<OutputLine> out(std::make_move_iterator(lines_.begin()),
                                std::make_move_iterator(lines_.end()));
    lines_.clear();
    pending_stderr_ = 0;
    if (dropped_stderr_ > 0) {
        out.push_back(
            {Stream::Stderr, "[" + std::to_string(dropped_stderr_) + " stderr lines dropped]", false});
        dropped_stderr_ = 0;
    }
    return out;
}

bool LineQueue::hasLines() const {
    const std::lock_guard lock(mutex_);
    return !lines_.empty();
}

bool LineQueue::stdoutClosed() const {
    const std::lock_guard lock(mutex_);
    return stdout_closed_;
}

bool LineQueue::stdoutClosedAndDrained() const {
    const std::lock_guard lock(mutex_);
    return stdout_closed_ && lines_.empty();
}

LineReader::LineReader(int fd, Stream stream, LineQueue& queue, int wake_fd)
    : fd_(fd), stream_(stream), queue_(queue), wake_fd_(wake_fd), thread_([this] { run(); }) {}

LineReader::~LineReader() {
    join();
}

void LineReader::join() {
    if (thread_.joinable()) thread_.join();
}

void LineReader::finishLine(std::vector<OutputLine>& out) {
    if (!partial_.empty() && partial_.back() == '\r') partial_.pop_back();
    out.push_back({stream_, std::move(partial_), truncating_});
    partial_.clear();
    truncating_ = false;
}

void LineReader::consume(const char* data, std::size_t size, std::vector<OutputLine>& out) {
    while (size > 0) {
        const auto* newline = static_cast<const char*>(std::memchr(data, '\n', size));
        const std::size_t chunk = newline ? static_cast<std::size_t>(newline - data) : size;
        // Keep the head of a runaway line, drop the rest up to its newline.
        const std::size_t room = kMaxLineBytes - std::min(kMaxLineBytes, partial_.size());
        partial_.append(data, std::min(chunk, room));
        if (chunk > room) truncating_ = true;
        if (!newline) return;
        finishLine(out);
        data += chunk + 1;
        size -= chunk + 1;
    }
}

bool LineReader::drainLocked(bool wake) {
    if (eof_) return false;
    std::array<char, 16384> buffer{};
    std::vector<OutputLine> lines;
    for (;;) {
        const ssize_t n = ::read(fd_, buffer.data(), buffer.size());
        if (n > 0) {
            consume(buffer.data(), static_cast<std::size_t>(n), lines);
            // A short read emptied the pipe: skip the extra read() that would only say EAGAIN.
            if (static_cast<std::size_t>(n) < buffer.size()) break;
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == EAGAIN) break;
        eof_ = true;  // end of file, or an error that ends the stream just the same
        if (!partial_.empty()) finishLine(lines);
        break;
    }
    queue_.push(std::move(lines), wake);
    if (eof_ && stream_ == Stream::Stdout) queue_.closeStdout();
    return !eof_;
}

bool LineReader::tryDrain() {
    const std::unique_lock lock(read_mutex_, std::try_to_lock);
    if (!lock.owns_lock()) return false;
    drainLocked(false);
    return true;
}

namespace {

constexpr std::chrono::milliseconds kCallerGrace{5};

std::int64_t ticksNow() {
    return std::chrono::steady_clock::now().time_since_epoch().count();
}

}  // namespace

void LineReader::callerWaiting() {
    caller_seen_.store(ticksNow(), std::memory_order_relaxed);
}

bool LineReader::callerActive() const {
    const std::chrono::steady_clock::duration since{ticksNow() -
                                                    caller_seen_.load(std::memory_order_relaxed)};
    return since < kCallerGrace;
}

// poll() on the pipe and a wake pipe, so the destructor can stop a reader whose engine keeps its
// output open (for instance a grandchild holding the pipe) instead of joining forever.
void LineReader::run() {
    for (;;) {
        // While a caller reads the pipe itself, watch only the wake pipe and look again shortly.
        const bool stand_aside = callerActive();
        std::array<pollfd, 2> fds{{{wake_fd_, POLLIN, 0}, {fd_, POLLIN, 0}}};
        const int polled =
            ::poll(fds.data(), stand_aside ? 1 : 2, stand_aside ? int{kCallerGrace.count()} : -1);
        if (polled == 0) continue;
        if (polled < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (fds[0].revents != 0) break;
        // try_lock: when a waiting caller is draining, stand aside instead of queueing on the mutex
        // (which would make the caller's unlock a system call on the latency path).
        std::unique_lock lock(read_mutex_, std::try_to_lock);
        if (!lock.owns_lock()) {
            std::this_thread::yield();
            continue;
        }
        if (!drainLocked(true)) break;
    }
    const std::lock_guard lock(read_mutex_);
    if (!eof_ && stream_ == Stream::Stdout) queue_.closeStdout();
}

}  // namespace oc::engine::detail
