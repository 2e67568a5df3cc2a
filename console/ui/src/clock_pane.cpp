// Both clocks as the console mirrors them, and the table clock reading that overrides them (E.III 1.1).
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <tuple>

#include "view_context.hpp"

namespace oc::ui {

namespace {

// The role ("computer") is shortened, then left out, when the pane is too narrow for it beside the time:
// at 1280 px the full label ran into the digits.
std::string fittingRole(const session::Snapshot& snap, rules::Color side, float room) {
    const std::string role = roleOf(snap, side);
    for (std::string candidate : {"(" + role + ")", "(" + role.substr(0, 4) + ".)"})
        if (ImGui::CalcTextSize(candidate.c_str()).x <= room) return candidate;
    return "";
}

void drawOneClock(ViewContext& ctx, rules::Color side) {
    const session::Snapshot& snap = ctx.snap;
    const bool running = snap.clock_running == side && !snap.clock_paused;
    const session::Ms left = snap.remaining[side];
    const std::string text = formatClock(left);
    ImGui::PushFont(ctx.fonts.heading);
    const float time_w = ImGui::CalcTextSize(text.c_str()).x;
    ImGui::PopFont();
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const std::string label = fmt::format("{} {}", running ? ">" : " ", sideName(side));
    const float room =
        ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize(label.c_str()).x - time_w - 3.f * spacing;
    ImGui::TextColored(running ? kGreen : kGrey, "%s", label.c_str());
    if (const std::string role = fittingRole(snap, side, room); !role.empty()) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s", role.c_str());
        recordItem(ctx, side == rules::Color::White ? "white role" : "black role");
    }
    ImGui::PushFont(ctx.fonts.heading);
    const ImVec4 colour = left.count() <= 0 ? kRed
                          : running         ? kGreen
                                            : ImGui::GetStyle().Colors[ImGuiCol_Text];
    ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - time_w);
    ImGui::TextColored(colour, "%s", text.c_str());
    recordItem(ctx, side == rules::Color::White ? "white clock" : "black clock");
    ImGui::PopFont();
}

void drawStatus(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    if (snap.clock_waits_for_sealed_move && inPlay(snap)) {
        ImGui::TextColored(kAmber, "Stopped: make the sealed move, then press (starts the human's clock)");
    }
    if (snap.clock_paused && inPlay(snap)) {
        ImGui::TextColored(
            kAmber, "%s",
            snap.phase == session::Phase::Adjourned ? "Stopped: adjourned" : "Paused by the arbiter");
    }
    if (snap.flag_reported && inPlay(snap)) {
        ImGui::TextColored(kRed, "%s flag reported", sideName(*snap.flag_reported));
    }
    if (!snap.clock_sync_warning.empty() && !ctx.state.public_display) {
        // CLK-01 (docs/clock.md): a difference over the tolerance is highlighted until the next reading.
        ImGui::PushTextWrapPos(0.f);
        ImGui::TextColored(kAmber, "%s", snap.clock_sync_warning.c_str());
        recordItem(ctx, "clock sync warning");
        ImGui::PopTextWrapPos();
    }
    if ((snap.faster_rate || snap.faster_rate_available) && inPlay(snap) && !ctx.state.public_display) {
        const char* label = snap.faster_rate ? "Back to normal rate" : "Faster rate (E.III 2.2)";
        if (actionButton(ctx, label, snap.faster_rate_available)) {
            ctx.out.push_back(session::cmd::FasterRate{!snap.faster_rate});
        }
        if (snap.faster_rate) {
            ImGui::SameLine();
            ImGui::TextColored(kAmber, "ON");
        }
    }
}

// E.III 2.1: what the engine's time leaves out for the operator's handling, and why (operator only).
void drawReserve(ViewContext& ctx) {
    const auto& r = ctx.snap.handling_reserve;
    if (!r || !inPlay(ctx.snap) || ctx.state.public_display) return;
    const double per_move = static_cast<double>(r->per_move.count()) / 1000.0;
    // Both parts, or "5.0 s x 22 moves" would not add up to what is held from the clock alone.
    std::string held = fmt::format("Held for handling: {}", formatClock(r->held_back));
    if (r->increment_held > session::Ms{0})
        held += fmt::format(" + {:.1f} s of each increment",
                            static_cast<double>(r->increment_held.count()) / 1000.0);
    ImGui::PushTextWrapPos(0.f);
    ImGui::TextDisabled("%s", held.c_str());
    ImGui::PopTextWrapPos();
    recordItem(ctx, "handling reserve");
    std::string why = fmt::format("{:.1f} s x {} moves: ", per_move, r->moves);
    why += r->starting_value ? fmt::format("starting value ({} measured)", r->samples)
                             : fmt::format("p95 of {} handlings", r->samples);
    if (r->set_aside)
        why += fmt::format(", one slow ({:.1f} s) set aside",
                           static_cast<double>(r->set_aside->count()) / 1000.0);
    ImGui::PushTextWrapPos(0.f);
    ImGui::TextDisabled("%s", why.c_str());
    ImGui::PopTextWrapPos();
    recordItem(ctx, "handling reserve why");
}

// Table clock readings: either side or both; what cannot be read is refused here with the form to use.
void drawTableReading(ViewContext& ctx) {
    UiState& st = ctx.state;
    const bool enabled = inPlay(ctx.snap) || ctx.snap.phase == session::Phase::Adjourned;
    if (ctx.snap.resync_needed) {
        // E.III 1.1: after a resume the mirror only knows the last record; the table clock rules.
        ImGui::PushTextWrapPos(0.f);
        ImGui::TextColored(kAmber, "Resumed: re-synchronise to the table clock (enter both readings)");
        recordItem(ctx, "resync needed");
        ImGui::PopTextWrapPos();
    }
    ImGui::TextUnformatted("Table clock reading (h:mm:ss):");
    ImGui::BeginDisabled(!enabled);
    const float label_w = ImGui::CalcTextSize("White ").x;
    const float w = ImGui::CalcTextSize("0:00:00").x + 24;
    bool enter = false;
    for (auto [name, text, id] : {std::tuple{"White", &st.table_white, "##tablewhite"},
                                  std::tuple{"Black", &st.table_black, "##tableblack"}}) {
        ImGui::TextUnformatted(name);
        ImGui::SameLine(label_w + ImGui::GetStyle().WindowPadding.x);
        ImGui::SetNextItemWidth(w);
        enter |= ImGui::InputText(id, text, ImGuiInputTextFlags_EnterReturnsTrue);
        recordItem(ctx, id);
    }
    ImGui::EndDisabled();
    ImGui::SameLine();
    const bool any = !st.table_white.empty() || !st.table_black.empty();
    if (!(actionButton(ctx, "Set clocks", enabled && any) || (enter && enabled && any))) {
        return;
    }
    session::cmd::SyncClock sync;
    for (auto [text, slot] :
         {std::pair{&st.table_white, &sync.white}, std::pair{&st.table_black, &sync.black}}) {
        if (text->empty()) {
            continue;
        }
        *slot = parseTyped(*text);
        if (!*slot) {
            st.rejection =
                fmt::format("Table clock reading '{}' unreadable: write 1:29:58, 45:10 or 90m", *text);
            st.rejection_is_move = false;
            return;
        }
    }
    ctx.out.push_back(sync);
}

}  // namespace

float clockPaneRows(const session::Snapshot& snap, float width) {
    float rows = 4.f;  // the reading's title and its two rows, separators
    if (!snap.clock_sync_warning.empty()) {
        const float h = ImGui::CalcTextSize(snap.clock_sync_warning.c_str(), nullptr, false, width).y;
        rows += (h + ImGui::GetStyle().ItemSpacing.y) / ImGui::GetFrameHeightWithSpacing();
    }
    rows += snap.clock_paused && inPlay(snap) ? 0.75f : 0.f;  // a text line is about 3/4 of a frame row
    rows += snap.flag_reported && inPlay(snap) ? 0.75f : 0.f;
    rows += (snap.faster_rate || snap.faster_rate_available) && inPlay(snap) ? 1.f : 0.f;
    rows += snap.handling_reserve && inPlay(snap) ? 2.25f : 0.f;  // what is held back for handling, and why
    rows += snap.resync_needed ? 1.5f : 0.f;                      // the resume's request for a reading
    return rows;
}

void drawClockPane(ViewContext& ctx) {
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
