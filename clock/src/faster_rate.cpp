// E.III 2.2 / CMP-2.2: the faster move rate and its lock until the next control.
#include "clock/budget.hpp"
#include "clock/tc_format.hpp"
#include "i18n/mark.hpp"

namespace oc::clock {

std::string_view toString(RateError e) {
    switch (e) {
        case RateError::NotShortOfTime:
            return i18n::N_("the faster rate is only allowed while the computer is short of time");
        case RateError::AlreadyFaster:
            return i18n::N_("the faster rate is already on");
        case RateError::AlreadyNormal:
            return i18n::N_("the computer already plays at the normal rate");
        case RateError::ControlNotPassed:
            return i18n::N_(
                "the faster rate must be kept until the time control has been passed (E.III 2.2)");
    }
    return "rate error";
}

FasterRate::FasterRate(Duration short_of_time) : threshold_(short_of_time) {}

bool FasterRate::canSwitchOn(const GameClock& clock, Color computer, TimePoint now) const {
    return rate_ == Rate::Normal && clock.remaining(computer, now) < threshold_;
}

bool FasterRate::canSwitchOff(const GameClock& clock, Color computer) const {
    if (rate_ != Rate::Faster || locked_to_end_) return false;
    return !locked_until_ || clock.movesCompleted(computer) >= *locked_until_;
}

std::optional<RateError> FasterRate::refusal(bool on, const GameClock& clock, Color computer,
                                             TimePoint now) const {
    if (on && rate_ == Rate::Faster) return RateError::AlreadyFaster;
    if (on && !canSwitchOn(clock, computer, now)) return RateError::NotShortOfTime;
    if (!on && rate_ == Rate::Normal) return RateError::AlreadyNormal;
    if (!on && !canSwitchOff(clock, computer)) return RateError::ControlNotPassed;
    return std::nullopt;
}

tl::expected<void, RateError> FasterRate::switchOn(const GameClock& clock, Color computer, TimePoint now) {
    if (auto why = refusal(true, clock, computer, now)) {
        record(now, Rate::Faster, false, clock, computer,
               *why == RateError::NotShortOfTime
                   ? "refused: not short of time (threshold " + formatClock(threshold_) + ")"
                   : std::string(toString(*why)));
        return tl::unexpected(*why);
    }
    rate_ = Rate::Faster;
    const std::optional<int> to_go = clock.movesToControl(computer);
    locked_to_end_ = !to_go;
    locked_until_ = to_go ? std::optional<int>(clock.movesCompleted(computer) + *to_go) : std::nullopt;
    record(now, Rate::Faster, true, clock, computer,
           to_go ? "faster rate on, kept until move " + std::to_string(*locked_until_) + " is completed"
                 : "faster rate on, kept to the end of the game (no further control)");
    return {};
}

tl::expected<void, RateError> FasterRate::switchOff(const GameClock& clock, Color computer, TimePoint now) {
    if (auto why = refusal(false, clock, computer, now)) {
        record(now, Rate::Normal, false, clock, computer, std::string(toString(*why)));
        return tl::unexpected(*why);
    }
    rate_ = Rate::Normal;
    locked_until_.reset();
    record(now, Rate::Normal, true, clock, computer, "back to the normal rate after the control");
    return {};
}

void FasterRate::record(TimePoint at, Rate requested, bool accepted, const GameClock& clock, Color computer,
                        std::string note) {
    events_.push_back(RateEvent{at, requested, accepted, clock.movesCompleted(computer),
                                clock.remaining(computer, at), std::move(note)});
}

}  // namespace oc::clock
