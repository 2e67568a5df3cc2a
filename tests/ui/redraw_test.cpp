// When the console must draw again by itself: the running clock's next digit change and the text
// cursor's next blink (issue 16: draw only when a pixel would change).
#include "ui/redraw.hpp"

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <string>

#include "headless_imgui.hpp"
#include "ui/frame_diff.hpp"

namespace {

using namespace std::chrono_literals;
using oc::rules::Color;
using oc::session::Ms;
using oc::session::Snapshot;
using oc::ui::untilClockText;
using oc::ui::untilCursorToggle;

Snapshot running(Ms left) {
    Snapshot s;
    s.clock_running = Color::White;
    s.remaining = {left, 90min};
    return s;
}

// The wake-up comes 2 ms after the change, never before it.
TEST(Redraw, RunningClockChangesAtTheNextWholeSecond) {
    EXPECT_EQ(untilClockText(running(65300ms)), 303ms);  // 1:05 until 64.999 s
    EXPECT_EQ(untilClockText(running(65000ms)), 3ms);    // 1:05 turns 1:04 a millisecond later
    EXPECT_EQ(untilClockText(running(65999ms)), 1002ms);
    EXPECT_EQ(untilClockText(running(10000ms)), 3ms);  // then the tenths begin
}

TEST(Redraw, BelowTenSecondsTheTenthsChange) {
    EXPECT_EQ(untilClockText(running(9999ms)), 102ms);
    EXPECT_EQ(untilClockText(running(5250ms)), 53ms);
    EXPECT_EQ(untilClockText(running(0ms)), 3ms);         // the minus sign appears
    EXPECT_EQ(untilClockText(running(-250ms)), 52ms);     // -0:00.2 becomes -0:00.3
    EXPECT_EQ(untilClockText(running(-12500ms)), 502ms);  // past ten seconds: whole seconds again
}

TEST(Redraw, NoClockRunningOrPausedNeedsNoWakeUp) {
    Snapshot idle;
    EXPECT_EQ(untilClockText(idle), std::nullopt);
    Snapshot paused = running(60s);
    paused.clock_paused = true;
    EXPECT_EQ(untilClockText(paused), std::nullopt);
}

// ImGui 1.86: shown while the animation time is <= 0 or its phase in 1.2 s is <= 0.8 s.
TEST(Redraw, CursorTogglesAtImGuisBlinkTimes) {
    EXPECT_EQ(untilCursorToggle(-0.3f), 1102ms);  // just typed: shown 1.1 s
    EXPECT_EQ(untilCursorToggle(0.f), 802ms);
    EXPECT_EQ(untilCursorToggle(0.9f), 302ms);  // hidden until 1.2
    EXPECT_EQ(untilCursorToggle(1.5f), 502ms);  // shown again until 2.0
}

class RedrawFocus : public oc::ui::test::HeadlessImGui {
  protected:
    RedrawFocus() : HeadlessImGui(20.f) {}
    void frame(bool focus) {
        ImGui::NewFrame();
        ImGui::Begin("w");
        if (focus) ImGui::SetKeyboardFocusHere();
        ImGui::InputText("##box", &text_);
        ImGui::End();
        ImGui::Render();
    }
    std::string text_;
};

TEST_F(RedrawFocus, CursorWakesTheShellOnlyWhileABoxHasFocus) {
    frame(false);
    frame(false);
    EXPECT_EQ(oc::ui::untilCursorBlink(), std::nullopt);
    frame(true);
    frame(false);
    ASSERT_TRUE(oc::ui::untilCursorBlink().has_value());
    EXPECT_LE(*oc::ui::untilCursorBlink(), 1102ms);
    ImGui::GetIO().ConfigInputTextCursorBlink = false;
    EXPECT_EQ(oc::ui::untilCursorBlink(), std::nullopt);
}

}  // namespace

namespace {

// Two frames of one window that differ only in a text in its middle.
class FrameDiff : public oc::ui::test::HeadlessImGui {
  protected:
    FrameDiff() : HeadlessImGui(20.f) {}
    oc::ui::DrawnFrame frame(const char* clock, bool extra_line = false) {
        ImGui::NewFrame();
        ImGui::SetNextWindowPos(ImVec2(0, 0));
        ImGui::SetNextWindowSize(ImVec2(1280, 800));
        ImGui::Begin("w", nullptr, ImGuiWindowFlags_NoDecoration);
        ImGui::TextUnformatted("Clocks");
        ImGui::SetCursorPos(ImVec2(600, 300));
        ImGui::TextUnformatted(clock);
        if (extra_line) ImGui::TextUnformatted("a new line");
        ImGui::SetCursorPos(ImVec2(20, 700));
        ImGui::Button("Flag fallen");
        ImGui::End();
        ImGui::Render();
        return oc::ui::copyFrame(*ImGui::GetDrawData());
    }
};

TEST_F(FrameDiff, AChangedDigitRedrawsOnlyAroundTheText) {
    frame("1:05");
    const auto before = frame("1:05");
    const auto same = frame("1:05");
    EXPECT_EQ(oc::ui::changedArea(before, same), std::nullopt);
    const auto after = frame("1:04");
    const auto area = oc::ui::changedArea(before, after);
    ASSERT_TRUE(area.has_value());
    EXPECT_GE(area->x0, 590);
    EXPECT_LE(area->x1, 700);
    EXPECT_GE(area->y0, 290);
    EXPECT_LE(area->y1, 340);
}

// A line added in the middle of the window: everything after it in the list stays (common tail).
TEST_F(FrameDiff, AnInsertedLineRedrawsItsOwnPlace) {
    frame("1:05");
    const auto before = frame("1:05");
    const auto after = frame("1:05", true);
    const auto area = oc::ui::changedArea(before, after);
    ASSERT_TRUE(area.has_value());
    EXPECT_GE(area->y0, 300);
    EXPECT_LE(area->y1, 700);  // the button below is not redrawn
}

TEST_F(FrameDiff, AnotherWindowSizeRedrawsEverything) {
    const auto before = frame("1:05");
    ImGui::GetIO().DisplaySize = ImVec2(1366, 768);
    const auto after = frame("1:05");
    EXPECT_EQ(oc::ui::changedArea(before, after), (oc::ui::PixelRect{0, 0, 1366, 768}));
}

// The narrowed clip rectangles give the backend exactly the scissor box inside the area.
TEST_F(FrameDiff, ClipRectanglesAreNarrowedToTheArea) {
    frame("1:05");
    frame("1:05");
    ImDrawData& data = *ImGui::GetDrawData();
    oc::ui::clipDrawData(data, {600, 300, 700, 340});
    for (int l = 0; l < data.CmdListsCount; ++l)
        for (const ImDrawCmd& cmd : data.CmdLists[l]->CmdBuffer) {
            if (cmd.ClipRect.z <= cmd.ClipRect.x) continue;  // nothing of it inside: skipped
            EXPECT_GE(cmd.ClipRect.x, 600.f);
            EXPECT_GE(cmd.ClipRect.y, 300.f);
            EXPECT_LE(cmd.ClipRect.z, 700.f);
            EXPECT_LE(cmd.ClipRect.w, 340.f);
        }
}

}  // namespace
