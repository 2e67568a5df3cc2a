// Issue 22, item 11: the human's move entered on the drawn board. A click on one of his pieces and one
// on its destination (or a drag from one to the other) writes the move into the move box in the event's
// notation; a promotion asks for the piece. Enter then commits it as if typed, so the operator sees the
// move before it counts. The view knows no rules: the session lists the legal moves with their text.
#include <fmt/format.h>
#include <imgui.h>

#include <string>
#include <vector>

#include "i18n/tr.hpp"
#include "ui/board_picture.hpp"
#include "view_context.hpp"

namespace oc::ui {

namespace {

// Whether the board takes the human's move now: his move is due and not being sealed on paper.
bool entryOpen(const session::Snapshot& snap) {
    return snap.phase == session::Phase::HumanToMove && !snap.seal_requested && !snap.entry_moves.empty();
}

// The entry moves from `from`, and to `to` unless it is -1.
std::vector<const session::EntryMove*> movesBetween(const session::Snapshot& snap, int from, int to = -1) {
    std::vector<const session::EntryMove*> out;
    for (const session::EntryMove& m : snap.entry_moves) {
        const auto [f, t] = uciSquares(m.uci);
        if (f == from && (to < 0 || t == to)) out.push_back(&m);
    }
    return out;
}

// The move box gets `text`, as if typed: ImGui drops its own copy of the old text (a new generation).
void fillMoveBox(UiState& st, const std::string& text) {
    st.move_text = text;
    ++st.move_box_generation;
    st.board_from = -1;
    st.promotion_choices.clear();
}

// The piece on `from` goes to `to`: one move fills the box; four (a promotion) ask which piece.
void choose(UiState& st, const session::Snapshot& snap, int from, int to) {
    const auto moves = movesBetween(snap, from, to);
    if (moves.size() == 1) return fillMoveBox(st, moves.front()->text);
    st.promotion_choices.clear();
    for (const session::EntryMove* m : moves) st.promotion_choices.push_back(*m);
    st.board_from = -1;
    st.promotion_opening = true;  // opened next frame: ImGui closes a popup opened under a click
}

// A press picks a piece of the human's, or completes a pick; a release elsewhere completes a drag.
void follow(UiState& st, const session::Snapshot& snap, const BoardClick& click) {
    const int from = st.board_from;
    if (click.pressed >= 0) {
        if (from >= 0 && !movesBetween(snap, from, click.pressed).empty())
            return choose(st, snap, from, click.pressed);
        st.board_from = movesBetween(snap, click.pressed).empty() ? -1 : click.pressed;
    }
    if (click.released >= 0 && from >= 0 && click.released != from &&
        !movesBetween(snap, from, click.released).empty())
        choose(st, snap, from, click.released);
}

// Art. 3.7.3.3: the promotion piece is the player's choice; each choice as a button with its move text.
// The picker opens over the promotion square (`anchor`, its cell's corner).
void drawPromotionPicker(ViewContext& ctx, ImVec2 anchor) {
    UiState& st = ctx.state;
    if (st.promotion_opening && !ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
        ImGui::SetNextWindowPos(anchor);
        ImGui::OpenPopup("promotion");
        st.promotion_opening = false;
    }
    if (!ImGui::BeginPopup("promotion")) {
        if (!st.promotion_opening) st.promotion_choices.clear();  // closed without a choice
        return;
    }
    uiText(i18n::tr("Promote to:"));
    for (const session::EntryMove& m : std::vector<session::EntryMove>(st.promotion_choices)) {
        ImGui::SameLine();
        const std::string name = "promote " + m.uci;
        if (ImGui::Button(fmt::format("{}###{}", m.text, name).c_str())) {
            fillMoveBox(st, m.text);
            ImGui::CloseCurrentPopup();
        }
        recordItem(ctx, name.c_str(), m.text);
        ctx.state.widgets[name].clickable = true;
    }
    ImGui::EndPopup();
}

// The squares by name in the widget map ("square e2"): tests click the board as an operator would.
void recordSquares(ViewContext& ctx, const BoardPicture& picture, ImVec2 top_left, float side) {
    for (int sq = 0; sq < 64; ++sq) {
        const auto [a, b] = squareRect(picture, top_left, side, sq);
        const std::string name = fmt::format("square {}{}", static_cast<char>('a' + sq % 8), sq / 8 + 1);
        ctx.state.widgets[name] = {a, b, true, std::string(1, picture.squares[static_cast<std::size_t>(sq)])};
    }
}

}  // namespace

void markBoardEntry(const session::Snapshot& snap, UiState& st, BoardPicture& picture) {
    if (!entryOpen(snap)) {
        st.board_from = -1;
        return;
    }
    picture.selected = st.board_from;
    if (st.board_from < 0) return;
    for (const session::EntryMove* m : movesBetween(snap, st.board_from))
        picture.targets |= std::uint64_t{1} << uciSquares(m->uci).second;
}

void drawBoardEntry(ViewContext& ctx, const BoardPicture& picture, const BoardClick& click, ImVec2 top_left,
                    float side) {
    if (!entryOpen(ctx.snap)) return;
    recordSquares(ctx, picture, top_left, side);
    follow(ctx.state, ctx.snap, click);
    const auto& choices = ctx.state.promotion_choices;
    const int square = choices.empty() ? 0 : uciSquares(choices.front().uci).second;
    drawPromotionPicker(ctx, squareRect(picture, top_left, side, square).first);
}

}  // namespace oc::ui
