// The operator's cycle (E.III 1.3-1.4): the human's move typed in, the computer's move shown big with
// its three steps. Both halves are always drawn so the layout never jumps; the one not in turn is greyed.
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <array>
#include <span>
#include <string_view>
#include <tuple>
#include <utility>

#include "i18n/mark.hpp"
#include "i18n/tr.hpp"
#include "rules/notation.hpp"
#include "ui/eboard_text.hpp"
#include "view_context.hpp"

namespace oc::ui {

namespace {

using i18n::N_;
using i18n::tr;
using i18n::trf;
using session::Phase;

bool humanTurn(const session::Snapshot& snap) {
    return snap.phase == Phase::HumanToMove;
}

// Turns the typed text into the session's command; a bad clock-press time is refused here, text kept.
void submitHumanMove(ViewContext& ctx) {
    UiState& st = ctx.state;
    if (ctx.snap.seal_requested) {
        ctx.out.push_back(session::cmd::SealHumanMove{});  // the move stays on paper (Guidelines I.1)
        return;
    }
    session::cmd::HumanMove move{st.move_text, std::nullopt, st.draw_offer};
    if (!st.pressed_ago.empty()) {
        const auto ago = parseTyped(st.pressed_ago);
        if (!ago || ago->count() < 0) {
            // Kept in English like the session's refusals; shown through translateMessage.
            st.rejection =
                N_("Clock pressed: write how long ago, e.g. 12 (seconds) or 1:05; or leave it empty");
            st.rejection_is_move = true;
            return;
        }
        move.pressed_at = ctx.now - *ago;
    }
    ctx.out.push_back(move);
}

// Appends typed characters (UCS-2 in ImGui 1.86) to `text` as UTF-8.
void appendUtf8(std::string& text, const ImWchar* begin, const ImWchar* end) {
    for (const ImWchar c : std::span(begin, end)) {
        const auto u = static_cast<unsigned>(c);
        if (u < 0x20 || u == 0x7F) continue;
        if (u < 0x80) {
            text.push_back(static_cast<char>(u));
        } else if (u < 0x800) {
            text.push_back(static_cast<char>(0xC0 | (u >> 6)));
            text.push_back(static_cast<char>(0x80 | (u & 0x3F)));
        } else {
            text.push_back(static_cast<char>(0xE0 | (u >> 12)));
            text.push_back(static_cast<char>(0x80 | ((u >> 6) & 0x3F)));
            text.push_back(static_cast<char>(0x80 | (u & 0x3F)));
        }
    }
}

// The move box. ImGui 1.86 activates it one frame after SetKeyboardFocusHere(), and an InputText ignores
// the keys of its activation frame; under heavy load the operator's first keys land in exactly those two
// frames (keyboard_flow.sh lost an Enter). Keys of the asking frame go straight into the text; those of
// the activation frame are replayed in the next one. True when Enter submits the box.
bool moveBox(UiState& st, bool focus) {
    ImGuiIO& io = ImGui::GetIO();
    const bool enter_key = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false);
    if (focus) {
        ImGui::SetKeyboardFocusHere();
        appendUtf8(st.move_text, st.carried_chars.data(), st.carried_chars.data() + st.carried_chars.size());
        appendUtf8(st.move_text, io.InputQueueCharacters.begin(), io.InputQueueCharacters.end());
    } else {
        for (std::size_t i = 0; i < st.carried_chars.size(); ++i) {  // before this frame's own characters
            io.InputQueueCharacters.insert(io.InputQueueCharacters.begin() + i, st.carried_chars[i]);
        }
    }
    st.carried_chars.clear();
    ImGui::PushID(st.move_box_generation);
    bool entered = ImGui::InputText("##move", &st.move_text,
                                    ImGuiInputTextFlags_EnterReturnsTrue | kMoveBoxFlags, moveBoxFilter);
    const bool activated = ImGui::IsItemActivated();
    ImGui::PopID();
    entered = std::exchange(st.carried_enter, false) || entered;
    if (activated) st.carried_chars.assign(io.InputQueueCharacters.begin(), io.InputQueueCharacters.end());
    if (enter_key && (focus || activated)) {
        (activated && !st.carried_chars.empty() ? st.carried_enter : entered) = true;
    }
    return entered;
}

// Art. 9.1 / App. C.12: "(=)" typed with the move is the offer; the box shows it ticked before Enter
// (and cannot be unticked while the mark is in the text: the session reads the mark either way).
void drawOfferBox(ViewContext& ctx, DirectedRow& row) {
    UiState& st = ctx.state;
    const bool typed = rules::hasDrawOfferMark(st.move_text);
    bool offer = st.draw_offer || typed;
    const std::string label = translatedLabel(N_("(=) draw offer"));
    row.next(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
             ImGui::CalcTextSize(label.c_str(), nullptr, true).x);
    ImGui::BeginDisabled(typed);
    if (checkBox(ctx, "(=) draw offer", label, tr("(=) draw offer"), &offer) && !typed) st.draw_offer = offer;
    ImGui::EndDisabled();
    if (typed) recordItemState(ctx, "(=) typed with the move", tr("(=) draw offer"));
    // GUI flows wait for the tick to be taken before the human's press, as the operator sees it drawn.
    if (offer) recordItemState(ctx, "(=) draw offer ticked", tr("(=) draw offer"));
}

// The words before and after the input box of a "... {} ..." pattern, so a translation may put the box
// anywhere in its sentence (one msgid, not two glued pieces).
std::pair<std::string, std::string> aroundBox(std::string_view pattern) {
    const auto at = pattern.find("{}");
    if (at == std::string_view::npos) return {std::string(pattern), ""};
    const auto trim = [](std::string_view t) {
        const auto b = t.find_first_not_of(' ');
        return b == std::string_view::npos ? std::string()
                                           : std::string(t.substr(b, t.find_last_not_of(' ') - b + 1));
    };
    return {trim(pattern.substr(0, at)), trim(pattern.substr(at + 2))};
}

// The draw offer made with the move and when the human pressed the clock. True when Enter was pressed in
// the "pressed N s ago" box: it submits the move, as Enter in the move box does.
bool drawEntryOptions(ViewContext& ctx, bool active) {
    UiState& st = ctx.state;
    ImGui::BeginDisabled(!active || ctx.snap.seal_requested);
    DirectedRow row;  // from the right in a right-to-left UI
    drawOfferBox(ctx, row);
    // TRANSLATORS: {} is a box where the operator types how many seconds ago the human pressed the clock.
    const auto [before, after] = aroundBox(tr("pressed {} s ago"));
    float gap = 24.f;  // after the offer box
    if (!before.empty()) {
        row.next(textWidth(before), std::exchange(gap, -1.f));
        textItem(ctx, "pressed ago before", before);
    }
    const float box_w = ImGui::CalcTextSize("00:00").x + 20;
    row.next(box_w, gap);
    ImGui::SetNextItemWidth(box_w);
    const bool entered = ImGui::InputText("##pressed", &st.pressed_ago, ImGuiInputTextFlags_EnterReturnsTrue);
    recordItem(ctx, "##pressed");
    if (!after.empty()) {
        row.next(textWidth(after));
        textItem(ctx, "pressed ago after", after);
    }
    ImGui::EndDisabled();
    return entered;
}

// Issue 34: the box holds the human's move as the board shows it, with `commit: lever`. It is his press
// of the clock that completes it (Art. 6.2), so neither Enter nor the button enters it; typing over it
// makes the box the operator's again.
bool boardMoveAwaitsPress(const ViewContext& ctx) {
    const std::optional<session::EboardStatus>& b = ctx.snap.eboard;
    if (!b || !b->connected || b->commit != "lever" || b->proposed_uci.empty()) return false;
    for (const session::EntryMove& m : ctx.snap.entry_moves)
        if (m.uci == b->proposed_uci) return m.text == ctx.state.move_text;
    return false;
}

// The move box with its button; the pair says whether Enter was pressed in the box and the button clicked.
std::pair<bool, bool> drawMoveBoxRow(ViewContext& ctx, bool active) {
    UiState& st = ctx.state;
    ImGui::BeginDisabled(!active);
    ImGui::PushFont(ctx.fonts.heading);
    // The box first in reading order (on the right in a right-to-left UI), then its button.
    DirectedRow row;
    const float box_w = ImGui::GetContentRegionAvail().x * 0.55f;
    row.next(box_w);
    ImGui::SetNextItemWidth(box_w);
    // Keyboard first: whenever the human is to move and nothing else is being edited, typing goes
    // here. A mouse press this frame may be activating another field: never steal focus from it.
    // Nor while the promotion picker waits for the piece: focusing the box would close it.
    const bool focus = active && !st.public_display && !ImGui::IsAnyItemActive() &&
                       st.promotion_choices.empty() && !ImGui::IsMouseDown(ImGuiMouseButton_Left) &&
                       !ImGui::IsMouseReleased(ImGuiMouseButton_Left);
    const bool entered = moveBox(st, focus);
    recordItem(ctx, "##move");
    ImGui::PopFont();
    ImGui::EndDisabled();
    row.next(buttonWidth("Enter move"));
    const bool clicked =
        actionButton(ctx, "Enter move", active && !st.move_text.empty() && !boardMoveAwaitsPress(ctx),
                     {0, ImGui::GetFrameHeight() * 1.4f});
    return {entered, clicked};
}

// The human's half's title: whose move, or (Guidelines I.1) that it is sealed on paper.
void drawHumanTitle(ViewContext& ctx, bool active, bool sealing) {
    const session::Snapshot& snap = ctx.snap;
    const rules::Color human = ~snap.setup.computer_side;
    const std::string title = sealing ? tr("Human seals on paper: do NOT type the move") : tr("Human's move");
    DirectedRow row;
    row.next(textWidth(title));
    textItem(ctx, "human move title", title, active ? &kGreen : &kGrey);
    if (!sealing) {
        const std::string side =
            fmt::format("({}{}{})", sideName(human), i18n::listSeparator(), playerName(snap, human));
        row.next(textWidth(side));
        textItem(ctx, "human side", side, disabledColour());
    }
}

// Issue 24: a typed move the e-board contradicts was held back by the shell; the question stands while
// the box holds the text it was asked about.
bool boardAsks(const UiState& st) {
    return st.board_question && st.board_question->typed_text == st.move_text;
}

std::string boardQuestionText(const BoardQuestion& q) {
    if (!q.board_move.empty())
        return trf("The board shows {}, you typed {}: enter it anyway?", q.board_move, q.typed_text);
    if (q.board_unchanged)
        return trf("The board still shows the position before the move, you typed {}: enter it anyway?",
                   q.typed_text);
    return trf("The board shows no legal move ({}), you typed {}: enter it anyway?",
               differencesSummary(q.differences, 2), q.typed_text);
}

// The question under the box, with its answers: true when the operator enters the move as typed (the
// button, or Enter again in the box); Cancel drops the question and enters nothing.
bool drawBoardQuestion(ViewContext& ctx) {
    UiState& st = ctx.state;
    if (!boardAsks(st)) return false;
    textItem(ctx, "board question", boardQuestionText(*st.board_question), &kRed, true);
    DirectedRow row;  // from the right in a right-to-left UI
    row.next(buttonWidth("Enter it anyway"));
    const bool yes = actionButton(ctx, "Enter it anyway", true);
    row.next(buttonWidth("Cancel"));
    if (namedActionButton(ctx, "board question cancel", N_("Cancel"), true)) st.board_question.reset();
    return yes;
}

// Under the entry options (so that the (=) box, which the operator may tick just then, stays where it
// is) while the board's move waits for the press: the operator's explicit override (journalled as one)
// and what completes the move. True when the override was clicked.
bool drawPressWait(ViewContext& ctx) {
    if (!boardMoveAwaitsPress(ctx)) return false;
    DirectedRow row;
    row.next(buttonWidth("Enter without the press"));
    const bool clicked = actionButton(ctx, "Enter without the press", true);
    textRest(ctx, row, "board move waits", tr("Waits for the human's press of the clock"), &kGreen);
    return clicked;
}

// Art. 7.5: the human's press that completed no move (the e-board line says which, in red) is the
// arbiter's to rule; under the move box, one click opens the ruling with its kind and side chosen (a
// press with nothing moved: 2023 7.5.3; else the illegal move, 7.5.1).
void drawStrayPressRuling(ViewContext& ctx) {
    const std::optional<session::EboardStatus>& b = ctx.snap.eboard;
    if (!b || b->stray_press.empty()) return;
    DirectedRow row;
    row.next(buttonWidth("Arbiter: rule it"));
    if (!actionButton(ctx, "Arbiter: rule it", true)) return;
    UiState& st = ctx.state;
    st.tab = LowerTab::Arbiter;
    st.arbiter_section = kAtTheBoardSection;
    st.illegal_kind = static_cast<int>(b->stray_press_no_move ? session::cmd::IllegalKind::ClockWithoutMove
                                                              : session::cmd::IllegalKind::BoardMove);
    st.illegal_kind_side = 0;  // the human
}

// What Enter or the button does: submits the typed move; Enter on an empty box while the computer's
// move waits to be recorded records it, the step that is due. A second Enter on a move the board
// contradicts enters it as typed (typing always wins, issue 24). The board's own move waits for the
// human's press: Enter then does only the step that is due.
void actOnEntry(ViewContext& ctx, bool entered, bool clicked, bool active) {
    UiState& st = ctx.state;
    if (!st.press_override && boardMoveAwaitsPress(ctx)) {
        if (entered && active && ctx.snap.previous_unrecorded) ctx.out.push_back(session::cmd::Recorded{});
        return;
    }
    if ((entered && active && !st.move_text.empty()) || clicked) {
        if (boardAsks(st)) st.board_override = true;
        submitHumanMove(ctx);
    } else if (entered && active && ctx.snap.previous_unrecorded) {
        ctx.out.push_back(session::cmd::Recorded{});
    }
}

void drawHumanEntry(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    UiState& st = ctx.state;
    const bool active = humanTurn(snap);
    const bool sealing = snap.seal_requested && active;
    drawHumanTitle(ctx, active, sealing);
    bool entered = false;
    bool clicked = false;
    if (sealing) {
        // Guidelines I.1: the move stays on paper, so no box; sealing ends the session for both
        // players, so a second click confirms it.
        clicked = confirmButtonAlone(ctx, "Envelope sealed", true);
    } else {
        std::tie(entered, clicked) = drawMoveBoxRow(ctx, active);
    }
    if (!st.rejection.empty() && st.rejection_is_move) {
        textItem(ctx, "move rejection", i18n::translateMessage(st.rejection), &kRed, true);
    }
    if (active && drawBoardQuestion(ctx)) clicked = true;  // actOnEntry marks it confirmed
    if (active) drawStrayPressRuling(ctx);
    entered = drawEntryOptions(ctx, active) || entered;
    if (active && drawPressWait(ctx)) {
        ctx.state.press_override = true;
        clicked = true;
    }
    actOnEntry(ctx, entered, clicked, active);
}

// What the operator must do with the computer's move right now, in words (E.III 1.4: play it, press
// the clock, record it).
const char* stepPrompt(const session::Snapshot& snap) {
    switch (snap.phase) {
        case Phase::EngineMoveShown:
            if (snap.computer_move_withheld)
                return tr("Chosen under the seal request: seal it (Adjournment)");
            return snap.seal_requested ? tr("1. Play it (shown before the seal request)")
                                       : tr("1. Play it on the board (one hand)");
        case Phase::EngineMoveMade:
            return tr("2. Press the clock");
        case Phase::EngineMoveHeld:
            return tr("The engine has replied: record the previous move first");
        case Phase::EngineThinking:
            return tr("Nothing to do: no 'move now' (E.III 2.3)");
        default:
            return snap.previous_unrecorded ? tr("3. Write the move on the scoresheet") : "";
    }
}

bool recordEnabled(const session::Snapshot& snap) {
    // Also after the game ends: the last move still goes on the scoresheet.
    return snap.previous_unrecorded && snap.phase != Phase::EngineMoveShown &&
           snap.phase != Phase::EngineMoveMade;
}

// The step that is due stands out in green; the others are greyed.
bool stepButton(ViewContext& ctx, const char* label, bool due, ImVec2 size) {
    if (due) {
        ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.12f, 0.45f, 0.18f, 1.f));
        ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(0.16f, 0.58f, 0.24f, 1.f));
    }
    const bool clicked = actionButton(ctx, label, due, size);
    if (due) {
        ImGui::PopStyleColor(2);
    }
    return clicked;
}

// The computer's move's steps in their order (E.III 1.4).
constexpr std::array<const char*, 3> kSteps{N_("Made on board"), N_("Clock pressed"), N_("Recorded")};

constexpr const char* kMadeConfirm = "Made on board: rejects the offer";

// Art. 9.1: playing the computer's move rejects the human's pending draw offer. While one is pending,
// the first Enter or click on "Made on board" only asks (naming the policy's answer below the buttons);
// the second plays the move. True when the move is to be reported as made.
bool madeStep(ViewContext& ctx, bool shown, bool enter, ImVec2 size) {
    UiState& st = ctx.state;
    const bool ask = shown && ctx.snap.human_offer_pending;
    if (!ask && st.confirming == kMadeConfirm) st.confirming.clear();
    const bool pressed = stepButton(ctx, kSteps[0], shown, size) || (enter && shown);
    if (!pressed) return false;
    if (!ask || st.confirming == kMadeConfirm) {
        if (ask) st.confirming.clear();
        return true;
    }
    st.confirming = kMadeConfirm;
    return false;
}

// Under the step buttons (so they never move): the pending offer, the policy's answer and what playing
// the move does to it.
void drawPendingOfferWarning(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    if (!snap.human_offer_pending || snap.phase != Phase::EngineMoveShown || ctx.state.public_display) return;
    const bool accept = snap.indication.accept_draw;
    // One short line (the pane shows one below the buttons at 1280x800); the banner says the rest.
    if (ctx.state.confirming == kMadeConfirm) {
        textItem(ctx, "made confirm",
                 accept ? tr("Enter again: REJECTS the offer (policy ACCEPT)")
                        : tr("Enter again: REJECTS the offer (policy DECLINE)"),
                 &kRed, true);
    } else {
        textItem(ctx, "pending offer warning",
                 accept ? tr("Draw offer pending: policy says ACCEPT")
                        : tr("Draw offer pending: policy says DECLINE"),
                 &kAmber, true);
    }
}

// Three tall step buttons share the pane's width: in equal thirds while every label fits its third (as in
// English and Polish); else each is as wide as its shaped label and the room left is shared, so that
// "روی صفحه انجام شد" is read whole. Only when even that is too narrow does a label break into two lines.
std::array<ImVec2, 3> stepButtonSizes() {
    const float h = ImGui::GetFrameHeight() * 1.8f;
    const float room = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x * 2.f;
    std::array<float, 3> natural{};
    for (std::size_t i = 0; i < kSteps.size(); ++i) natural[i] = buttonWidth(kSteps[i]);
    const float total = natural[0] + natural[1] + natural[2];
    const bool thirds = *std::max_element(natural.begin(), natural.end()) <= room / 3.f || total > room;
    std::array<ImVec2, 3> sizes{};
    for (std::size_t i = 0; i < kSteps.size(); ++i)
        sizes[i] = {thirds ? room / 3.f : natural[i] + (room - total) / 3.f, h};
    return sizes;
}

// Issue 34 item 6: while the e-board shows the computer's move played wrongly, "Made on board" would record
// a move the board contradicts; the arbiter's "Made differently" is the way to make another move stand.
bool boardShowsAnotherMove(const session::Snapshot& snap) {
    return snap.eboard && snap.eboard->connected && snap.eboard->computer_move_wrong;
}

void drawBoardBlocksMade(ViewContext& ctx) {
    if (ctx.snap.phase != Phase::EngineMoveShown || !boardShowsAnotherMove(ctx.snap)) return;
    textItem(ctx, "made blocked by the board",
             tr("The board shows another move: put it right (or Arbiter, Made differently)"), &kRed, true);
}

void drawSteps(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    const std::array<ImVec2, 3> size = stepButtonSizes();
    // A move shown before the seal request is played as usual (Guidelines I.1); a withheld one is sealed.
    const bool shown =
        snap.phase == Phase::EngineMoveShown && !snap.computer_move_withheld && !boardShowsAnotherMove(snap);
    const bool made = snap.phase == Phase::EngineMoveMade;
    const bool record = recordEnabled(snap);

    // Enter (with no text field in use) performs the one step that is due: keyboard-first operation.
    const bool enter =
        !ImGui::IsAnyItemActive() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false);
    // In reading order: "Made on board" first (on the right in a right-to-left UI).
    DirectedRow row;
    row.next(size[0].x);
    if (madeStep(ctx, shown, enter, size[0])) {
        ctx.out.push_back(session::cmd::MadeOnBoard{});
    }
    row.next(size[1].x);
    if (stepButton(ctx, kSteps[1], made, size[1]) || (enter && made)) {
        ctx.out.push_back(session::cmd::ClockPressed{});
    }
    row.next(size[2].x);
    if (stepButton(ctx, kSteps[2], record, size[2]) ||
        (enter && record && !shown && !made && !humanTurn(snap))) {
        ctx.out.push_back(session::cmd::Recorded{});
    }
}

// The computer's half's title and its move in big type (never on the public display, Q18).
void drawComputerMove(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    DirectedRow title_row;
    title_row.next(textWidth(tr("Computer's move")));
    textItem(ctx, "computer move title", tr("Computer's move"), snap.engine_move ? &kAmber : &kGrey);
    const std::string side = fmt::format("({})", sideName(snap.setup.computer_side));
    title_row.next(textWidth(side));
    textItem(ctx, "computer side", side, disabledColour());
    const bool move_shown = snap.engine_move && !ctx.state.public_display;
    const std::string big = move_shown                            ? snap.engine_move->text
                            : snap.phase == Phase::EngineThinking ? std::string(tr("thinking..."))
                                                                  : std::string("-");
    DirectedRow move_row;
    ImGui::PushFont(ctx.fonts.big);
    move_row.next(textWidth(big));
    if (move_shown) {
        textItem(ctx, "engine move", big, &kAmber);
    } else if (snap.phase == Phase::EngineThinking) {
        textItem(ctx, "engine thinking", big, &kGrey);
    } else {
        uiText(big, kGrey);
    }
    ImGui::PopFont();
    if (move_shown && snap.engine_move->san != snap.engine_move->text) {
        const std::string san = "(" + snap.engine_move->san + ")";
        move_row.next(textWidth(san));
        uiText(san, *disabledColour());
    }
}

void drawEngineMove(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    drawComputerMove(ctx);
    std::string prompt = stepPrompt(snap);
    // CMP-1.4: castling, en passant and promotion are spelled out step by step (operator only).
    if (snap.phase == Phase::EngineMoveShown && snap.engine_move && !snap.engine_move->how.empty() &&
        !snap.computer_move_withheld && !ctx.state.public_display)
        // TRANSLATORS: the first step of the computer's move, as "1. Play it on the board" above.
        prompt = trf("1. {}", i18n::translateMessage(snap.engine_move->how));
    textItem(ctx, "step prompt", prompt, snap.phase == Phase::EngineThinking ? &kGrey : &kAmber, true);
    drawSteps(ctx);
    drawBoardBlocksMade(ctx);
    drawPendingOfferWarning(ctx);
}

}  // namespace

void drawMovePane(ViewContext& ctx) {
    drawHumanEntry(ctx);
    ImGui::Spacing();
    ImGui::Separator();
    ImGui::Spacing();
    drawEngineMove(ctx);
}

}  // namespace oc::ui
