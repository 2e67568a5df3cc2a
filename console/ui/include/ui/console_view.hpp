#pragma once

#include <string>
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

// What the public display's banner says of the game, in the UI language: GAME IN PROGRESS, ADJOURNED,
// PAUSED BY THE ARBITER, GAME OVER with the result... never what only the operator may know (Q18).
std::string publicState(const session::Snapshot& snap);

// The engine's options as they will be at the start (the event's values, then Threads and Hash at the
// engine's defaults): "Engine: Hash 256, Ponder false, Threads 1" in the UI language (setup screen,
// E.III 2.2; the options' names and values as UCI writes them).
std::string engineOptionsSummary(const event::EngineSettings& engine,
                                 const std::vector<EngineOptionDefault>& defaults);

}  // namespace oc::ui
