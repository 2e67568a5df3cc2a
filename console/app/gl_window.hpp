#pragma once

#include <SDL.h>
#include <imgui.h>

#include <cstddef>
#include <memory>
#include <optional>
#include <string>

namespace oc::app {

class Canvas;

// An SDL2 window with an OpenGL 3.3 core context, the ImGui context, and ImGui's SDL2 + OpenGL3 backends.
class GlWindow {
  public:
    GlWindow();
    GlWindow(const GlWindow&) = delete;
    GlWindow& operator=(const GlWindow&) = delete;
    ~GlWindow();

    // Creates the window and context and initialises ImGui's backends; false with error() set on failure.
    [[nodiscard]] bool open(const char* title, int width, int height);
    const std::string& error() const { return error_; }

    // Starts an ImGui frame; `pointer`: where a click of this frame's events happened (see EventPump).
    void beginFrame(std::optional<ImVec2> pointer = std::nullopt);
    // Renders ImGui's draw data into the back buffer, unless it is the same as the frame on screen and
    // `force` is false (nothing a pixel would show changed): then false, and present() must be skipped.
    bool render(bool force = true);
    void present();  // swaps the back buffer to the screen
    SDL_Window* window() const { return window_; }

  private:
    bool startSdl();
    bool createWindow(const char* title, int width, int height);

    SDL_Window* window_ = nullptr;
    SDL_GLContext context_ = nullptr;
    bool backends_ = false;
    std::size_t shown_ = 0;           // the hash of the draw data on screen (0: none yet)
    std::unique_ptr<Canvas> canvas_;  // null when the driver has no framebuffer objects
    std::string error_;
};

}  // namespace oc::app
