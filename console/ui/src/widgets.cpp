#include <fmt/format.h>

#include <cmath>

#include "clock/tc_format.hpp"
#include "view_context.hpp"

namespace oc::ui {

void recordItem(ViewContext& ctx, const char* label) {
    ctx.state.widgets[label] = {ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), true};
}

bool actionButton(ViewContext& ctx, const char* label, bool enabled, ImVec2 size) {
    ImGui::BeginDisabled(!enabled);
    const bool clicked = ImGui::Button(label, size);
    ImGui::EndDisabled();
    ctx.state.widgets[label] = {ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), enabled};
    return clicked && enabled;
}

bool confirmButton(ViewContext& ctx, const char* label, bool enabled) {
    UiState& st = ctx.state;
    if (st.confirming != label || !enabled) {
        if (actionButton(ctx, label, enabled)) {
            st.confirming = label;
        }
        return false;
    }
    ImGui::PushID(label);
    ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.7f, 0.15f, 0.1f, 1.f));
    const std::string confirm = fmt::format("Confirm: {}", label);
    const bool yes = actionButton(ctx, confirm.c_str(), true);
    ImGui::PopStyleColor();
    ImGui::SameLine();
    const bool no = actionButton(ctx, "Cancel", true);
    ImGui::PopID();
    if (yes || no) {
        st.confirming.clear();
    }
    return yes;
}

void beginPane(const char* title, ImVec2 size, const Fonts& fonts) {
    ImGui::BeginChild(title, size, true);
    ImGui::PushFont(fonts.heading);
    ImGui::TextColored(kBlue, "%s", title);
    ImGui::PopFont();
    ImGui::Separator();
}

void endPane() {
    ImGui::EndChild();
}

std::optional<session::Ms> parseTyped(const std::string& text) {
    auto d = clock::parseDuration(text);
    if (!d) {
        return std::nullopt;
    }
    return *d;
}

bool inPlay(const session::Snapshot& snap) {
    return snap.phase != session::Phase::Setup && snap.phase != session::Phase::GameOver;
}

const char* sideName(rules::Color c) {
    return c == rules::Color::White ? "White" : "Black";
}

const char* roleOf(const session::Snapshot& snap, rules::Color c) {
    return c == snap.setup.computer_side ? "computer" : "human";
}

const std::string& playerName(const session::Snapshot& snap, rules::Color c) {
    return c == rules::Color::White ? snap.setup.white : snap.setup.black;
}

}  // namespace oc::ui
