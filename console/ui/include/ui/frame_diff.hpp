#pragma once
// Which part of the window a new ImGui frame changes (issue 16: a clock digit or the text cursor must
// not cost a whole software-rendered frame). The shell redraws only that rectangle of its canvas.

#include <imgui.h>

#include <optional>
#include <vector>

namespace oc::ui {

// An integer pixel rectangle [x0, x1) x [y0, y1), top-down, in the window's coordinates.
struct PixelRect {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool empty() const { return x1 <= x0 || y1 <= y0; }
    friend bool operator==(const PixelRect&, const PixelRect&) = default;
};

// One triangle as drawn: its vertices, its clip rectangle and texture.
struct DrawnTriangle {
    ImDrawVert v[3];
    ImVec4 clip;
    ImTextureID texture;
};

// A copy of what a frame drew, one triangle list per ImGui draw list, to compare the next frame with.
struct DrawnFrame {
    std::vector<std::vector<DrawnTriangle>> lists;
    ImVec2 size;
};

[[nodiscard]] DrawnFrame copyFrame(const ImDrawData& data);

// The smallest rectangle outside which `now` puts the same pixels on screen as `before` (every
// triangle that differs, where it was and where it is, plus a pixel around); nullopt when nothing
// differs. The whole window when the window's size changed.
[[nodiscard]] std::optional<PixelRect> changedArea(const DrawnFrame& before, const DrawnFrame& now);

// Narrows every command's clip rectangle to `area`, exactly as the OpenGL3 backend turns clip
// rectangles into scissor boxes (integer pixels), so a frame drawn this way gives inside `area` the
// very pixels a whole redraw would. Only for DisplayPos (0, 0) and a framebuffer scale of 1.
void clipDrawData(ImDrawData& data, const PixelRect& area);

}  // namespace oc::ui
