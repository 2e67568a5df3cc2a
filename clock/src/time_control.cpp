#include "clock/time_control.hpp"

#include <algorithm>

namespace oc::clock {

using namespace std::chrono_literals;

const Period& TimeControl::periodAt(std::size_t i) const {
    static const Period kNoPeriod{};
    if (periods.empty()) return kNoPeriod;
    return periods[std::min(i, periods.size() - 1)];
}

int TimeControl::controlMove(std::size_t i) const {
    int total = 0;
    for (std::size_t p = 0; p <= i; ++p) {
        const Period& period = periodAt(p);
        if (period.restOfGame()) return 0;
        total += period.moves;
    }
    return total;
}

std::size_t TimeControl::periodAfterMoves(int moves) const {
    std::size_t p = 0;
    // A repeating last period keeps counting; the guard stops at an absurd move count.
    while (controlMove(p) != 0 && moves >= controlMove(p) && p < 10000) ++p;
    return p;
}

std::string validate(const TimeControl& tc) {
    if (tc.kind == TimeControlKind::Untimed || tc.kind == TimeControlKind::Unknown) return {};
    if (tc.periods.empty()) return "a time control needs at least one period";
    if (tc.kind == TimeControlKind::Sandclock && tc.periods.size() != 1) return "a sandclock has one period";
    for (std::size_t i = 0; i < tc.periods.size(); ++i) {
        const Period& p = tc.periods[i];
        const std::string where = "period " + std::to_string(i + 1) + ": ";
        if (p.moves < 0) return where + "the number of moves cannot be negative";
        if (p.restOfGame() && i + 1 != tc.periods.size())
            return where + "only the last period can be the rest of the game";
        if (p.base < 0ms || p.increment < 0ms || p.delay < 0ms) return where + "times cannot be negative";
        if (p.base == 0ms && p.increment == 0ms && p.delay == 0ms) return where + "it gives no time at all";
        if ((p.delay > 0ms) != (p.delay_kind != DelayKind::None))
            return where + "a delay needs both a length and a kind";
    }
    return {};
}

std::string_view toString(GameClass c) {
    switch (c) {
        case GameClass::Standard:
            return "standard";
        case GameClass::Rapid:
            return "rapid";
        case GameClass::Blitz:
            return "blitz";
    }
    return "standard";
}

std::string_view toString(DelayKind k) {
    switch (k) {
        case DelayKind::None:
            return "none";
        case DelayKind::Simple:
            return "simple (US) delay";
        case DelayKind::Bronstein:
            return "Bronstein delay (not defined in the FIDE Laws)";
    }
    return "none";
}

Duration classificationTime(const TimeControl& tc, ClassifyOptions options) {
    if (!tc.timed() || tc.periods.empty()) return 0ms;
    Duration total{};
    for (const Period& p : tc.periods) total += p.base;
    const Period& first = tc.periods.front();
    // CFG-02: T = allotted time + 60 x increment; Q10: a delay counts like an increment by default.
    const Duration per_move = first.increment + (options.delay_as_increment ? first.delay : 0ms);
    return total + 60 * per_move;
}

GameClass classify(const TimeControl& tc, Edition edition, ClassifyOptions options) {
    if (options.arbiter_override) return *options.arbiter_override;
    if (!tc.timed()) return GameClass::Standard;
    const Duration t = classificationTime(tc, options);
    if (t >= 60min) return GameClass::Standard;
    if (edition == Edition::E2005) return t < 15min ? GameClass::Blitz : GameClass::Rapid;  // App. B1, C1
    return t <= 10min ? GameClass::Blitz : GameClass::Rapid;                                // A.1, B.1
}

}  // namespace oc::clock
