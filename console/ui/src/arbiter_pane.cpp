// The arbiter's actions, performed by the operator at the arbiter's word: pause, clock corrections,
// illegal moves found later (Art. 7.5), entry corrections, flags (Art. 6.9) and declared results.
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

#include "view_context.hpp"

namespace oc::ui {

namespace {

using session::Phase;

void drawPauseAndFlag(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    const bool play = inPlay(snap);
    if (actionButton(ctx, "Pause clocks", play && !snap.clock_paused)) {
        ctx.out.push_back(session::cmd::ArbiterPause{});
    }
    ImGui::SameLine();
    if (actionButton(ctx, "Resume clocks", play && snap.clock_paused)) {
        ctx.out.push_back(session::cmd::ArbiterResume{});
    }
    if (snap.flag_reported) {
        const std::string label =
            fmt::format("Rule {}'s flag (seen on the table clock)", sideName(*snap.flag_reported));
        if (confirmButton(ctx, label.c_str(), play)) {
            ctx.out.push_back(session::cmd::ArbiterConfirmFlag{*snap.flag_reported});
        }
    }
}

// Makes the next text field fill the row, leaving room for a button labelled `button` after it.
void fillBefore(const char* button) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float w =
        ImGui::CalcTextSize(button, nullptr, true).x + style.FramePadding.x * 2.f + style.ItemSpacing.x;
    ImGui::SetNextItemWidth(std::max(ImGui::GetFontSize() * 6.f, ImGui::GetContentRegionAvail().x - w));
}

void drawAdjust(ViewContext& ctx) {
    UiState& st = ctx.state;
    ImGui::TextUnformatted("Adjust clock");
    ImGui::SameLine();
    ImGui::RadioButton("White##adj", &st.adjust_side, 0);
    ImGui::SameLine();
    ImGui::RadioButton("Black##adj", &st.adjust_side, 1);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("-0:00:00").x + 24);
    ImGui::InputTextWithHint("##adjdelta", "+2:00", &st.adjust_delta);
    recordItem(ctx, "##adjdelta");
    fillBefore("Apply adjustment");
    ImGui::InputTextWithHint("##adjreason", "reason (required)", &st.adjust_reason);
    recordItem(ctx, "##adjreason");
    ImGui::SameLine();
    std::string delta_text = st.adjust_delta;
    if (!delta_text.empty() && delta_text.front() == '+') {
        delta_text.erase(0, 1);
    }
    const auto delta = parseTyped(delta_text);
    if (actionButton(ctx, "Apply adjustment", inPlay(ctx.snap) && delta && !st.adjust_reason.empty())) {
        const rules::Color side = st.adjust_side == 0 ? rules::Color::White : rules::Color::Black;
        ctx.out.push_back(session::cmd::ArbiterAdjustClock{side, *delta, st.adjust_reason});
    }
}

void drawIllegal(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    UiState& st = ctx.state;
    const int plies = static_cast<int>(snap.moves.size());
    ImGui::TextUnformatted("Illegal move at ply");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    ImGui::InputInt("##illegalply", &st.illegal_ply);
    const bool valid = st.illegal_ply >= 1 && st.illegal_ply <= plies;
    if (valid) {
        const session::ScoresheetMove& m = snap.moves[static_cast<std::size_t>(st.illegal_ply - 1)];
        ImGui::SameLine();
        ImGui::Text("= %d%s %s", m.number, m.side == rules::Color::White ? "." : "...", m.text.c_str());
    }
    if (confirmButton(ctx, "Reinstate the position before it", inPlay(snap) && valid)) {
        ctx.out.push_back(session::cmd::ArbiterIllegalMove{st.illegal_ply});
    }
}

void drawCorrection(ViewContext& ctx) {
    UiState& st = ctx.state;
    ImGui::TextUnformatted("Correct the human's last entry to:");
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("Nxe4+ ").x + 30);
    ImGui::InputText("##correct", &st.correct_text);
    recordItem(ctx, "##correct");
    ImGui::SameLine();
    ImGui::Checkbox("arbiter confirms", &st.correct_confirmed);
    ImGui::SameLine();
    if (actionButton(ctx, "Correct", inPlay(ctx.snap) && !st.correct_text.empty())) {
        ctx.out.push_back(session::cmd::CorrectEntry{st.correct_text, st.correct_confirmed});
    }
}

// IRR-07: the operator executed a different move from the engine's; a legal one becomes the game move
// (logged as a possible E.III 3.1 breach), an illegal one is for the arbiter.
void drawMadeInstead(ViewContext& ctx) {
    UiState& st = ctx.state;
    const bool shown = ctx.snap.phase == Phase::EngineMoveShown && !ctx.snap.seal_requested;
    ImGui::TextUnformatted("The computer's move was made differently:");
    fillBefore("Made instead");
    ImGui::InputTextWithHint("##madeinstead", "move on the board", &st.made_instead);
    recordItem(ctx, "##madeinstead");
    ImGui::SameLine();
    if (confirmButton(ctx, "Made instead", shown && !st.made_instead.empty())) {
        ctx.out.push_back(session::cmd::MadeOnBoard{st.made_instead});
    }
}

// QPF-02..04: the arbiter's decision on an open quickplay claim, and on a refused III.4 request.
void drawQuickplayRulings(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    using session::cmd::QuickplayRuling;
    if (snap.qpf_claimant) {
        ImGui::TextColored(
            kAmber, "%s",
            snap.qpf_provisional       ? "Quickplay claim without an arbiter: the game ended pending "
                                         "the arbiter's decision (III.6 / App. D)"
            : snap.qpf_decision_needed ? "A flag fell while the quickplay claim is open: the "
                                         "arbiter gives the final decision (no automatic loss)"
                                       : "Quickplay claim (10.2 / III.5): the arbiter decides");
        if (confirmButton(ctx, "QPF: draw", true)) {
            ctx.out.push_back(session::cmd::ArbiterQuickplay{QuickplayRuling::Draw, false});
        }
        if (!snap.qpf_provisional) {
            ImGui::SameLine();
            if (actionButton(ctx, "QPF: postpone", !snap.qpf_postponed)) {
                ctx.out.push_back(session::cmd::ArbiterQuickplay{QuickplayRuling::Postpone, false});
            }
            ImGui::SameLine();
            if (actionButton(ctx, "QPF: postpone, opponent +2:00", !snap.qpf_postponed)) {
                ctx.out.push_back(session::cmd::ArbiterQuickplay{QuickplayRuling::Postpone, true});
            }
            ImGui::SameLine();
            if (confirmButton(ctx, "QPF: reject (opponent +2:00)", true)) {
                ctx.out.push_back(session::cmd::ArbiterQuickplay{QuickplayRuling::Reject, false});
            }
        }
    }
    if (snap.increment_awaits_arbiter) {
        ImGui::TextColored(kAmber, "III.4: the draw offer was refused; grant the 5 s increment?");
        if (confirmButton(ctx, "Grant +5 s for both (opponent +2:00)", true)) {
            ctx.out.push_back(session::cmd::ArbiterIncrement{true});
        }
        ImGui::SameLine();
        if (actionButton(ctx, "Refuse the increment", true)) {
            ctx.out.push_back(session::cmd::ArbiterIncrement{false});
        }
    }
    if (snap.qpf_claimant || snap.increment_awaits_arbiter) {
        ImGui::Separator();
    }
}

void drawResult(ViewContext& ctx) {
    UiState& st = ctx.state;
    static constexpr const char* kResults[] = {"1-0", "0-1", "1/2-1/2"};
    ImGui::TextUnformatted("Declare result");
    for (int i = 0; i < 3; ++i) {
        ImGui::SameLine();
        ImGui::RadioButton(kResults[i], &st.result_choice, i);
    }
    fillBefore("Declare");
    ImGui::InputTextWithHint("##resultreason", "ruling (required)", &st.result_reason);
    ImGui::SameLine();
    const bool ok = st.result_choice >= 0 && st.result_choice < 3 && !st.result_reason.empty();
    if (confirmButton(ctx, "Declare", ok && ctx.snap.phase != Phase::Setup)) {
        ctx.out.push_back(session::cmd::ArbiterResult{kResults[st.result_choice], st.result_reason});
    }
}

}  // namespace

void drawArbiterPane(ViewContext& ctx) {
    ImGui::TextDisabled("Only on the arbiter's instruction (journalled).");
    drawQuickplayRulings(ctx);
    drawPauseAndFlag(ctx);
    ImGui::Separator();
    drawAdjust(ctx);
    ImGui::Separator();
    drawIllegal(ctx);
    ImGui::Separator();
    drawCorrection(ctx);
    ImGui::Separator();
    drawMadeInstead(ctx);
    ImGui::Separator();
    drawResult(ctx);
    ImGui::Separator();
    drawConsultPane(ctx);
    ImGui::Separator();
    drawIrregularControls(ctx);
}

namespace {

// The arbiter's passphrase for the computer's envelope: typed hidden, never shown.
void passphraseField(ViewContext& ctx) {
    ImGui::InputText("Arbiter's passphrase", &ctx.state.seal_passphrase, ImGuiInputTextFlags_Password);
    recordItem(ctx, "Arbiter's passphrase");
}

// ADJ-05: the computer's envelope opens with the passphrase; the human's move is typed from his opened
// envelope only now (the console never knew it).
void drawResume(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    ImGui::TextColored(kAmber, "Adjourned: %s sealed.", snap.sealed_by ? sideName(*snap.sealed_by) : "?");
    const bool computer = snap.sealed_by == snap.setup.computer_side;
    if (computer) {
        passphraseField(ctx);
    } else {
        ImGui::InputText("Sealed move as written", &ctx.state.envelope_move);
        recordItem(ctx, "Sealed move as written");
    }
    if (confirmButton(ctx, "Resume: open the envelope", true)) {
        ctx.out.push_back(computer ? session::cmd::Resume{std::nullopt, ctx.state.seal_passphrase}
                                   : session::cmd::Resume{std::nullopt, "", ctx.state.envelope_move});
    }
}

}  // namespace

// Adjournment (Guidelines I / App. A): the arbiter asks for a seal; the sealing itself happens in the
// move pane (the human's written move, or the computer's shown move); resumption opens the envelope.
void drawAdjournPane(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    ImGui::TextDisabled("Adjournment: only when the arbiter ends the session.");
    if (actionButton(ctx, "Arbiter requests seal", inPlay(snap) && !snap.seal_requested)) {
        ctx.out.push_back(session::cmd::RequestSeal{});
    }
    if (snap.seal_requested && snap.phase != Phase::Adjourned) {
        ImGui::PushTextWrapPos(0.f);
        ImGui::TextColored(kAmber, "%s",
                           snap.to_move == snap.setup.computer_side
                               ? "The computer seals: the arbiter types the passphrase below; once the "
                                 "computer has chosen, press 'Seal computer's move'. The move is never shown."
                               : "The human writes his move on paper and seals the envelope; then press "
                                 "'Envelope sealed'. Do not type the move.");
        ImGui::PopTextWrapPos();
        if (snap.to_move == snap.setup.computer_side) passphraseField(ctx);
    }
    if (snap.phase == Phase::Adjourned) drawResume(ctx);
}

}  // namespace oc::ui
