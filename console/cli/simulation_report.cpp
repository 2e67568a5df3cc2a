#include "simulation_report.hpp"

#include <algorithm>

#include "clock/tc_format.hpp"
#include "i18n/format.hpp"
#include "i18n/tr.hpp"

namespace oc::cli {
namespace {

using clock::Duration;
using clock::formatClock;
using clock::formatDuration;
using i18n::trf;

Duration at(const std::vector<Duration>& sorted, double q) {
    if (sorted.empty()) return Duration{};
    return sorted[static_cast<std::size_t>(q * static_cast<double>(sorted.size() - 1))];
}

// The lowest time the computer had left at a press, over the games: its distribution.
struct Spread {
    std::string min, p1, p5, median, max;
};

Spread spread(std::vector<Duration> lowest) {
    std::sort(lowest.begin(), lowest.end());
    return {formatClock(at(lowest, 0.0)), formatClock(at(lowest, 0.01)), formatClock(at(lowest, 0.05)),
            formatClock(at(lowest, 0.5)), formatClock(at(lowest, 1.0))};
}

std::string decimal(double v) {
    return i18n::formatDecimal(i18n::uiLanguage(), v, 1);
}

std::string lastLine(const std::string& report) {
    const auto end = report.find_last_not_of('\n');
    const auto start = report.rfind('\n', end);
    return report.substr(start == std::string::npos ? 0 : start + 1);
}

}  // namespace

std::string simulationReport(const clock::SimulationConfig& cfg, const clock::SimulationResult& r) {
    std::string out = trf("time control {}: {} games x {} computer moves, seed {}",
                          clock::formatHuman(cfg.tc), cfg.games, cfg.computer_moves, cfg.seed) +
                      "\n";
    out += trf("operator handling: lognormal, median {}, p99 {} (drawn: mean {}s, largest {})",
               formatDuration(cfg.delay_median), formatDuration(cfg.delay_p99), decimal(r.mean_handling_s),
               formatDuration(r.largest_handling)) +
           "\n";
    out += trf("budget: reserve = p{} of the last {} handling times (start {}, floor {}) x (moves to control "
               "or {} + {} safety)",
               static_cast<int>(cfg.reserve.percentile * 100.0 + 0.5), cfg.reserve.window,
               formatDuration(cfg.reserve.initial), formatDuration(cfg.reserve.floor),
               cfg.budget.sudden_death_horizon, cfg.budget.safety_moves) +
           "\n";
    const Spread ours = spread(r.ours.lowest), naive = spread(r.naive.lowest);
    out += trf("lowest time left at a press (budget): min {}  p1 {}  p5 {}  median {}  max {}", ours.min,
               ours.p1, ours.p5, ours.median, ours.max) +
           "\n";
    out += trf("lowest time left at a press (naive): min {}  p1 {}  p5 {}  median {}  max {}", naive.min,
               naive.p1, naive.p5, naive.median, naive.max) +
           "\n";
    // xgettext:no-c-format ("% i" is not a printf directive here: fmt fills the braces)
    out += trf("naive GUI: {} games lost on time, time used {}% in the games it survived", r.naive.flags,
               decimal(r.naive.time_used_pct)) +
           "\n";
    return out + lastLine(clock::formatReport(cfg, r));
}

}  // namespace oc::cli
