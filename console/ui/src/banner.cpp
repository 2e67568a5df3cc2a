// The banner: one line in large type saying what the operator must do now, then who plays whom.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>

#include "i18n/bidi.hpp"
#include "i18n/mark.hpp"
#include "i18n/tr.hpp"
#include "ui/console_view.hpp"
#include "ui/eboard_text.hpp"
#include "view_context.hpp"

namespace oc::ui {

namespace {

using session::Phase;

struct Instruction {
    std::string text;
    ImVec4 colour;
};

// The operator's steps with the computer's move (E.III 1.4): record the previous one, play it (or seal
// it, when chosen under a seal request), press the clock.
Instruction computerMoveInstruction(const session::Snapshot& snap) {
    using i18n::tr;
    if (snap.phase == Phase::EngineMoveHeld) return {tr("RECORD the previous move first"), kAmber};
    if (snap.phase == Phase::EngineMoveMade) return {tr("PRESS THE CLOCK"), kAmber};
    return {snap.computer_move_withheld ? tr("COMPUTER HAS CHOSEN: seal it (Adjournment)")
                                        : tr("PLAY THE COMPUTER'S MOVE"),
            kAmber};
}

// Issue 34: with a connected e-board the human's move comes from the board, not from the operator's keys.
const char* humanToMove(const session::Snapshot& snap) {
    using i18n::tr;
    const std::optional<session::EboardStatus>& b = snap.eboard;
    if (!b || !b->connected) return tr("HUMAN TO MOVE: type the move, Enter");
    return b->commit == "enter" ? tr("HUMAN TO MOVE on the board: Enter enters it")
                                : tr("HUMAN TO MOVE on the board");
}

Instruction phaseInstruction(const session::Snapshot& snap) {
    using i18n::tr;
    switch (snap.phase) {
        case Phase::HumanToMove:
            return {
                snap.seal_requested ? tr("HUMAN SEALS on paper: press 'Envelope sealed'") : humanToMove(snap),
                kGreen};
        case Phase::EngineThinking:
            return {snap.seal_requested ? tr("SEAL REQUESTED: the computer is choosing (not shown)")
                                        : tr("ENGINE THINKING: wait"),
                    kBlue};
        case Phase::EngineMoveHeld:
        case Phase::EngineMoveShown:
        case Phase::EngineMoveMade:
            return computerMoveInstruction(snap);
        case Phase::ClaimPending:
            return {tr("HUMAN'S CLAIM: decide (Draws & result)"), kAmber};
        case Phase::Adjourned:
            return {tr("ADJOURNED: envelope record, then resume with the arbiter"), kAmber};
        case Phase::GameOver:
            return {i18n::trf("GAME OVER  {}  {}", shownResult(snap.result), shownMessage(snap.termination)),
                    kRed};
        case Phase::Setup:
            break;
    }
    return {tr("EVENT SETUP"), kGrey};
}

// What the audience may know of the game's state (Q18): never whether the computer has chosen a move
// under a seal request, nor a flag before the arbiter rules on it.
Instruction publicInstruction(const session::Snapshot& snap) {
    using i18n::tr;
    if (snap.phase == Phase::GameOver) {
        return {i18n::trf("GAME OVER  {}  ({})", shownResult(snap.result), shownMessage(snap.termination)),
                kAmber};
    }
    if (snap.phase == Phase::Adjourned) return {tr("ADJOURNED"), kAmber};
    if (snap.clock_paused) return {tr("PAUSED BY THE ARBITER"), kAmber};
    if (snap.seal_requested) return {tr("ADJOURNMENT: THE MOVE IS BEING SEALED"), kAmber};
    return {tr("GAME IN PROGRESS"), kGrey};
}

// Conditions that override the phase: an unwritable journal, a reported flag, the arbiter's pause, the
// engine's instruction.
std::optional<Instruction> overridingInstruction(const session::Snapshot& snap) {
    if (!snap.journal_failure.empty()) {
        return Instruction{i18n::tr("JOURNAL CANNOT BE WRITTEN: STOP THE CLOCKS, CALL THE ARBITER"), kRed};
    }
    if (snap.eboard && snap.eboard->human_out_of_turn) {
        // Issue 34 item 8: not the operator's mistake; the arbiter rules the human's move made out of turn.
        return Instruction{i18n::tr("THE HUMAN MOVED OUT OF TURN: call the arbiter"), kRed};
    }
    if (snap.eboard && snap.eboard->computer_move_wrong) {
        // Issue 24: nothing is made or pressed until the board shows the computer's move as it was given.
        return Instruction{i18n::tr("WRONG MOVE ON THE BOARD: put the computer's move right"), kRed};
    }
    if (snap.flag_reported && snap.phase != Phase::GameOver) {
        return Instruction{i18n::trf("FLAG REPORTED ({}): arbiter confirms", sideName(*snap.flag_reported)),
                           kRed};
    }
    // An adjourned game's clocks are stopped too, but the adjournment is what the operator must see.
    if (snap.clock_paused && snap.phase != Phase::GameOver && snap.phase != Phase::Adjourned) {
        return Instruction{i18n::tr("CLOCKS PAUSED BY THE ARBITER"), kAmber};
    }
    if (snap.module_request && snap.phase != Phase::GameOver) {
        // E.III 3.4: the computer's instruction to change a resource is mandatory; it waits for the operator.
        return Instruction{i18n::trf("COMPUTER'S INSTRUCTION: set {} to {}, then confirm (Draws & result)",
                                     snap.module_request->name, snap.module_request->value),
                           kAmber};
    }
    return std::nullopt;
}

// The phase's instruction with what else waits for the operator: the computer's move to record, the
// human's draw offer.
Instruction withWaiting(const session::Snapshot& snap, Instruction i) {
    if (snap.previous_unrecorded && snap.phase == Phase::HumanToMove) {
        i.text = i18n::trf("{}  (and record the computer's move)", i.text);
    }
    if (snap.human_offer_pending && snap.phase != Phase::GameOver) {
        // Art. 9.1: the offer stands until answered or rejected by the computer's move. One pattern per
        // policy, the instruction as its placeholder: the translation decides the order.
        i.text = snap.indication.accept_draw
                     ? i18n::trf("{}  -  HUMAN OFFERS A DRAW (policy: accept)", i.text)
                     : i18n::trf("{}  -  HUMAN OFFERS A DRAW (policy: decline)", i.text);
    }
    return i;
}

Instruction bannerInstruction(const session::Snapshot& snap, bool public_display) {
    if (public_display) return publicInstruction(snap);
    if (std::optional<Instruction> overriding = overridingInstruction(snap)) return *overriding;
    return withWaiting(snap, phaseInstruction(snap));
}

// The two view buttons at the banner's right: their English msgids (N_; actionButton shows them
// translated) and their width in the UI language.
struct ViewToggles {
    const char* flip;
    const char* pub;
    float width;
};

ViewToggles viewToggles(const UiState& st) {
    const bool white_bottom = st.public_orientation == PublicOrientation::WhiteAtBottom;
    ViewToggles t{!st.public_display ? i18n::N_("Flip board")
                  : white_bottom     ? i18n::N_("Human at bottom")
                                     : i18n::N_("White at bottom"),
                  st.public_display ? i18n::N_("Operator view") : i18n::N_("Public display"), 0.f};
    const ImGuiStyle& style = ImGui::GetStyle();
    t.width = ImGui::CalcTextSize(displayText(i18n::tr(t.flip)).c_str()).x +
              ImGui::CalcTextSize(displayText(i18n::tr(t.pub)).c_str()).x + style.FramePadding.x * 4.f +
              style.ItemSpacing.x;
    return t;
}

// The public display turns its own board (human's side or White at the bottom); the operator's view
// keeps its flip.
void flipToggle(ViewContext& ctx, const char* flip) {
    UiState& st = ctx.state;
    const bool white_bottom = st.public_orientation == PublicOrientation::WhiteAtBottom;
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
}

// At the banner's end: its right edge, or its left edge in a right-to-left UI (mirrored with the rest).
void drawViewToggles(ViewContext& ctx) {
    const auto [flip, pub, w] = viewToggles(ctx.state);
    const bool ltr = layoutDirection() == LayoutDirection::LeftToRight;
    ImGui::SameLine(ltr ? ImGui::GetWindowContentRegionMax().x - w : ImGui::GetWindowContentRegionMin().x);
    for (const bool flip_button : fromTheLeft(std::array{true, false}, layoutDirection())) {
        if (!flip_button) {
            if (actionButton(ctx, pub, true)) ctx.state.public_display = !ctx.state.public_display;
        } else {
            flipToggle(ctx, flip);
        }
        if (flip_button == ltr) ImGui::SameLine();
    }
}

// Who plays whom, where: "Kowalski, Jan (human)  vs  Stockfish (computer)    Open 2026, round 3, board 1".
std::string pairingLine(const session::Snapshot& snap) {
    return i18n::trf("{} ({})  vs  {} ({})    {}, round {}, board {}", snap.setup.white,
                     roleOf(snap, rules::Color::White), snap.setup.black, roleOf(snap, rules::Color::Black),
                     snap.setup.event, i18n::countText(snap.setup.round), i18n::countText(snap.setup.board));
}

// The instruction in large type, smaller only when the sentence (longer in some languages, or with an
// offer) would otherwise run under the view buttons.
void drawInstruction(ViewContext& ctx, const Instruction& i) {
    ImGui::PushFont(ctx.fonts.heading);
    const float room = ImGui::GetWindowContentRegionMax().x - viewToggles(ctx.state).width -
                       ImGui::GetStyle().ItemSpacing.x - ImGui::GetCursorPosX();
    const float needed = ImGui::CalcTextSize(displayText(i.text).c_str()).x;
    ImGui::SetWindowFontScale(needed > room ? std::max(0.5f, room / needed) : 1.f);
    if (layoutDirection() == LayoutDirection::RightToLeft)  // the banner's start is its right edge
        ImGui::SetCursorPosX(ImGui::GetWindowContentRegionMax().x -
                             ImGui::CalcTextSize(displayText(i.text).c_str()).x);
    uiText(i.text, i.colour);
    recordItem(ctx, "banner state", i.text);
    ImGui::SetWindowFontScale(1.f);
    ImGui::PopFont();
}

// A red line of the banner, which has room for one: a long one (the wrong passphrase's hint in Polish) is
// drawn smaller rather than cut at the window's edge, where its end would be lost.
void fittedRedLine(ViewContext& ctx, const char* name, const std::string& text) {
    const float room = ImGui::GetContentRegionAvail().x,
                wide = ImGui::CalcTextSize(displayText(text).c_str()).x;
    const bool shrink = wide > room && room > 0.f;
    if (shrink) ImGui::SetWindowFontScale(std::max(0.6f, room / wide));
    uiTextLine(text, kRed);
    recordItem(ctx, name, text);
    if (shrink) ImGui::SetWindowFontScale(1.f);
}

// Under the instruction: why the journal failed, else a refusal that is not about a move, else who
// plays whom.
void drawSecondLine(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    if (!snap.journal_failure.empty() && !ctx.state.public_display) {
        // Nothing after the failure is on disk, so nothing after it is shown: the reason, in red.
        return fittedRedLine(ctx, "banner journal failure", shownMessage(snap.journal_failure));
    }
    if (!ctx.state.rejection.empty() && !ctx.state.rejection_is_move && !ctx.state.public_display) {
        return fittedRedLine(ctx, "banner rejection",
                             i18n::trf("Refused: {}", shownMessage(ctx.state.rejection)));
    }
    const std::string pairing = pairingLine(snap);
    uiTextLine(pairing);
    recordItem(ctx, "banner pairing", pairing);
}

// The e-board's identity: serial, version, clock and battery as far as they are known.
std::string eboardIdentity(const session::EboardStatus& b) {
    const std::string clock = !b.clock_present          ? std::string(i18n::tr("clock not answered yet"))
                              : !*b.clock_present       ? std::string(i18n::tr("no clock"))
                              : b.clock_version.empty() ? std::string(i18n::tr("clock connected"))
                                                        : i18n::trf("clock {}", b.clock_version);
    std::string text = i18n::trf("E-board {}: serial {}, version {}, {}", b.port, b.serial, b.version, clock);
    if (b.battery_percent) text = i18n::trf("{}, battery {}%", text, *b.battery_percent);
    // Issue 34 item 16: a turned board is read as the game sees it, and the operator is told so.
    if (b.turned) text = i18n::trf("{}, turned (Black's side by the cable)", text);
    return text;
}

// The move the board shows, in the event's notation, and what completes it.
std::string proposalText(const session::Snapshot& snap, const session::EboardStatus& b) {
    std::string move = b.proposed_uci;
    for (const session::EntryMove& m : snap.entry_moves)
        if (m.uci == b.proposed_uci) move = m.text;
    // Issue 34 item 17 (Art. 4.4.2; 2005: 4.4(b)): castling stands as played; touch-move is the arbiter's.
    if (b.rook_first)
        return i18n::trf(
            "E-board shows {}, castled rook first (Art. 4.4.2: the arbiter rules if it is claimed)", move);
    if (b.commit == "enter") return i18n::trf("E-board shows {}: press Enter to enter it", move);
    return i18n::trf("E-board shows {}: the human's press of the clock enters it", move);
}

// `room`: the line's width; a long list of squares is summarised to fit it.
Instruction eboardLine(const session::Snapshot& snap, const session::EboardStatus& b, float room) {
    if (!b.connected)
        return {i18n::trf("E-board not connected: {}. Enter the moves by hand.", shownMessage(b.lost)),
                kAmber};
    if (!b.stray_press.empty()) return {shownMessage(b.stray_press), kRed};
    if (!b.waiting.empty()) return {shownMessage(b.waiting), kAmber};
    if (b.computer_move_wrong) {
        const std::string fault = shownMessage(b.fault);
        return {fittedDifferences(b.differences, room,
                                  [&](const std::string& squares) {
                                      return i18n::trf("Wrong on the board ({}): {}", fault, squares);
                                  }),
                kRed};
    }
    if (!b.differences.empty())
        return {fittedDifferences(b.differences, room,
                                  [](const std::string& squares) {
                                      return i18n::trf("The board differs from the game: {}", squares);
                                  }),
                kAmber};
    if (!b.proposed_uci.empty()) return {proposalText(snap, b), b.rook_first ? kAmber : kGreen};
    return {eboardIdentity(b), kGrey};
}

}  // namespace

// Issue 24: whenever an e-board is asked for, one line says how it stands, on the operator's view.
void drawEboardLine(ViewContext& ctx) {
    if (!ctx.snap.eboard || ctx.state.public_display) return;
    const float room = ImGui::GetContentRegionAvail().x;
    const Instruction line = eboardLine(ctx.snap, *ctx.snap.eboard, room);
    // Even one square's sentence may not fit in a long language: drawn smaller, never cut.
    const float wide = ImGui::CalcTextSize(displayText(line.text).c_str()).x;
    const bool shrink = wide > room && room > 0.f;
    if (shrink) ImGui::SetWindowFontScale(std::max(0.6f, room / wide));
    uiTextLine(line.text, line.colour);
    recordItem(ctx, "banner eboard", line.text);
    if (shrink) ImGui::SetWindowFontScale(1.f);
}

std::string publicState(const session::Snapshot& snap) {
    return publicInstruction(snap).text;
}

void drawBanner(ViewContext& ctx) {
    drawInstruction(ctx, bannerInstruction(ctx.snap, ctx.state.public_display));
    drawViewToggles(ctx);
    drawSecondLine(ctx);
    drawEboardLine(ctx);
}

}  // namespace oc::ui
