// Adjournment (Guidelines I / App. A, CMP-3.5): the arbiter asks for a seal, the player having the move
// seals it (the human on paper, the computer under the arbiter's passphrase), the envelope's record is
// printed, and the game is resumed by opening the envelope. The sealed move is never shown before that.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <string>

#include "i18n/tr.hpp"
#include "seal/sealed_move.hpp"
#include "view_context.hpp"

namespace oc::ui {

namespace {

using i18n::tr;
using session::Phase;

// The field labels' column: as wide as the widest label in the UI language.
float labelColumn() {
    float w = 0.f;
    for (const char* label : {tr("Passphrase"), tr("Repeat it"), tr("Resumption"), tr("Move as written")})
        w = std::max(w, ImGui::CalcTextSize(displayText(label).c_str()).x);
    return w + ImGui::CalcTextSize(" ").x + ImGui::GetStyle().ItemSpacing.x;
}

// A short label, then a text field filling the rest of the row (a label after a field gets clipped).
// `label` and `hint` are already translated; the field's name in the widget map is `id`.
void fieldRow(ViewContext& ctx, const char* label, const char* id, std::string& text, const char* hint,
              ImGuiInputTextFlags flags = 0) {
    // Along the reading direction: right to left the label ends at the right edge, the field fills the
    // rest of the row on its left.
    const LayoutDirection d = layoutDirection();
    const float left = ImGui::GetCursorPosX(), right = left + ImGui::GetContentRegionAvail().x;
    const float field_w = right - labelColumn();
    if (d == LayoutDirection::RightToLeft)
        ImGui::SetCursorPosX(placeAlong(left, right, 0.f, textWidth(label), d));
    textItem(ctx, (std::string(id) + " label").c_str(), label);
    ImGui::SameLine(placeAlong(left, right, labelColumn() - left, field_w, d));
    ImGui::SetNextItemWidth(d == LayoutDirection::LeftToRight ? -1.f : field_w);  // -1: to the right edge
    freeTextBox(ctx, id, id, displayText(hint), text, flags);
    recordItem(ctx, id, hint);
    if ((flags & ImGuiInputTextFlags_Password) == 0) freeTextPreview(ctx, id, text);
}

// Why the passphrase cannot seal yet, or empty: typed twice because a typing slip nobody can see would
// leave an envelope that does not open.
const char* passphraseProblem(const UiState& st) {
    static_assert(seal::kMinPassphraseLength == 8, "the message below names the length");
    if (st.seal_passphrase.size() < seal::kMinPassphraseLength) return tr("8 characters or more");
    if (st.seal_passphrase != st.seal_passphrase_repeat) return tr("entries differ");
    return "";
}

// Sealing, once the computer has chosen and the passphrase is good; beside it what is wrong with the
// passphrase, or what sealing waits for.
void drawSealButton(ViewContext& ctx, bool chosen) {
    const UiState& st = ctx.state;
    const char* problem = passphraseProblem(st);
    DirectedRow row;  // from the right in a right-to-left UI
    row.next(buttonWidth("Seal computer's move"));
    if (actionButton(ctx, "Seal computer's move", chosen && *problem == '\0')) {
        ctx.out.push_back(session::cmd::SealComputerMove{st.seal_passphrase});
    }
    const bool wrong = *problem != '\0' && !st.seal_passphrase.empty();
    const char* note = wrong ? problem : chosen ? tr("(takes a second)") : tr("(engine choosing)");
    row.next(textWidth(note));
    textItem(ctx, wrong ? "passphrase problem" : "seal note", note, wrong ? &kRed : disabledColour());
}

// CMP-3.5: the engine's choice after the seal request is sealed unseen under the arbiter's passphrase.
void drawComputerSeal(ViewContext& ctx) {
    UiState& st = ctx.state;
    const bool chosen = ctx.snap.computer_move_withheld;
    textItem(ctx, "computer seal",
             chosen ? tr("The computer has chosen (not shown). The arbiter types a passphrase twice, then "
                         "'Seal computer's move'; it opens the envelope at resumption.")
                    : tr("The computer is choosing (its move will not be shown). Meanwhile the arbiter "
                         "types a passphrase twice."),
             &kAmber, true);
    fieldRow(ctx, tr("Passphrase"), "##passphrase", st.seal_passphrase, tr("arbiter only"),
             ImGuiInputTextFlags_Password);
    fieldRow(ctx, tr("Repeat it"), "##passrepeat", st.seal_passphrase_repeat, tr("the same again"),
             ImGuiInputTextFlags_Password);
    drawSealButton(ctx, chosen);
}

void drawSealRequested(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    if (snap.to_move != snap.setup.computer_side) {
        textItem(ctx, "human seals",
                 tr("The human writes his move on his scoresheet, unambiguously, and seals it in the "
                    "envelope with the arbiter. Do NOT type it: press 'Envelope sealed' (Move pane)."),
                 &kAmber, true);
    } else if (snap.phase == Phase::EngineThinking || snap.computer_move_withheld) {
        drawComputerSeal(ctx);
    } else {
        // Guidelines I.1: a move shown before the request is no secret; the human seals after it.
        textItem(ctx, "shown before seal",
                 tr("The computer's move was shown before the seal request: play it and press the "
                    "clock as usual. The human, then having the move, seals."),
                 &kAmber, true);
    }
}

// A word too wide for `width` (a path has no spaces) broken after its slashes, so that it fits.
std::string breakAtSlashes(const std::string& word, float width) {
    std::string out, line;
    for (std::size_t from = 0; from < word.size();) {
        const std::size_t to = std::min(word.find('/', from + 1), word.size());
        const std::string part = word.substr(from, to - from);
        if (!line.empty() && textWidth(line + part) > width) {
            out += line + "\n";
            line.clear();
        }
        line += part;
        from = to;
    }
    return out + line;
}

// `text` in lines no wider than `width`: broken at spaces, and a path also after a slash. Each line is
// shaped on its own when drawn (a path keeps its order).
std::string brokenForPane(const std::string& text, float width) {
    std::string out, line;
    for (std::size_t from = 0; from <= text.size();) {
        const std::size_t to = std::min(text.find(' ', from), text.size());
        const std::string word = text.substr(from, to - from);
        const std::string longer = line.empty() ? word : line + " " + word;
        if (textWidth(longer) <= width) {
            line = longer;
        } else {
            if (!line.empty()) out += line + "\n";
            line = textWidth(word) <= width ? word : breakAtSlashes(word, width);
        }
        from = to + 1;
    }
    return out + line;
}

// Guidelines I.2 (g): the envelope's printed record, with the resumption's date, time and venue.
void drawEnvelopeRecord(ViewContext& ctx) {
    UiState& st = ctx.state;
    // Nothing typed is lost: (g) is journalled when the field is left after an edit, and the field shows
    // what the journal holds whenever the operator is not typing in it (so also after a restart).
    if (!st.resumption_typing) st.envelope_resumption = ctx.snap.envelope_resumption;
    fieldRow(ctx, tr("Resumption"), "##resumption", st.envelope_resumption, tr("(g) date, time, venue"));
    st.resumption_typing = ImGui::IsItemActive();
    if (ImGui::IsItemDeactivatedAfterEdit())
        ctx.out.push_back(session::cmd::EnvelopeResumption{st.envelope_resumption});
    DirectedRow row;
    row.next(buttonWidth("Write envelope PDF"));
    if (actionButton(ctx, "Write envelope PDF", true)) st.envelope_pdf_requested = true;
    if (st.envelope_pdf_note.empty()) return;
    // The shell's English message (a path written, or why not), in the UI language when known, on lines of
    // its own under the button: beside it a long path ran over the button and past the pane's edge.
    const std::string note = i18n::translateMessage(st.envelope_pdf_note);
    uiTextLine(brokenForPane(note, ImGui::GetContentRegionAvail().x), st.envelope_pdf_failed ? kRed : kGreen);
    recordItem(ctx, "envelope note", note);
}

// ADJ-05: the computer's envelope opens with the passphrase; the human's move is typed from his opened
// envelope only now (the console never knew it).
void drawResume(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    UiState& st = ctx.state;
    const rules::Color sealer = snap.sealed_by.value_or(snap.to_move);
    textItem(ctx, "adjourned",
             i18n::trf("Adjourned: {} ({}) sealed.", sideName(sealer), roleOf(snap, sealer)), &kAmber, true);
    drawEnvelopeRecord(ctx);
    ImGui::Separator();
    const bool computer = sealer == snap.setup.computer_side;
    if (computer) {
        fieldRow(ctx, tr("Passphrase"), "##passphrase", st.seal_passphrase, tr("the arbiter types it"),
                 ImGuiInputTextFlags_Password);
    } else {
        fieldRow(ctx, tr("Move as written"), "##envelopemove", st.envelope_move,
                 tr("from the opened envelope"));
    }
    const bool ready = computer ? !st.seal_passphrase.empty() : !st.envelope_move.empty();
    if (confirmButtonAlone(ctx, "Resume: open the envelope", ready)) {
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
    textItem(ctx, "adjourn only", tr("Only when the arbiter adjourns the game."), disabledColour());
    if (confirmButtonAlone(ctx, "Arbiter requests seal", inPlay(snap) && !snap.seal_requested)) {
        ctx.out.push_back(session::cmd::RequestSeal{});
    }
    if (snap.seal_requested) drawSealRequested(ctx);
}

}  // namespace oc::ui
