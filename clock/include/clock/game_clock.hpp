#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tl/expected.hpp>
#include <vector>

#include "clock/time_control.hpp"
#include "clock/types.hpp"

namespace oc::clock {

// Q11: when the Fischer increment is credited; the console copies what the table clock does.
enum class IncrementTiming : std::uint8_t { AfterMove, BeforeMove };
// CLK-06: a move-counter clock adds the next period on move N; a plain clock adds it when the period runs
// out.
enum class PeriodAdvance : std::uint8_t { AtMoveN, AtFlag };

struct ClockSettings {
    IncrementTiming increment_timing = IncrementTiming::AfterMove;
    PeriodAdvance advance = PeriodAdvance::AtMoveN;
    Duration sync_tolerance = std::chrono::seconds{2};  // CLK-01: warn above this difference
};

enum class ClockPhase : std::uint8_t { NotStarted, Running, Paused, Stopped };

enum class ClockError : std::uint8_t {
    NotStarted,
    AlreadyStarted,
    Paused,
    NotPaused,
    Stopped,
    WrongSide,
    TimeWentBackwards,
    EmptyReason,
    BadReading,
    InvalidTimeControl,
};

// A sentence for the operator saying what was wrong.
[[nodiscard]] std::string_view toString(ClockError e);

// A period's time ran out (CLK-06, CLK-10). `overstepped` = the required moves were not completed, i.e. a
// flag the arbiter must look at; `moves_required` is 0 when all moves were due (last period).
struct Expiry {
    Color side = Color::White;
    TimePoint at{};
    std::size_t period = 0;
    int moves_completed = 0;
    int moves_required = 0;
    bool overstepped = true;
};

struct PressResult {
    Color side = Color::White;
    Duration used{};      // time of the completed move (from its clock start to the press)
    Duration credited{};  // increment and/or Bronstein refund added by this press
    int moves_completed = 0;
    std::size_t period = 0;   // the mover's period after the press
    bool new_period = false;  // the press completed a control (CLK-03 carry-over applied)
};

// What the official table clock shows (CLK-01): either side or both, optionally its move counters.
struct ClockReading {
    ByColor<std::optional<Duration>> remaining;
    ByColor<std::optional<int>> moves_completed;
};

// One re-basing: the console's value, the official one, official minus console; and the move counters
// (CLK-06: a physical counter counts presses, so a difference is worth a warning).
struct SyncRecord {
    Color side = Color::White;
    Duration console{};
    Duration official{};
    Duration difference{};
    bool beyond_tolerance = false;
    int console_moves = 0;
    int official_moves = 0;
    bool moves_differ = false;
};

// A signed arbiter change of one clock, always with a reason and (when a rule applies) its article.
struct Adjustment {
    Color side = Color::White;
    Duration delta{};
    std::string reason;
    std::string article;
};

struct AdjustmentRecord {
    Adjustment adjustment;
    Duration before{};
    Duration after{};
};

enum class ClockEventKind : std::uint8_t {
    Started,
    Pressed,
    Paused,
    Resumed,
    Stopped,
    PeriodStarted,
    Expired,
    Synced,
    Adjusted,
    ControlChanged,
};

// One line of the clock's own log, for the session's journal.
struct ClockEvent {
    TimePoint at{};
    ClockEventKind kind = ClockEventKind::Started;
    std::optional<Color> side;
    Duration amount{};
    std::string note;
};

// Art. 8.4 / REC-05 / REC-09: may this side stop recording its moves?
enum class RecordingDuty : std::uint8_t { Obligatory, Exempt, NotRequired };

struct RecordingStatus {
    RecordingDuty duty = RecordingDuty::Obligatory;
    int until_move = 0;                    // Exempt: to the end of the period at this move (0 = game end)
    bool update_before_next_move = false;  // a new period began after an exemption
    std::string article;
};

// The console's mirror of the table clock (CLK-01): a pure value driven by literal time points.
// Flags are reported (flags(), flagged()), never ruled on: results come from the arbiter (CLK-10).
class GameClock {
  public:
    explicit GameClock(TimeControl tc, ClockSettings settings = {});
    // A control given as its periods, e.g. GameClock({{40, 90min, 30s}, {0, 30min, 30s}}).
    explicit GameClock(std::vector<Period> periods, ClockSettings settings = {});

    // CLK-07: the clock of `side` starts running at `now`.
    [[nodiscard]] tl::expected<void, ClockError> start(Color side, TimePoint now);
    // CLK-09: `side` completes a move; increment/delay and period rollover applied (CLK-03..06).
    [[nodiscard]] tl::expected<PressResult, ClockError> press(Color side, TimePoint now);
    // The side whose clock is running completes its move.
    [[nodiscard]] tl::expected<PressResult, ClockError> press(TimePoint now) {
        return press(state_.turn, now);
    }
    // CLK-14: the arbiter pauses the clocks; the reason is mandatory.
    [[nodiscard]] tl::expected<void, ClockError> pause(TimePoint now, std::string reason);
    // CLK-14: play resumes on the arbiter's word.
    [[nodiscard]] tl::expected<void, ClockError> resume(TimePoint now);
    // The game is over: both clocks stop for good.
    [[nodiscard]] tl::expected<void, ClockError> stop(TimePoint now);
    // CLK-01: re-base on the official clock (one side or both, optionally move counters); records
    // differences.
    [[nodiscard]] tl::expected<std::vector<SyncRecord>, ClockError> sync(const ClockReading& reading,
                                                                         TimePoint now);
    // CLK-15: a reasoned arbiter adjustment of one clock (never below zero).
    [[nodiscard]] tl::expected<AdjustmentRecord, ClockError> adjust(const Adjustment& adjustment,
                                                                    TimePoint now);
    // CLK-13 / QPF-03: the arbiter replaces the time control; times stay as they are (adjust separately).
    [[nodiscard]] tl::expected<void, ClockError> setTimeControl(TimeControl tc, std::string reason,
                                                                TimePoint now);

    // Main time left for `side` at `now` (never negative).
    [[nodiscard]] Duration remaining(Color side, TimePoint now) const;
    // Everything `side`'s clock has run so far, delays included, pauses not (Guidelines I.2(c) "time
    // used"); a sync or adjustment changes what remains, never this.
    [[nodiscard]] Duration used(Color side, TimePoint now) const;
    // Simple delay not yet used in the current move of `side` (0 when not its turn).
    [[nodiscard]] Duration delayRemaining(Color side, TimePoint now) const;
    // Every period expiry up to `now`, in time order (CLK-12 needs the order).
    [[nodiscard]] std::vector<Expiry> expiries(TimePoint now) const;
    // The expiries that may lose the game (moves not completed), in time order.
    [[nodiscard]] std::vector<Expiry> flags(TimePoint now) const;
    // True while `side` has a fallen flag the arbiter has not yet dealt with (sync/adjust clear it).
    [[nodiscard]] bool flagged(Color side, TimePoint now) const;

    [[nodiscard]] ClockPhase phase() const { return state_.phase; }
    // The side whose clock runs (or will run again after a pause).
    [[nodiscard]] Color turn() const { return state_.turn; }
    [[nodiscard]] int movesCompleted(Color side) const { return state_.sides[side].moves; }
    [[nodiscard]] std::size_t period(Color side) const { return state_.sides[side].period; }
    // Moves still to make before the next control, counting the move in progress; nullopt = rest of game.
    [[nodiscard]] std::optional<int> movesToControl(Color side) const;
    // The period `side` is playing in.
    [[nodiscard]] const Period& currentPeriod(Color side) const;
    [[nodiscard]] const TimeControl& timeControl() const { return tc_; }
    [[nodiscard]] const ClockSettings& settings() const { return settings_; }
    // Art. 8.4 recording duty of `side` at `now` under `edition` and the game's class.
    [[nodiscard]] RecordingStatus recording(Color side, TimePoint now, Edition edition, GameClass cls) const;
    [[nodiscard]] const std::vector<ClockEvent>& events() const { return events_; }

  private:
    struct Side {
        Duration main{};
        Duration delay_left{};
        Duration turn_used{};
        Duration used{};  // every turn's time, for used()
        int moves = 0;
        int period_start_moves = 0;
        std::size_t period = 0;
        std::optional<std::size_t> exempt_period;
        std::optional<TimePoint> flag_at;
        bool empty = false;  // main time is gone and no period follows on the clock
    };
    struct State {
        ByColor<Side> sides;
        ClockPhase phase = ClockPhase::NotStarted;
        Color turn = Color::White;
        TimePoint anchor{};
        std::vector<Expiry> expiries;
    };

    [[nodiscard]] tl::expected<void, ClockError> checkRunning(TimePoint now) const;
    [[nodiscard]] SyncRecord syncSide(Color side, const ClockReading& reading, TimePoint now);
    void advance(State& state, TimePoint now) const;
    void consume(State& state, Duration elapsed) const;
    void expire(State& state, Color side, TimePoint at) const;
    void startTurn(Color side);
    void enterPeriod(Side& side, std::size_t period) const;
    void noteRecording(Side& side) const;
    [[nodiscard]] State advanced(TimePoint now) const;
    void advanceAndLog(TimePoint now);
    void log(TimePoint at, ClockEventKind kind, std::optional<Color> side, Duration amount, std::string note);

    TimeControl tc_;
    ClockSettings settings_;
    State state_;
    std::vector<ClockEvent> events_;
};

}  // namespace oc::clock
