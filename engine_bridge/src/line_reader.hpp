#pragma once
// Reader threads for an engine's stdout and stderr, feeding one mutex-guarded queue. Kept free of
// Boost so it compiles fast.
//
// Latency: a thread hand-off (engine -> reader thread -> caller) costs a second wake-up per line,
// which doubled the isready round trip against a bare pipe. So a caller that blocks in
// waitForOutput() polls the stdout pipe itself and, when data is there, drains it through the same
// reader (whoever holds the read lock reads); the reader thread still drains whenever the caller is
// busy, so a pipe never fills up and stderr is always read.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "engine_bridge/transport.hpp"

namespace oc::engine::detail {

inline constexpr std::size_t kMaxLineBytes = 64 * 1024;   // longer lines are cut and flagged
inline constexpr std::size_t kMaxPendingStderr = 10'000;  // beyond this stderr lines are counted, not kept

class LineQueue {
  public:
    LineQueue();
    ~LineQueue();
    LineQueue(const LineQueue&) = delete;
    LineQueue& operator=(const LineQueue&) = delete;

    // `wake` false when the waiting caller pushes itself and needs no wake-up.
    void push(std::vector<OutputLine> lines, bool wake = true);
    void closeStdout();
    // Drains the queue; a note about dropped stderr lines is appended when some were dropped.
    std::vector<OutputLine> take();
    bool hasLines() const;
    bool stdoutClosed() const;
    bool stdoutClosedAndDrained() const;
    // An eventfd that becomes readable whenever lines were pushed or stdout closed.
    int notifyFd() const { return notify_fd_; }
    void clearNotify();
    // See Transport::setWakeHook: called on the pushing thread, outside the lock.
    void setWakeHook(std::function<void()> hook);

  private:
    void notify();
    void callHook();

    mutable std::mutex mutex_;
    std::deque<OutputLine> lines_;
    std::size_t pending_stderr_ = 0;
    std::size_t dropped_stderr_ = 0;
    bool stdout_closed_ = false;
    int notify_fd_ = -1;
    std::atomic<bool> notified_{false};
    std::function<void()> hook_;  // guarded by mutex_
};

// Owns a thread that reads the non-blocking `fd` until end of file or until `wake_fd` is readable.
class LineReader {
  public:
    LineReader(int fd, Stream stream, LineQueue& queue, int wake_fd);
    ~LineReader();
    LineReader(const LineReader&) = delete;
    LineReader& operator=(const LineReader&) = delete;
    void join();
    // Reads what is available now, from the calling thread, unless the reader thread is reading: then
    // returns false (the bytes are that thread's, and its lines will come through the queue).
    bool tryDrain();
    // A caller is about to wait on the pipe itself: the thread stays off the pipe for a few
    // milliseconds, so the two are not both woken for every line.
    void callerWaiting();

  private:
    void run();
    bool callerActive() const;
    // Requires read_mutex_. Returns false at end of file.
    bool drainLocked(bool wake);
    void consume(const char* data, std::size_t size, std::vector<OutputLine>& out);
    void finishLine(std::vector<OutputLine>& out);

    int fd_;
    Stream stream_;
    LineQueue& queue_;
    int wake_fd_;
    std::mutex read_mutex_;  // guards the fd's reads and the partial line below
    std::string partial_;
    bool truncating_ = false;
    bool eof_ = false;
    std::atomic<std::int64_t> caller_seen_{0};  // steady_clock ticks of the last callerWaiting()
    std::thread thread_;
};

}  // namespace oc::engine::detail
