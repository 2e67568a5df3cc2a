// Both clocks as the console mirrors them, and the table clock reading that overrides them (E.III 1.1).
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <optional>
#include <tuple>
#include <utility>

#include "i18n/format.hpp"
#include "i18n/mark.hpp"
#include "i18n/tr.hpp"
#include "view_context.hpp"

namespace oc::ui {

using i18n::N_;
using i18n::tr;
using i18n::trf;
using i18n::trnf;

void sameLineIfFits(const char* label) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float w =
        ImGui::CalcTextSize(displayText(tr(label)).c_str(), nullptr, true).x + style.FramePadding.x * 2.f;
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (ImGui::GetItemRectMax().x + style.ItemSpacing.x + w <= right) ImGui::SameLine();
}

void textItem(ViewContext& ctx, const char* id, const std::string& text, const ImVec4* colour, bool wrap) {
    // A wrapped text is a paragraph of its own (right-aligned in a right-to-left UI); a short one is
    // usually a label with its widget beside it, in the row's flow.
    if (wrap)
        uiTextLine(text, colour, true);
    else
        uiText(text, colour);
    recordItem(ctx, id, text);
}

namespace {

// The role ("computer") is shortened, then left out, when the pane is too narrow for it beside the time:
// at 1280 px the full label ran into the digits.
std::string fittingRole(const session::Snapshot& snap, rules::Color side, float room) {
    const bool computer = side == snap.setup.computer_side;
    const char* full = computer ? tr("(computer)") : tr("(human)");
    // TRANSLATORS: the role shortened to fit beside the clock reading.
    const char* brief = computer ? tr("(comp.)") : tr("(hum.)");
    for (const char* candidate : {full, brief})
        if (ImGui::CalcTextSize(displayText(candidate).c_str()).x <= room) return candidate;
    return "";
}

// The time's width in the heading font, to right-align it and to see what room it leaves the role.
float headingWidth(ViewContext& ctx, const std::string& text) {
    ImGui::PushFont(ctx.fonts.heading);
    const float w = ImGui::CalcTextSize(text.c_str()).x;
    ImGui::PopFont();
    return w;
}

// Red once the time is out, green while running, else the usual text colour.
ImVec4 clockColour(session::Ms left, bool running) {
    return left.count() <= 0 ? kRed : running ? kGreen : ImGui::GetStyle().Colors[ImGuiCol_Text];
}

void drawOneClock(ViewContext& ctx, rules::Color side) {
    const session::Snapshot& snap = ctx.snap;
    const bool running = snap.clock_running == side && !snap.clock_paused;
    const session::Ms left = snap.remaining[side];
    const std::string text = formatClock(left);
    const float time_w = headingWidth(ctx, text);
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const std::string label = fmt::format("{} {}", running ? ">" : " ", sideName(side));
    const float room =
        ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize(label.c_str()).x - time_w - 3.f * spacing;
    const bool white = side == rules::Color::White;
    // Issue 36 item 9: the side, then its role, from the reading start; the time at the far end.
    DirectedRow row;
    row.next(textWidth(label));
    textItem(ctx, white ? "white side" : "black side", label, running ? &kGreen : &kGrey);
    if (const std::string role = fittingRole(snap, side, room); !role.empty()) {
        row.next(textWidth(role));
        textItem(ctx, white ? "white role" : "black role", role, disabledColour());
    }
    ImGui::PushFont(ctx.fonts.heading);
    const ImVec4 colour = clockColour(left, running);
    const bool rtl = layoutDirection() == LayoutDirection::RightToLeft;
    ImGui::SameLine(rtl ? ImGui::GetWindowContentRegionMin().x
                        : ImGui::GetWindowContentRegionMax().x - time_w);
    textItem(ctx, white ? "white clock" : "black clock", text, &colour);
    ImGui::PopFont();
}

// E.III 2.2: the computer's faster rate, until the next time control (operator only).
void drawFasterRate(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    const char* label = snap.faster_rate ? N_("Back to normal rate") : N_("Faster rate (E.III 2.2)");
    // Issue 22: "Back to normal rate" was enabled by the switch-on condition, so it never was.
    if (actionButton(ctx, label, snap.faster_rate ? snap.faster_rate_can_end : snap.faster_rate_available)) {
        ctx.out.push_back(session::cmd::FasterRate{!snap.faster_rate});
    }
    if (snap.faster_rate) {
        ImGui::SameLine();
        // TRANSLATORS: the faster rate (E.III 2.2) is switched on.
        textItem(ctx, "faster rate on", tr("ON"), &kAmber);
    }
}

// Why the clocks stand still, or a flag reported: each a line of its own while the game is on.
void drawStopped(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    if (!inPlay(snap)) return;
    if (snap.clock_waits_for_sealed_move) {
        // Guidelines A.6: at resumption the sealed move is made, then the opponent's clock started.
        textItem(ctx, "clock waits for sealed move",
                 tr("Stopped: make the sealed move, then press (starts the human's clock)"), &kAmber, true);
    }
    if (snap.clock_paused) {
        textItem(
            ctx, "clock paused",
            snap.phase == session::Phase::Adjourned ? tr("Stopped: adjourned") : tr("Paused by the arbiter"),
            &kAmber);
    }
    if (snap.flag_reported) {
        textItem(ctx, "flag reported",
                 *snap.flag_reported == rules::Color::White ? tr("White's flag reported")
                                                            : tr("Black's flag reported"),
                 &kRed);
    }
}

// CLK-01 (docs/clock.md): a difference over the tolerance, with the move it was found at; the session
// drops it at the next reading or after two clock presses.
std::string syncWarningText(const session::Snapshot& snap) {
    return i18n::trf("At move {}: {}", snap.clock_sync_warning_move, shownMessage(snap.clock_sync_warning));
}

void drawStatus(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    drawStopped(ctx);
    if (!snap.clock_sync_warning.empty() && !ctx.state.public_display) {
        textItem(ctx, "clock sync warning", syncWarningText(snap), &kAmber, true);
    }
    if ((snap.faster_rate || snap.faster_rate_available) && inPlay(snap) && !ctx.state.public_display) {
        drawFasterRate(ctx);
    }
}

// Seconds with one decimal, in the UI language's way ("5.0" / "5,0").
std::string seconds(session::Ms ms) {
    return i18n::formatDecimal(i18n::uiLanguage(), static_cast<double>(ms.count()) / 1000.0, 1);
}

// E.III 2.1: what the engine's time leaves out for the operator's handling ...
std::string reserveHeld(const session::HandlingReserveView& r) {
    // Both parts, or "5.0 s x 22 moves" would not add up to what is held from the clock alone.
    return r.increment_held > session::Ms{0} ? trf("Held for handling: {} + {} s of each increment",
                                                   formatClock(r.held_back), seconds(r.increment_held))
                                             : trf("Held for handling: {}", formatClock(r.held_back));
}

// ... and why: three clauses, each whole in the catalogue (a sentence cannot hold two plural counts).
std::string reserveWhy(const session::HandlingReserveView& r) {
    const long samples = static_cast<long>(r.samples);
    std::string why = fmt::format(
        "{}: {}", trnf("{} s x {} move", "{} s x {} moves", r.moves, seconds(r.per_move), r.moves),
        r.starting_value
            ? trnf("starting value ({} measured)", "starting value ({} measured)", samples, samples)
            : trnf("p95 of {} handling", "p95 of {} handlings", samples, samples));
    if (r.set_aside) why += trf(", one slow ({} s) set aside", seconds(*r.set_aside));
    return why;
}

// E.III 2.1: the reserve, operator only.
void drawReserve(ViewContext& ctx) {
    const auto& r = ctx.snap.handling_reserve;
    if (!r || !inPlay(ctx.snap) || ctx.state.public_display) return;
    textItem(ctx, "handling reserve", reserveHeld(*r), disabledColour(), true);
    textItem(ctx, "handling reserve why", reserveWhy(*r), disabledColour(), true);
}

// Table clock readings: either side or both; what cannot be read is refused here with the form to use.
// The width of a reading box.
float readingBoxWidth() {
    return ImGui::CalcTextSize("0:00:00").x + 24;
}

// Where a reading row's side name and box begin (window x): the name at the start edge, its box after a
// column as wide as the longer name; right to left the name ends at the right edge, the box left of it.
std::pair<float, float> readingRowAt(const std::string& name) {
    const float label_w =
        std::max(textWidth(sideName(rules::Color::White)), textWidth(sideName(rules::Color::Black))) +
        ImGui::CalcTextSize(" ").x;
    const float left = ImGui::GetCursorPosX(), right = left + ImGui::GetContentRegionAvail().x;
    if (layoutDirection() == LayoutDirection::LeftToRight) return {left, left + label_w};
    return {right - textWidth(name), right - label_w - readingBoxWidth()};
}

// The two reading boxes, each after its side's name; true when Enter was pressed in one. `box_x`: where
// the last box begins.
bool drawReadingBoxes(ViewContext& ctx, float& box_x) {
    UiState& st = ctx.state;
    bool enter = false;
    for (auto [side, text, id] : {std::tuple{rules::Color::White, &st.table_white, "##tablewhite"},
                                  std::tuple{rules::Color::Black, &st.table_black, "##tableblack"}}) {
        const auto [name_x, at] = readingRowAt(sideName(side));
        ImGui::SetCursorPosX(name_x);
        textItem(ctx, side == rules::Color::White ? "table white label" : "table black label",
                 sideName(side));
        ImGui::SameLine(at);
        ImGui::SetNextItemWidth(readingBoxWidth());
        enter |= ImGui::InputText(id, text, ImGuiInputTextFlags_EnterReturnsTrue);
        recordItem(ctx, id);
        box_x = at;
    }
    return enter;
}

// "Set clocks" after the last box when it fits there (right to left: left of the box), else on a row of
// its own from the start edge: the Persian label is longer.
void placeSetClocks(float box_x) {
    if (layoutDirection() == LayoutDirection::LeftToRight) {
        sameLineIfFits("Set clocks");
        return;
    }
    const float x = box_x - ImGui::GetStyle().ItemSpacing.x - buttonWidth("Set clocks");
    if (x < ImGui::GetCursorStartPos().x) {
        placeAlone(buttonWidth("Set clocks"));
        return;
    }
    ImGui::SameLine(x);
}

// The readings typed, as the command that sets the clocks; nullopt, with the refusal for the banner,
// when one cannot be read (an empty box leaves its side as it is).
std::optional<session::cmd::SyncClock> typedReadings(UiState& st) {
    session::cmd::SyncClock sync;
    for (auto [text, slot] :
         {std::pair{&st.table_white, &sync.white}, std::pair{&st.table_black, &sync.black}}) {
        if (text->empty()) {
            continue;
        }
        *slot = parseTyped(*text);
        if (!*slot) {
            // Kept in English like the session's refusals; the banner shows it through translateMessage.
            st.rejection =
                fmt::format(N_("Table clock reading '{}' unreadable: write 1:29:58, 45:10 or 90m"), *text);
            st.rejection_is_move = false;
            return std::nullopt;
        }
    }
    return sync;
}

void drawTableReading(ViewContext& ctx) {
    UiState& st = ctx.state;
    const bool enabled = inPlay(ctx.snap) || ctx.snap.phase == session::Phase::Adjourned;
    if (ctx.snap.resync_needed) {
        // E.III 1.1: after a resume the mirror only knows the last record; the table clock rules.
        textItem(ctx, "resync needed", tr("Resumed: re-synchronise to the table clock (enter both readings)"),
                 &kAmber, true);
    }
    textItem(ctx, "table reading title", tr("Table clock reading (h:mm:ss):"));
    ImGui::BeginDisabled(!enabled);
    float box_x = 0.f;
    const bool enter = drawReadingBoxes(ctx, box_x);
    ImGui::EndDisabled();
    placeSetClocks(box_x);  // under the boxes when the label is too long (Persian at 1280)
    const bool any = !st.table_white.empty() || !st.table_black.empty();
    if (!(actionButton(ctx, "Set clocks", enabled && any) || (enter && enabled && any))) {
        return;
    }
    if (std::optional<session::cmd::SyncClock> sync = typedReadings(st)) {
        ctx.out.push_back(*sync);
    }
}

}  // namespace

float clockPaneRows(const session::Snapshot& snap, float width) {
    float rows = 4.f;  // the reading's title and its two rows, separators
    // "Set clocks" goes under the reading boxes when it does not fit beside them (a Persian label).
    const ImGuiStyle& style = ImGui::GetStyle();
    const float side_w = std::max(ImGui::CalcTextSize(displayText(sideName(rules::Color::White)).c_str()).x,
                                  ImGui::CalcTextSize(displayText(sideName(rules::Color::Black)).c_str()).x);
    const float beside = style.WindowPadding.x + side_w + ImGui::CalcTextSize(" 0:00:00").x + 24.f +
                         style.ItemSpacing.x + ImGui::CalcTextSize(displayText(tr("Set clocks")).c_str()).x +
                         style.FramePadding.x * 2.f;
    rows += beside > width ? 1.f : 0.f;
    if (!snap.clock_sync_warning.empty()) {
        const float h = ImGui::CalcTextSize(syncWarningText(snap).c_str(), nullptr, false, width).y;
        rows += (h + ImGui::GetStyle().ItemSpacing.y) / ImGui::GetFrameHeightWithSpacing();
    }
    rows += snap.clock_paused && inPlay(snap) ? 0.75f : 0.f;  // a text line is about 3/4 of a frame row
    rows += snap.flag_reported && inPlay(snap) ? 0.75f : 0.f;
    rows += (snap.faster_rate || snap.faster_rate_available) && inPlay(snap) ? 1.f : 0.f;
    if (snap.handling_reserve && inPlay(snap)) {  // what is held back for handling, and why: wrapped lines
        const auto lines = [&](const std::string& text) {
            const std::string& shown = displayWrapped(text, width);
            return static_cast<float>(1 + std::count(shown.begin(), shown.end(), '\n'));
        };
        rows += std::max(2.25f, 0.75f * (lines(reserveHeld(*snap.handling_reserve)) +
                                         lines(reserveWhy(*snap.handling_reserve))) +
                                    0.75f);
    }
    rows += snap.resync_needed ? 1.5f : 0.f;  // the resume's request for a reading
    return rows;
}

void drawClockPane(ViewContext& ctx) {
    // The pane's own rectangle, so tests can check that its texts fit inside it in every language.
    ctx.state.widgets["pane Clocks"] = {ImGui::GetWindowPos(),
                                        {ImGui::GetWindowPos().x + ImGui::GetWindowSize().x,
                                         ImGui::GetWindowPos().y + ImGui::GetWindowSize().y},
                                        true,
                                        ""};
    drawOneClock(ctx, rules::Color::White);
    drawOneClock(ctx, rules::Color::Black);
    drawStatus(ctx);
    drawReserve(ctx);
    if (!ctx.state.public_display) {
        ImGui::Separator();
        drawTableReading(ctx);
    }
}

}  // namespace oc::ui
