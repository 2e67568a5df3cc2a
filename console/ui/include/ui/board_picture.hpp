#pragma once

#include "session/snapshot.hpp"
#include "ui/board_view.hpp"

namespace oc::ui {

// The board as the operator should see it: the snapshot's position (read with rules/), the last move
// tinted, the engine's move still to be played marked (unless `public_display`), and the computer's
// side at the bottom unless `flip` (the operator sits on the computer's side, facing the human).
BoardPicture boardPicture(const session::Snapshot& snap, bool flip, bool public_display);

// The square index (a1 = 0) of a UCI move's origin and destination, or -1 each when unreadable.
std::pair<int, int> uciSquares(const std::string& uci);

}  // namespace oc::ui
