#pragma once
// How long the window may sleep before its next frame (issue 16: draw only when a pixel would change).
// A frame is built after input, after the session or the view changed, at the running clock's next
// digit, at the text cursor's next blink, four times a second while the engine works, and once a
// second otherwise; GlWindow::render() then puts pixels out only if they differ from those on screen.

#include <chrono>
#include <optional>

namespace oc::app {

struct WakeReasons {
    std::optional<std::chrono::milliseconds> clock_text;  // ui::untilClockText
    std::optional<std::chrono::milliseconds> cursor;      // ui::untilCursorBlink
    bool engine_busy = false;  // searching, pondering, starting a search: its news at most 4 times a second
};

class FramePacer {
  public:
    // Engine information (and a bestmove arriving) is looked at this often while the engine works.
    static constexpr std::chrono::milliseconds kEngineTick{250};
    // With nothing running, a frame this often still notices what changed on its own (engine start).
    static constexpr std::chrono::milliseconds kIdleTick{1000};
    // Frames in a row drawn at once after a change, before the pacer waits again (ImGui lays out a
    // changed window over two frames; a view that never settles must not spin the loop).
    static constexpr int kMaxFollowUps = 3;

    // The frame just built: whether it handled input or gave commands, and whether its pixels changed.
    void frameDone(bool input, bool drawn);
    // Milliseconds to sleep before the next frame (0: at once).
    [[nodiscard]] int waitMs(const WakeReasons& why) const;

  private:
    int follow_ups_ = 0;
    bool again_ = true;  // the first frames are always built at once
};

}  // namespace oc::app
