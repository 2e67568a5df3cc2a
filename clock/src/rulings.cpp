// Proposals for the clock articles that end or continue a game; the arbiter confirms (CLK-08, CLK-12).
#include "clock/rulings.hpp"

#include <algorithm>

namespace oc::clock {

using namespace std::chrono_literals;

Duration defaultTime(Edition edition, std::optional<Duration> specified) {
    // E2005 6.7: one hour unless the competition rules say otherwise; E2023 6.7.1: zero if unspecified.
    return specified.value_or(edition == Edition::E2005 ? Duration{1h} : Duration{0s});
}

ArrivalRuling arrivalRuling(Edition edition, std::optional<Duration> specified, TimePoint scheduled_start,
                            TimePoint arrival) {
    ArrivalRuling r;
    r.limit = defaultTime(edition, specified);
    r.late_by = std::max(0ms, elapsed(scheduled_start, arrival));
    r.forfeit_proposed = r.late_by > r.limit;
    r.article = edition == Edition::E2005 ? "6.7" : "6.7.1";
    return r;
}

namespace {

struct FirstFlags {
    std::optional<Expiry> white;
    std::optional<Expiry> black;
};

FirstFlags firstFlags(const std::vector<Expiry>& flags) {
    FirstFlags f;
    for (const Expiry& e : flags) {
        auto& slot = e.side == Color::White ? f.white : f.black;
        if (!slot) slot = e;
    }
    return f;
}

}  // namespace

BothFlagsRuling bothFlagsRuling(Edition edition, GameClass cls, const std::vector<Expiry>& flags,
                                bool order_known, bool guidelines_iii_announced) {
    const FirstFlags f = firstFlags(flags);
    if (!f.white || !f.black) return {};
    const bool e2005 = edition == Edition::E2005;
    if (order_known) {
        // Arbiters' Manual: an electronic clock shows which flag fell first; that player loses.
        const Color first = f.white->at <= f.black->at ? Color::White : Color::Black;
        return {BothFlagsOutcome::FirstToFallLoses, first, e2005 ? "6.10" : "6.9"};
    }
    if (e2005 && cls != GameClass::Standard) return {BothFlagsOutcome::Draw, std::nullopt, "B8"};
    if (!e2005 && !guidelines_iii_announced) return {BothFlagsOutcome::ArbiterDecides, std::nullopt, "6.9"};
    // The period "in which all remaining moves must be completed" is the one with no move count.
    const bool last_period = f.white->moves_required == 0 && f.black->moves_required == 0;
    return {last_period ? BothFlagsOutcome::Draw : BothFlagsOutcome::Continue, std::nullopt,
            e2005 ? "6.12" : "III.3.1"};
}

}  // namespace oc::clock
