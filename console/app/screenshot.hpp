#pragma once

#include <SDL.h>

#include <string>

namespace oc::app {

// Reads the current back buffer of the window's GL context and writes it as a PNG (top row first).
// Returns an empty string on success, otherwise what went wrong.
std::string saveScreenshot(SDL_Window* window, const std::string& path);

}  // namespace oc::app
