#pragma once

#include <chrono>

#include "rules/color.hpp"
#include "rules/edition.hpp"

namespace oc::clock {

// All clock arithmetic is in whole milliseconds; time points come in as parameters (never the OS clock).
using Duration = std::chrono::milliseconds;
using TimePoint = std::chrono::steady_clock::time_point;

using rules::ByColor;
using rules::Color;
using rules::Edition;

// Whole milliseconds elapsed from `from` to `to` (floor).
constexpr Duration elapsed(TimePoint from, TimePoint to) {
    return std::chrono::duration_cast<Duration>(to - from);
}

}  // namespace oc::clock
