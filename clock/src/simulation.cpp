// The simulation behind `operator-cli tc simulate` (issue: "Proof that it works").
#include "clock/simulation.hpp"

#include <algorithm>
#include <cmath>

#include "clock/random.hpp"

namespace oc::clock {

using namespace std::chrono_literals;

namespace {

const TimePoint kStart = TimePoint{} + 24h;
constexpr Duration kEngineOverhead = 30ms;  // what a real engine keeps back for its own I/O

struct GameDraws {
    std::vector<Duration> handling;    // operator: bestmove -> clock press, per computer move
    std::vector<double> engine_noise;  // how much harder than usual the position is
    std::vector<double> human_noise;
};

Duration seconds(double s) {
    return Duration{static_cast<Duration::rep>(s * 1000.0)};
}
double toSeconds(Duration d) {
    return static_cast<double>(d.count()) / 1000.0;
}

GameDraws drawGame(Rng& rng, const SimulationConfig& cfg) {
    const auto handling = HandlingTimeModel::fit(toSeconds(cfg.delay_median), toSeconds(cfg.delay_p99));
    GameDraws d;
    for (int i = 0; i < cfg.computer_moves + 1; ++i) {
        d.handling.push_back(seconds(handling.seconds(rng.normal())));
        d.engine_noise.push_back(std::exp(0.4 * rng.normal() - 0.08));  // mean 1
        d.human_noise.push_back(std::exp(0.5 * rng.normal() - 0.125));
    }
    return d;
}

// More time in the middle game, less in the opening (book-like) phase.
double phase(int move_number) {
    if (move_number <= 10) return 0.6;
    if (move_number <= 40) return 1.25;
    return 1.0;
}

// An engine's time manager, shaped like Stockfish's: an optimum share of what it is told it has (more in
// the middle game), at most a fifth of the clock per move in sudden death and 88 % with a control ahead,
// and a hard maximum of 80 % of the clock; never more than it was given. Without movestogo it guesses the
// moves left from the game phase, as classic engines do. `noise` is how unstable the search is.
Duration engineThink(const GoParams& go, Color me, int move_number, double noise) {
    const double w = toSeconds(go.time[me]);
    const int mtg = go.movestogo ? std::min(*go.movestogo, 50) : std::max(20, 50 - move_number / 2);
    const double pool = w + (mtg - 1) * toSeconds(go.inc[me]);
    const double optimum = std::min(pool / mtg * phase(move_number), (go.movestogo ? 0.88 : 0.2) * w);
    const double maximum = std::min(0.8 * w, 5.0 * optimum);
    const Duration limit = std::max(0ms, go.time[me] - kEngineOverhead);
    return std::clamp(seconds(std::min(optimum * noise, maximum)), std::min(Duration{10ms}, limit), limit);
}

// The human spends his own time; it only matters for the table clock's realism (and sandclocks).
Duration humanThink(const GameClock& clock, Color human, TimePoint now, double noise) {
    const Duration w = clock.remaining(human, now);
    const int mtg = clock.movesToControl(human).value_or(30);
    const double target =
        (toSeconds(w) / mtg + 0.8 * toSeconds(clock.currentPeriod(human).increment)) * noise;
    return std::clamp(seconds(target), Duration{1s}, std::max(Duration{1s}, w / 2));
}

// What an operator reads off the table clock: whole seconds.
BudgetInput officialReading(const GameClock& clock, Color computer, TimePoint now) {
    BudgetInput in = budgetInput(clock, computer, now);
    for (Color c : {Color::White, Color::Black})
        in.remaining[c] = std::chrono::duration_cast<std::chrono::seconds>(in.remaining[c]);
    return in;
}

struct GameOutcome {
    bool flagged = false;
    Duration think{};
    Duration usable_left{};  // computer's time at the end, minus any base of a period not yet played
    Duration lowest = Duration::max();
};

// One computer move: go, think, handling, press. False when the computer's flag fell first.
bool computerMove(GameClock& clock, Color me, TimePoint& t, int i, const GameDraws& d,
                  HandlingReserve& reserve, const SimulationConfig& cfg, bool naive, GameOutcome& out) {
    const BudgetInput reading = officialReading(clock, me, t);
    const GoParams go = naive ? GoParams{reading.remaining, reading.increment, reading.moves_to_control}
                              : computeGo(reading, reserve.perMove(), cfg.budget, false);
    const Duration think = engineThink(go, me, i + 1, d.engine_noise[static_cast<std::size_t>(i)]);
    const Duration handling = d.handling[static_cast<std::size_t>(i)];
    t += think + handling;
    if (clock.flagged(me, t)) return false;
    out.lowest = std::min(out.lowest, clock.remaining(me, t));
    auto press = clock.press(me, t);
    reserve.record(handling);
    out.think += think;
    if (press && press->new_period && i + 1 == cfg.computer_moves)
        out.usable_left -= clock.currentPeriod(me).base;
    return true;
}

GameOutcome playGame(const SimulationConfig& cfg, const GameDraws& d, Color me, bool naive) {
    GameClock clock(cfg.tc, cfg.clock);
    HandlingReserve reserve(cfg.reserve);
    GameOutcome out;
    TimePoint t = kStart;
    (void)clock.start(Color::White, t);
    const auto human = [&](int i) {
        t += humanThink(clock, ~me, t, d.human_noise[static_cast<std::size_t>(i)]);
        (void)clock.press(~me, t);
    };
    if (me == Color::Black) human(cfg.computer_moves);
    for (int i = 0; i < cfg.computer_moves; ++i) {
        if (!computerMove(clock, me, t, i, d, reserve, cfg, naive, out)) {
            out.flagged = true;
            out.lowest = 0ms;
            return out;
        }
        if (i + 1 < cfg.computer_moves) human(i);
    }
    out.usable_left += clock.remaining(me, t);
    return out;
}

void add(SimulationSide& side, const GameOutcome& g, double& pct_sum, int& pct_games) {
    side.lowest.push_back(g.lowest);
    if (g.flagged) {
        ++side.flags;
        return;
    }
    const double granted = toSeconds(g.think + g.usable_left);
    pct_sum += granted > 0 ? 100.0 * toSeconds(g.think) / granted : 0.0;
    ++pct_games;
}

}  // namespace

SimulationResult simulate(const SimulationConfig& cfg) {
    SimulationResult r;
    double ours_sum = 0;
    double naive_sum = 0;
    int ours_n = 0;
    int naive_n = 0;
    double handling_sum = 0;
    std::uint64_t seeder = cfg.seed;
    for (int g = 0; g < cfg.games; ++g) {
        Rng rng(splitmix64(seeder));
        const GameDraws draws = drawGame(rng, cfg);
        const Color me = g % 2 == 0 ? Color::White : Color::Black;
        add(r.ours, playGame(cfg, draws, me, false), ours_sum, ours_n);
        add(r.naive, playGame(cfg, draws, me, true), naive_sum, naive_n);
        for (int i = 0; i < cfg.computer_moves; ++i) {
            r.largest_handling = std::max(r.largest_handling, draws.handling[static_cast<std::size_t>(i)]);
            handling_sum += toSeconds(draws.handling[static_cast<std::size_t>(i)]);
        }
    }
    r.ours.time_used_pct = ours_n > 0 ? ours_sum / ours_n : 0.0;
    r.naive.time_used_pct = naive_n > 0 ? naive_sum / naive_n : 0.0;
    const int moves = std::max(1, cfg.games * cfg.computer_moves);
    r.mean_handling_s = handling_sum / moves;
    return r;
}

}  // namespace oc::clock
