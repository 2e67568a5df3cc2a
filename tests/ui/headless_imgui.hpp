#pragma once
// The fixture both UI test files share: an ImGui context without a window, the console's fonts built
// on the CPU, a fixed display size and frame time.

#include <gtest/gtest.h>
#include <imgui.h>

#include "ui/fonts.hpp"

namespace oc::ui::test {

class HeadlessImGui : public ::testing::Test {
  protected:
    // `font_px`: the text font size the views are laid out with.
    explicit HeadlessImGui(float font_px) : font_px_(font_px) {}

    void SetUp() override {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(1280, 800);
        io.DeltaTime = 1.f / 60.f;
        auto loaded = loadFonts(defaultFontPath(), font_px_, 96.f);
        ASSERT_TRUE(loaded.has_value());
        fonts_ = *loaded;
        unsigned char* pixels = nullptr;
        int w = 0;
        int h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);  // builds the atlas, as a backend would
    }
    void TearDown() override { ImGui::DestroyContext(); }

    Fonts fonts_;

  private:
    float font_px_;
};

}  // namespace oc::ui::test
