#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "clock/game_clock.hpp"

namespace oc::clock {

// CLK-08 / CFG-04: the default time under `edition` when the event regulations give `specified` (or
// nothing): E2005 6.7 one hour, E2023 6.7.1 zero.
[[nodiscard]] Duration defaultTime(Edition edition, std::optional<Duration> specified);

// A late arrival, for arbiter confirmation (never applied by the console itself).
struct ArrivalRuling {
    bool forfeit_proposed = false;
    Duration late_by{};
    Duration limit{};
    std::string article;
};

// CLK-08: a player arriving at the board more than the default time after the scheduled start loses
// (proposed as a forfeit, 1F-0F, for the arbiter).
[[nodiscard]] ArrivalRuling arrivalRuling(Edition edition, std::optional<Duration> specified,
                                          TimePoint scheduled_start, TimePoint arrival);

enum class BothFlagsOutcome : std::uint8_t { NotBoth, FirstToFallLoses, Continue, Draw, ArbiterDecides };

struct BothFlagsRuling {
    BothFlagsOutcome outcome = BothFlagsOutcome::NotBoth;
    std::optional<Color> first;  // the side whose flag fell first, when the order is known
    std::string article;
};

// CLK-12 / RAP-07: both flags have fallen. With the order known (electronic clock) the first to fall
// loses; otherwise E2005 6.12 (and E2023 Guidelines III.3.1 where announced): continue in an earlier
// period, draw in the last. E2005 rapid B8: draw. `flags` as GameClock::flags() returns them.
[[nodiscard]] BothFlagsRuling bothFlagsRuling(Edition edition, GameClass cls,
                                              const std::vector<Expiry>& flags, bool order_known,
                                              bool guidelines_iii_announced);

}  // namespace oc::clock
