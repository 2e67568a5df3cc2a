#pragma once
// The window's picture kept in an OpenGL framebuffer object between frames, so that a frame redraws
// only the rectangle that changed (a clock digit, the text cursor) and then copies the whole picture to
// the back buffer: with a software renderer (llvmpipe) a whole redraw cost 25 ms of CPU per frame.

#include <imgui.h>

#include <deque>
#include <optional>

#include "ui/frame_diff.hpp"

namespace oc::app {

class Canvas {
  public:
    Canvas() = default;
    Canvas(const Canvas&) = delete;
    Canvas& operator=(const Canvas&) = delete;
    ~Canvas();

    // Loads the framebuffer functions once the context is current; false when the driver lacks them
    // (then draw() is never to be called and the shell redraws whole frames into the back buffer).
    [[nodiscard]] bool load();
    // Renders ImGui's frame into the canvas (all of it when `whole`, else only what changed since the
    // last call; `data`'s clip rectangles are narrowed for that) and copies the canvas to the back buffer.
    void draw(ImDrawData& data, bool whole);

  private:
    struct Gl;
    bool resize(int width, int height);
    void clearArea(const ui::PixelRect& area, int height);
    int backBufferAge() const;
    static bool loadFramebufferFns(Gl& gl);
    static bool loadDrawingFns(Gl& gl);
    static void loadBufferAge(Gl& gl);
    void drawDirect(ImDrawData& data, int w, int h);
    void copyToBackBuffer(const std::optional<ui::PixelRect>& changed, int w, int h);
    ui::PixelRect blitArea(const std::optional<ui::PixelRect>& changed, int width, int height);

    Gl* gl_ = nullptr;
    unsigned fbo_ = 0;
    unsigned texture_ = 0;
    int width_ = 0;
    int height_ = 0;
    ui::DrawnFrame last_;
    bool have_last_ = false;
    bool software_ = false;  // Mesa's llvmpipe or softpipe
    // What changed in each of the last frames put on screen, newest first: a back buffer that is N
    // frames old (GLX_EXT_buffer_age) needs the union of the last N.
    std::deque<ui::PixelRect> history_;
};

}  // namespace oc::app
