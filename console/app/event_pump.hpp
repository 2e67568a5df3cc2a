#pragma once
// Feeds SDL events to ImGui 1.86 so that no key press is lost. ImGui 1.86 reads keys as a state
// (io.KeysDown) once per frame: a press and its release handled in the same frame never show as a
// press (a quick tap, or a tool like xdotool), and a release and the next press in one frame look like
// a key held down (two quick Enters). The pump holds the second change back to the next frame. The
// same for a mouse click; and since the SDL backend reads the pointer where it is when the frame starts,
// the pump keeps where the button went down or up, so a click during a slow frame (e.g. the sealing
// key derivation) lands where it was made, not where the pointer has moved since.

#include <SDL.h>
#include <imgui.h>

#include <optional>
#include <vector>

namespace oc::app {

class EventPump {
  public:
    // Sleeps until an event arrives or `ms` pass (not at all while events are held back). The event
    // that ends the wait stays first in line: pushing it back onto SDL's queue would put it after a
    // release that followed it, and the key would then look held down.
    void wait(int ms);
    // Hands this frame's events to ImGui; false once the window is closed or SIGTERM/SIGINT arrived.
    // `hold_keys`: keys and typed text wait for the next frame (a text box is taking the keyboard).
    bool pump(bool hold_keys = false);
    // After a frame: whether a text box takes the keyboard in the next one (SetKeyboardFocusHere).
    // ImGui 1.86 drops or misplaces keys in a box's activation frame; the window used to draw every
    // 100 ms, so they rarely came then, but a console that sleeps until input wakes for exactly those.
    static bool focusArriving();
    // Ends wait() early from another thread (the engine's reader): at most one wake-up event is queued
    // at a time, however often it is called.
    static void wakeFromAnyThread();
    // Events held back for the next frame: the shell must not sleep before drawing it.
    bool pending() const { return !deferred_.empty(); }
    // Where a mouse button went down or up in this frame's events, if one did.
    std::optional<ImVec2> clickPosition() const { return click_; }
    // How many events this frame handed to ImGui (any input means the frame must be looked at).
    std::size_t handled() const { return handled_; }
    // Key presses and typed text among them (--bench-input measures when they are shown).
    std::size_t keys() const { return keys_; }
    // The window was shown, exposed or resized: its pixels must be drawn again even if unchanged.
    bool exposed() const { return exposed_; }

  private:
    std::vector<SDL_Event> takeBatch();
    void note(const SDL_Event& e);

    std::vector<SDL_Event> deferred_;
    std::optional<ImVec2> click_;
    std::size_t handled_ = 0;
    std::size_t keys_ = 0;
    bool exposed_ = false;
    bool quit_ = false;
};

}  // namespace oc::app
