#include "clock/game_clock.hpp"

#include <algorithm>
#include <utility>

#include "clock/tc_format.hpp"

namespace oc::clock {

using namespace std::chrono_literals;

std::string_view toString(ClockError e) {
    switch (e) {
        case ClockError::NotStarted:
            return "the clock has not been started";
        case ClockError::AlreadyStarted:
            return "the clock has already been started";
        case ClockError::Paused:
            return "the clock is paused: resume it first";
        case ClockError::NotPaused:
            return "the clock is not paused";
        case ClockError::Stopped:
            return "the clock has been stopped for good (game over)";
        case ClockError::WrongSide:
            return "it is the other side's clock that is running";
        case ClockError::TimeWentBackwards:
            return "the time given is earlier than the clock's last event";
        case ClockError::EmptyReason:
            return "a reason is required";
        case ClockError::BadReading:
            return "a clock reading or move count cannot be negative";
        case ClockError::InvalidTimeControl:
            return "the time control is not valid";
    }
    return "clock error";
}

GameClock::GameClock(TimeControl tc, ClockSettings settings) : tc_(std::move(tc)), settings_(settings) {
    for (Color c : {Color::White, Color::Black}) {
        state_.sides[c].main = tc_.periodAt(0).base;
        noteRecording(state_.sides[c]);
    }
}

GameClock::GameClock(std::vector<Period> periods, ClockSettings settings)
    : GameClock(TimeControl{TimeControlKind::Periods, std::move(periods)}, settings) {}

tl::expected<void, ClockError> GameClock::start(Color side, TimePoint now) {
    if (state_.phase != ClockPhase::NotStarted) return tl::unexpected(ClockError::AlreadyStarted);
    state_.phase = ClockPhase::Running;
    state_.anchor = now;
    state_.turn = side;
    startTurn(side);
    log(now, ClockEventKind::Started, side, {}, "clock started");
    return {};
}

tl::expected<void, ClockError> GameClock::checkRunning(TimePoint now) const {
    if (state_.phase == ClockPhase::NotStarted) return tl::unexpected(ClockError::NotStarted);
    if (state_.phase == ClockPhase::Paused) return tl::unexpected(ClockError::Paused);
    if (state_.phase == ClockPhase::Stopped) return tl::unexpected(ClockError::Stopped);
    if (now < state_.anchor) return tl::unexpected(ClockError::TimeWentBackwards);
    return {};
}

tl::expected<PressResult, ClockError> GameClock::press(Color side, TimePoint now) {
    if (auto ok = checkRunning(now); !ok) return tl::unexpected(ok.error());
    if (side != state_.turn) return tl::unexpected(ClockError::WrongSide);
    advanceAndLog(now);
    Side& s = state_.sides[side];
    const Period period = tc_.periodAt(s.period);  // the period the move was made in
    PressResult result{side, s.turn_used};
    if (!s.empty) {
        // CLK-05: Bronstein gives back what was used of the delay; a flagged clock gets nothing back.
        if (period.delay_kind == DelayKind::Bronstein) result.credited += std::min(s.turn_used, period.delay);
        // CLK-04 / Q11: Fischer increment after each completed move, move 1 included.
        if (settings_.increment_timing == IncrementTiming::AfterMove) result.credited += period.increment;
        s.main += result.credited;
    }
    ++s.moves;
    // CLK-06 ADD_AT_MOVE_N: completing the control move adds the next period; saved time carries (CLK-03).
    while (settings_.advance == PeriodAdvance::AtMoveN && tc_.controlMove(s.period) != 0 &&
           s.moves >= tc_.controlMove(s.period)) {
        enterPeriod(s, s.period + 1);
        result.new_period = true;
        log(now, ClockEventKind::PeriodStarted, side, s.main, "period " + std::to_string(s.period + 1));
    }
    noteRecording(s);
    result.moves_completed = s.moves;
    result.period = s.period;
    log(now, ClockEventKind::Pressed, side, s.main, "move " + std::to_string(s.moves) + " completed");
    state_.turn = ~side;
    startTurn(~side);
    return result;
}

void GameClock::enterPeriod(Side& side, std::size_t period) const {
    side.period = period;
    side.main += tc_.periodAt(period).base;
    side.period_start_moves = side.moves;
    side.empty = false;
}

void GameClock::startTurn(Color side) {
    Side& s = state_.sides[side];
    const Period& p = tc_.periodAt(s.period);
    s.turn_used = 0ms;
    // CLK-03: an unused delay never accumulates; each move starts with a fresh one.
    s.delay_left = p.delay_kind == DelayKind::Simple ? p.delay : 0ms;
    if (settings_.increment_timing == IncrementTiming::BeforeMove && !s.empty) s.main += p.increment;
}

tl::expected<void, ClockError> GameClock::pause(TimePoint now, std::string reason) {
    if (auto ok = checkRunning(now); !ok) return tl::unexpected(ok.error());
    if (reason.empty()) return tl::unexpected(ClockError::EmptyReason);
    advanceAndLog(now);
    state_.phase = ClockPhase::Paused;
    log(now, ClockEventKind::Paused, std::nullopt, {}, std::move(reason));
    return {};
}

tl::expected<void, ClockError> GameClock::resume(TimePoint now) {
    if (state_.phase != ClockPhase::Paused) return tl::unexpected(ClockError::NotPaused);
    if (now < state_.anchor) return tl::unexpected(ClockError::TimeWentBackwards);
    state_.phase = ClockPhase::Running;
    state_.anchor = now;  // the paused interval is charged to nobody
    log(now, ClockEventKind::Resumed, std::nullopt, {}, "play resumed");
    return {};
}

tl::expected<void, ClockError> GameClock::stop(TimePoint now) {
    if (state_.phase == ClockPhase::Stopped) return tl::unexpected(ClockError::Stopped);
    if (now < state_.anchor) return tl::unexpected(ClockError::TimeWentBackwards);
    advanceAndLog(now);
    state_.phase = ClockPhase::Stopped;
    log(now, ClockEventKind::Stopped, std::nullopt, {}, "clocks stopped");
    return {};
}

tl::expected<std::vector<SyncRecord>, ClockError> GameClock::sync(const ClockReading& reading,
                                                                  TimePoint now) {
    if (now < state_.anchor) return tl::unexpected(ClockError::TimeWentBackwards);
    for (Color c : {Color::White, Color::Black}) {
        if (reading.remaining[c] && *reading.remaining[c] < 0ms)
            return tl::unexpected(ClockError::BadReading);
        if (reading.moves_completed[c] && *reading.moves_completed[c] < 0)
            return tl::unexpected(ClockError::BadReading);
    }
    advanceAndLog(now);
    std::vector<SyncRecord> records;
    for (Color c : {Color::White, Color::Black})
        if (reading.remaining[c] || reading.moves_completed[c]) records.push_back(syncSide(c, reading, now));
    return records;
}

SyncRecord GameClock::syncSide(Color c, const ClockReading& reading, TimePoint now) {
    Side& s = state_.sides[c];
    SyncRecord r{c, s.main, s.main, {}, false, s.moves, s.moves, false};
    if (reading.moves_completed[c]) {
        // The physical clock adds periods by its own counter, so the mirror follows it (CLK-06).
        r.official_moves = *reading.moves_completed[c];
        r.moves_differ = r.official_moves != s.moves;
        s.moves = r.official_moves;
        if (settings_.advance == PeriodAdvance::AtMoveN) s.period = tc_.periodAfterMoves(s.moves);
    }
    if (reading.remaining[c]) {
        // CLK-01 / E.III 1.1: the official clock takes over; the difference is kept for the log.
        r.official = *reading.remaining[c];
        r.difference = r.official - s.main;
        r.beyond_tolerance = std::chrono::abs(r.difference) > settings_.sync_tolerance;
        s.main = r.official;
        if (r.official > 0ms) {
            s.empty = false;
            s.flag_at.reset();
        }
    }
    noteRecording(s);
    log(now, ClockEventKind::Synced, c, r.difference,
        "official " + formatClock(r.official) + ", moves " + std::to_string(r.official_moves));
    return r;
}

tl::expected<AdjustmentRecord, ClockError> GameClock::adjust(const Adjustment& adjustment, TimePoint now) {
    if (adjustment.reason.empty()) return tl::unexpected(ClockError::EmptyReason);
    if (now < state_.anchor) return tl::unexpected(ClockError::TimeWentBackwards);
    advanceAndLog(now);
    Side& s = state_.sides[adjustment.side];
    AdjustmentRecord record{adjustment, s.main, std::max(0ms, s.main + adjustment.delta)};
    s.main = record.after;
    if (s.main > 0ms) {
        s.empty = false;
        s.flag_at.reset();
    }
    noteRecording(s);
    std::string note = adjustment.reason;
    if (!adjustment.article.empty()) note += " (" + adjustment.article + ")";
    log(now, ClockEventKind::Adjusted, adjustment.side, adjustment.delta, std::move(note));
    return record;
}

tl::expected<void, ClockError> GameClock::setTimeControl(TimeControl tc, std::string reason, TimePoint now) {
    if (reason.empty()) return tl::unexpected(ClockError::EmptyReason);
    if (!validate(tc).empty() || !tc.timed()) return tl::unexpected(ClockError::InvalidTimeControl);
    if (now < state_.anchor) return tl::unexpected(ClockError::TimeWentBackwards);
    advanceAndLog(now);
    const std::string note = formatHuman(tc_) + " -> " + formatHuman(tc) + ": " + reason;
    tc_ = std::move(tc);
    for (Color c : {Color::White, Color::Black}) {
        Side& s = state_.sides[c];
        if (settings_.advance == PeriodAdvance::AtMoveN) s.period = tc_.periodAfterMoves(s.moves);
    }
    log(now, ClockEventKind::ControlChanged, std::nullopt, {}, note);
    return {};
}

}  // namespace oc::clock
