// The console's layout: a banner saying what to do now, the board on the operator's side, the move
// cycle in the middle, clocks and scoresheet on the right. Rare actions sit behind tabs.
#include "ui/console_view.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "ui/board_picture.hpp"
#include "view_context.hpp"

namespace oc::ui {

void drawSetup(ViewContext& ctx);

namespace {

using session::Phase;

constexpr ImGuiWindowFlags kRootFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;

struct Layout {
    float banner_h, board_side, board_col_w, middle_w, body_h;
};

Layout computeLayout(const Fonts& fonts) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    Layout l{};
    l.banner_h = fonts.heading->FontSize + ImGui::GetTextLineHeightWithSpacing() + style.WindowPadding.y * 2.f + 4.f;
    l.body_h = avail.y - l.banner_h - style.ItemSpacing.y;
    const float engine_h = ImGui::GetTextLineHeightWithSpacing() * 5.5f + fonts.heading->FontSize;
    const float label_h = ImGui::GetFontSize() * 1.4f;
    l.board_side = std::clamp(std::min(l.body_h - engine_h - label_h - style.WindowPadding.y * 2.f - style.ItemSpacing.y,
                                       avail.x * 0.39f),
                              160.f, 2000.f);
    l.board_col_w = l.board_side + style.WindowPadding.x * 2.f;
    l.middle_w = (avail.x - l.board_col_w - style.ItemSpacing.x * 2.f) * 0.55f;
    return l;
}

void drawTabButton(ViewContext& ctx, const char* label, LowerTab tab, bool attention) {
    const bool selected = ctx.state.tab == tab;
    ImGui::PushStyleColor(ImGuiCol_Button, selected ? ImGui::GetStyle().Colors[ImGuiCol_ButtonActive]
                                                    : ImGui::GetStyle().Colors[ImGuiCol_FrameBg]);
    if (attention) {
        ImGui::PushStyleColor(ImGuiCol_Text, kAmber);
    }
    if (actionButton(ctx, label, true)) {
        ctx.state.tab = tab;
    }
    if (attention) {
        ImGui::PopStyleColor();
    }
    ImGui::PopStyleColor();
}

void drawLowerTabs(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    ImGui::BeginChild("lower", {0, 0}, true);
    const bool draws_attention = snap.human_offer_pending || snap.computer_offer_pending ||
                                 snap.phase == Phase::ClaimPending || snap.indication.offer_draw ||
                                 snap.indication.claim_draw || snap.indication.resign;
    drawTabButton(ctx, "Draws & result", LowerTab::Draws, draws_attention);
    ImGui::SameLine();
    drawTabButton(ctx, "Arbiter", LowerTab::Arbiter, snap.flag_reported.has_value() || snap.clock_paused);
    ImGui::SameLine();
    drawTabButton(ctx, "Adjournment", LowerTab::Adjourn, snap.seal_requested || snap.phase == Phase::Adjourned);
    ImGui::Separator();
    switch (ctx.state.tab) {
        case LowerTab::Draws: drawDrawsPane(ctx); break;
        case LowerTab::Arbiter: drawArbiterPane(ctx); break;
        case LowerTab::Adjourn: drawAdjournPane(ctx); break;
    }
    ImGui::EndChild();
}

void drawBoardColumn(ViewContext& ctx, const Layout& l) {
    ImGui::BeginGroup();
    ImGui::BeginChild("board", {l.board_col_w, l.board_side + ImGui::GetFontSize() * 1.4f + ImGui::GetStyle().WindowPadding.y * 2.f}, true,
                      ImGuiWindowFlags_NoScrollbar);
    drawBoard(boardPicture(ctx.snap, ctx.state.flip_board, ctx.state.public_display), ctx.fonts, l.board_side);
    ImGui::EndChild();
    if (!ctx.state.public_display) {
        beginPane("Engine", {l.board_col_w, 0}, ctx.fonts);
        drawEnginePane(ctx);
        endPane();
    }
    ImGui::EndGroup();
}

void drawOperatorBody(ViewContext& ctx, const Layout& l) {
    drawBoardColumn(ctx, l);
    ImGui::SameLine();
    ImGui::BeginGroup();
    beginPane("Move", {l.middle_w, l.body_h * 0.5f}, ctx.fonts);
    drawMovePane(ctx);
    endPane();
    ImGui::BeginChild("lowerwrap", {l.middle_w, 0});
    drawLowerTabs(ctx);
    ImGui::EndChild();
    ImGui::EndGroup();
    ImGui::SameLine();
    ImGui::BeginGroup();
    const float clocks_h = ctx.fonts.heading->FontSize * 3.f + ImGui::GetFrameHeightWithSpacing() * 5.f +
                           ImGui::GetStyle().WindowPadding.y * 2.f;
    beginPane("Clocks", {0, clocks_h}, ctx.fonts);
    drawClockPane(ctx);
    endPane();
    const float rest = ImGui::GetContentRegionAvail().y;
    beginPane("Scoresheet", {0, rest * 0.62f}, ctx.fonts);
    drawScoresheetPane(ctx);
    endPane();
    beginPane("Notices", {0, 0}, ctx.fonts);
    drawNoticesPane(ctx);
    endPane();
    ImGui::EndGroup();
}

// The public display (Q18): board and clocks only; never the engine's move, evaluations or analysis.
void drawPublicBody(ViewContext& ctx, const Layout& l) {
    drawBoardColumn(ctx, l);
    ImGui::SameLine();
    beginPane("Clocks", {0, 0}, ctx.fonts);
    drawClockPane(ctx);
    if (ctx.snap.result != "*") {
        ImGui::PushFont(ctx.fonts.big);
        ImGui::TextUnformatted(ctx.snap.result.c_str());
        ImGui::PopFont();
    }
    endPane();
}

}  // namespace

std::vector<session::Command> drawConsole(const session::Snapshot& snap, session::TimePoint now, UiState& state,
                                          const Fonts& fonts) {
    std::vector<session::Command> out;
    ViewContext ctx{snap, state, fonts, now, out};
    state.widgets.clear();
    if (state.last_phase != snap.phase) {
        state.confirming.clear();  // an armed button never survives a change of situation
        state.last_phase = snap.phase;
    }
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos({0, 0});
    ImGui::SetNextWindowSize(io.DisplaySize);
    ImGui::Begin("Operator console", nullptr, kRootFlags);
    if (snap.phase == Phase::Setup) {
        drawSetup(ctx);
    } else {
        const Layout l = computeLayout(fonts);
        ImGui::BeginChild("banner", {0, l.banner_h}, true, ImGuiWindowFlags_NoScrollbar);
        drawBanner(ctx);
        ImGui::EndChild();
        if (state.public_display) {
            drawPublicBody(ctx, l);
        } else {
            drawOperatorBody(ctx, l);
        }
    }
    ImGui::End();
    return out;
}

}  // namespace oc::ui
