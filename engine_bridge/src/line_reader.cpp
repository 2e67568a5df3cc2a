#include "line_reader.hpp"

#include <poll.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <string>

namespace oc::engine::detail {

void LineQueue::push(std::vector<OutputLine> lines) {
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
    ready_.notify_all();
}

void LineQueue::closeStdout() {
    {
        const std::lock_guard lock(mutex_);
        stdout_closed_ = true;
    }
    ready_.notify_all();
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

bool LineQueue::stdoutClosedAndDrained() const {
    const std::lock_guard lock(mutex_);
    return stdout_closed_ && lines_.empty();
}

void LineQueue::waitForLines(std::chrono::milliseconds max) {
    std::unique_lock lock(mutex_);
    ready_.wait_for(lock, max, [this] { return !lines_.empty() || stdout_closed_; });
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
    for (std::size_t i = 0; i < size; ++i) {
        if (data[i] == '\n') {
            finishLine(out);
        } else if (partial_.size() < kMaxLineBytes) {
            partial_ += data[i];
        } else {
            truncating_ = true;  // keep the head of a runaway line, drop the rest up to its newline
        }
    }
}

// poll() on the pipe and a wake pipe, so the destructor can stop a reader whose engine keeps its
// output open (for instance a grandchild holding the pipe) instead of joining forever.
void LineReader::run() {
    std::array<char, 16384> buffer{};
    for (;;) {
        std::array<pollfd, 2> fds{{{fd_, POLLIN, 0}, {wake_fd_, POLLIN, 0}}};
        if (::poll(fds.data(), fds.size(), -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (fds[1].revents != 0) break;
        const ssize_t n = ::read(fd_, buffer.data(), buffer.size());
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        std::vector<OutputLine> lines;
        if (n <= 0) {
            if (!partial_.empty()) finishLine(lines);
            queue_.push(std::move(lines));
            break;
        }
        consume(buffer.data(), static_cast<std::size_t>(n), lines);
        if (!lines.empty()) queue_.push(std::move(lines));
    }
    if (stream_ == Stream::Stdout) queue_.closeStdout();
}

}  // namespace oc::engine::detail
