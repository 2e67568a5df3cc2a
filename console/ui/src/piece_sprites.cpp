#include "ui/piece_sprites.hpp"

#include <stb_truetype.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <fstream>
#include <iterator>
#include <utility>

namespace oc::ui {

namespace {

constexpr char kOrder[] = "KQRBNPkqrbnp";
// White pieces use the outline figurines U+2654..2659, black ones the solid U+265A..265F.
constexpr int kFirstFigurine = 0x2654;
// Coverage below this counts as "not ink" when finding the outside of a glyph: low enough that
// anti-aliased edges of thin strokes still close the contour.
constexpr unsigned char kInkThreshold = 64;

int spriteIndex(char fen_letter) {
    const char* at = std::strchr(kOrder, fen_letter);
    return (fen_letter == 0 || at == nullptr) ? -1 : static_cast<int>(at - kOrder);
}

std::vector<unsigned char> readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

struct Box {
    int x0 = INT_MAX, y0 = INT_MAX, x1 = INT_MIN, y1 = INT_MIN;
};

// The flood fill of a figurine's outside: the pixels known to be outside, and those whose neighbours are
// still to be visited.
struct OutsideFill {
    const std::vector<unsigned char>& coverage;
    std::size_t w;  // the bitmap's side
    std::vector<char> outside;
    std::vector<std::size_t> stack;

    void seed(std::size_t i) {
        if (outside[i] == 0 && coverage[i] < kInkThreshold) {
            outside[i] = 1;
            stack.push_back(i);
        }
    }
    // Every pixel of the four edges that is not ink is outside.
    void seedEdges() {
        const std::size_t n = w * w;
        for (std::size_t i = 0; i < w; ++i) {
            seed(i);
            seed(n - 1 - i);
            seed(i * w);
            seed(i * w + w - 1);
        }
    }
    void spread() {
        const std::size_t n = w * w;
        while (!stack.empty()) {  // flood fill of the outside, 4-connected
            const std::size_t i = stack.back();
            stack.pop_back();
            const std::size_t x = i % w;
            if (x > 0) seed(i - 1);
            if (x + 1 < w) seed(i + 1);
            if (i >= w) seed(i - w);
            if (i + w < n) seed(i + w);
        }
    }
};

// Marks every pixel reachable from the bitmap's edge without crossing ink: what lies outside the
// figurine's outer contour. 1 outside, 0 inside.
std::vector<char> outsidePixels(const std::vector<unsigned char>& coverage, int px) {
    const auto w = static_cast<std::size_t>(px);
    OutsideFill fill{coverage, w, std::vector<char>(w * w, 0), {}};
    fill.seedEdges();
    fill.spread();
    return std::move(fill.outside);
}

// The glyph's box at `scale` for each of the 12 figurines (kOrder's order); nullopt when the font lacks one.
std::optional<std::array<Box, 12>> figurineBoxes(const stbtt_fontinfo& font, float scale) {
    std::array<Box, 12> boxes;
    for (int k = 0; k < 12; ++k) {
        const int cp = kFirstFigurine + k;
        if (stbtt_FindGlyphIndex(&font, cp) == 0) {
            return std::nullopt;
        }
        Box& b = boxes[static_cast<std::size_t>(k)];
        stbtt_GetCodepointBitmapBox(&font, cp, scale, scale, &b.x0, &b.y0, &b.x1, &b.y1);
    }
    return boxes;
}

// One vertical placement for all pieces, so they share a baseline and the tallest fits: the row of a
// glyph's baseline in a px-high sprite.
int commonBaseline(const std::array<Box, 12>& boxes, int px) {
    Box all;
    for (const Box& b : boxes) {
        all.y0 = std::min(all.y0, b.y0);
        all.y1 = std::max(all.y1, b.y1);
    }
    return (px - (all.y1 - all.y0)) / 2 - all.y0;
}

// Figurine `k`'s coverage, centred across a px*px bitmap with its baseline at row `top`.
std::vector<unsigned char> figurineCoverage(const stbtt_fontinfo& font, float scale, const Box& b, int k,
                                            int top, int px) {
    const int left = (px - (b.x1 - b.x0)) / 2;
    std::vector<unsigned char> coverage(static_cast<std::size_t>(px * px), 0);
    const std::size_t offset = static_cast<std::size_t>((top + b.y0) * px + left);
    stbtt_MakeCodepointBitmap(&font, coverage.data() + offset, b.x1 - b.x0, b.y1 - b.y0, px, scale, scale,
                              kFirstFigurine + k);
    return coverage;
}

}  // namespace

std::vector<unsigned char> fillEnclosed(const std::vector<unsigned char>& coverage, int px) {
    const std::vector<char> outside = outsidePixels(coverage, px);
    std::vector<unsigned char> rgba(outside.size() * 4);
    for (std::size_t i = 0; i < outside.size(); ++i) {
        const bool inside = outside[i] == 0;
        const auto shade = static_cast<unsigned char>(inside ? 255 - coverage[i] : 0);
        rgba[i * 4 + 0] = shade;
        rgba[i * 4 + 1] = shade;
        rgba[i * 4 + 2] = shade;
        rgba[i * 4 + 3] = inside ? 255 : coverage[i];
    }
    return rgba;
}

std::optional<PieceSprites> PieceSprites::prepare(ImFontAtlas& atlas, const std::string& ttf_path, int px) {
    const std::vector<unsigned char> ttf = readFile(ttf_path);
    stbtt_fontinfo font;
    if (ttf.empty() || stbtt_InitFont(&font, ttf.data(), stbtt_GetFontOffsetForIndex(ttf.data(), 0)) == 0) {
        return std::nullopt;
    }
    const float scale = stbtt_ScaleForPixelHeight(&font, static_cast<float>(px) * 0.92f);
    const std::optional<std::array<Box, 12>> boxes = figurineBoxes(font, scale);
    if (!boxes) {
        return std::nullopt;
    }
    const int top = commonBaseline(*boxes, px);
    PieceSprites sprites;
    sprites.px_ = px;
    for (int k = 0; k < 12; ++k) {
        const auto at = static_cast<std::size_t>(k);
        sprites.sprites_[at].rgba = fillEnclosed(figurineCoverage(font, scale, (*boxes)[at], k, top, px), px);
        sprites.sprites_[at].rect_id = atlas.AddCustomRectRegular(px, px);
    }
    return sprites;
}

void PieceSprites::bake(ImFontAtlas& atlas) {
    unsigned char* pixels = nullptr;
    int width = 0;
    int height = 0;
    atlas.GetTexDataAsRGBA32(&pixels, &width, &height);
    for (Sprite& s : sprites_) {
        const ImFontAtlasCustomRect* rect = atlas.GetCustomRectByIndex(s.rect_id);
        for (int y = 0; y < px_; ++y) {
            const auto row = static_cast<std::size_t>((rect->Y + y) * width + rect->X) * 4;
            std::memcpy(pixels + row, s.rgba.data() + static_cast<std::size_t>(y * px_) * 4,
                        static_cast<std::size_t>(px_) * 4);
        }
        atlas.CalcCustomRectUV(rect, &s.uv0, &s.uv1);
        s.rgba.clear();
        s.rgba.shrink_to_fit();
    }
}

void PieceSprites::draw(ImDrawList* dl, char fen_letter, ImVec2 min, ImVec2 max) const {
    const int k = spriteIndex(fen_letter);
    if (k < 0) {
        return;
    }
    const Sprite& s = sprites_[static_cast<std::size_t>(k)];
    // The backend sets the atlas texture id when it uploads the atlas, after bake(): read it at draw time.
    dl->AddImage(ImGui::GetIO().Fonts->TexID, min, max, s.uv0, s.uv1);
}

}  // namespace oc::ui
