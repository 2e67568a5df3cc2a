#pragma once

#include <imgui.h>

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace oc::ui {

// Solid piece pictures baked into ImGui's font atlas. DejaVu's white figurines are outlines and its black
// ones have holes for their inner lines, so drawn as text the square colour shows through. Each sprite here
// is the glyph with everything inside its outer contour filled: white pieces get a white body with black
// lines, black pieces a black body with white lines, whatever the square colour.
class PieceSprites {
  public:
    // Rasterises the 12 figurines from `ttf_path` at `px` pixels and reserves atlas space for them. Call
    // before the atlas is built; nullopt when the font cannot be read or lacks a figurine.
    static std::optional<PieceSprites> prepare(ImFontAtlas& atlas, const std::string& ttf_path, int px);

    // Writes the sprites into the built atlas (builds it if needed). Call once, before the first frame.
    void bake(ImFontAtlas& atlas);

    // Draws the piece for a FEN letter filling the square [min, max]; nothing for other characters.
    void draw(ImDrawList* dl, char fen_letter, ImVec2 min, ImVec2 max) const;

  private:
    struct Sprite {
        int rect_id = -1;
        std::vector<unsigned char> rgba;  // px * px * 4, until baked
        ImVec2 uv0, uv1;
    };
    int px_ = 0;
    std::array<Sprite, 12> sprites_;  // KQRBNP white, then kqrbnp black
};

// Turns one figurine's coverage bitmap (0..255, px*px) into RGBA: everything the outer contour encloses
// becomes opaque (ink black, the rest white), everything outside keeps its coverage as black alpha.
std::vector<unsigned char> fillEnclosed(const std::vector<unsigned char>& coverage, int px);

}  // namespace oc::ui
