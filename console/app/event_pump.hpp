#pragma once
// Feeds SDL events to ImGui 1.86 so that no key press is lost. ImGui 1.86 reads keys as a state
// (io.KeysDown) once per frame: a press and its release handled in the same frame never show as a
// press (a quick tap, or a tool like xdotool). The pump holds a release back to the next frame.

#include <SDL.h>

#include <vector>

namespace oc::app {

class EventPump {
  public:
    // Sleeps until an event arrives or `ms` pass (not at all while events are held back). The event
    // that ends the wait stays first in line: pushing it back onto SDL's queue would put it after a
    // release that followed it, and the key would then look held down.
    void wait(int ms);
    // Hands this frame's events to ImGui; false once the window is closed or SIGTERM/SIGINT arrived.
    bool pump();
    // Events held back for the next frame: the shell must not sleep before drawing it.
    bool pending() const { return !deferred_.empty(); }

  private:
    std::vector<SDL_Event> deferred_;
    bool quit_ = false;
};

}  // namespace oc::app
