#pragma once
// Reader threads for an engine's stdout and stderr, feeding one mutex-guarded queue. Kept free of
// Boost so it compiles fast and can be tested on plain pipes.

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include "engine_bridge/transport.hpp"

namespace oc::engine::detail {

inline constexpr std::size_t kMaxLineBytes = 64 * 1024;   // longer lines are cut and flagged
inline constexpr std::size_t kMaxPendingStderr = 10'000;  // beyond this stderr lines are counted, not kept

class LineQueue {
  public:
    void push(std::vector<OutputLine> lines);
    void closeStdout();
    // Drains the queue; a note about dropped stderr lines is appended when some were dropped.
    std::vector<OutputLine> take();
    bool stdoutClosedAndDrained() const;
    void waitForLines(std::chrono::milliseconds max);

  private:
    mutable std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<OutputLine> lines_;
    std::size_t pending_stderr_ = 0;
    std::size_t dropped_stderr_ = 0;
    bool stdout_closed_ = false;
};

// Owns a thread that reads `fd` until end of file or until stop() and pushes whole lines.
class LineReader {
  public:
    LineReader(int fd, Stream stream, LineQueue& queue, int wake_fd);
    ~LineReader();
    LineReader(const LineReader&) = delete;
    LineReader& operator=(const LineReader&) = delete;
    void join();

  private:
    void run();
    void consume(const char* data, std::size_t size, std::vector<OutputLine>& out);
    void finishLine(std::vector<OutputLine>& out);

    int fd_;
    Stream stream_;
    LineQueue& queue_;
    int wake_fd_;
    std::string partial_;
    bool truncating_ = false;
    std::thread thread_;
};

}  // namespace oc::engine::detail
