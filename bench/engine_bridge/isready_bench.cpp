// engine_bridge_bench [ENGINE] [ROUNDS]: the bridge's `isready` round trip (Engine::ping -> PongEvent,
// through the reader thread, queue and parser) against a bare fork/pipe/write/read round trip to the
// same engine binary, alternating blocks in one process so machine load hits both alike.
// Prints medians, p99 and the ratio bridge/bare (target <= 1.5).
#include <fmt/core.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <string>
#include <vector>

#include "engine_bridge/engine.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using Samples = std::vector<std::chrono::nanoseconds>;

// The reference: an engine on two plain pipes, read with blocking read() on the calling thread.
class BarePipe {
  public:
    explicit BarePipe(const std::string& path) {
        int in[2];
        int out[2];
        if (::pipe(in) != 0 || ::pipe(out) != 0) std::abort();
        pid_ = ::fork();
        if (pid_ == 0) {
            ::dup2(in[0], 0);
            ::dup2(out[1], 1);
            ::close(in[1]);
            ::close(out[0]);
            ::execl(path.c_str(), path.c_str(), static_cast<char*>(nullptr));
            ::_exit(127);
        }
        ::close(in[0]);
        ::close(out[1]);
        to_ = in[1];
        from_ = out[0];
        send("uci\n");
        readUntil("uciok");
    }
    ~BarePipe() {
        send("quit\n");
        ::close(to_);
        ::close(from_);
        int status = 0;
        ::waitpid(pid_, &status, 0);
    }
    BarePipe(const BarePipe&) = delete;
    BarePipe& operator=(const BarePipe&) = delete;

    std::chrono::nanoseconds roundTrip() {
        const auto start = Clock::now();
        send("isready\n");
        readUntil("readyok");
        return Clock::now() - start;
    }

  private:
    void send(const char* text) {
        if (::write(to_, text, std::char_traits<char>::length(text)) < 0) std::abort();
    }
    void readUntil(const std::string& word) {
        while (buffer_.find(word + "\n") == std::string::npos) {
            char chunk[4096];
            const ssize_t n = ::read(from_, chunk, sizeof chunk);
            if (n <= 0) std::abort();
            buffer_.append(chunk, static_cast<std::size_t>(n));
        }
        buffer_.clear();
    }

    pid_t pid_ = -1;
    int to_ = -1;
    int from_ = -1;
    std::string buffer_;
};

std::chrono::nanoseconds bridgeRoundTrip(oc::engine::Engine& engine) {
    const auto start = Clock::now();
    if (!engine.ping(start)) std::abort();
    for (;;) {
        engine.waitForActivity(std::chrono::milliseconds{100});
        for (const auto& event : engine.poll(Clock::now())) {
            if (std::holds_alternative<oc::engine::PongEvent>(event)) return Clock::now() - start;
            if (std::holds_alternative<oc::engine::FaultEvent>(event)) std::abort();
        }
    }
}

bool waitReady(oc::engine::Engine& engine) {
    const auto end = Clock::now() + std::chrono::seconds{20};
    while (Clock::now() < end) {
        engine.waitForActivity(std::chrono::milliseconds{20});
        for (const auto& event : engine.poll(Clock::now())) {
            if (std::holds_alternative<oc::engine::ReadyEvent>(event)) return true;
        }
    }
    return false;
}

// Pumps until an event of type T (real clock); returns the time it took, or a negative duration.
template <typename T>
std::chrono::nanoseconds pumpUntil(oc::engine::Engine& engine, Clock::time_point since) {
    const auto end = Clock::now() + std::chrono::seconds{20};
    while (Clock::now() < end) {
        engine.waitForActivity(std::chrono::milliseconds{5});
        for (const auto& event : engine.poll(Clock::now())) {
            if (std::holds_alternative<T>(event)) return Clock::now() - since;
        }
    }
    return std::chrono::nanoseconds{-1};
}

// Kills the engine in the middle of `go infinite` and times detection and replacement.
void crashFigures(oc::engine::Engine& engine) {
    oc::engine::GoParams infinite;
    infinite.infinite = true;
    if (!engine.search({}, infinite, Clock::now())) return;
    (void)pumpUntil<oc::engine::InfoEvent>(engine, Clock::now());
    const auto killed_at = Clock::now();
    ::kill(engine.pid(), SIGKILL);
    const auto detected = pumpUntil<oc::engine::FaultEvent>(engine, killed_at);
    const auto ready = pumpUntil<oc::engine::RestartedEvent>(engine, killed_at);
    const auto ms = [](std::chrono::nanoseconds d) {
        return std::chrono::duration<double, std::milli>(d).count();
    };
    fmt::print("crash (SIGKILL during go infinite): detected after {:.1f} ms ({:.3f} of the 1 s limit), ",
               ms(detected), ms(detected) / 1000.0);
    fmt::print("replacement searching again after {:.1f} ms\n", ms(ready));
}

double quantileUs(Samples s, double q) {
    std::sort(s.begin(), s.end());
    return std::chrono::duration<double, std::micro>(
               s[static_cast<std::size_t>(q * static_cast<double>(s.size() - 1))])
        .count();
}

}  // namespace

int main(int argc, char** argv) {
    std::signal(SIGPIPE, SIG_IGN);
    const std::string path = argc > 1 ? argv[1] : "/usr/games/stockfish";
    const int rounds = argc > 2 ? std::stoi(argv[2]) : 2000;
    oc::engine::EngineSettings settings;
    settings.process.command = path;
    oc::engine::Engine engine(settings, oc::engine::makeSyntaxValidator());
    if (!engine.start(Clock::now()) || !waitReady(engine)) {
        fmt::print(stderr, "cannot start {}\n", path);
        return 3;
    }
    BarePipe bare(path);
    Samples bare_samples;
    Samples bridge_samples;
    constexpr int kBlock = 100;
    for (int i = 0; i < rounds; i += kBlock) {
        for (int j = 0; j < kBlock; ++j) bare_samples.push_back(bare.roundTrip());
        for (int j = 0; j < kBlock; ++j) bridge_samples.push_back(bridgeRoundTrip(engine));
    }
    const double bare_median = quantileUs(bare_samples, 0.5);
    const double bridge_median = quantileUs(bridge_samples, 0.5);
    fmt::print("engine: {} ({} round trips each, alternating blocks of {})\n", path, bare_samples.size(),
               kBlock);
    fmt::print("bare pipe  isready: median {:.1f} us, p99 {:.1f} us\n", bare_median,
               quantileUs(bare_samples, 0.99));
    fmt::print("bridge     isready: median {:.1f} us, p99 {:.1f} us\n", bridge_median,
               quantileUs(bridge_samples, 0.99));
    fmt::print("ratio bridge/bare (median): {:.2f}x (target <= 1.5x)\n", bridge_median / bare_median);
    crashFigures(engine);
    engine.shutdown(Clock::now());
    (void)pumpUntil<oc::engine::StoppedEvent>(engine, Clock::now());
    return 0;
}
