#include "ui/fonts.hpp"

#include <imgui.h>

#include <filesystem>
#include <utility>

namespace oc::ui {

namespace {
// ImGui keeps a pointer to the glyph ranges until the atlas is built, so they must be static.
// Latin-1, Latin Extended-A (Polish letters), Cyrillic (Russian notation), general punctuation,
// and the chess figurines.
constexpr ImWchar kTextRanges[] = {0x0020, 0x017F, 0x0400, 0x044F, 0x2010, 0x2027, 0x2654, 0x265F, 0};
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
