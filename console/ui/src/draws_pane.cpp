// Draw offers, claims, resignation and flags (E.III 3.1-3.3, Art. 9): the policy's indication decides
// what the operator may do for the computer; the buttons are enabled only when the snapshot allows it.
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include "view_context.hpp"

namespace oc::ui {

namespace {

using session::Phase;

// E.III 3.1-3.3: what the locked policy indicates now. Offering, claiming and resigning are steps the
// computer wants taken; accepting is only an answer, so it reads as a condition and stays quiet until
// the human offers (then drawOffers() shows it in large type with the answer buttons).
void drawIndication(ViewContext& ctx) {
    const session::Indication& ind = ctx.snap.indication;
    std::string what;
    for (auto [on, name] : {std::pair{ind.offer_draw, "offer a draw"},
                            std::pair{ind.claim_draw, "claim the draw"}, std::pair{ind.resign, "resign"}}) {
        if (on) {
            what += what.empty() ? name : std::string(", ") + name;
        }
    }
    // One line (the Draws pane has no row to spare at 1280x800): what to do now, then the condition.
    ImGui::TextUnformatted("Policy:");
    ImGui::SameLine();
    ImGui::TextColored(what.empty() ? kGrey : kAmber, "%s", what.empty() ? "none" : what.c_str());
    if (!ctx.snap.human_offer_pending) {
        ImGui::SameLine(0, 16);
        ImGui::TextDisabled("if the human offers: %s", ind.accept_draw ? "accept" : "decline");
        recordItem(ctx, "policy if offered");
    }
    if (!ind.reason.empty()) {
        ImGui::PushTextWrapPos(0.f);
        ImGui::TextDisabled("%s", ind.reason.c_str());
        ImGui::PopTextWrapPos();
    }
}

// E.III 3.4: the engine's resource-change instruction (book, tablebases, network, hash file). The
// operator carries it out and confirms; there is no control to start such a change himself.
void drawModuleRequest(ViewContext& ctx) {
    const auto& req = ctx.snap.module_request;
    if (!req) {
        return;
    }
    ImGui::TextColored(kAmber, "The computer instructs: set %s to %s (E.III 3.4)", req->name.c_str(),
                       req->value.c_str());
    if (actionButton(ctx, "Module change done", true)) {
        ctx.out.push_back(session::cmd::ModuleChange{});
    }
}

// A draw offer's two answers on the current line: `Answer{true}` accepts, `Answer{false}` declines.
template <class Answer>
void answerButtons(ViewContext& ctx, const char* accept, const char* decline) {
    ImGui::SameLine();
    if (actionButton(ctx, accept, true)) {
        ctx.out.push_back(Answer{true});
    }
    ImGui::SameLine();
    if (actionButton(ctx, decline, true)) {
        ctx.out.push_back(Answer{false});
    }
}

void drawOffers(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    const bool play = inPlay(snap);
    if (snap.human_offer_pending || snap.phase == Phase::ClaimPending) {
        ImGui::TextColored(kAmber, "%s",
                           snap.phase == Phase::ClaimPending
                               ? "The human's claim is not valid: accept it as a draw offer?"
                               : "The human offers a draw");
        // Art. 9.1: the answer the locked policy gives to this offer (E.III 3.1), in amber beside the
        // answer buttons (a larger font pushed them below the fold at 1280x800).
        ImGui::TextColored(kAmber, "Policy's answer: %s", snap.indication.accept_draw ? "ACCEPT" : "DECLINE");
        recordItem(ctx, "policy answer");
        answerButtons<session::cmd::AnswerHumanOffer>(ctx, "Accept draw", "Decline");
    }
    if (snap.computer_offer_pending) {
        ImGui::TextColored(kAmber, "The computer offers a draw. The human:");
        answerButtons<session::cmd::HumanAnswersOffer>(ctx, "Accepts", "Declines");
    }
    if (snap.human_offer_pending) {
        return;  // one offer at a time: the answer buttons above replace the offer buttons
    }
    if (actionButton(ctx, "Human offers draw", play)) {
        ctx.out.push_back(session::cmd::HumanOffersDraw{});
    }
    ImGui::SameLine();
    if (actionButton(ctx, "Computer offers draw",
                     play && snap.indication.offer_draw && !snap.computer_offer_pending)) {
        ctx.out.push_back(session::cmd::ComputerOffersDraw{});
    }
}

void drawClaims(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    UiState& st = ctx.state;
    const bool play = inPlay(snap);
    const rules::Color human = ~snap.setup.computer_side;
    ImGui::TextUnformatted("Claim: written move");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("Nxe4+ ").x + 30);
    ImGui::InputText("##intended", &st.claim_intended);
    recordItem(ctx, "##intended");
    ImGui::SameLine();
    ImGui::Checkbox("piece touched", &st.claim_touched);
    auto claim = [&](rules::Color who, session::cmd::ClaimKind kind) {
        std::optional<std::string> intended;
        if (who == human && !st.claim_intended.empty()) {
            intended = st.claim_intended;
        }
        ctx.out.push_back(session::cmd::ClaimDraw{who, kind, intended, who == human && st.claim_touched});
    };
    if (actionButton(ctx, "Human: threefold", play)) claim(human, session::cmd::ClaimKind::Threefold);
    ImGui::SameLine();
    if (actionButton(ctx, "Human: 50 moves", play)) claim(human, session::cmd::ClaimKind::Fifty);
    const bool computer_can = play && snap.can_claim_for_computer;
    if (actionButton(ctx, "Computer: threefold", computer_can))
        claim(~human, session::cmd::ClaimKind::Threefold);
    ImGui::SameLine();
    if (actionButton(ctx, "Computer: 50 moves", computer_can)) claim(~human, session::cmd::ClaimKind::Fifty);
    if (!snap.expected_human_move.empty()) {
        ImGui::TextColored(kAmber, "The human must now play the written move %s (Art. 9.5)",
                           snap.expected_human_move.c_str());
    }
}

// QPF-02/03: the quickplay claim and the III.4 request, shown only while the session offers them (the
// computer's only with the policy's indication, E.III 3.3).
void drawQuickplay(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    for (rules::Color side : {rules::Color::White, rules::Color::Black}) {
        const char* who = side == snap.setup.computer_side ? "Computer" : "Human";
        if (snap.qpf_claim_available[side]) {
            const std::string label = fmt::format("{}: quickplay claim (< 2:00)", who);
            if (actionButton(ctx, label.c_str(), true))
                ctx.out.push_back(
                    session::cmd::ClaimDraw{side, session::cmd::ClaimKind::Quickplay, std::nullopt, false});
            ImGui::SameLine();
        }
        if (snap.increment_request_available[side]) {
            const std::string label = fmt::format("{}: ask +5 s increment (III.4)", who);
            if (actionButton(ctx, label.c_str(), true))
                ctx.out.push_back(session::cmd::RequestIncrement{side});
            ImGui::SameLine();
        }
    }
    ImGui::NewLine();
    if (snap.qpf_claimant) {
        ImGui::TextColored(kAmber, "%s's quickplay claim is open%s: the arbiter decides (Arbiter tab)",
                           sideName(*snap.qpf_claimant), snap.qpf_postponed ? " (postponed)" : "");
    }
}

}  // namespace

void drawDrawsEndings(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    const bool play = inPlay(snap);
    const rules::Color human = ~snap.setup.computer_side;
    if (confirmButton(ctx, "Human resigns", play)) {
        ctx.out.push_back(session::cmd::Resign{human});
    }
    ImGui::SameLine();
    if (snap.indication.resign) {
        ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.6f, 0.35f, 0.05f, 1.f));
    }
    if (confirmButton(ctx, "Resign for the computer", play)) {
        ctx.out.push_back(session::cmd::Resign{~human});
    }
    if (snap.indication.resign) {
        ImGui::PopStyleColor();
    }
    ImGui::TextUnformatted("Flag fallen:");
    for (rules::Color side : {rules::Color::White, rules::Color::Black}) {
        ImGui::SameLine();
        const std::string label = fmt::format("{}##flag", sideName(side));
        if (actionButton(ctx, label.c_str(), play && !snap.flag_reported)) {
            ctx.out.push_back(session::cmd::ReportFlag{side});
        }
    }
}

namespace {

// E.III 3.2: the nominated person may be consulted only in the arbiter's presence.
void drawConsultation(ViewContext& ctx) {
    UiState& st = ctx.state;
    const std::string& who = ctx.snap.setup.consultant.name;
    ImGui::Text("Consult %s", who.empty() ? "(no one nominated)" : who.c_str());
    const float box = ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
                      ImGui::CalcTextSize("arbiter present").x + ImGui::GetStyle().ItemSpacing.x;
    if (ImGui::GetItemRectMax().x + box <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) {
        ImGui::SameLine();  // one row less: the Arbiter tab fits 1280x800
    }
    ImGui::Checkbox("arbiter present", &st.consult_arbiter_present);
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
    ImGui::InputTextWithHint("##consultnote", "note", &st.consult_note);
    ImGui::SameLine();
    if (actionButton(ctx, "Log consultation", inPlay(ctx.snap) && !who.empty())) {
        ctx.out.push_back(session::cmd::Consultation{st.consult_arbiter_present, st.consult_note});
    }
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
        open = ImGui::CollapsingHeader("Claims");
        recordItem(ctx, "Claims");
    }
    if (open) drawClaims(ctx);
}

}  // namespace oc::ui
