#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "clock/budget.hpp"
#include "clock/game_clock.hpp"

namespace oc::clock {

// `operator-cli tc simulate`: N games in simulated time, each with `computer_moves` moves by the
// computer, played once with this module's budget and once by a naive GUI that hands the raw clock
// to the engine. Deterministic for a seed (own PRNG and distributions, no std:: distributions).
struct SimulationConfig {
    TimeControl tc;
    int games = 1000;
    int computer_moves = 80;
    Duration delay_median = std::chrono::seconds{4};  // operator handling, lognormal fitted to
    Duration delay_p99 = std::chrono::seconds{15};    // this median and 99th percentile
    std::uint64_t seed = 1;
    ReserveSettings reserve;  // reserve.initial: the operator's configured starting value
    BudgetSettings budget;
    ClockSettings clock;
};

struct SimulationSide {
    int flags = 0;                 // games the computer lost on time
    double time_used_pct = 0.0;    // mean over unflagged games: think / (granted - handling)
    std::vector<Duration> lowest;  // per game: the computer's lowest time left at a press
};

struct SimulationResult {
    SimulationSide ours;
    SimulationSide naive;
    Duration largest_handling{};
    double mean_handling_s = 0.0;
};

// Plays the games; same draws (handling, engine noise, human times) for both GUIs.
[[nodiscard]] SimulationResult simulate(const SimulationConfig& config);

// Human-readable figures; the last line is exactly "flags <F> naive_flags <G> time_used_pct <P>".
[[nodiscard]] std::string formatReport(const SimulationConfig& config, const SimulationResult& result);

}  // namespace oc::clock
