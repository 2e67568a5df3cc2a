#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <tl/expected.hpp>
#include <vector>

#include "clock/game_clock.hpp"

namespace oc::clock {

// The reserve rule's versions. The journal's header names the one in force (issue 37), so that an audit
// run later, by a console with another rule, judges each journal by the rule that produced its figures:
// 1 (consoles until 2026-12-01, commit 42adec1e): the nearest-rank percentile of the window;
// 2 (from 42adec1e): robust - never the single largest of two or more measurements;
// 3 (from 1661388a): also a single measurement above the starting value is set aside.
inline constexpr int kOldestReserveRule = 1;
inline constexpr int kReserveRule = 3;

// E.III 2.1 / CMP-2.1: how the per-move reserve for the operator's handling (engine bestmove -> clock
// press) is derived from measurements.
struct ReserveSettings {
    int rule = kReserveRule;                     // kOldestReserveRule..kReserveRule
    Duration initial = std::chrono::seconds{5};  // configured starting value, before measurements
    Duration floor = std::chrono::seconds{1};    // never below
    double percentile = 0.95;                    // a high percentile of the window
    std::size_t window = 40;                     // rolling window of the latest measurements
    std::size_t min_samples = 8;                 // below this the starting value still counts
};

// Why the reserve per move is what it is: for the operator's clock pane and the audit.
struct ReserveBasis {
    Duration per_move{};
    std::size_t samples = 0;            // measurements in the window
    std::optional<Duration> set_aside;  // the largest measurement, when the quantile alone would be it
    bool starting_value = false;        // fewer than min_samples: the configured starting value ruled
    bool floor = false;                 // the floor ruled
};

class HandlingReserve {
  public:
    explicit HandlingReserve(ReserveSettings settings = {});
    // A measured handling time; the oldest drops out of the window.
    void record(Duration handling);
    // The reserve per move now: the robust percentile of the window (at least the starting value while
    // there are few measurements), never below the floor.
    [[nodiscard]] Duration perMove() const { return basis().per_move; }
    // perMove() with the reasons (which rule decided, the measurement set aside).
    [[nodiscard]] ReserveBasis basis() const;
    // Nearest-rank quantile q (0..1] of the window; 0 without measurements.
    [[nodiscard]] Duration quantile(double q) const;
    // The nearest-rank quantile q, except that it is never the single largest of two or more
    // measurements: while the rank would land on the maximum (fewer than 1/(1-q) samples, e.g. 20 for a
    // p95) the second largest is taken, so one slow handling alone cannot set the reserve.
    [[nodiscard]] Duration robustQuantile(double q) const;
    [[nodiscard]] std::size_t samples() const { return window_.size(); }
    [[nodiscard]] const ReserveSettings& settings() const { return settings_; }
    // Judges by another rule from now on, over the same measurements: a console that resumed a journal
    // replayed every handling time by its own rule, so an audit switching to that rule keeps them.
    void setRule(int rule) { settings_.rule = rule; }

  private:
    ReserveSettings settings_;
    std::deque<Duration> window_;
};

// The version of computeGo's formula, for the journal's header: 1 is the only one so far.
inline constexpr int kBudgetFormula = 1;

struct BudgetSettings {
    int sudden_death_horizon = 20;  // moves the reserve covers when no control is ahead
    int safety_moves = 2;           // one more stock of reserves against heavy-tailed handling
    Duration min_engine_time = std::chrono::milliseconds{50};  // when nothing is left: move at once
    double faster_rate_factor = 0.5;                           // E.III 2.2: share used at the faster rate
};

// What the budget looks at: the latest official reading (CMP-1.1) and the period in force.
struct BudgetInput {
    Color computer = Color::White;
    ByColor<Duration> remaining;
    ByColor<Duration> increment;          // per move, a delay counted like an increment
    std::optional<int> moves_to_control;  // counting the move to play; nullopt = rest of the game
    bool timed = true;                    // false: no clock; the engine gets no time limits
};

// The UCI go time parameters (wtime/btime/winc/binc/movestogo).
struct GoParams {
    ByColor<Duration> time;
    ByColor<Duration> inc;
    std::optional<int> movestogo;
    Duration reserve{};     // kept back from the computer's own time for handling
    bool critical = false;  // nothing left beyond the reserve: the engine gets the minimum and must move
    bool untimed = false;   // no clock: send "go infinite"-style limits chosen by the session
};

// The budget input from the mirrored clock at `now` (sync it to the official clock first).
[[nodiscard]] BudgetInput budgetInput(const GameClock& clock, Color computer, TimePoint now);

// E.III 2.1 / 2.2: the computer's time minus the reserve for every move to the next control (or the
// sudden-death horizon) plus a safety stock; the reserve for later moves is taken from the increment
// first. movestogo is the number of moves to the next control; later periods are never promised.
[[nodiscard]] GoParams computeGo(const BudgetInput& input, Duration reserve_per_move,
                                 const BudgetSettings& settings, bool faster_rate);

// --- Faster rate (E.III 2.2, CMP-2.2) ---------------------------------------------------------------

enum class Rate : std::uint8_t { Normal, Faster };

enum class RateError : std::uint8_t { NotShortOfTime, AlreadyFaster, AlreadyNormal, ControlNotPassed };

[[nodiscard]] std::string_view toString(RateError e);

// One switch or refused attempt, for the journal.
struct RateEvent {
    TimePoint at{};
    Rate requested = Rate::Normal;
    bool accepted = false;
    int moves_completed = 0;
    Duration remaining{};
    std::string note;
};

// The only engine parameter the operator may change during a game: a faster rate while short of time,
// kept until the next control has been passed (English text, §0.3(6)).
class FasterRate {
  public:
    explicit FasterRate(Duration short_of_time = std::chrono::minutes{5});

    // Switch on: only while the computer's official time is below the threshold.
    [[nodiscard]] tl::expected<void, RateError> switchOn(const GameClock& clock, Color computer,
                                                         TimePoint now);
    // Switch back: only after the control that was ahead at switch-on has been completed.
    [[nodiscard]] tl::expected<void, RateError> switchOff(const GameClock& clock, Color computer,
                                                          TimePoint now);

    [[nodiscard]] Rate rate() const { return rate_; }
    [[nodiscard]] bool faster() const { return rate_ == Rate::Faster; }
    // The move whose completion lifts the lock; nullopt while normal, or to the end of a sudden-death game.
    [[nodiscard]] std::optional<int> lockedUntilMove() const { return locked_until_; }
    [[nodiscard]] bool canSwitchOn(const GameClock& clock, Color computer, TimePoint now) const;
    [[nodiscard]] bool canSwitchOff(const GameClock& clock, Color computer) const;
    // Why switching on (`on`) or back would be refused now, nullopt when allowed; nothing is recorded (a
    // check of what switchOn / switchOff would do, e.g. for the audit's replay).
    [[nodiscard]] std::optional<RateError> refusal(bool on, const GameClock& clock, Color computer,
                                                   TimePoint now) const;
    [[nodiscard]] const std::vector<RateEvent>& events() const { return events_; }

  private:
    void record(TimePoint at, Rate requested, bool accepted, const GameClock& clock, Color computer,
                std::string note);

    Duration threshold_;
    Rate rate_ = Rate::Normal;
    std::optional<int> locked_until_;
    bool locked_to_end_ = false;
    std::vector<RateEvent> events_;
};

// --- Can this operator play this control? -------------------------------------------------------------

enum class Verdict : std::uint8_t { Playable, Tight, Unplayable };

[[nodiscard]] std::string_view toString(Verdict v);

struct PeriodCheck {
    std::size_t period = 0;
    int moves = 0;        // moves in the period (the rest of the game: as assumed)
    Duration granted{};   // base + moves x increment
    Duration handling{};  // moves x (reserve per move minus any delay)
    double share = 0.0;   // handling / granted
};

struct Feasibility {
    Verdict verdict = Verdict::Playable;
    std::vector<PeriodCheck> periods;
    std::string message;  // the figures, for the event setup screen
};

// Before the game: would the operator's handling alone eat a period's time? Unplayable at 100 %,
// tight from `tight_share`. A rest-of-game period is assumed to last until move `game_moves`.
[[nodiscard]] Feasibility checkFeasibility(const TimeControl& tc, Duration reserve_per_move,
                                           int game_moves = 80, double tight_share = 0.5);

}  // namespace oc::clock
