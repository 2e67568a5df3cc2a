#pragma once
// --delay: what was public DURATION ago. Events delay broadcasts (often 15 minutes) against cheating.

#include <chrono>
#include <cstddef>
#include <optional>
#include <string_view>
#include <tl/expected.hpp>
#include <vector>

#include "journal/journal.hpp"

namespace oc::broadcast {

using Delay = std::chrono::milliseconds;

// The longest delay accepted: a day (docs/broadcast.md).
inline constexpr Delay kMaxDelay = std::chrono::hours(24);

// "0", "90s", "15m", "1h", "1h30m", "500ms", at most kMaxDelay; a clear message for anything else.
[[nodiscard]] tl::expected<Delay, std::string> parseDelay(std::string_view text);

// The moment the broadcast shows at `now`: now - delay.
journal::WallTime shownTime(journal::WallTime now, Delay delay);

// How many of `records` (in journal order) were written by `shown`. With no delay, all of them: the
// console's PC clock and this one need not agree.
std::size_t recordsBy(const std::vector<journal::Record>& records, journal::WallTime shown, Delay delay);

}  // namespace oc::broadcast
