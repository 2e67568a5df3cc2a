#pragma once

#include "session/snapshot.hpp"
#include "ui/board_view.hpp"
#include "ui/ui_state.hpp"

namespace oc::ui {

// The board as the operator should see it: the snapshot's position (read with rules/), the last move
// tinted, the engine's move still to be played marked (unless `public_display`), and the computer's
// side at the bottom unless `flip` (the operator sits on the computer's side, facing the human).
BoardPicture boardPicture(const session::Snapshot& snap, bool flip, bool public_display);
// The board as the public display shows it: never the engine's move, and the human's side (or White's)
// at the bottom as `orientation` says, whatever the operator's own view.
BoardPicture publicBoardPicture(const session::Snapshot& snap, PublicOrientation orientation);

// The square index (a1 = 0) of a UCI move's origin and destination, or -1 each when unreadable.
std::pair<int, int> uciSquares(const std::string& uci);

}  // namespace oc::ui
