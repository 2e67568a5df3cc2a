// The arbiter's actions, performed by the operator at the arbiter's word: pause, clock corrections,
// illegal moves found later (Art. 7.5), entry corrections, flags (Art. 6.9) and declared results.
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <iterator>
#include <optional>
#include <string>

#include "i18n/mark.hpp"
#include "i18n/tr.hpp"
#include "view_context.hpp"

namespace oc::ui {

namespace {

using i18n::N_;
using i18n::tr;
using session::Phase;

void drawPauseAndFlag(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    const bool play = inPlay(snap);
    DirectedRow row;
    row.next(buttonWidth("Pause clocks"));
    if (actionButton(ctx, "Pause clocks", play && !snap.clock_paused)) {
        ctx.out.push_back(session::cmd::ArbiterPause{});
    }
    row.next(buttonWidth("Resume clocks"));
    if (actionButton(ctx, "Resume clocks", play && snap.clock_paused)) {
        ctx.out.push_back(session::cmd::ArbiterResume{});
    }
    if (snap.flag_reported) {
        // Art. 6.9: the arbiter rules the flag from the table clock, never from the console's.
        const char* rule = *snap.flag_reported == rules::Color::White
                               ? N_("Rule White's flag (seen on the table clock)")
                               : N_("Rule Black's flag (seen on the table clock)");
        if (confirmButtonAlone(ctx, rule, play)) {
            ctx.out.push_back(session::cmd::ArbiterConfirmFlag{*snap.flag_reported});
        }
    }
}

// Makes the next text field, the first of `row`, fill the row, leaving room for a button labelled `button`
// (a msgid) after it in reading order.
void fillBefore(DirectedRow& row, const char* button) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float w = ImGui::CalcTextSize(displayText(tr(button)).c_str(), nullptr, true).x +
                    style.FramePadding.x * 2.f + style.ItemSpacing.x;
    const float field_w = std::max(ImGui::GetFontSize() * 6.f, ImGui::GetContentRegionAvail().x - w);
    row.next(field_w);
    ImGui::SetNextItemWidth(field_w);
}

// The side a clock adjustment is for (0 White, 1 Black), its name in the UI language, its ID fixed.
void sideRadio(ViewContext& ctx, DirectedRow& row, rules::Color side) {
    const bool white = side == rules::Color::White;
    const std::string label =
        fmt::format("{}###{}", displayText(sideName(side)), white ? "adjwhite" : "adjblack");
    row.next(tickWidth(label));
    radioButton(ctx, white ? "adjust white" : "adjust black", label, sideName(side), &ctx.state.adjust_side,
                white ? 0 : 1);
}

// The correction typed ("+2:00", "-0:30", "45s"); nullopt when it cannot be read.
std::optional<session::Ms> typedDelta(std::string text) {
    if (!text.empty() && text.front() == '+') {
        text.erase(0, 1);
    }
    return parseTyped(text);
}

void drawAdjust(ViewContext& ctx) {
    UiState& st = ctx.state;
    DirectedRow first;  // from the right in a right-to-left UI
    first.next(textWidth(tr("Adjust clock")));
    textItem(ctx, "adjust title", tr("Adjust clock"));
    sideRadio(ctx, first, rules::Color::White);
    sideRadio(ctx, first, rules::Color::Black);
    first.next(ImGui::CalcTextSize("-0:00:00").x + 24);
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("-0:00:00").x + 24);
    ImGui::InputTextWithHint("##adjdelta", "+2:00", &st.adjust_delta);
    recordItem(ctx, "##adjdelta");
    DirectedRow row;
    fillBefore(row, "Apply adjustment");
    freeTextBox(ctx, "##adjreason", "##adjreason", displayText(tr("reason (required)")), st.adjust_reason);
    recordItem(ctx, "##adjreason", tr("reason (required)"));
    row.next(buttonWidth("Apply adjustment"));
    const auto delta = typedDelta(st.adjust_delta);
    if (actionButton(ctx, "Apply adjustment", inPlay(ctx.snap) && delta && !st.adjust_reason.empty())) {
        const rules::Color side = st.adjust_side == 0 ? rules::Color::White : rules::Color::Black;
        ctx.out.push_back(session::cmd::ArbiterAdjustClock{side, *delta, st.adjust_reason});
    }
    freeTextPreview(ctx, "##adjreason", st.adjust_reason);
}

void drawIllegal(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    UiState& st = ctx.state;
    const int plies = static_cast<int>(snap.moves.size());
    DirectedRow row;  // from the right in a right-to-left UI
    row.next(textWidth(tr("Illegal move at ply")));
    textItem(ctx, "illegal title", tr("Illegal move at ply"));
    row.next(ImGui::GetFontSize() * 6);
    intStepper(ctx, "##illegalply", "##illegalply", &st.illegal_ply, ImGui::GetFontSize() * 6, "");
    const bool valid = st.illegal_ply >= 1 && st.illegal_ply <= plies;
    if (valid) {
        const session::ScoresheetMove& m = snap.moves[static_cast<std::size_t>(st.illegal_ply - 1)];
        const std::string shown =
            fmt::format("= {}{} {}", m.number, m.side == rules::Color::White ? "." : "...", m.text);
        row.next(textWidth(shown));
        textItem(ctx, "illegal move shown", shown);
    }
    if (confirmButtonAlone(ctx, "Reinstate the position before it", inPlay(snap) && valid)) {
        ctx.out.push_back(session::cmd::ArbiterIllegalMove{st.illegal_ply});
    }
}

void drawCorrection(ViewContext& ctx) {
    UiState& st = ctx.state;
    textItem(ctx, "correct title", tr("Correct the human's last entry to:"));
    DirectedRow row;  // from the right in a right-to-left UI
    row.next(ImGui::CalcTextSize("Nxe4+ ").x + 30);
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("Nxe4+ ").x + 30);
    ImGui::InputText("##correct", &st.correct_text, kMoveBoxFlags, moveBoxFilter);
    recordItem(ctx, "##correct");
    const std::string confirms = translatedLabel(N_("arbiter confirms"));
    row.next(tickWidth(confirms));
    checkBox(ctx, "arbiter confirms", confirms, tr("arbiter confirms"), &st.correct_confirmed);
    row.next(buttonWidth("Correct"));
    if (actionButton(ctx, "Correct", inPlay(ctx.snap) && !st.correct_text.empty())) {
        ctx.out.push_back(session::cmd::CorrectEntry{st.correct_text, st.correct_confirmed});
    }
}

// IRR-07: the operator executed a different move from the engine's; a legal one becomes the game move
// (logged as a possible E.III 3.1 breach), an illegal one is for the arbiter.
void drawMadeInstead(ViewContext& ctx) {
    UiState& st = ctx.state;
    // Also under a seal request: a move executed after it is the sealed move (Guidelines I.1.1).
    const bool shown = ctx.snap.phase == Phase::EngineMoveShown;
    textItem(ctx, "made instead title", tr("The computer's move was made differently:"));
    DirectedRow row;
    fillBefore(row, "Made instead");
    ImGui::InputTextWithHint("##madeinstead", displayText(tr("move on the board")).c_str(), &st.made_instead,
                             kMoveBoxFlags, moveBoxFilter);
    recordItem(ctx, "##madeinstead", tr("move on the board"));
    row.next(confirmButtonWidth(ctx, "Made instead", shown && !st.made_instead.empty()));
    if (confirmButton(ctx, "Made instead", shown && !st.made_instead.empty(), true)) {
        ctx.out.push_back(session::cmd::MadeOnBoard{st.made_instead});
    }
}

// What the arbiter is asked: a claim that ended the game in his absence, one under a fallen flag, or a
// plain claim.
const char* quickplayRulingQuestion(const session::Snapshot& snap) {
    if (snap.qpf_provisional) {
        return tr(
            "Quickplay claim without an arbiter: the game ended pending the "
            "arbiter's decision (III.6 / App. D)");
    }
    return snap.qpf_decision_needed
               ? tr("A flag fell while the quickplay claim is open: the arbiter gives the "
                    "final decision (no automatic loss)")
               : tr("Quickplay claim (10.2 / III.5): the arbiter decides");
}

// QPF-02..04: the arbiter's decision on an open quickplay claim, and on a refused III.4 request.
// Art. 10.2 / Guidelines III.5-6: the arbiter's decision on an open quickplay claim.
void drawQuickplayClaimRuling(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    using session::cmd::QuickplayRuling;
    textItem(ctx, "quickplay ruling", quickplayRulingQuestion(snap), &kAmber, true);
    // From the right in a right-to-left UI; a button that does not fit starts the next row.
    DirectedRow row;
    row.next(confirmButtonWidth(ctx, "QPF: draw", true));
    if (confirmButton(ctx, "QPF: draw", true, true)) {
        ctx.out.push_back(session::cmd::ArbiterQuickplay{QuickplayRuling::Draw, false});
    }
    if (snap.qpf_provisional) return;
    row.nextOrWrap(buttonWidth("QPF: postpone"));
    if (actionButton(ctx, "QPF: postpone", !snap.qpf_postponed)) {
        ctx.out.push_back(session::cmd::ArbiterQuickplay{QuickplayRuling::Postpone, false});
    }
    row.nextOrWrap(buttonWidth("QPF: postpone, opponent +2:00"));
    if (actionButton(ctx, "QPF: postpone, opponent +2:00", !snap.qpf_postponed)) {
        ctx.out.push_back(session::cmd::ArbiterQuickplay{QuickplayRuling::Postpone, true});
    }
    row.nextOrWrap(confirmButtonWidth(ctx, "QPF: reject (opponent +2:00)", true));
    if (confirmButton(ctx, "QPF: reject (opponent +2:00)", true, true)) {
        ctx.out.push_back(session::cmd::ArbiterQuickplay{QuickplayRuling::Reject, false});
    }
}

void drawQuickplayRulings(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    if (snap.qpf_claimant) drawQuickplayClaimRuling(ctx);
    if (snap.increment_awaits_arbiter) {
        textItem(ctx, "increment question", tr("III.4: the draw offer was refused; grant the 5 s increment?"),
                 &kAmber, true);
        DirectedRow row;  // from the right in a right-to-left UI
        row.next(confirmButtonWidth(ctx, "Grant +5 s for both (opponent +2:00)", true));
        if (confirmButton(ctx, "Grant +5 s for both (opponent +2:00)", true, true)) {
            ctx.out.push_back(session::cmd::ArbiterIncrement{true});
        }
        row.nextOrWrap(buttonWidth("Refuse the increment"));
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
    DirectedRow choices;  // from the right in a right-to-left UI; each result stays "1-0" inside
    choices.next(textWidth(tr("Declare result")));
    textItem(ctx, "result title", tr("Declare result"));
    for (int i = 0; i < 3; ++i) {
        const std::string label = displayLabel(shownResult(kResults[i]));
        choices.next(tickWidth(label));
        radioButton(ctx, fmt::format("result {}", kResults[i]).c_str(), label, shownResult(kResults[i]),
                    &st.result_choice, i);
    }
    DirectedRow row;
    fillBefore(row, "Declare");
    freeTextBox(ctx, "##resultreason", "##resultreason", displayText(tr("ruling (required)")),
                st.result_reason);
    recordItem(ctx, "##resultreason", tr("ruling (required)"));
    const bool ok = st.result_choice >= 0 && st.result_choice < 3 && !st.result_reason.empty();
    row.next(confirmButtonWidth(ctx, "Declare", ok && ctx.snap.phase != Phase::Setup));
    if (confirmButton(ctx, "Declare", ok && ctx.snap.phase != Phase::Setup, true)) {
        ctx.out.push_back(session::cmd::ArbiterResult{kResults[st.result_choice], st.result_reason});
    }
    freeTextPreview(ctx, "##resultreason", st.result_reason);
}

// The rarer rulings, one at a time behind a row of selectors, so the pane fits a 1280x800 screen
// without scrolling; pause and flag stay on top.
struct Section {
    const char* name;
    void (*draw)(ViewContext&);
};
// Short names: the selectors must stay on one row at 1280 px, or the pane no longer fits 800 px. English
// msgids: actionButton shows them translated.
constexpr Section kSections[] = {{N_("Clock"), drawAdjust},
                                 {N_("Illegal"), drawIllegal},
                                 {N_("At the board"), drawIllegalKind},
                                 {N_("Correct"), drawCorrection},
                                 {N_("Made differently"), drawMadeInstead},
                                 {N_("Result"), drawResult},
                                 {N_("Arrival"), drawArrival},
                                 {N_("Consult"), drawConsultPane}};

static_assert(kSections[kAtTheBoardSection].draw == drawIllegalKind, "kAtTheBoardSection names IRR-04");

void drawSectionSelectors(ViewContext& ctx) {
    int& chosen = ctx.state.arbiter_section;
    const ImGuiStyle& style = ImGui::GetStyle();
    DirectedRow row;  // from the right in a right-to-left UI
    for (int i = 0; i < static_cast<int>(std::size(kSections)); ++i) {
        row.nextOrWrap(buttonWidth(kSections[i].name));
        ImGui::PushStyleColor(ImGuiCol_Button, chosen == i ? style.Colors[ImGuiCol_ButtonActive]
                                                           : style.Colors[ImGuiCol_FrameBg]);
        // "section Correct": the section's name is also its action's label ("Correct").
        if (namedActionButton(ctx, fmt::format("section {}", kSections[i].name), kSections[i].name, true))
            chosen = i;
        ImGui::PopStyleColor();
    }
}

}  // namespace

void drawArbiterPane(ViewContext& ctx) {
    textItem(ctx, "arbiter only", tr("Only on the arbiter's instruction (journalled)."), disabledColour());
    drawQuickplayRulings(ctx);
    drawForfeitProposal(ctx);
    drawPauseAndFlag(ctx);
    ImGui::Separator();
    drawSectionSelectors(ctx);
    ImGui::Separator();
    const int chosen = std::clamp(ctx.state.arbiter_section, 0, static_cast<int>(std::size(kSections)) - 1);
    kSections[chosen].draw(ctx);
}

}  // namespace oc::ui
