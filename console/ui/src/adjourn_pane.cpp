// Adjournment (Guidelines I / App. A, CMP-3.5): the arbiter asks for a seal, the player having the move
// seals it (the human on paper, the computer under the arbiter's passphrase), the envelope's record is
// printed, and the game is resumed by opening the envelope. The sealed move is never shown before that.
#include <imgui.h>
#include <imgui_stdlib.h>

#include "session/sealed_move.hpp"
#include "view_context.hpp"

namespace oc::ui {

namespace {

using session::Phase;

// A short label, then a text field filling the rest of the row (a label after a field gets clipped).
void fieldRow(ViewContext& ctx, const char* label, const char* id, std::string& text, const char* hint,
              ImGuiInputTextFlags flags = 0) {
    ImGui::TextUnformatted(label);
    ImGui::SameLine(ImGui::CalcTextSize("Move as written ").x + ImGui::GetStyle().ItemSpacing.x);
    ImGui::SetNextItemWidth(-1.f);
    ImGui::InputTextWithHint(id, hint, &text, flags);
    recordItem(ctx, id);
}

void wrapped(const ImVec4& colour, const char* text) {
    ImGui::PushTextWrapPos(0.f);
    ImGui::TextColored(colour, "%s", text);
    ImGui::PopTextWrapPos();
}

// Why the passphrase cannot seal yet, or empty: typed twice because a typing slip nobody can see would
// leave an envelope that does not open.
const char* passphraseProblem(const UiState& st) {
    static_assert(session::kMinPassphraseLength == 8, "the message below names the length");
    if (st.seal_passphrase.size() < session::kMinPassphraseLength) return "8 characters or more";
    if (st.seal_passphrase != st.seal_passphrase_repeat) return "entries differ";
    return "";
}

// CMP-3.5: the engine's choice after the seal request is sealed unseen under the arbiter's passphrase.
void drawComputerSeal(ViewContext& ctx) {
    UiState& st = ctx.state;
    const bool chosen = ctx.snap.computer_move_withheld;
    wrapped(kAmber, chosen
                        ? "The computer has chosen (not shown). The arbiter types a passphrase twice, then "
                          "'Seal computer's move'; it opens the envelope at resumption."
                        : "The computer is choosing (its move will not be shown). Meanwhile the arbiter "
                          "types a passphrase twice.");
    fieldRow(ctx, "Passphrase", "##passphrase", st.seal_passphrase, "arbiter only",
             ImGuiInputTextFlags_Password);
    fieldRow(ctx, "Repeat it", "##passrepeat", st.seal_passphrase_repeat, "the same again",
             ImGuiInputTextFlags_Password);
    const char* problem = passphraseProblem(st);
    if (actionButton(ctx, "Seal computer's move", chosen && *problem == '\0')) {
        ctx.out.push_back(session::cmd::SealComputerMove{st.seal_passphrase});
    }
    ImGui::SameLine();
    if (*problem != '\0' && !st.seal_passphrase.empty()) {
        ImGui::TextColored(kRed, "%s", problem);
    } else {
        ImGui::TextDisabled("%s", chosen ? "(takes a second)" : "(engine choosing)");
    }
}

void drawSealRequested(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    if (snap.to_move != snap.setup.computer_side) {
        wrapped(kAmber,
                "The human writes his move on his scoresheet, unambiguously, and seals it in the "
                "envelope with the arbiter. Do NOT type it: press 'Envelope sealed' (Move pane).");
    } else if (snap.phase == Phase::EngineThinking || snap.computer_move_withheld) {
        drawComputerSeal(ctx);
    } else {
        // Guidelines I.1: a move shown before the request is no secret; the human seals after it.
        wrapped(kAmber,
                "The computer's move was shown before the seal request: play it and press the "
                "clock as usual. The human, then having the move, seals.");
    }
}

// Guidelines I.2 (g): the envelope's printed record, with the resumption's date, time and venue.
void drawEnvelopeRecord(ViewContext& ctx) {
    UiState& st = ctx.state;
    fieldRow(ctx, "Resumption", "##resumption", st.envelope_resumption, "(g) date, time, venue");
    if (actionButton(ctx, "Write envelope PDF", true)) st.envelope_pdf_requested = true;
    if (!st.envelope_pdf_note.empty()) {
        ImGui::SameLine();
        ImGui::PushTextWrapPos(0.f);
        ImGui::TextColored(st.envelope_pdf_failed ? kRed : kGreen, "%s", st.envelope_pdf_note.c_str());
        ImGui::PopTextWrapPos();
        recordItem(ctx, "envelope note");
    }
}

// ADJ-05: the computer's envelope opens with the passphrase; the human's move is typed from his opened
// envelope only now (the console never knew it).
void drawResume(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    UiState& st = ctx.state;
    const rules::Color sealer = snap.sealed_by.value_or(snap.to_move);
    ImGui::TextColored(kAmber, "Adjourned: %s (%s) sealed.", sideName(sealer), roleOf(snap, sealer));
    drawEnvelopeRecord(ctx);
    ImGui::Separator();
    const bool computer = sealer == snap.setup.computer_side;
    if (computer) {
        fieldRow(ctx, "Passphrase", "##passphrase", st.seal_passphrase, "the arbiter types it",
                 ImGuiInputTextFlags_Password);
    } else {
        fieldRow(ctx, "Move as written", "##envelopemove", st.envelope_move, "from the opened envelope");
    }
    const bool ready = computer ? !st.seal_passphrase.empty() : !st.envelope_move.empty();
    if (confirmButton(ctx, "Resume: open the envelope", ready)) {
        ctx.out.push_back(computer ? session::cmd::Resume{std::nullopt, st.seal_passphrase}
                                   : session::cmd::Resume{std::nullopt, "", st.envelope_move});
    }
}

}  // namespace

void drawAdjournPane(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    if (snap.phase == Phase::Adjourned) {
        drawResume(ctx);
        return;
    }
    ImGui::TextDisabled("Only when the arbiter adjourns the game.");
    if (confirmButton(ctx, "Arbiter requests seal", inPlay(snap) && !snap.seal_requested)) {
        ctx.out.push_back(session::cmd::RequestSeal{});
    }
    if (snap.seal_requested) drawSealRequested(ctx);
}

}  // namespace oc::ui
