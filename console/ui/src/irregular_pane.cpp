// The arbiter's rulings the console cannot see for itself: IRR-04 illegal moves entered by hand
// (unpromoted pawn, clock pressed without a move, two hands, king capture) and CLK-08 late arrival.
#include <imgui.h>
#include <imgui_stdlib.h>

#include "view_context.hpp"

namespace oc::ui {
namespace {

using session::cmd::IllegalKind;

void drawIllegalKind(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    UiState& st = ctx.state;
    static constexpr const char* kKinds[] = {"pawn left unpromoted", "clock pressed without a move",
                                             "move made with two hands", "king captured"};
    ImGui::TextUnformatted("Illegal move seen at the board (IRR-04), by");
    ImGui::RadioButton("human##ik", &st.illegal_kind_side, 0);
    ImGui::SameLine();
    ImGui::RadioButton("computer##ik", &st.illegal_kind_side, 1);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
    ImGui::Combo("##illegalkind", &st.illegal_kind, kKinds, 4);
    recordItem(ctx, "##illegalkind");
    const bool pawn = st.illegal_kind == 0;
    if (pawn) {
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
        ImGui::InputTextWithHint("##unpromoted", "a7a8", &st.illegal_kind_move);
        recordItem(ctx, "##unpromoted");
    }
    // E2005 counts neither a press without a move nor two hands as an illegal move (IRR-04).
    const bool only2023 = st.illegal_kind == 1 || st.illegal_kind == 2;
    // On its own row: the middle column is narrow (a clipped button cannot be clicked).
    const bool ok =
        inPlay(snap) && !(only2023 && snap.setup.edition == 2005) && !(pawn && st.illegal_kind_move.empty());
    if (confirmButton(ctx, "Rule illegal move", ok)) {
        const rules::Color computer = snap.setup.computer_side;
        ctx.out.push_back(session::cmd::ArbiterIllegalKind{static_cast<IllegalKind>(st.illegal_kind),
                                                           st.illegal_kind_side == 1 ? computer : ~computer,
                                                           pawn ? st.illegal_kind_move : ""});
    }
    if (only2023 && snap.setup.edition == 2005) {
        ImGui::SameLine();
        ImGui::TextColored(kGrey, "not an illegal move under the 2005 Laws (13.4)");
    }
}

// CLK-08: the arrival is recorded when it happens; the console only proposes the forfeit.
void drawArrival(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    const rules::Color computer = snap.setup.computer_side;
    ImGui::TextUnformatted("Arrived at the board now (CLK-08):");
    if (actionButton(ctx, "Human arrived", inPlay(snap))) ctx.out.push_back(session::cmd::Arrival{~computer});
    ImGui::SameLine();
    if (actionButton(ctx, "Operator arrived", inPlay(snap)))
        ctx.out.push_back(session::cmd::Arrival{computer});
    if (!snap.forfeit_proposed) return;
    ImGui::TextColored(kAmber, "%s (%s) arrived after the default time: forfeit proposed.",
                       sideName(*snap.forfeit_proposed), roleOf(snap, *snap.forfeit_proposed));
    if (confirmButton(ctx, "Confirm forfeit", inPlay(snap)))
        ctx.out.push_back(session::cmd::ArbiterForfeit{true});
    if (confirmButton(ctx, "Arbiter decides otherwise: play on", inPlay(snap)))
        ctx.out.push_back(session::cmd::ArbiterForfeit{false});
}

}  // namespace

void drawIrregularControls(ViewContext& ctx) {
    drawIllegalKind(ctx);
    ImGui::Separator();
    drawArrival(ctx);
}

}  // namespace oc::ui
