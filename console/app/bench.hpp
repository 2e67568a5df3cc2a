#pragma once
// The window's own measurements (bench/console/run_bench.sh prints them; tests never time anything):
// --bench-frames: frames drawn per second and the console's CPU share in each phase of a game an
// automatic operator plays; --bench-input: latency from a key press to the frame that shows it;
// --bench-start: time from the process's start to its first frame on screen.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "session/session.hpp"

namespace oc::app {

using BenchClock = std::chrono::steady_clock;

// CPU time (user + system, every thread of the process: the GL rasterizer's too) used so far.
[[nodiscard]] std::chrono::microseconds processCpuTime();
// Milliseconds since the kernel started this process (from /proc/self/stat, 10 ms resolution).
[[nodiscard]] double msSinceProcessStart();
// The nearest-rank percentile `p` (0..100) of `samples`; 0 when there are none.
[[nodiscard]] double percentile(std::vector<double> samples, double p);

class FrameBench {
  public:
    explicit FrameBench(std::chrono::milliseconds dwell) : dwell_(dwell) {}
    // The operator's next step once the phase has lasted the dwell time: start, the human's move
    // (`legal`: UCI), made on board, clock pressed, recorded. The engine takes the time it takes.
    [[nodiscard]] std::vector<session::Command> pilot(const session::Snapshot& snap, session::TimePoint now,
                                                      const std::vector<std::string>& legal);
    // After every frame: the phase it showed and whether it put pixels on screen.
    void frameDone(session::Phase phase, bool drawn);
    // After the second human move: every phase of a move cycle has been measured.
    bool finished() const { return human_moves_ >= 2; }
    // One line per phase: "phase P seconds S frames F fps X cpu Y%".
    [[nodiscard]] std::string report() const;

  private:
    struct PhaseTotals {
        double seconds = 0;
        double cpu_seconds = 0;
        int frames = 0;
        int order = 0;
    };
    bool stepDue(const session::Snapshot& snap);

    std::chrono::milliseconds dwell_;
    std::map<std::string, PhaseTotals> totals_;
    std::string state_;  // phase (+ "unrecorded"): its dwell starts when it changes
    BenchClock::time_point state_since_ = BenchClock::now();
    std::string last_phase_ = "setup";
    BenchClock::time_point last_wall_ = BenchClock::now();
    std::chrono::microseconds last_cpu_ = processCpuTime();
    int human_moves_ = 0;
    static constexpr int kStartupFrames = 3;
    int frames_seen_ = 0;
};

class InputBench {
  public:
    explicit InputBench(int count) : count_(count) {}
    ~InputBench();
    InputBench(const InputBench&) = delete;
    InputBench& operator=(const InputBench&) = delete;
    // Called every frame: starts injecting once a text box has keyboard focus (the move box).
    void maybeStart();
    // After every frame (after the swap): `keys` key events were handled in it; `drawn`: pixels changed.
    void frameDone(std::size_t keys, bool drawn);
    bool finished() const { return finished_; }
    // "keys N p50 X ms p99 Y ms max Z ms".
    [[nodiscard]] std::string report() const;

  private:
    void inject();

    int count_;
    std::thread injector_;
    mutable std::mutex mutex_;
    std::condition_variable shown_cv_;
    std::vector<BenchClock::time_point> pushed_;  // guarded by mutex_
    std::vector<double> latency_ms_;              // guarded by mutex_
    bool handled_ = false;  // the latest key was handled by a frame; its latency ends with the next drawn one
    std::atomic<bool> stop_{false};
    bool finished_ = false;
};

}  // namespace oc::app
