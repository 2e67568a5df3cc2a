#pragma once

#include <array>
#include <cstdint>

namespace oc::rules {

enum class Color : std::uint8_t { White, Black };

constexpr Color operator~(Color c) {
    return c == Color::White ? Color::Black : Color::White;
}

constexpr int index(Color c) {
    return static_cast<int>(c);
}

// One value per side, indexed by Color (chessops' ByColor).
template <typename T>
struct ByColor {
    std::array<T, 2> values{};
    constexpr T& operator[](Color c) { return values[static_cast<std::size_t>(c)]; }
    constexpr const T& operator[](Color c) const { return values[static_cast<std::size_t>(c)]; }
};

}  // namespace oc::rules
