// The computer's time budget (E.III 2.1): handling reserve from measurements and the go parameters.
#include "clock/budget.hpp"

#include <algorithm>
#include <cmath>

namespace oc::clock {

using namespace std::chrono_literals;

HandlingReserve::HandlingReserve(ReserveSettings settings) : settings_(settings) {}

void HandlingReserve::record(Duration handling) {
    window_.push_back(std::max(handling, 0ms));
    while (window_.size() > std::max<std::size_t>(settings_.window, 1)) window_.pop_front();
}

namespace {

// Nearest rank: the 0-based index of the smallest value with at least q of n values at or below it.
std::size_t nearestRank(double q, std::size_t n) {
    const double rank = std::ceil(std::clamp(q, 0.0, 1.0) * static_cast<double>(n));
    return std::min(static_cast<std::size_t>(std::max(rank, 1.0)) - 1, n - 1);
}

std::vector<Duration> sortedWindow(const std::deque<Duration>& window) {
    std::vector<Duration> sorted(window.begin(), window.end());
    std::sort(sorted.begin(), sorted.end());
    return sorted;
}

}  // namespace

Duration HandlingReserve::quantile(double q) const {
    if (window_.empty()) return 0ms;
    const auto sorted = sortedWindow(window_);
    return sorted[nearestRank(q, sorted.size())];
}

Duration HandlingReserve::robustQuantile(double q) const {
    if (window_.empty()) return 0ms;
    const auto sorted = sortedWindow(window_);
    const std::size_t n = sorted.size();
    return sorted[n < 2 ? 0 : std::min(nearestRank(q, n), n - 2)];
}

// E.III 2.1: a high percentile of the measured handling times, robust to one outlier (robustQuantile);
// while there are few measurements the configured starting value still bounds it below. The older rules
// (kReserveRule) are kept so that the audit can judge the journals their consoles wrote.
ReserveBasis HandlingReserve::basis() const {
    ReserveBasis b;
    b.samples = window_.size();
    const bool robust = settings_.rule >= 2;
    b.per_move = robust ? robustQuantile(settings_.percentile) : quantile(settings_.percentile);
    if (b.samples >= 2 && b.per_move < quantile(settings_.percentile))
        b.set_aside = quantile(1.0);  // the rank fell on the maximum, which was passed over
    // A single measurement is its own maximum: above the starting value it is set aside like any other
    // lone slow handling (issue 23: the reserve jumped to it after the first move, then fell back at
    // the second), and the starting value rules until a second measurement confirms it.
    if (settings_.rule >= 3 && b.samples == 1 && b.per_move > settings_.initial) {
        b.set_aside = b.per_move;
        b.per_move = settings_.initial;
        b.starting_value = true;
    }
    if (b.samples < settings_.min_samples && b.per_move < settings_.initial) {
        b.per_move = settings_.initial;
        b.starting_value = true;
    }
    if (b.per_move < settings_.floor) {
        b.per_move = settings_.floor;
        b.floor = true;
    }
    return b;
}

BudgetInput budgetInput(const GameClock& clock, Color computer, TimePoint now) {
    BudgetInput in;
    in.computer = computer;
    for (Color c : {Color::White, Color::Black}) {
        in.remaining[c] = clock.remaining(c, now);
        const Period& p = clock.currentPeriod(c);
        in.increment[c] = p.increment + p.delay;  // a delay saves handling time like an increment
    }
    in.moves_to_control = clock.movesToControl(computer);
    in.timed = clock.timeControl().timed();
    return in;
}

namespace {

Duration scaled(Duration d, double factor) {
    return Duration{static_cast<Duration::rep>(static_cast<double>(d.count()) * factor)};
}

}  // namespace

GoParams computeGo(const BudgetInput& input, Duration reserve_per_move, const BudgetSettings& settings,
                   bool faster_rate) {
    GoParams go;
    if (!input.timed) {
        go.untimed = true;
        return go;
    }
    go.time = input.remaining;
    go.inc = input.increment;
    go.movestogo = input.moves_to_control;
    const Color me = input.computer;
    const Duration w = input.remaining[me];
    const Duration inc = input.increment[me];
    const Duration r = reserve_per_move;
    const long k = std::max(1, input.moves_to_control.value_or(settings.sudden_death_horizon));
    // Over the next k moves the clock really gives w + (k-1) x inc and handling takes k x r. The engine
    // reads (w', inc') as w' + (k-1) x inc', so the reserve for later moves comes out of the increment
    // first (inc' = inc - r), the rest and the current move's reserve out of w.
    Duration inc_told = std::max(0ms, inc - r);
    const Duration safety = settings.safety_moves * r;
    Duration w_told = w + (k - 1) * inc - k * r - (k - 1) * inc_told - safety;
    if (faster_rate) {
        w_told = scaled(w_told, settings.faster_rate_factor);  // E.III 2.2: only the rate changes
        inc_told = scaled(inc_told, settings.faster_rate_factor);
    }
    if (w_told < settings.min_engine_time) {
        go.critical = true;  // CMP-2.1 emergency: the operator's handling needs all that is left
        w_told = std::min(settings.min_engine_time, w);
        inc_told = 0ms;
    }
    go.time[me] = w_told;
    go.inc[me] = inc_told;
    go.reserve = w - w_told;
    return go;
}

}  // namespace oc::clock
