// The views run without a window: build the font atlas on the CPU, set a display size, render frames.
#include <gtest/gtest.h>
#include <imgui.h>

#include "ui/board_view.hpp"
#include "ui/console_view.hpp"
#include "ui/fonts.hpp"

namespace {

class HeadlessUi : public ::testing::Test {
  protected:
    void SetUp() override {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(1280, 800);
        io.DeltaTime = 1.f / 60.f;
        auto loaded = oc::ui::loadFonts(oc::ui::defaultFontPath(), 18.f, 96.f);
        ASSERT_TRUE(loaded.has_value());
        fonts_ = *loaded;
        unsigned char* pixels = nullptr;
        int w = 0;
        int h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    }
    void TearDown() override { ImGui::DestroyContext(); }

    // New ImGui windows are hidden on their first frame, so every check renders at least two.
    ImDrawData* renderFrames(int count) {
        oc::ui::BoardPicture board;
        board.squares.fill('.');
        board.squares[4] = 'K';
        board.squares[60] = 'k';
        for (int i = 0; i < count; ++i) {
            ImGui::NewFrame();
            oc::ui::drawConsole(board, fonts_);
            ImGui::Render();
        }
        return ImGui::GetDrawData();
    }

    oc::ui::Fonts fonts_;
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

TEST_F(HeadlessUi, SolidFigurineMapsFenLetters) {
    EXPECT_EQ(oc::ui::solidFigurine('K'), 0x265Au);
    EXPECT_EQ(oc::ui::solidFigurine('p'), 0x265Fu);
    EXPECT_EQ(oc::ui::solidFigurine('.'), 0u);
}

TEST(Fonts, MissingFileIsReported) {
    ImGui::CreateContext();
    EXPECT_FALSE(oc::ui::loadFonts("/nonexistent/font.ttf", 18.f, 64.f).has_value());
    ImGui::DestroyContext();
}

}  // namespace
