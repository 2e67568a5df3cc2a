// The views run without a window: build the font atlas on the CPU, set a display size, render frames.
#include <gtest/gtest.h>
#include <imgui.h>

#include <algorithm>
#include <string>
#include <vector>

#include "headless_imgui.hpp"
#include "ui/board_view.hpp"
#include "ui/console_view.hpp"
#include "ui/fonts.hpp"
#include "ui/piece_sprites.hpp"
#include "ui/text_wrap.hpp"

namespace {

class HeadlessUi : public oc::ui::test::HeadlessImGui {
  protected:
    HeadlessUi() : HeadlessImGui(18.f) {}

    // New ImGui windows are hidden on their first frame, so every check renders at least two.
    ImDrawData* renderFrames(int count) {
        oc::session::Snapshot snap;
        snap.phase = oc::session::Phase::HumanToMove;
        snap.fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
        oc::ui::UiState state;
        for (int i = 0; i < count; ++i) {
            ImGui::NewFrame();
            (void)oc::ui::drawConsole(snap, {}, state, fonts_);
            ImGui::Render();
        }
        return ImGui::GetDrawData();
    }
};

TEST_F(HeadlessUi, EveryFigurineIsInThePieceFont) {
    for (ImWchar cp = 0x2654; cp <= 0x265F; ++cp) {
        EXPECT_NE(fonts_.pieces->FindGlyphNoFallback(cp), nullptr) << "missing U+" << std::hex << cp;
    }
}

TEST_F(HeadlessUi, ConsoleProducesDrawData) {
    ImDrawData* data = renderFrames(2);
    ASSERT_NE(data, nullptr);
    EXPECT_GT(data->TotalVtxCount, 64 * 4);  // at least the 64 squares
}

TEST(PieceSprites, EnclosedAreaIsFilledAndOutsideStaysClear) {
    // A 10x10 bitmap with a closed square ring of ink from (2,2) to (7,7): its inside must become opaque
    // white, the ring opaque black, and everything outside transparent.
    constexpr int kPx = 10;
    std::vector<unsigned char> coverage(kPx * kPx, 0);
    for (int i = 2; i <= 7; ++i) {
        for (int j : {2, 7}) {
            coverage[static_cast<std::size_t>(j * kPx + i)] = 255;
            coverage[static_cast<std::size_t>(i * kPx + j)] = 255;
        }
    }
    const auto rgba = oc::ui::fillEnclosed(coverage, kPx);
    auto px = [&](int x, int y, int c) { return rgba[static_cast<std::size_t>((y * kPx + x) * 4 + c)]; };
    EXPECT_EQ(px(4, 4, 0), 255);  // inside: white
    EXPECT_EQ(px(4, 4, 3), 255);
    EXPECT_EQ(px(2, 4, 0), 0);  // the ring: black, opaque
    EXPECT_EQ(px(2, 4, 3), 255);
    EXPECT_EQ(px(0, 0, 3), 0);  // outside: transparent
    EXPECT_EQ(px(9, 5, 3), 0);
}

TEST(PieceSprites, GapInTheContourLeaksTheFill) {
    constexpr int kPx = 10;
    std::vector<unsigned char> coverage(kPx * kPx, 0);
    for (int i = 2; i <= 7; ++i) {
        coverage[static_cast<std::size_t>(2 * kPx + i)] = 255;
    }
    const auto rgba = oc::ui::fillEnclosed(coverage, kPx);
    EXPECT_EQ(rgba[static_cast<std::size_t>((5 * kPx + 5) * 4 + 3)], 0);  // nothing enclosed, nothing filled
}

TEST(Fonts, MissingFileIsReported) {
    ImGui::CreateContext();
    EXPECT_FALSE(oc::ui::loadFonts("/nonexistent/font.ttf", 18.f, 64.f).has_value());
    ImGui::DestroyContext();
}

}  // namespace

namespace oc::ui::test {
namespace {

class TextWrap : public HeadlessImGui {
  protected:
    TextWrap() : HeadlessImGui(18.f) {}
};

// ImGui's wrapping broke "5,0 s" after the comma in the Polish clock pane; this one never splits a word.
TEST_F(TextWrap, BreaksOnlyAtSpacesAndKeepsEachLineWithinTheWidth) {
    ImGui::NewFrame();
    const std::string text = "Rezerwa na obsługę: 0:15 + 5,0 s z każdego dodatku";
    for (float width : {120.f, 200.f, 260.f, 330.f}) {
        const std::string wrapped = wrapAtSpaces(text, width);
        std::string rejoined = wrapped;
        std::replace(rejoined.begin(), rejoined.end(), '\n', ' ');
        EXPECT_EQ(rejoined, text) << "only spaces become line breaks, at " << width;
        EXPECT_EQ(wrapped.find("5,\n"), std::string::npos) << wrapped;
        std::size_t from = 0;
        while (from <= wrapped.size()) {
            const std::size_t to = std::min(wrapped.find('\n', from), wrapped.size());
            const std::string line = wrapped.substr(from, to - from);
            if (line.find(' ') != std::string::npos) {
                EXPECT_LE(ImGui::CalcTextSize(line.c_str()).x, width) << line;
            }
            from = to + 1;
        }
        EXPECT_NE(wrapped.find('\n'), std::string::npos) << "the text is wider than " << width;
    }
    EXPECT_EQ(wrapAtSpaces(text, 2000.f), text) << "no break when it fits";
    EXPECT_EQ(wrapAtSpaces("", 100.f), "");
    ImGui::EndFrame();
}

}  // namespace
}  // namespace oc::ui::test
