#pragma once

#include <imgui.h>

#include <array>
#include <cstdint>
#include <utility>

#include "ui/fonts.hpp"

namespace oc::ui {

// What the board view shows: one FEN piece letter per square ('.' for empty), index 0 = a1 .. 63 = h8.
// The session turns its position into this; the view knows nothing of chess rules.
struct BoardPicture {
    std::array<char, 64> squares{};
    bool white_at_bottom = true;
    int highlight_from = -1;  // last move, drawn as tinted squares; -1 for none
    int highlight_to = -1;
    int pending_from = -1;  // the engine's move still to be played on the board, drawn with an arrow
    int pending_to = -1;
    int proposed_from = -1;  // the human's move the e-board shows, not yet entered: a green arrow
    int proposed_to = -1;
    int selected = -1;          // the square the operator picked a piece on (board entry), framed
    std::uint64_t targets = 0;  // the squares that piece can go to (bit = square), dotted
};

// What the mouse did on the board this frame: the square (a1 = 0) a button went down on, and the one it
// came up on (a click has both the same; a drag two different); -1 for none.
struct BoardClick {
    int pressed = -1;
    int released = -1;
};

// Draws the board with coordinates into the current window, filling `side` pixels square; its ImGui ID
// is `id`. Returns what the mouse did on it.
BoardClick drawBoard(const BoardPicture& picture, const Fonts& fonts, float side, const char* id = "##board");
// The cell of `square` on a board drawn with its top-left corner at `top_left`, `side` wide (the widget
// map names the squares so that tests click them).
std::pair<ImVec2, ImVec2> squareRect(const BoardPicture& picture, ImVec2 top_left, float side, int square);

}  // namespace oc::ui
