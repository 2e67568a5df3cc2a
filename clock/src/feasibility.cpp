// "The control cannot be played with this operator": the check the event setup runs before the game.
#include <algorithm>

#include "clock/budget.hpp"
#include "clock/tc_format.hpp"

namespace oc::clock {

using namespace std::chrono_literals;

std::string_view toString(Verdict v) {
    switch (v) {
        case Verdict::Playable:
            return "playable";
        case Verdict::Tight:
            return "tight";
        case Verdict::Unplayable:
            return "cannot be played with this operator";
    }
    return "playable";
}

namespace {

PeriodCheck checkPeriod(const TimeControl& tc, std::size_t i, Duration reserve, int game_moves) {
    const Period& p = tc.periods[i];
    const int before = i == 0 ? 0 : tc.controlMove(i - 1);
    PeriodCheck c;
    c.period = i;
    c.moves = p.restOfGame() ? std::max(game_moves - before, 1) : p.moves;
    c.granted = p.base + c.moves * p.increment;
    // A delay absorbs handling up to its length each move (it cannot be saved for later).
    c.handling = c.moves * std::max(0ms, reserve - p.delay);
    c.share = c.granted > 0ms
                  ? static_cast<double>(c.handling.count()) / static_cast<double>(c.granted.count())
                  : 1.0;
    return c;
}

std::string line(const PeriodCheck& c, const Period& p, Duration reserve) {
    std::string out = "period " + std::to_string(c.period + 1) + " (" + std::to_string(c.moves) + " moves" +
                      (p.restOfGame() ? " assumed" : "") + "): handling " + std::to_string(c.moves) + " x " +
                      formatDuration(std::max(0ms, reserve - p.delay)) + " = " + formatDuration(c.handling) +
                      " of " + formatDuration(c.granted) + " granted (" + formatDuration(p.base);
    if (p.increment > 0ms) out += " + " + std::to_string(c.moves) + " x " + formatDuration(p.increment);
    return out + "), " + std::to_string(static_cast<int>(c.share * 100.0 + 0.5)) + "%";
}

}  // namespace

Feasibility checkFeasibility(const TimeControl& tc, Duration reserve_per_move, int game_moves,
                             double tight_share) {
    Feasibility f;
    if (tc.kind != TimeControlKind::Periods) {
        f.message = "no per-move handling check for this kind of control";
        return f;
    }
    for (std::size_t i = 0; i < tc.periods.size(); ++i) {
        const PeriodCheck c = checkPeriod(tc, i, reserve_per_move, game_moves);
        const Verdict v = c.share >= 1.0           ? Verdict::Unplayable
                          : c.share >= tight_share ? Verdict::Tight
                                                   : Verdict::Playable;
        f.verdict = std::max(f.verdict, v);
        f.message += line(c, tc.periods[i], reserve_per_move) + "\n";
        f.periods.push_back(c);
    }
    f.message = std::string(toString(f.verdict)) + " with a handling reserve of " +
                formatDuration(reserve_per_move) + " per move:\n" + f.message;
    if (f.verdict == Verdict::Unplayable)
        f.message +=
            "the operator's handling alone would use up the clock: the computer would lose on time\n";
    return f;
}

}  // namespace oc::clock
