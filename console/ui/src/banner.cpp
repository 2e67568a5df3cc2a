// The banner: one line in large type saying what the operator must do now, then who plays whom.
#include <fmt/format.h>

#include "ui/console_view.hpp"
#include "view_context.hpp"

namespace oc::ui {

namespace {

using session::Phase;

struct Instruction {
    std::string text;
    ImVec4 colour;
};

Instruction phaseInstruction(const session::Snapshot& snap) {
    switch (snap.phase) {
        case Phase::HumanToMove:
            return {snap.seal_requested ? "HUMAN SEALS on paper: press 'Envelope sealed'"
                                        : "HUMAN TO MOVE: type the move, Enter",
                    kGreen};
        case Phase::EngineThinking:
            return {snap.seal_requested ? "SEAL REQUESTED: the computer is choosing (not shown)"
                                        : "ENGINE THINKING: wait",
                    kBlue};
        case Phase::EngineMoveHeld:
            return {"RECORD the previous move first", kAmber};
        case Phase::EngineMoveShown:
            return {snap.computer_move_withheld ? "COMPUTER HAS CHOSEN: seal it (Adjournment)"
                                                : "PLAY THE COMPUTER'S MOVE",
                    kAmber};
        case Phase::EngineMoveMade:
            return {"PRESS THE CLOCK", kAmber};
        case Phase::ClaimPending:
            return {"HUMAN'S CLAIM: decide (Draws & result)", kAmber};
        case Phase::Adjourned:
            return {"ADJOURNED: envelope record, then resume with the arbiter", kAmber};
        case Phase::GameOver:
            return {fmt::format("GAME OVER  {}  {}", snap.result, snap.termination), kRed};
        case Phase::Setup:
            break;
    }
    return {"EVENT SETUP", kGrey};
}

// What the audience may know of the game's state (Q18): never whether the computer has chosen a move
// under a seal request, nor a flag before the arbiter rules on it.
Instruction publicInstruction(const session::Snapshot& snap) {
    if (snap.phase == Phase::GameOver) {
        return {fmt::format("GAME OVER  {}  ({})", snap.result, snap.termination), kAmber};
    }
    if (snap.phase == Phase::Adjourned) return {"ADJOURNED", kAmber};
    if (snap.clock_paused) return {"PAUSED BY THE ARBITER", kAmber};
    if (snap.seal_requested) return {"ADJOURNMENT: THE MOVE IS BEING SEALED", kAmber};
    return {"GAME IN PROGRESS", kGrey};
}

// Conditions that override the phase: the arbiter's pause, a reported flag.
Instruction bannerInstruction(const session::Snapshot& snap, bool public_display) {
    if (public_display) return publicInstruction(snap);
    if (!snap.journal_failure.empty()) {
        return {"JOURNAL CANNOT BE WRITTEN: STOP THE CLOCKS, CALL THE ARBITER", kRed};
    }
    if (snap.flag_reported && snap.phase != Phase::GameOver) {
        return {fmt::format("FLAG REPORTED ({}): arbiter confirms", sideName(*snap.flag_reported)), kRed};
    }
    // An adjourned game's clocks are stopped too, but the adjournment is what the operator must see.
    if (snap.clock_paused && snap.phase != Phase::GameOver && snap.phase != Phase::Adjourned) {
        return {"CLOCKS PAUSED BY THE ARBITER", kAmber};
    }
    if (snap.module_request && snap.phase != Phase::GameOver) {
        // E.III 3.4: the computer's instruction to change a resource is mandatory; it waits for the operator.
        return {fmt::format("COMPUTER'S INSTRUCTION: set {} to {}, then confirm (Draws & result)",
                            snap.module_request->name, snap.module_request->value),
                kAmber};
    }
    Instruction i = phaseInstruction(snap);
    if (snap.previous_unrecorded && snap.phase == Phase::HumanToMove) {
        i.text += "  (and record the computer's move)";
    }
    if (snap.human_offer_pending && snap.phase != Phase::GameOver) {
        // Art. 9.1: the offer stands until answered or rejected by the computer's move.
        i.text += fmt::format("  -  HUMAN OFFERS A DRAW (policy: {})",
                              snap.indication.accept_draw ? "accept" : "decline");
    }
    return i;
}

// The public display turns its own board (human's side or White at the bottom); the operator's view
// keeps its flip.
void drawViewToggles(ViewContext& ctx) {
    UiState& st = ctx.state;
    const bool white_bottom = st.public_orientation == PublicOrientation::WhiteAtBottom;
    const char* flip = !st.public_display ? "Flip board"
                       : white_bottom     ? "Human at bottom"
                                          : "White at bottom";
    const char* pub = st.public_display ? "Operator view" : "Public display";
    const ImGuiStyle& style = ImGui::GetStyle();
    const float w = ImGui::CalcTextSize(flip).x + ImGui::CalcTextSize(pub).x + style.FramePadding.x * 4.f +
                    style.ItemSpacing.x;
    ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - w);
    // With the human playing White both public orientations are the same board: nothing to choose.
    const bool can_turn = !st.public_display || ctx.snap.setup.computer_side == rules::Color::White;
    if (actionButton(ctx, flip, can_turn)) {
        if (st.public_display) {
            st.public_orientation =
                white_bottom ? PublicOrientation::HumanAtBottom : PublicOrientation::WhiteAtBottom;
        } else {
            st.flip_board = !st.flip_board;
        }
    }
    ImGui::SameLine();
    if (actionButton(ctx, pub, true)) {
        st.public_display = !st.public_display;
    }
}

}  // namespace

std::string publicState(const session::Snapshot& snap) {
    return publicInstruction(snap).text;
}

void drawBanner(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    const Instruction i = bannerInstruction(snap, ctx.state.public_display);
    ImGui::PushFont(ctx.fonts.heading);
    ImGui::TextColored(i.colour, "%s", i.text.c_str());
    ImGui::PopFont();
    drawViewToggles(ctx);
    if (!snap.journal_failure.empty() && !ctx.state.public_display) {
        // Nothing after the failure is on disk, so nothing after it is shown: the reason, in red.
        ImGui::TextColored(kRed, "%s", snap.journal_failure.c_str());
        recordItem(ctx, "banner journal failure");
        return;
    }
    if (!ctx.state.rejection.empty() && !ctx.state.rejection_is_move && !ctx.state.public_display) {
        ImGui::TextColored(kRed, "Refused: %s", ctx.state.rejection.c_str());
        recordItem(ctx, "banner rejection");
        return;
    }
    ImGui::Text("%s (%s)  vs  %s (%s)    %s, round %s, board %s", snap.setup.white.c_str(),
                roleOf(snap, rules::Color::White), snap.setup.black.c_str(),
                roleOf(snap, rules::Color::Black), snap.setup.event.c_str(), snap.setup.round.c_str(),
                snap.setup.board.c_str());
}

}  // namespace oc::ui
