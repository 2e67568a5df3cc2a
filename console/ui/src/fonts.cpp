#include "ui/fonts.hpp"

#include <imgui.h>

#include <filesystem>
#include <utility>

namespace oc::ui {

namespace {
// ImGui keeps a pointer to the glyph ranges until the atlas is built, so they must be static.
// Latin-1, Latin Extended-A (Polish letters), Cyrillic (Russian notation), Arabic (Persian as typed,
// with the separators U+066B/066C), ZWNJ and general punctuation, the chess figurines, and the Arabic
// presentation forms A and B, which is what Persian is drawn in once shaped (ui/display_text.hpp).
// DejaVu Sans has every presentation form Persian uses but U+FBA4/FBA5 (the shaped U+06C0), which the
// catalogues therefore never use (tests/i18n/check_catalogues.py).
constexpr ImWchar kTextRanges[] = {0x0020, 0x017F, 0x0400, 0x044F, 0x0600, 0x06FF, 0x200C, 0x2027,
                                   0x2654, 0x265F, 0xFB50, 0xFDFF, 0xFE70, 0xFEFF, 0};
constexpr ImWchar kPieceRanges[] = {0x0020, 0x007F, 0x2654, 0x265F, 0};
}  // namespace

std::string defaultFontPath() {
    return "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
}

std::optional<Fonts> loadFonts(const std::string& ttf_path, float text_px, float piece_px) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(ttf_path, ec)) {
        return std::nullopt;
    }
    ImGuiIO& io = ImGui::GetIO();
    Fonts fonts;
    fonts.text = io.Fonts->AddFontFromFileTTF(ttf_path.c_str(), text_px, nullptr, kTextRanges);
    fonts.pieces = io.Fonts->AddFontFromFileTTF(ttf_path.c_str(), piece_px, nullptr, kPieceRanges);
    fonts.heading = io.Fonts->AddFontFromFileTTF(ttf_path.c_str(), text_px * 1.5f, nullptr, kTextRanges);
    fonts.big = io.Fonts->AddFontFromFileTTF(ttf_path.c_str(), text_px * 2.6f, nullptr, kTextRanges);
    if (fonts.text == nullptr || fonts.pieces == nullptr || fonts.heading == nullptr ||
        fonts.big == nullptr) {
        return std::nullopt;
    }
    auto sprites = PieceSprites::prepare(*io.Fonts, ttf_path, static_cast<int>(piece_px));
    if (!sprites) {
        return std::nullopt;
    }
    sprites->bake(*io.Fonts);
    fonts.sprites = std::move(*sprites);
    return fonts;
}

}  // namespace oc::ui
