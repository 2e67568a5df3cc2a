#pragma once

#include "ui/board_view.hpp"
#include "ui/fonts.hpp"

namespace oc::ui {

// Draws the whole console (board, move entry, clocks, engine, scoresheet, journal panes) as one window
// filling the display.
void drawConsole(const BoardPicture& board, const Fonts& fonts);

}  // namespace oc::ui
