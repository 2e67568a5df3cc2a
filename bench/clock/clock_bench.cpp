// Runs the four scenarios of issue 6 and prints the figures, each against the naive GUI (the reference
// run: the same games with the raw clock handed to the engine).
#include <fmt/core.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "clock/simulation.hpp"
#include "clock/tc_format.hpp"

namespace {

using namespace std::chrono_literals;
using oc::clock::Duration;

struct Scenario {
    const char* tc;
    Duration median;
    Duration p99;
    double target_pct;
};

double seconds(Duration d) {
    return static_cast<double>(d.count()) / 1000.0;
}

Duration quantile(std::vector<Duration> v, double q) {
    std::sort(v.begin(), v.end());
    return v[static_cast<std::size_t>(q * static_cast<double>(v.size() - 1))];
}

bool run(const Scenario& s, int games, std::uint64_t seed) {
    oc::clock::SimulationConfig cfg;
    cfg.tc = *oc::clock::parseTimeControl(s.tc);
    cfg.games = games;
    cfg.delay_median = s.median;
    cfg.delay_p99 = s.p99;
    cfg.seed = seed;
    cfg.reserve.initial = s.p99;
    const oc::clock::SimulationResult r = oc::clock::simulate(cfg);
    const bool ok = r.ours.flags == 0 && r.ours.time_used_pct >= s.target_pct;
    fmt::print(
        "{:<22} {:>4.1f}/{:<4.1f} {:>5} {:>6} {:>7.1f} {:>7.1f} {:>6.2f} {:>7.1f} {:>7.1f} {:>7.1f}  {}\n",
        s.tc, seconds(s.median), seconds(s.p99), r.ours.flags, r.naive.flags, r.ours.time_used_pct,
        r.naive.time_used_pct, r.ours.time_used_pct / std::max(r.naive.time_used_pct, 1e-9),
        seconds(quantile(r.ours.lowest, 0.0)), seconds(quantile(r.ours.lowest, 0.01)),
        seconds(quantile(r.ours.lowest, 0.5)), ok ? "ok" : "MISSED");
    return ok;
}

}  // namespace

int main(int argc, char** argv) {
    const int games = argc > 1 ? std::atoi(argv[1]) : 1000;
    const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
    const std::vector<Scenario> scenarios = {{"40/90m+30s, 30m+30s", 4s, 15s, 70.0},
                                             {"15m+10s", 4s, 15s, 70.0},
                                             {"60m", 4s, 15s, 60.0},
                                             {"3m+2s", 1500ms, 5s, 70.0}};
    fmt::print("{} games per scenario, seed {}; reference = naive GUI on the same games\n", games, seed);
    fmt::print("{:<22} {:>9} {:>5} {:>6} {:>7} {:>7} {:>6} {:>7} {:>7} {:>7}\n", "time control", "delay s",
               "F", "G", "P %", "Pnaive", "P/Pn", "low min", "low p1", "low p50");
    bool all = true;
    for (const Scenario& s : scenarios) all = run(s, games, seed) && all;
    return all ? 0 : 1;
}
