// The text `operator-cli tc simulate` prints.
#include <algorithm>
#include <cstdio>

#include "clock/simulation.hpp"
#include "clock/tc_format.hpp"

namespace oc::clock {

namespace {

std::string fixed1(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

Duration at(const std::vector<Duration>& sorted, double q) {
    if (sorted.empty()) return Duration{};
    const auto i = static_cast<std::size_t>(q * static_cast<double>(sorted.size() - 1));
    return sorted[i];
}

std::string lowestLine(const char* who, std::vector<Duration> lowest) {
    std::sort(lowest.begin(), lowest.end());
    return std::string("lowest time left at a press (") + who + "): min " + formatClock(at(lowest, 0.0)) +
           "  p1 " + formatClock(at(lowest, 0.01)) + "  p5 " + formatClock(at(lowest, 0.05)) + "  median " +
           formatClock(at(lowest, 0.5)) + "  max " + formatClock(at(lowest, 1.0)) + "\n";
}

}  // namespace

std::string formatReport(const SimulationConfig& cfg, const SimulationResult& r) {
    std::string out = "time control " + formatHuman(cfg.tc) + ": " + std::to_string(cfg.games) + " games x " +
                      std::to_string(cfg.computer_moves) + " computer moves, seed " +
                      std::to_string(cfg.seed) + "\n";
    out += "operator handling: lognormal, median " + formatDuration(cfg.delay_median) + ", p99 " +
           formatDuration(cfg.delay_p99) + " (drawn: mean " + fixed1(r.mean_handling_s) + "s, largest " +
           formatDuration(r.largest_handling) + ")\n";
    out += "budget: reserve = p" + std::to_string(static_cast<int>(cfg.reserve.percentile * 100.0 + 0.5)) +
           " of the last " + std::to_string(cfg.reserve.window) + " handling times (start " +
           formatDuration(cfg.reserve.initial) + ", floor " + formatDuration(cfg.reserve.floor) +
           ") x (moves to control or " + std::to_string(cfg.budget.sudden_death_horizon) + " + " +
           std::to_string(cfg.budget.safety_moves) + " safety)\n";
    out += lowestLine("budget", r.ours.lowest);
    out += lowestLine("naive", r.naive.lowest);
    out += "naive GUI: " + std::to_string(r.naive.flags) + " games lost on time, time used " +
           fixed1(r.naive.time_used_pct) + "% in the games it survived\n";
    out += "flags " + std::to_string(r.ours.flags) + " naive_flags " + std::to_string(r.naive.flags) +
           " time_used_pct " + fixed1(r.ours.time_used_pct) + "\n";
    return out;
}

}  // namespace oc::clock
