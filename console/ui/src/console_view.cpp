// The console's layout: a banner saying what to do now, the board on the operator's side, the move
// cycle in the middle, clocks and scoresheet on the right. Rare actions sit behind tabs.
#include "ui/console_view.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <utility>

#include "i18n/mark.hpp"
#include "ui/board_picture.hpp"
#include "view_context.hpp"

namespace oc::ui {

void drawSetup(ViewContext& ctx);

namespace {

using session::Phase;

constexpr ImGuiWindowFlags kRootFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                        ImGuiWindowFlags_NoSavedSettings |
                                        ImGuiWindowFlags_NoBringToFrontOnFocus;

struct Layout {
    float banner_h, board_side, board_col_w, middle_w, right_w, body_h;
};

// Board on the left (as large as the height allows), the move cycle in the widest column, clocks on the
// right.
Layout computeLayout(const Fonts& fonts, bool eboard_line) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    Layout l{};
    const float lines = eboard_line ? 2.f : 1.f;  // the e-board's status line under the pairing
    l.banner_h = fonts.heading->FontSize + ImGui::GetTextLineHeightWithSpacing() * lines +
                 style.WindowPadding.y * 2.f + 4.f;
    l.body_h = avail.y - l.banner_h - style.ItemSpacing.y;
    const float label_h = ImGui::GetFontSize() * 1.4f;
    const float sheet_min = ImGui::GetTextLineHeightWithSpacing() * 6.f + fonts.heading->FontSize;
    l.board_side = std::clamp(
        std::min(l.body_h - sheet_min - label_h - style.WindowPadding.y * 2.f - style.ItemSpacing.y,
                 avail.x * 0.38f),
        160.f, 2000.f);
    l.board_col_w = l.board_side + style.WindowPadding.x * 2.f;
    l.right_w = std::max(ImGui::GetFontSize() * 14.5f, avail.x * 0.22f);
    l.middle_w = avail.x - l.board_col_w - l.right_w - style.ItemSpacing.x * 2.f;
    return l;
}

// `label` is an English msgid (N_ at the call): actionButton shows it translated, with the English as ID.
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

// The Draws tab: offers, claims and the policy's lines scroll; resignations and the "Flag fallen" row
// stay pinned at the bottom, so no offer or policy text can push them out of view (issue 15).
void drawDrawsWithEndings(ViewContext& ctx) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float footer = ImGui::GetFrameHeightWithSpacing() * 2.f + style.ItemSpacing.y + 1.f;
    ImGui::BeginChild("drawsbody", {0, -footer});
    drawDrawsPane(ctx);
    ImGui::EndChild();
    ImGui::Separator();
    drawDrawsEndings(ctx);
}

// The tab buttons; a tab whose matter waits for the operator has its name in amber.
void drawTabRow(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    const bool draws_attention = snap.human_offer_pending || snap.computer_offer_pending ||
                                 snap.phase == Phase::ClaimPending || snap.indication.offer_draw ||
                                 snap.indication.claim_draw || snap.indication.resign ||
                                 snap.module_request.has_value();
    DirectedRow row;
    row.next(buttonWidth(i18n::N_("Draws & result")));
    drawTabButton(ctx, i18n::N_("Draws & result"), LowerTab::Draws, draws_attention);
    row.next(buttonWidth(i18n::N_("Arbiter")));
    drawTabButton(
        ctx, i18n::N_("Arbiter"), LowerTab::Arbiter,
        inPlay(snap) && snap.phase != Phase::Adjourned && (snap.flag_reported || snap.clock_paused));
    row.next(buttonWidth(i18n::N_("Adjournment")));
    drawTabButton(ctx, i18n::N_("Adjournment"), LowerTab::Adjourn,
                  snap.seal_requested || snap.phase == Phase::Adjourned);
}

void drawChosenTab(ViewContext& ctx) {
    switch (ctx.state.tab) {
        case LowerTab::Draws:
            drawDrawsWithEndings(ctx);
            break;
        case LowerTab::Arbiter:
            drawArbiterPane(ctx);
            break;
        case LowerTab::Adjourn:
            drawAdjournPane(ctx);
            break;
    }
}

void drawLowerTabs(ViewContext& ctx) {
    ImGui::BeginChild("lower", {0, 0}, true);
    drawTabRow(ctx);
    ImGui::Separator();
    drawChosenTab(ctx);
    ImGui::EndChild();
    recordItem(ctx, "pane lower");
}

void drawBoardColumn(ViewContext& ctx, const Layout& l) {
    ImGui::BeginGroup();
    const float board_h =
        l.board_side + ImGui::GetFontSize() * 1.4f + ImGui::GetStyle().WindowPadding.y * 2.f;
    ImGui::BeginChild("board", {l.board_col_w, board_h}, true, ImGuiWindowFlags_NoScrollbar);
    BoardPicture picture = boardPicture(ctx.snap, ctx.state.flip_board, ctx.state.public_display);
    markBoardEntry(ctx.snap, ctx.state, picture);
    const ImVec2 top_left = ImGui::GetCursorScreenPos();
    const BoardClick click = drawBoard(picture, ctx.fonts, l.board_side);
    drawBoardEntry(ctx, picture, click, top_left, l.board_side);
    ImGui::EndChild();
    recordItem(ctx, "pane board");
    if (!ctx.state.public_display) {
        beginPane("Scoresheet", {l.board_col_w, 0}, ctx.fonts);
        drawScoresheetPane(ctx);
        endPane();
        recordItem(ctx, "pane Scoresheet");
    }
    ImGui::EndGroup();
}

// The height a pane's content took, read at its end (the cursor below the last item, the padding below).
float contentHeight() {
    const ImGuiStyle& style = ImGui::GetStyle();
    return ImGui::GetCursorPosY() - style.ItemSpacing.y + style.WindowPadding.y + 1.f;
}

// The move pane's height before its content has been measured: title, the human's entry (label, box,
// options, a refusal), the computer's move in big type with its prompt and the three tall step buttons.
float movePaneHeight(const Fonts& fonts) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float text = ImGui::GetTextLineHeightWithSpacing();
    const float row = ImGui::GetFrameHeightWithSpacing();
    const float title = fonts.heading->FontSize + style.ItemSpacing.y * 2.f;
    const float human =
        text + fonts.heading->FontSize + style.FramePadding.y * 2.f + style.ItemSpacing.y + row + text;
    const float computer =
        text + fonts.big->FontSize + style.ItemSpacing.y + text + ImGui::GetFrameHeight() * 1.8f;
    return title + human + style.ItemSpacing.y * 3.f + computer + style.WindowPadding.y * 2.f +
           style.ItemSpacing.y;
}

// The middle column: the move cycle above, the lower tabs below.
void drawMiddleColumn(ViewContext& ctx, const Layout& l) {
    ImGui::BeginGroup();
    // As tall as its content in the last frame: a refusal or a question grows the pane and the lower
    // tabs give way; without them the lower tabs get the room (issue 15: 1280x800 and 1366x768).
    const float measured = ctx.state.move_pane_content_h;
    const float move_h = measured > 0.f ? measured : movePaneHeight(ctx.fonts);
    beginPane("Move", {l.middle_w, move_h}, ctx.fonts);
    drawMovePane(ctx);
    ctx.state.move_pane_content_h = contentHeight();
    endPane();
    recordItem(ctx, "pane Move");
    ImGui::BeginChild("lowerwrap", {l.middle_w, 0});
    drawLowerTabs(ctx);
    ImGui::EndChild();
    ImGui::EndGroup();
}

// How tall the Clocks and Engine panes are this frame: each as tall as its content was in the last
// frame (their status lines come and go, and wrap longer in Polish); the Notices pane keeps at least
// five lines, taken from the Engine pane first (it scrolls), never from the clocks (issue 22: the Black
// reading box and Set clocks fell off the screen exactly when a resumed game asked for a reading).
std::pair<float, float> rightColumnHeights(const ViewContext& ctx, const Layout& l) {
    const float row = ImGui::GetFrameHeightWithSpacing();
    const float clocks_estimate =
        ctx.fonts.heading->FontSize * 3.6f +
        row * clockPaneRows(ctx.snap, l.right_w - ImGui::GetStyle().WindowPadding.x * 2.f) +
        ImGui::GetStyle().WindowPadding.y * 2.f;
    const float clocks =
        ctx.state.clock_pane_content_h > 0.f ? ctx.state.clock_pane_content_h : clocks_estimate;
    const float engine_full = ctx.state.engine_pane_content_h > 0.f ? ctx.state.engine_pane_content_h
                                                                    : ctx.fonts.heading->FontSize + row * 4.f;
    const float notices_min = ctx.fonts.heading->FontSize + ImGui::GetTextLineHeightWithSpacing() * 6.f +
                              ImGui::GetStyle().WindowPadding.y * 2.f;
    const float engine_min = ctx.fonts.heading->FontSize + row * 1.5f;
    const float room = l.body_h - clocks - notices_min - ImGui::GetStyle().ItemSpacing.y * 2.f;
    return {clocks, std::clamp(room, engine_min, engine_full)};
}

// The right column: the clocks, the engine and the notices.
void drawRightColumn(ViewContext& ctx, const Layout& l) {
    ImGui::BeginGroup();
    const auto [clocks_h, engine_h] = rightColumnHeights(ctx, l);
    beginPane("Clocks", {l.right_w, clocks_h}, ctx.fonts);
    drawClockPane(ctx);
    ctx.state.clock_pane_content_h = contentHeight();
    endPane();
    beginPane("Engine", {l.right_w, engine_h}, ctx.fonts);
    drawEnginePane(ctx);
    ctx.state.engine_pane_content_h = contentHeight();
    endPane();
    beginPane("Notices", {l.right_w, 0}, ctx.fonts);
    drawNoticesPane(ctx);
    endPane();
    recordItem(ctx, "pane Notices");
    ImGui::EndGroup();
}

// The columns in reading order: board and scoresheet, the move cycle, clocks and notices. Right to left
// the board's column is on the right (the board itself is drawn as ever, a1 bottom-left from White).
void drawOperatorBody(ViewContext& ctx, const Layout& l) {
    using Column = void (*)(ViewContext&, const Layout&);
    constexpr std::array<Column, 3> kReading{drawBoardColumn, drawMiddleColumn, drawRightColumn};
    bool first = true;
    for (const Column column : fromTheLeft(kReading, layoutDirection())) {
        if (!std::exchange(first, false)) ImGui::SameLine();
        column(ctx, l);
    }
}

// One public clock: "White  <name>" above the time, so nobody has to guess whose clock it is.
void drawPublicClock(ViewContext& ctx, rules::Color c) {
    const session::Snapshot& snap = ctx.snap;
    const bool running = snap.clock_running == c && !snap.clock_paused && inPlay(snap);
    const bool white = c == rules::Color::White;
    ImGui::PushFont(ctx.fonts.heading);
    DirectedRow row;
    row.next(ImGui::CalcTextSize(displayText(sideName(c)).c_str()).x);
    uiText(sideName(c), running ? kGreen : kGrey);
    recordItem(ctx, white ? "public white side" : "public black side", sideName(c));
    row.next(ImGui::CalcTextSize(displayText(playerName(snap, c)).c_str()).x);
    uiText(playerName(snap, c));
    recordItem(ctx, white ? "public white name" : "public black name", playerName(snap, c));
    ImGui::PopFont();
    ImGui::PushFont(ctx.fonts.big);
    uiTextLine(formatClock(snap.remaining[c]), running ? kGreen : ImGui::GetStyle().Colors[ImGuiCol_Text]);
    recordItem(ctx, white ? "public white clock" : "public black clock", formatClock(snap.remaining[c]));
    ImGui::PopFont();
    ImGui::Spacing();
}

void drawPublicBoard(ViewContext& ctx, const BoardPicture& picture, float width, float side) {
    ImGui::BeginChild("board", {width, 0}, true, ImGuiWindowFlags_NoScrollbar);
    drawBoard(picture, ctx.fonts, side);
    ImGui::EndChild();
    recordItem(ctx, "pane public board");
}

// The public display (Q18): board and clocks only, as large as the screen allows; never the engine's
// move, evaluations or analysis. The clock of the side at the bottom of the board is the lower one.
void drawPublicBody(ViewContext& ctx, const Layout& l) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float label_h = ImGui::GetFontSize() * 1.4f;
    const float side = std::max(160.f, std::min(l.body_h - label_h - style.WindowPadding.y * 2.f,
                                                ImGui::GetContentRegionAvail().x * 0.62f));
    const float board_w = side + style.WindowPadding.x * 2.f;
    const BoardPicture picture = publicBoardPicture(ctx.snap, ctx.state.public_orientation);
    const bool ltr = layoutDirection() == LayoutDirection::LeftToRight;
    if (ltr) drawPublicBoard(ctx, picture, board_w, side);
    if (ltr) ImGui::SameLine();
    // Right to left the clocks come first, on the left, and leave the board its width on the right.
    ImGui::BeginChild("publicclocks",
                      {ltr ? 0.f : ImGui::GetContentRegionAvail().x - board_w - style.ItemSpacing.x, 0},
                      true);
    const rules::Color top = picture.white_at_bottom ? rules::Color::Black : rules::Color::White;
    for (rules::Color c : {top, ~top}) {
        drawPublicClock(ctx, c);
    }
    if (ctx.snap.result != "*") {
        ImGui::PushFont(ctx.fonts.big);
        uiTextLine(shownResult(ctx.snap.result), kAmber);
        ImGui::PopFont();
    }
    ImGui::EndChild();
    if (!ltr) ImGui::SameLine();
    if (!ltr) drawPublicBoard(ctx, picture, board_w, side);
}

// A flag, an offer or a seal request brings its tab forward once, when it appears; the operator may
// then switch away.
void followAttention(const session::Snapshot& snap, UiState& st) {
    const bool flag = snap.flag_reported.has_value();
    const bool offer =
        snap.human_offer_pending || snap.computer_offer_pending || snap.phase == Phase::ClaimPending;
    const bool seal = snap.seal_requested || snap.phase == Phase::Adjourned;
    if (flag && !st.seen_flag) st.tab = LowerTab::Arbiter;
    if (offer && !st.seen_offer) st.tab = LowerTab::Draws;
    if (seal && !st.seen_seal) st.tab = LowerTab::Adjourn;
    st.seen_flag = flag;
    st.seen_offer = offer;
    st.seen_seal = seal;
}

// What carries over from the last frame: the widget map is drawn afresh, an armed button is disarmed
// when the situation changes, and a new matter brings its tab forward.
void beginFrame(const session::Snapshot& snap, UiState& state) {
    state.widgets.clear();
    state.frame_ids.clear();
    if (state.last_phase != snap.phase) {
        state.confirming.clear();  // an armed button never survives a change of situation
        state.last_phase = snap.phase;
    }
    followAttention(snap, state);
}

// The game's screen: the banner over the operator's body or the public display.
void drawGame(ViewContext& ctx) {
    const Layout l = computeLayout(ctx.fonts, ctx.snap.eboard && !ctx.state.public_display);
    ImGui::BeginChild("banner", {0, l.banner_h}, true, ImGuiWindowFlags_NoScrollbar);
    drawBanner(ctx);
    ImGui::EndChild();
    if (ctx.state.public_display) {
        drawPublicBody(ctx, l);
    } else {
        drawOperatorBody(ctx, l);
    }
}

}  // namespace

void applyConsoleStyle() {
    ImGui::StyleColorsDark();
    ImGuiStyle& style = ImGui::GetStyle();
    style.FramePadding = {8.f, 5.f};
    style.ItemSpacing = {8.f, 6.f};
    style.FrameBorderSize = 1.f;  // empty text boxes and checkboxes must be visible at a glance
    style.FrameRounding = 3.f;
    style.ChildRounding = 4.f;
    style.ScrollbarSize = 16.f;
    style.DisabledAlpha = 0.4f;  // what cannot be done now must look clearly different
    style.Colors[ImGuiCol_Border] = {0.45f, 0.45f, 0.5f, 0.6f};
    style.Colors[ImGuiCol_TextDisabled] = {0.62f, 0.62f, 0.62f, 1.f};  // still readable in a bright hall
}

std::vector<session::Command> drawConsole(const session::Snapshot& snap, session::TimePoint now,
                                          UiState& state, const Fonts& fonts) {
    std::vector<session::Command> out;
    ViewContext ctx{snap, state, fonts, now, out};
    beginFrame(snap, state);
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos({0, 0});
    ImGui::SetNextWindowSize(io.DisplaySize);
    ImGui::Begin("Operator console", nullptr, kRootFlags);
    if (snap.phase == Phase::Setup) {
        drawSetup(ctx);
    } else {
        drawGame(ctx);
    }
    ImGui::End();
    return out;
}

}  // namespace oc::ui
