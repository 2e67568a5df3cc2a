#include "ui/console_view.hpp"

#include <imgui.h>

#include <algorithm>

namespace oc::ui {

namespace {

constexpr ImGuiWindowFlags kRootFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                        ImGuiWindowFlags_NoSavedSettings |
                                        ImGuiWindowFlags_NoBringToFrontOnFocus;

// A titled pane; the caller fills it between beginPane and endPane.
void beginPane(const char* title, ImVec2 size) {
    ImGui::BeginChild(title, size, true);
    ImGui::TextUnformatted(title);
    ImGui::Separator();
}

void endPane() {
    ImGui::EndChild();
}

void idleText(const char* text) {
    ImGui::TextDisabled("%s", text);
}

}  // namespace

void drawConsole(const BoardPicture& board, const Fonts& fonts) {
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos({0, 0});
    ImGui::SetNextWindowSize(io.DisplaySize);
    ImGui::Begin("Operator console", nullptr, kRootFlags);

    const ImGuiStyle& style = ImGui::GetStyle();
    const float header_h =
        ImGui::GetTextLineHeightWithSpacing() + style.ItemSpacing.y + style.WindowPadding.y * 2.f;
    const float entry_h = header_h + ImGui::GetFrameHeightWithSpacing() * 3.f;
    const float label_h = ImGui::GetFontSize() * 1.4f;  // file letters under the board
    const float avail_h = ImGui::GetContentRegionAvail().y;
    const float board_side =
        std::max(200.f, std::min(avail_h - entry_h - header_h - label_h - style.ItemSpacing.y * 2.f,
                                 io.DisplaySize.x * 0.55f));
    const float pane_w = board_side + style.WindowPadding.x * 2.f;

    ImGui::BeginGroup();
    beginPane("Board", {pane_w, board_side + header_h + label_h});
    drawBoard(board, fonts, board_side);
    endPane();
    beginPane("Move entry", {pane_w, 0});
    idleText("No game in progress: moves can be entered once a game is set up.");
    endPane();
    ImGui::EndGroup();

    ImGui::SameLine();
    ImGui::BeginGroup();
    const float right_h = ImGui::GetContentRegionAvail().y;
    beginPane("Clocks", {0, right_h * 0.18f});
    idleText("No time control set.");
    endPane();
    beginPane("Engine", {0, right_h * 0.22f});
    idleText("No engine running.");
    endPane();
    beginPane("Scoresheet", {0, right_h * 0.35f});
    idleText("No moves recorded.");
    endPane();
    beginPane("Journal", {0, 0});
    idleText("No journal open.");
    endPane();
    ImGui::EndGroup();

    ImGui::End();
}

}  // namespace oc::ui
