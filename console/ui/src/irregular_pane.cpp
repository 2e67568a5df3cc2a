// The arbiter's rulings the console cannot see for itself: IRR-04 illegal moves entered by hand
// (unpromoted pawn, clock pressed without a move, two hands, king capture) and CLK-08 late arrival.
#include <imgui.h>
#include <imgui_stdlib.h>

#include "view_context.hpp"

namespace oc::ui {

using session::cmd::IllegalKind;

void drawIllegalKind(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    UiState& st = ctx.state;
    static constexpr const char* kKinds[] = {"pawn left unpromoted", "clock pressed without a move",
                                             "move made with two hands", "king captured"};
    // Two rows, so the Arbiter tab still fits 1280x800: who and what; then the pawn's move and the ruling.
    ImGui::TextUnformatted("IRR-04 by");
    ImGui::SameLine();
    ImGui::RadioButton("human##ik", &st.illegal_kind_side, 0);
    ImGui::SameLine();
    ImGui::RadioButton("computer##ik", &st.illegal_kind_side, 1);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1.f);
    ImGui::Combo("##illegalkind", &st.illegal_kind, kKinds, 4);
    recordItem(ctx, "##illegalkind");
    const bool pawn = st.illegal_kind == 0;
    if (pawn) {
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
        ImGui::InputTextWithHint("##unpromoted", "a7a8", &st.illegal_kind_move);
        recordItem(ctx, "##unpromoted");
        ImGui::SameLine();
    }
    // E2005 counts neither a press without a move nor two hands as an illegal move (IRR-04).
    const bool only2023 = st.illegal_kind == 1 || st.illegal_kind == 2;
    const bool ok = inPlay(snap) && !(only2023 && snap.setup.edition == rules::Edition::E2005) &&
                    !(pawn && st.illegal_kind_move.empty());
    if (confirmButton(ctx, "Rule illegal move", ok)) {
        const rules::Color computer = snap.setup.computer_side;
        ctx.out.push_back(session::cmd::ArbiterIllegalKind{static_cast<IllegalKind>(st.illegal_kind),
                                                           st.illegal_kind_side == 1 ? computer : ~computer,
                                                           pawn ? st.illegal_kind_move : ""});
    }
    if (only2023 && snap.setup.edition == rules::Edition::E2005) {
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
}

// CLK-08: the proposal stays on top of the Arbiter tab until the arbiter rules it.
void drawForfeitProposal(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    if (!snap.forfeit_proposed) return;
    ImGui::TextColored(kAmber, "%s (%s) arrived after the default time: forfeit proposed.",
                       sideName(*snap.forfeit_proposed), roleOf(snap, *snap.forfeit_proposed));
    if (confirmButton(ctx, "Confirm forfeit", inPlay(snap)))
        ctx.out.push_back(session::cmd::ArbiterForfeit{true});
    if (confirmButton(ctx, "Arbiter decides otherwise: play on", inPlay(snap)))
        ctx.out.push_back(session::cmd::ArbiterForfeit{false});
    ImGui::Separator();
}

}  // namespace oc::ui
