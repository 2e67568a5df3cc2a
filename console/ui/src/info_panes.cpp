// Read-only panes: the engine's state (operator only), the scoresheet, the notices and journal count.
#include <fmt/format.h>

#include "view_context.hpp"

namespace oc::ui {

namespace {

using session::Phase;

std::string evalText(const session::Evaluation& e) {
    if (e.mate) {
        return fmt::format("mate in {} {}", std::abs(*e.mate),
                           *e.mate > 0 ? "for the computer" : "against it");
    }
    return fmt::format("{:+.2f} (computer's view)", e.cp / 100.0);
}

}  // namespace

void drawEnginePane(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    const bool thinking = snap.phase == Phase::EngineThinking;
    // Q18: "pondering" for the operator only, and never the move the engine expects.
    const bool pondering = snap.engine_pondering && !ctx.state.public_display;
    ImGui::Text("Status:");
    ImGui::SameLine();
    ImGui::TextColored(thinking || pondering ? kGreen : kGrey, "%s",
                       thinking    ? "thinking"
                       : pondering ? "engine pondering"
                                   : "waiting");
    if (pondering) recordItem(ctx, "engine pondering");
    ImGui::SameLine(0, 20);
    ImGui::Text("Restarts: %d", snap.engine_restarts);
    if (snap.computer_flags > 0) {
        ImGui::SameLine(0, 24);
        ImGui::TextColored(kRed, "Computer flags: %d", snap.computer_flags);
    }
    if (!snap.last_engine_fault.empty()) {
        ImGui::PushTextWrapPos(0.f);
        ImGui::TextColored(kRed, "Last fault: %s", snap.last_engine_fault.c_str());
        ImGui::PopTextWrapPos();
    }
    // CFG-06 / Q18: the evaluation is for the operator's eyes only; the public display never reaches here.
    if (snap.engine_move && snap.engine_move->eval && !ctx.state.public_display) {
        ImGui::TextUnformatted("Evaluation (operator only):");
        ImGui::Text("%s", evalText(*snap.engine_move->eval).c_str());
        recordItem(ctx, "evaluation");
    }
}

void drawScoresheetPane(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    ImGui::BeginChild("sheetlist");  // scrolls under the pane's title
    if (snap.moves.empty()) {
        ImGui::TextDisabled("No moves yet.");
    }
    constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
    if (!snap.moves.empty() && ImGui::BeginTable("moves", 3, kFlags)) {
        ImGui::TableSetupColumn("No", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("000.").x);
        ImGui::TableSetupColumn("White");
        ImGui::TableSetupColumn("Black");
        for (const session::ScoresheetMove& m : snap.moves) {
            if (m.side == rules::Color::White || &m == &snap.moves.front()) {
                ImGui::TableNextRow();
                ImGui::TableSetColumnIndex(0);
                ImGui::TextDisabled("%d.", m.number);
            }
            ImGui::TableSetColumnIndex(m.side == rules::Color::White ? 1 : 2);
            ImGui::Text("%s%s", m.text.c_str(), m.draw_offer ? " (=)" : "");
        }
        ImGui::EndTable();
    }
    if (snap.result != "*") {
        ImGui::PushFont(ctx.fonts.heading);
        ImGui::TextColored(kAmber, "%s", snap.result.c_str());
        ImGui::PopFont();
        ImGui::SameLine();
        ImGui::TextDisabled("%s", snap.termination.c_str());
    }
    // Keep the newest move in view.
    if (ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 2.f * ImGui::GetTextLineHeightWithSpacing()) {
        ImGui::SetScrollHereY(1.f);
    }
    ImGui::EndChild();
}

void drawNoticesPane(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    ImGui::TextDisabled("Journal: %llu records", static_cast<unsigned long long>(snap.records));
    ImGui::BeginChild("noticelist");  // scrolls under the pane's title
    ImGui::PushTextWrapPos(0.f);
    for (const std::string& n : ctx.state.shell_notices) {
        ImGui::TextColored(kAmber, "%s", n.c_str());
    }
    for (const std::string& n : snap.notices) {
        ImGui::TextUnformatted(n.c_str());
    }
    ImGui::PopTextWrapPos();
    if (ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 2.f * ImGui::GetTextLineHeightWithSpacing()) {
        ImGui::SetScrollHereY(1.f);
    }
    ImGui::EndChild();
}

}  // namespace oc::ui
