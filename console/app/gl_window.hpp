#pragma once

#include <SDL.h>
#include <imgui.h>

#include <optional>
#include <string>

namespace oc::app {

// An SDL2 window with an OpenGL 3.3 core context, the ImGui context, and ImGui's SDL2 + OpenGL3 backends.
class GlWindow {
  public:
    GlWindow() = default;
    GlWindow(const GlWindow&) = delete;
    GlWindow& operator=(const GlWindow&) = delete;
    ~GlWindow();

    // Creates the window and context and initialises ImGui's backends; false with error() set on failure.
    [[nodiscard]] bool open(const char* title, int width, int height);
    const std::string& error() const { return error_; }

    // Starts an ImGui frame; `pointer`: where a click of this frame's events happened (see EventPump).
    void beginFrame(std::optional<ImVec2> pointer = std::nullopt);
    void render();   // renders ImGui's draw data into the back buffer
    void present();  // swaps the back buffer to the screen
    SDL_Window* window() const { return window_; }

  private:
    SDL_Window* window_ = nullptr;
    SDL_GLContext context_ = nullptr;
    bool backends_ = false;
    std::string error_;
};

}  // namespace oc::app
