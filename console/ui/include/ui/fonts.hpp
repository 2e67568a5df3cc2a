#pragma once

#include <optional>
#include <string>

struct ImFont;

namespace oc::ui {

// The fonts every view draws with. Both come from one TTF file (DejaVu Sans from fonts-dejavu-core).
struct Fonts {
    ImFont* text = nullptr;
    ImFont* pieces = nullptr;  // large, with the chess figurines U+2654..U+265F
};

// The DejaVu Sans path on Debian, or the override when non-empty.
std::string defaultFontPath();

// Adds both fonts to the current ImGui context's atlas; nullopt when the file is missing or unreadable.
std::optional<Fonts> loadFonts(const std::string& ttf_path, float text_px, float piece_px);

}  // namespace oc::ui
