#pragma once

#include <vector>

#include "session/commands.hpp"
#include "session/snapshot.hpp"
#include "ui/fonts.hpp"
#include "ui/ui_state.hpp"

namespace oc::ui {

// The console's look: dark, framed inputs (visible empty boxes), roomy buttons. Call once after
// CreateContext.
void applyConsoleStyle();

// Draws the whole console for `snap` as one window filling the display: the setup form before the
// game, the operator's panes during it (the public display when state.public_display). Returns the
// commands the operator gave this frame, in order. `now` only timestamps them (e.g. a clock press
// "12 s ago"); the view never reads a clock.
std::vector<session::Command> drawConsole(const session::Snapshot& snap, session::TimePoint now,
                                          UiState& state, const Fonts& fonts);

}  // namespace oc::ui
