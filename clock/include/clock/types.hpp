#pragma once

#include <chrono>
#include <optional>
#include <string_view>

#include "rules/color.hpp"
#include "rules/endings.hpp"  // oc::rules::Edition, defined by the rules module

namespace oc::clock {

// All clock arithmetic is in whole milliseconds; time points come in as parameters (never the OS clock).
using Duration = std::chrono::milliseconds;
using TimePoint = std::chrono::steady_clock::time_point;

using rules::ByColor;
using rules::Color;
using rules::Edition;

// "E2005" / "E2023", as the clock's messages and articles name the editions.
constexpr std::string_view editionLabel(Edition e) {
    return e == Edition::E2005 ? "E2005" : "E2023";
}

// Accepts "2005", "E2005", "2023", "E2023"; nullopt otherwise.
constexpr std::optional<Edition> parseEdition(std::string_view s) {
    if (s == "2005" || s == "E2005") return Edition::E2005;
    if (s == "2023" || s == "E2023") return Edition::E2023;
    return std::nullopt;
}

// Whole milliseconds elapsed from `from` to `to` (floor).
constexpr Duration elapsed(TimePoint from, TimePoint to) {
    return std::chrono::duration_cast<Duration>(to - from);
}

}  // namespace oc::clock
