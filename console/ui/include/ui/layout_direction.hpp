#pragma once
// Which way the screens run (issue 26 item 4, docs/gui.md "Persian screens"). In a right-to-left UI
// language a reader starts at the right: the main screen's columns, the banner's items, the rows of a
// form, the step buttons and the tables' columns are placed from the right edge. The chess board is
// never mirrored (a1 bottom-left from White's side) and neither are the table clock's sides. Every
// pane asks these functions instead of testing the language itself; left to right they change nothing.

#include <array>
#include <cstddef>

namespace oc::ui {

enum class LayoutDirection { LeftToRight, RightToLeft };

// The direction of the UI language in force: right to left in Persian.
LayoutDirection layoutDirection();

// The left x of a span `width` wide that begins `offset` from the start edge of [left, right] in the
// reading direction: left + offset left to right, right - offset - width right to left.
float placeAlong(float left, float right, float offset, float width, LayoutDirection d);

// Which of `n` columns given in reading order is drawn at the `visual` position (counted from the left).
std::size_t columnAt(std::size_t visual, std::size_t n, LayoutDirection d);

// Items given in reading order, in the order they are drawn from the left.
template <class T, std::size_t N>
std::array<T, N> fromTheLeft(const std::array<T, N>& reading, LayoutDirection d) {
    std::array<T, N> out{};
    for (std::size_t i = 0; i < N; ++i) out[i] = reading[columnAt(i, N, d)];
    return out;
}

}  // namespace oc::ui
