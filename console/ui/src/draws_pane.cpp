// Draw offers, claims, resignation and flags (E.III 3.1-3.3, Art. 9): the policy's indication decides
// what the operator may do for the computer; the buttons are enabled only when the snapshot allows it.
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <utility>

#include "i18n/mark.hpp"
#include "i18n/tr.hpp"
#include "view_context.hpp"

namespace oc::ui {

namespace {

using i18n::N_;
using i18n::tr;
using i18n::trf;
using session::Phase;

// E.III 3.1-3.3: what the locked policy indicates now. Offering, claiming and resigning are steps the
// computer wants taken; accepting is only an answer, so it reads as a condition and stays quiet until
// the human offers (then drawOffers() shows it in large type with the answer buttons).
// The steps the policy wants taken now, a list of whole phrases from the catalogue; empty for none.
std::string policySteps(const event::Indication& ind) {
    std::string what;
    for (auto [on, name] :
         {std::pair{ind.offer_draw, tr("offer a draw")}, std::pair{ind.claim_draw, tr("claim the draw")},
          std::pair{ind.resign, tr("resign")}}) {
        if (on) {
            what += what.empty() ? name : i18n::listSeparator() + std::string(name);
        }
    }
    return what;
}

void drawIndication(ViewContext& ctx) {
    const event::Indication& ind = ctx.snap.indication;
    const std::string what = policySteps(ind);
    // One line (the Draws pane has no row to spare at 1280x800): what to do now, then the condition.
    DirectedRow row;  // from the right in a right-to-left UI
    row.next(textWidth(tr("Policy:")));
    textItem(ctx, "policy title", tr("Policy:"));
    // TRANSLATORS: the policy indicates no step now.
    const std::string steps = what.empty() ? std::string(tr("none")) : what;
    row.next(textWidth(steps));
    textItem(ctx, "policy", steps, what.empty() ? &kGrey : &kAmber, true);
    if (!ctx.snap.human_offer_pending) {
        const char* text =
            ind.accept_draw ? tr("if the human offers: accept") : tr("if the human offers: decline");
        // Wraps below when the pane is too narrow for both on one line (Polish is longer).
        row.nextOrWrap(textWidth(text), 16.f);
        textItem(ctx, "policy if offered", text, disabledColour());
    }
    if (!ind.reason.empty()) {
        textItem(ctx, "policy reason", i18n::translateMessage(ind.reason), disabledColour(), true);
    }
}

// E.III 3.4: the engine's resource-change instruction (book, tablebases, network, hash file). The
// operator carries it out and confirms; there is no control to start such a change himself.
void drawModuleRequest(ViewContext& ctx) {
    const auto& req = ctx.snap.module_request;
    if (!req) {
        return;
    }
    textItem(ctx, "module request",
             trf("The computer instructs: set {} to {} (E.III 3.4)", req->name, req->value), &kAmber, true);
    placeAlone(buttonWidth("Module change done"));
    if (actionButton(ctx, "Module change done", true)) {
        ctx.out.push_back(session::cmd::ModuleChange{});
    }
}

// A draw offer's two answers after the question, each on its line when it still fits there (issue 22:
// "Declines" ran off the pane's edge, where a click on it reached the Clocks pane instead):
// `Answer{true}` accepts, `Answer{false}` declines.
template <class Answer>
void answerButtons(ViewContext& ctx, DirectedRow& row, const char* accept, const char* decline) {
    row.nextOrWrap(buttonWidth(accept));
    if (actionButton(ctx, accept, true)) {
        ctx.out.push_back(Answer{true});
    }
    row.nextOrWrap(buttonWidth(decline));
    if (actionButton(ctx, decline, true)) {
        ctx.out.push_back(Answer{false});
    }
}

// The human's offer (or invalid claim) waiting for the computer's answer, with the policy's answer.
void drawHumanOfferAnswer(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    // Art. 9.1 (c): a claim of a draw is also a draw offer, so an invalid one may be accepted as such.
    textItem(ctx, "offer question",
             snap.phase == Phase::ClaimPending
                 ? tr("The human's claim is not valid: accept it as a draw offer?")
                 : tr("The human offers a draw"),
             &kAmber, true);
    // Art. 9.1: the answer the locked policy gives to this offer (E.III 3.1), in amber beside the
    // answer buttons (a larger font pushed them below the fold at 1280x800).
    const char* answer =
        snap.indication.accept_draw ? tr("Policy's answer: ACCEPT") : tr("Policy's answer: DECLINE");
    DirectedRow row;
    row.next(textWidth(answer));
    textItem(ctx, "policy answer", answer, &kAmber);
    answerButtons<session::cmd::AnswerHumanOffer>(ctx, row, N_("Accept draw"), N_("Decline"));
}

void drawOffers(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    const bool play = inPlay(snap);
    if (snap.human_offer_pending || snap.phase == Phase::ClaimPending) {
        drawHumanOfferAnswer(ctx);
    }
    if (snap.computer_offer_pending) {
        DirectedRow row;
        row.next(textWidth(tr("The computer offers a draw. The human:")));
        textItem(ctx, "computer offer", tr("The computer offers a draw. The human:"), &kAmber);
        answerButtons<session::cmd::HumanAnswersOffer>(ctx, row, N_("Accepts"), N_("Declines"));
    }
    if (snap.human_offer_pending) {
        return;  // one offer at a time: the answer buttons above replace the offer buttons
    }
    DirectedRow row;
    row.next(buttonWidth("Human offers draw"));
    if (actionButton(ctx, "Human offers draw", play)) {
        ctx.out.push_back(session::cmd::HumanOffersDraw{});
    }
    row.nextOrWrap(buttonWidth("Computer offers draw"));
    if (actionButton(ctx, "Computer offers draw",
                     play && snap.indication.offer_draw && !snap.computer_offer_pending)) {
        ctx.out.push_back(session::cmd::ComputerOffersDraw{});
    }
}

// Art. 9.2 (a) / 9.3 (a): a claim on a move not yet made is written on the scoresheet first.
void drawWrittenMove(ViewContext& ctx) {
    UiState& st = ctx.state;
    DirectedRow row;
    row.next(textWidth(tr("Claim: written move")));
    textItem(ctx, "claim title", tr("Claim: written move"));
    const float box_w = ImGui::CalcTextSize("Nxe4+ ").x + 30;
    row.next(box_w);
    ImGui::SetNextItemWidth(box_w);
    ImGui::InputText("##intended", &st.claim_intended, kMoveBoxFlags, moveBoxFilter);
    recordItem(ctx, "##intended");
    const std::string touched = translatedLabel(N_("piece touched"));
    row.next(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
             ImGui::CalcTextSize(touched.c_str(), nullptr, true).x);
    checkBox(ctx, "piece touched", touched, tr("piece touched"), &st.claim_touched);
}

// A claim by `who`; the human's carries the written move and whether he touched a piece.
void claim(ViewContext& ctx, rules::Color who, session::cmd::ClaimKind kind) {
    const UiState& st = ctx.state;
    const bool human = who != ctx.snap.setup.computer_side;
    std::optional<std::string> intended;
    if (human && !st.claim_intended.empty()) {
        intended = st.claim_intended;
    }
    ctx.out.push_back(session::cmd::ClaimDraw{who, kind, intended, human && st.claim_touched});
}

void drawClaims(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    const bool play = inPlay(snap);
    const rules::Color human = ~snap.setup.computer_side;
    drawWrittenMove(ctx);
    DirectedRow human_row;
    human_row.next(buttonWidth("Human: threefold"));
    if (actionButton(ctx, "Human: threefold", play)) claim(ctx, human, session::cmd::ClaimKind::Threefold);
    human_row.nextOrWrap(buttonWidth("Human: 50 moves"));  // the Polish pair is wider than the pane at 1280
    if (actionButton(ctx, "Human: 50 moves", play)) claim(ctx, human, session::cmd::ClaimKind::Fifty);
    const bool computer_can = play && snap.can_claim_for_computer;
    DirectedRow computer_row;
    computer_row.next(buttonWidth("Computer: threefold"));
    if (actionButton(ctx, "Computer: threefold", computer_can))
        claim(ctx, ~human, session::cmd::ClaimKind::Threefold);
    computer_row.nextOrWrap(buttonWidth("Computer: 50 moves"));
    if (actionButton(ctx, "Computer: 50 moves", computer_can))
        claim(ctx, ~human, session::cmd::ClaimKind::Fifty);
    if (!snap.expected_human_move.empty()) {
        textItem(ctx, "expected move",
                 trf("The human must now play the written move {} (Art. 9.5)", snap.expected_human_move),
                 &kAmber, true);
    }
}

// Whose quickplay claim waits for the arbiter: whole sentences, the side's name takes a case in Polish.
const char* quickplayOpen(rules::Color claimant, bool postponed) {
    if (claimant == rules::Color::White)
        return postponed
                   ? tr("White's quickplay claim is open (postponed): the arbiter decides (Arbiter tab)")
                   : tr("White's quickplay claim is open: the arbiter decides (Arbiter tab)");
    return postponed ? tr("Black's quickplay claim is open (postponed): the arbiter decides (Arbiter tab)")
                     : tr("Black's quickplay claim is open: the arbiter decides (Arbiter tab)");
}

// One side's quickplay claim and III.4 request, when the session offers them, on `row` (each button beside
// the one before when it fits, from the right in a right-to-left UI).
void drawQuickplaySide(ViewContext& ctx, rules::Color side, DirectedRow& row) {
    const session::Snapshot& snap = ctx.snap;
    const bool computer = side == snap.setup.computer_side;
    const auto place = [&row](const char* label) { row.nextOrWrap(buttonWidth(label)); };
    if (snap.qpf_claim_available[side]) {
        const char* label =
            computer ? N_("Computer: quickplay claim (< 2:00)") : N_("Human: quickplay claim (< 2:00)");
        place(label);
        if (actionButton(ctx, label, true))
            ctx.out.push_back(
                session::cmd::ClaimDraw{side, session::cmd::ClaimKind::Quickplay, std::nullopt, false});
    }
    if (snap.increment_request_available[side]) {
        const char* label =
            computer ? N_("Computer: ask +5 s increment (III.4)") : N_("Human: ask +5 s increment (III.4)");
        place(label);
        if (actionButton(ctx, label, true)) ctx.out.push_back(session::cmd::RequestIncrement{side});
    }
}

// QPF-02/03: the quickplay claim and the III.4 request, shown only while the session offers them (the
// computer's only with the policy's indication, E.III 3.3).
void drawQuickplay(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    DirectedRow row;
    for (rules::Color side : {rules::Color::White, rules::Color::Black}) drawQuickplaySide(ctx, side, row);
    if (snap.qpf_claimant) {
        textItem(ctx, "quickplay open", quickplayOpen(*snap.qpf_claimant, snap.qpf_postponed), &kAmber, true);
    }
}

// Either side's resignation; the computer's button stands out when the policy indicates it (E.III 3.3).
void drawResignations(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    const bool play = inPlay(snap);
    const rules::Color human = ~snap.setup.computer_side;
    // While one resignation waits for its confirmation the other steps aside: the longer "Confirm: ..."
    // and Cancel take the row (issue 22: "Poddaj za komputer" was cut off at the pane's edge).
    const std::string& armed = ctx.state.confirming;
    DirectedRow row;  // from the right in a right-to-left UI
    if (armed != "Resign for the computer") {
        row.next(confirmButtonWidth(ctx, "Human resigns", play));
        if (confirmButton(ctx, "Human resigns", play, true)) ctx.out.push_back(session::cmd::Resign{human});
        if (armed == "Human resigns") return;
    }
    row.next(confirmButtonWidth(ctx, "Resign for the computer", play));
    if (snap.indication.resign) {
        ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.6f, 0.35f, 0.05f, 1.f));
    }
    if (confirmButton(ctx, "Resign for the computer", play, true)) {
        ctx.out.push_back(session::cmd::Resign{~human});
    }
    if (snap.indication.resign) {
        ImGui::PopStyleColor();
    }
}

void drawFlagFallen(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    const bool play = inPlay(snap);
    // Art. 6.9: a fallen flag is reported here; the arbiter rules it (Arbiter tab).
    DirectedRow row;  // from the right in a right-to-left UI
    row.next(textWidth(tr("Flag fallen:")));
    textItem(ctx, "flag fallen title", tr("Flag fallen:"));
    // TRANSLATORS: "##flag" is the button's ID and is not shown: translate the side only.
    for (auto [side, label] : {std::pair{rules::Color::White, N_("White##flag")},
                               std::pair{rules::Color::Black, N_("Black##flag")}}) {
        row.next(ImGui::CalcTextSize(displayText(tr(label)).c_str(), nullptr, true).x +
                 ImGui::GetStyle().FramePadding.x * 2.f);
        if (actionButton(ctx, label, play && !snap.flag_reported)) {
            ctx.out.push_back(session::cmd::ReportFlag{side});
        }
    }
}

}  // namespace

void drawDrawsEndings(ViewContext& ctx) {
    drawResignations(ctx);
    drawFlagFallen(ctx);
}

namespace {

// E.III 3.2: the nominated person may be consulted only in the arbiter's presence.
void drawConsultation(ViewContext& ctx) {
    UiState& st = ctx.state;
    const std::string& who = ctx.snap.setup.consultant.name;
    const std::string title = who.empty() ? tr("Consult (no one nominated)") : trf("Consult {}", who);
    DirectedRow first;  // from the right in a right-to-left UI
    first.next(textWidth(title));
    textItem(ctx, "consult title", title);
    const std::string present = translatedLabel(N_("arbiter present"));
    first.nextOrWrap(tickWidth(present));  // beside the title when it fits: the Arbiter tab fits 1280x800
    checkBox(ctx, "arbiter present", present, tr("arbiter present"), &st.consult_arbiter_present);
    DirectedRow row;
    // The button keeps its whole label ("Zapisz konsultację" was cut at 1280 px): the note gives way.
    const float avail = ImGui::GetContentRegionAvail().x;
    const float note_w =
        std::min(avail * 0.6f, avail - ImGui::GetStyle().ItemSpacing.x - buttonWidth("Log consultation"));
    row.next(note_w);
    ImGui::SetNextItemWidth(note_w);
    freeTextBox(ctx, "##consultnote", "##consultnote", displayText(i18n::trc("consultation", "note")),
                st.consult_note);
    recordItem(ctx, "##consultnote", i18n::trc("consultation", "note"));
    row.next(buttonWidth("Log consultation"));
    if (actionButton(ctx, "Log consultation", inPlay(ctx.snap) && !who.empty())) {
        ctx.out.push_back(session::cmd::Consultation{st.consult_arbiter_present, st.consult_note});
    }
    freeTextPreview(ctx, "##consultnote", st.consult_note);
}

}  // namespace

void drawConsultPane(ViewContext& ctx) {
    drawConsultation(ctx);
}

void drawDrawsPane(ViewContext& ctx) {
    drawIndication(ctx);
    drawModuleRequest(ctx);
    ImGui::Separator();
    drawOffers(ctx);
    // QPF-02/03: a quickplay claim is made with seconds left: above the claims, which may scroll.
    if (ctx.snap.qpf_applies || ctx.snap.qpf_claimant || ctx.snap.increment_requester) {
        drawQuickplay(ctx);
    }
    ImGui::Separator();
    // While an offer waits for its answer the claims fold away (one click to open), so the answer and
    // the endings fit a 1280x800 screen without scrolling.
    const session::Snapshot& snap = ctx.snap;
    const bool waiting =
        snap.human_offer_pending || snap.computer_offer_pending || snap.phase == Phase::ClaimPending;
    bool open = !waiting;
    if (waiting) {
        open = collapsingHeader(ctx, N_("Claims"));
    }
    if (open) drawClaims(ctx);
}

}  // namespace oc::ui
