#include "bench.hpp"

#include <SDL.h>
#include <fmt/format.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <fstream>
#include <random>
#include <sstream>

#include "ui/redraw.hpp"

namespace oc::app {

namespace {

double seconds(BenchClock::duration d) {
    return std::chrono::duration<double>(d).count();
}

// The human's move: a usual first move when it is legal, else the first legal one (deterministic).
std::string humanChoice(const std::vector<std::string>& legal) {
    for (const char* usual : {"e2e4", "d2d4", "g1f3", "c2c4"})
        if (std::find(legal.begin(), legal.end(), usual) != legal.end()) return usual;
    return legal.empty() ? std::string() : legal.front();
}

}  // namespace

std::chrono::microseconds processCpuTime() {
    rusage u{};
    ::getrusage(RUSAGE_SELF, &u);
    const auto us = [](const timeval& t) {
        return std::chrono::seconds(t.tv_sec) + std::chrono::microseconds(t.tv_usec);
    };
    return us(u.ru_utime) + us(u.ru_stime);
}

double msSinceProcessStart() {
    std::ifstream in("/proc/self/stat");
    std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    // Field 22, starttime in clock ticks since boot; the command name (field 2) may hold spaces.
    std::istringstream rest(stat.substr(stat.rfind(')') + 2));
    std::string field;
    for (int i = 3; i < 22; ++i) rest >> field;
    unsigned long long ticks = 0;
    rest >> ticks;
    timespec boot{};
    ::clock_gettime(CLOCK_BOOTTIME, &boot);
    const double now_ms = static_cast<double>(boot.tv_sec) * 1e3 + static_cast<double>(boot.tv_nsec) / 1e6;
    return now_ms - static_cast<double>(ticks) * 1e3 / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

double percentile(std::vector<double> samples, double p) {
    if (samples.empty()) return 0;
    std::sort(samples.begin(), samples.end());
    const auto rank = static_cast<std::size_t>(std::ceil(p / 100.0 * static_cast<double>(samples.size())));
    return samples[std::clamp<std::size_t>(rank, 1, samples.size()) - 1];
}

std::vector<session::Command> FrameBench::pilot(const session::Snapshot& snap, session::TimePoint now,
                                                const std::vector<std::string>& legal) {
    if (!stepDue(snap)) return {};
    switch (snap.phase) {
        case session::Phase::Setup:
            return {session::cmd::StartGame{}};
        case session::Phase::EngineMoveShown:
            return {session::cmd::MadeOnBoard{}};
        case session::Phase::EngineMoveMade:
            return {session::cmd::ClockPressed{}};
        case session::Phase::HumanToMove:
            if (snap.previous_unrecorded) return {session::cmd::Recorded{}};
            break;
        default:
            return {};
    }
    ++human_moves_;
    session::cmd::HumanMove move;
    move.text = humanChoice(legal);
    move.pressed_at = now;
    return {move};
}

// Whether the state (phase, and an unrecorded move) has lasted the dwell time since it began or since
// the last step.
bool FrameBench::stepDue(const session::Snapshot& snap) {
    const std::string state =
        std::string(session::phaseName(snap.phase)) +
        (snap.phase == session::Phase::HumanToMove && snap.previous_unrecorded ? "+unrecorded" : "");
    if (state != state_) {
        state_ = state;
        state_since_ = BenchClock::now();
    }
    if (BenchClock::now() - state_since_ < dwell_) return false;
    state_since_ = BenchClock::now();  // one step per dwell, whatever the session makes of it
    return true;
}

// The time since the last frame (its sleep included) belongs to the phase that frame showed.
void FrameBench::frameDone(session::Phase phase, bool drawn) {
    const auto wall = BenchClock::now();
    const auto cpu = processCpuTime();
    if (++frames_seen_ <= kStartupFrames) {
        // The first frames compile shaders, upload the fonts and draw everything: --bench-start's part.
        last_wall_ = wall;
        last_cpu_ = cpu;
        return;
    }
    const std::string key = state_.empty() ? std::string(session::phaseName(phase)) : state_;
    PhaseTotals& t = totals_[last_phase_];
    if (t.order == 0) t.order = static_cast<int>(totals_.size());
    t.seconds += seconds(wall - last_wall_);
    t.cpu_seconds += std::chrono::duration<double>(cpu - last_cpu_).count();
    PhaseTotals& now_in = totals_[key];
    if (now_in.order == 0) now_in.order = static_cast<int>(totals_.size());
    now_in.frames += drawn ? 1 : 0;
    last_phase_ = key;
    last_wall_ = wall;
    last_cpu_ = cpu;
}

std::string FrameBench::report() const {
    std::vector<std::pair<int, std::string>> order;
    for (const auto& [name, t] : totals_) order.emplace_back(t.order, name);
    std::sort(order.begin(), order.end());
    std::string out;
    for (const auto& [rank, name] : order) {
        const PhaseTotals& t = totals_.at(name);
        if (t.seconds <= 0) continue;
        out += fmt::format("phase {} seconds {:.1f} frames {} fps {:.2f} cpu {:.2f}%\n", name, t.seconds,
                           t.frames, t.frames / t.seconds, 100.0 * t.cpu_seconds / t.seconds);
    }
    return out;
}

InputBench::~InputBench() {
    stop_ = true;
    shown_cv_.notify_all();
    if (injector_.joinable()) injector_.join();
}

void InputBench::maybeStart() {
    if (injector_.joinable() || finished_ || !ui::untilCursorBlink()) return;
    injector_ = std::thread([this] { inject(); });
}

// Alternately types "x" and presses Backspace, each at a random moment 20-120 ms after the previous
// one was shown: the loop is caught asleep, mid-frame and mid-swap alike.
void InputBench::inject() {
    std::mt19937 rng(16);
    std::uniform_int_distribution<int> pause_ms(20, 120);
    for (int i = 0; i < count_ && !stop_; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(pause_ms(rng)));
        SDL_Event e{};
        if (i % 2 == 0) {
            e.type = SDL_TEXTINPUT;
            e.text.text[0] = 'x';
        } else {
            e.type = SDL_KEYDOWN;
            e.key.keysym.scancode = SDL_SCANCODE_BACKSPACE;
            e.key.keysym.sym = SDLK_BACKSPACE;
        }
        std::unique_lock lock(mutex_);
        pushed_.push_back(BenchClock::now());
        SDL_PushEvent(&e);
        if (e.type == SDL_KEYDOWN) {
            SDL_Event up = e;
            up.type = SDL_KEYUP;
            SDL_PushEvent(&up);
        }
        const std::size_t want = pushed_.size();
        shown_cv_.wait(lock, [&] { return stop_ || latency_ms_.size() >= want; });
    }
}

void InputBench::frameDone(std::size_t keys, bool drawn) {
    const auto now = BenchClock::now();
    std::lock_guard lock(mutex_);
    if (keys > 0) handled_ = true;
    if (!handled_ || !drawn || latency_ms_.size() >= pushed_.size()) return;
    latency_ms_.push_back(
        std::chrono::duration<double, std::milli>(now - pushed_[latency_ms_.size()]).count());
    handled_ = false;
    finished_ = static_cast<int>(latency_ms_.size()) >= count_;
    shown_cv_.notify_all();
}

std::string InputBench::report() const {
    std::lock_guard lock(mutex_);
    return fmt::format("keys {} p50 {:.1f} ms p99 {:.1f} ms max {:.1f} ms\n", latency_ms_.size(),
                       percentile(latency_ms_, 50), percentile(latency_ms_, 99),
                       percentile(latency_ms_, 100));
}

}  // namespace oc::app
