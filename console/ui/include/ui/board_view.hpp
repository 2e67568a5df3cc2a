#pragma once

#include <array>

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
};

// Draws the board with coordinates into the current window, filling `side` pixels square.
void drawBoard(const BoardPicture& picture, const Fonts& fonts, float side);

}  // namespace oc::ui
