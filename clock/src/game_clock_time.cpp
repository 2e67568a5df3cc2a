// GameClock: the flow of time (advance/consume), expiries and the read-only queries.
#include <algorithm>

#include "clock/game_clock.hpp"

namespace oc::clock {

using namespace std::chrono_literals;

namespace {
// Art. 8.4: "less than five minutes ... and not additional time of 30 seconds or more with each move";
// Q5 (decisions.md): a delay counts like an increment here.
constexpr Duration kRecordingLimit = 5min;
constexpr Duration kRecordingExtra = 30s;
}  // namespace

void GameClock::advance(State& state, TimePoint now) const {
    if (state.phase != ClockPhase::Running || now <= state.anchor) return;
    const Duration spent = elapsed(state.anchor, now);
    if (tc_.timed()) consume(state, spent);
    state.anchor = now;
}

void GameClock::consume(State& state, Duration spent) const {
    const Color mover = state.turn;
    Side& s = state.sides[mover];
    TimePoint t = state.anchor;
    s.turn_used += spent;
    s.used += spent;
    if (tc_.kind == TimeControlKind::Sandclock && !s.empty)
        state.sides[~mover].main += std::min(spent, s.main);  // the sand flows to the other side
    // CLK-05 simple delay: the main time only starts after the delay has run out.
    const Duration from_delay = std::min(s.delay_left, spent);
    s.delay_left -= from_delay;
    spent -= from_delay;
    t += from_delay;
    while (spent > 0ms && !s.empty) {
        if (s.main > spent) {
            s.main -= spent;
            break;
        }
        t += s.main;
        spent -= s.main;
        s.main = 0ms;
        expire(state, mover, t);
    }
    noteRecording(s);
}

void GameClock::expire(State& state, Color side, TimePoint at) const {
    Side& s = state.sides[side];
    const int required = tc_.controlMove(s.period);
    const bool last = required == 0;
    const bool overstepped = last || s.moves < required;
    state.expiries.push_back(Expiry{side, at, s.period, s.moves, required, overstepped});
    if (overstepped && !s.flag_at) s.flag_at = at;
    // CLK-06 ADD_AT_FLAG: the next period is added when this one runs out; the move count is checked.
    if (settings_.advance == PeriodAdvance::AtFlag && !last) {
        enterPeriod(s, s.period + 1);
        return;
    }
    s.empty = true;
}

void GameClock::noteRecording(Side& side) const {
    const Period& p = tc_.periodAt(side.period);
    if (tc_.timed() && side.main < kRecordingLimit && p.increment + p.delay < kRecordingExtra)
        side.exempt_period = side.period;
}

GameClock::State GameClock::advanced(TimePoint now) const {
    State copy = state_;
    advance(copy, now);
    return copy;
}

void GameClock::advanceAndLog(TimePoint now) {
    const std::size_t before = state_.expiries.size();
    advance(state_, now);
    for (std::size_t i = before; i < state_.expiries.size(); ++i) {
        const Expiry& e = state_.expiries[i];
        log(e.at, ClockEventKind::Expired, e.side, {},
            e.overstepped ? "flag fell (arbiter to check, CLK-10)"
                          : "period ran out after the control (CLK-06)");
    }
}

void GameClock::log(TimePoint at, ClockEventKind kind, std::optional<Color> side, Duration amount,
                    std::string note) {
    events_.push_back(ClockEvent{at, kind, side, amount, std::move(note)});
}

Duration GameClock::remaining(Color side, TimePoint now) const {
    return advanced(now).sides[side].main;
}

Duration GameClock::used(Color side, TimePoint now) const {
    return advanced(now).sides[side].used;
}

Duration GameClock::delayRemaining(Color side, TimePoint now) const {
    const State s = advanced(now);
    return s.turn == side && s.phase != ClockPhase::NotStarted ? s.sides[side].delay_left : 0ms;
}

std::vector<Expiry> GameClock::expiries(TimePoint now) const {
    return advanced(now).expiries;
}

std::vector<Expiry> GameClock::flags(TimePoint now) const {
    std::vector<Expiry> out = expiries(now);
    std::erase_if(out, [](const Expiry& e) { return !e.overstepped; });
    return out;
}

bool GameClock::flagged(Color side, TimePoint now) const {
    return advanced(now).sides[side].flag_at.has_value();
}

std::optional<int> GameClock::movesToControl(Color side) const {
    const Side& s = state_.sides[side];
    std::size_t p = s.period;
    // ADD_AT_FLAG clocks may still be in a period whose moves are already done: look at the next one.
    while (tc_.controlMove(p) != 0 && s.moves >= tc_.controlMove(p)) ++p;
    if (!tc_.timed() || tc_.controlMove(p) == 0) return std::nullopt;
    return tc_.controlMove(p) - s.moves;
}

const Period& GameClock::currentPeriod(Color side) const {
    return tc_.periodAt(state_.sides[side].period);
}

RecordingStatus GameClock::recording(Color side, TimePoint now, Edition edition, GameClass cls) const {
    if (cls != GameClass::Standard) {
        // REC-09: no recording in rapid/blitz; under E2023 the claim rights stay (A.2).
        return {RecordingDuty::NotRequired, 0, false,
                edition == Edition::E2005 ? "App. B3 / C2" : "A.2 / B.3 (claim rights kept)"};
    }
    const Side s = advanced(now).sides[side];
    if (s.exempt_period == s.period) return {RecordingDuty::Exempt, tc_.controlMove(s.period), false, "8.4"};
    // REC-05: the exemption ends with its period; the sheet must be completed before the next move.
    const bool update =
        s.exempt_period && *s.exempt_period + 1 == s.period && s.moves == s.period_start_moves;
    return {RecordingDuty::Obligatory, 0, update, edition == Edition::E2005 ? "8.4" : "8.4 / 8.5.2"};
}

}  // namespace oc::clock
