#pragma once

#include <optional>
#include <string>

#include "ui/piece_sprites.hpp"

namespace oc::ui {

// The fonts every view draws with. All come from one TTF file (DejaVu Sans from fonts-dejavu-core).
struct Fonts {
    ImFont* text = nullptr;
    ImFont* pieces = nullptr;   // large, with the chess figurines U+2654..U+265F
    ImFont* heading = nullptr;  // 1.5x the text size: the phase banner, clocks, results
    ImFont* big = nullptr;      // 2.6x the text size: the engine's move to play on the board
    PieceSprites sprites;       // the board's solid piece pictures
};

// The DejaVu Sans path on Debian, or the override when non-empty.
std::string defaultFontPath();

// Adds both fonts and the piece sprites to the current ImGui context's atlas and builds it; nullopt when
// the file is missing, unreadable or lacks the figurines.
std::optional<Fonts> loadFonts(const std::string& ttf_path, float text_px, float piece_px);

}  // namespace oc::ui
