#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace oc::rules {

// The edition of the FIDE Laws an event plays under (fide-requirements.md §0.1, CFG-01). Kept open so a
// later edition can be added.
enum class Edition : std::uint8_t { E2005, E2023 };

// "E2005" / "E2023", as written in the journal and in exports.
constexpr std::string_view toString(Edition e) {
    return e == Edition::E2005 ? "E2005" : "E2023";
}

// Accepts "E2005", "2005", "E2023", "2023"; nullopt otherwise.
constexpr std::optional<Edition> parseEdition(std::string_view s) {
    if (s == "E2005" || s == "2005") return Edition::E2005;
    if (s == "E2023" || s == "2023") return Edition::E2023;
    return std::nullopt;
}

}  // namespace oc::rules
