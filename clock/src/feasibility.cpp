// "The control cannot be played with this operator": the check the event setup runs before the game.
#include <fmt/format.h>

#include <algorithm>

#include "clock/budget.hpp"
#include "clock/tc_format.hpp"
#include "i18n/mark.hpp"

namespace oc::clock {

using namespace std::chrono_literals;
using i18n::N_;

std::string_view toString(Verdict v) {
    switch (v) {
        case Verdict::Playable:
            return N_("playable");
        case Verdict::Tight:
            return N_("tight");
        case Verdict::Unplayable:
            return N_("cannot be played with this operator");
    }
    return N_("playable");
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

// One whole sentence per shape of period (assumed move count, increment), so a translation reads it back.
std::string line(const PeriodCheck& c, const Period& p, Duration reserve) {
    const int n = c.moves, percent = static_cast<int>(c.share * 100.0 + 0.5);
    const std::string each = formatDuration(std::max(0ms, reserve - p.delay)),
                      handling = formatDuration(c.handling), granted = formatDuration(c.granted),
                      base = formatDuration(p.base);
    const auto period = c.period + 1;
    if (p.increment > 0ms && p.restOfGame())
        return fmt::format(
            N_("period {} ({} moves assumed): handling {} x {} = {} of {} granted ({} + {} x {}), {}%"),
            period, n, n, each, handling, granted, base, n, formatDuration(p.increment), percent);
    if (p.increment > 0ms)
        return fmt::format(
            N_("period {} ({} moves): handling {} x {} = {} of {} granted ({} + {} x {}), {}%"), period, n, n,
            each, handling, granted, base, n, formatDuration(p.increment), percent);
    if (p.restOfGame())
        return fmt::format(N_("period {} ({} moves assumed): handling {} x {} = {} of {} granted ({}), {}%"),
                           period, n, n, each, handling, granted, base, percent);
    return fmt::format(N_("period {} ({} moves): handling {} x {} = {} of {} granted ({}), {}%"), period, n,
                       n, each, handling, granted, base, percent);
}

}  // namespace

Feasibility checkFeasibility(const TimeControl& tc, Duration reserve_per_move, int game_moves,
                             double tight_share) {
    Feasibility f;
    if (tc.kind != TimeControlKind::Periods) {
        f.message = N_("no per-move handling check for this kind of control");
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
    f.message = fmt::format(N_("{} with a handling reserve of {} per move:"), toString(f.verdict),
                            formatDuration(reserve_per_move)) +
                "\n" + f.message;
    if (f.verdict == Verdict::Unplayable)
        f.message +=
            std::string(
                N_("the operator's handling alone would use up the clock: the computer would lose on time")) +
            "\n";
    return f;
}

}  // namespace oc::clock
