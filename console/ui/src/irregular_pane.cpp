// The arbiter's rulings the console cannot see for itself: IRR-04 illegal moves entered by hand
// (unpromoted pawn, clock pressed without a move, two hands, king capture) and CLK-08 late arrival.
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <array>

#include "i18n/tr.hpp"
#include "view_context.hpp"

namespace oc::ui {

using i18n::tr;
using session::cmd::IllegalKind;

namespace {

// The first row: who made the illegal move and what it was.
void drawWhoAndWhat(ViewContext& ctx) {
    UiState& st = ctx.state;
    // In cmd::IllegalKind's order; translated each frame (the language may change between games).
    const char* kinds[] = {tr("pawn left unpromoted"), tr("clock pressed without a move"),
                           tr("move made with two hands"), tr("king captured"),
                           tr("illegal move completed on the board")};
    DirectedRow row;  // from the right in a right-to-left UI
    row.next(textWidth(tr("IRR-04 by")));
    textItem(ctx, "illegal kind title", tr("IRR-04 by"));
    const char* human = i18n::trc("role", "human");
    const char* computer = i18n::trc("role", "computer");
    const std::string human_label = fmt::format("{}###ikhuman", displayText(human));
    row.next(tickWidth(human_label));
    radioButton(ctx, "illegal kind human", human_label, human, &st.illegal_kind_side, 0);
    const std::string computer_label = fmt::format("{}###ikcomputer", displayText(computer));
    row.next(tickWidth(computer_label));
    radioButton(ctx, "illegal kind computer", computer_label, computer, &st.illegal_kind_side, 1);
    const float width = row.fillRest();  // the kind fills the rest of the row
    constexpr int kKinds = static_cast<int>(std::size(kinds));
    const char* chosen = st.illegal_kind >= 0 && st.illegal_kind < kKinds ? kinds[st.illegal_kind] : "";
    if (!beginCombo(ctx, "##illegalkind", "##illegalkind", displayText(chosen), width, chosen)) return;
    for (int i = 0; i < kKinds; ++i)
        if (ImGui::Selectable(fmt::format("{}###kind{}", displayText(kinds[i]), i).c_str(),
                              i == st.illegal_kind))
            st.illegal_kind = i;
    endCombo();
}

// The unpromoted pawn's move, at the start of the second row (its start edge: right to left, the right).
void drawUnpromotedMove(ViewContext& ctx, DirectedRow& row) {
    row.next(ImGui::GetFontSize() * 5);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
    ImGui::InputTextWithHint("##unpromoted", "a7a8", &ctx.state.illegal_kind_move, kMoveBoxFlags,
                             moveBoxFilter);
    recordItem(ctx, "##unpromoted");
}

// The ruling as chosen: the kind, the side that made the move, and the pawn's move for an unpromoted pawn.
session::cmd::ArbiterIllegalKind illegalKindRuling(const ViewContext& ctx) {
    const UiState& st = ctx.state;
    const rules::Color computer = ctx.snap.setup.computer_side;
    return {static_cast<IllegalKind>(st.illegal_kind), st.illegal_kind_side == 1 ? computer : ~computer,
            st.illegal_kind == 0 ? st.illegal_kind_move : ""};
}

}  // namespace

void drawIllegalKind(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    UiState& st = ctx.state;
    // Two rows, so the Arbiter tab still fits 1280x800: who and what; then the pawn's move and the ruling.
    drawWhoAndWhat(ctx);
    const bool pawn = st.illegal_kind == 0;
    DirectedRow row;
    if (pawn) drawUnpromotedMove(ctx, row);
    // E2005 counts neither a press without a move nor two hands as an illegal move (IRR-04).
    const bool only2023 = st.illegal_kind == 1 || st.illegal_kind == 2;
    const bool ok = inPlay(snap) && !(only2023 && snap.setup.edition == rules::Edition::E2005) &&
                    !(pawn && st.illegal_kind_move.empty());
    row.next(confirmButtonWidth(ctx, "Rule illegal move", ok));
    if (confirmButton(ctx, "Rule illegal move", ok, true)) {
        ctx.out.push_back(illegalKindRuling(ctx));
    }
    if (only2023 && snap.setup.edition == rules::Edition::E2005) {
        ImGui::SameLine();
        textItem(ctx, "not illegal in 2005", tr("not an illegal move under the 2005 Laws (13.4)"), &kGrey,
                 true);
    }
}

// Why `side`'s arrival can no longer be recorded now (nullptr: it can): each button that is off says so.
const char* arrivalClosed(const session::Snapshot& snap, rules::Color side) {
    if (snap.arrived[side]) return tr("arrival recorded");
    if (snap.pressed_this_session[side]) return tr("has moved: at the board");
    return nullptr;
}

// CLK-08: the arrival is recorded when it happens; the console only proposes the forfeit.
void drawArrival(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    const rules::Color computer = snap.setup.computer_side;
    textItem(ctx, "arrival title", tr("Arrived at the board now (CLK-08):"));
    const char* closed_human = arrivalClosed(snap, ~computer);
    const char* closed_operator = arrivalClosed(snap, computer);
    DirectedRow row;  // from the right in a right-to-left UI
    row.next(buttonWidth("Human arrived"));
    if (actionButton(ctx, "Human arrived", inPlay(snap) && !closed_human))
        ctx.out.push_back(session::cmd::Arrival{~computer});
    if (closed_human) {
        row.nextOrWrap(textWidth(closed_human));
        textItem(ctx, "human arrival closed", closed_human, &kGrey);
    }
    row.nextOrWrap(buttonWidth("Operator arrived"));
    if (actionButton(ctx, "Operator arrived", inPlay(snap) && !closed_operator))
        ctx.out.push_back(session::cmd::Arrival{computer});
    if (closed_operator) {
        row.nextOrWrap(textWidth(closed_operator));
        textItem(ctx, "operator arrival closed", closed_operator, &kGrey);
    }
}

// CLK-08: the proposal stays on top of the Arbiter tab until the arbiter rules it.
void drawForfeitProposal(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    if (!snap.forfeit_proposed) return;
    // Art. 6.7: arriving after the default time loses the game, unless the arbiter decides otherwise.
    textItem(ctx, "forfeit proposed",
             i18n::trf("{} ({}) arrived after the default time: forfeit proposed.",
                       sideName(*snap.forfeit_proposed), roleOf(snap, *snap.forfeit_proposed)),
             &kAmber, true);
    if (confirmButtonAlone(ctx, "Confirm forfeit", inPlay(snap)))
        ctx.out.push_back(session::cmd::ArbiterForfeit{true});
    if (confirmButtonAlone(ctx, "Arbiter decides otherwise: play on", inPlay(snap)))
        ctx.out.push_back(session::cmd::ArbiterForfeit{false});
    ImGui::Separator();
}

}  // namespace oc::ui
