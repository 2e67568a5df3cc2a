#pragma once
// When the console's picture changes by itself, with nothing typed and no engine event: the shell
// sleeps until then instead of drawing frames nobody can tell apart (issue 16: a running clock used
// 15% of a core). Anything in the views that changes with time alone must be answered here.

#include <chrono>
#include <optional>

#include "session/snapshot.hpp"

namespace oc::ui {

// Time until the running clock's text changes: the next whole second, or the next tenth below ten
// seconds (as formatClock shows it); nullopt while no clock runs.
[[nodiscard]] std::optional<session::Ms> untilClockText(const session::Snapshot& snap);

// ImGui 1.86 shows the text cursor while its animation time is <= 0 or its phase in a 1.2 s period is
// <= 0.8 s: the time until it next appears or disappears, for the animation time `anim` (seconds).
[[nodiscard]] session::Ms untilCursorToggle(float anim);

// The same for the text box that has keyboard focus now; nullopt while none has it (no blinking, no
// waking up for it).
[[nodiscard]] std::optional<session::Ms> untilCursorBlink();

}  // namespace oc::ui
