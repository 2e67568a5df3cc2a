// Read-only panes: the engine's state (operator only), the scoresheet, the notices and journal count.
#include <fmt/format.h>

#include <array>

#include "i18n/format.hpp"
#include "i18n/mark.hpp"
#include "i18n/tr.hpp"
#include "view_context.hpp"

namespace oc::ui {

namespace {

using session::Phase;

std::string evalText(const event::Evaluation& e) {
    if (e.mate) {
        return *e.mate > 0 ? i18n::trf("mate in {} for the computer", *e.mate)
                           : i18n::trf("mate in {} against it", -*e.mate);
    }
    // Pawns with a sign and the language's decimal separator: "+0.34" / "+0,34".
    const double pawns = e.cp / 100.0;
    // Signed as one piece: in Persian the i18n module keeps the sign on the left (issue 36 item 6).
    const std::string score = i18n::localizeDecimalText(i18n::uiLanguage(), fmt::format("{:+.2f}", pawns));
    return i18n::trf("{} (computer's view)", score);
}

// What the engine is doing, for the operator.
const char* engineStatus(bool thinking, bool pondering) {
    if (thinking) return i18n::tr("thinking");
    return pondering ? i18n::tr("engine pondering") : i18n::tr("waiting");
}

// "Status: thinking   Restarts: 0", and the computer's flags when it has lost on time.
void drawEngineStatus(ViewContext& ctx, bool thinking, bool pondering) {
    const session::Snapshot& snap = ctx.snap;
    DirectedRow row;  // from the right in a right-to-left UI
    row.next(textWidth(i18n::tr("Status:")));
    uiText(i18n::tr("Status:"));
    recordItem(ctx, "engine status label", i18n::tr("Status:"));
    const char* status = engineStatus(thinking, pondering);
    row.next(textWidth(status));
    uiText(status, thinking || pondering ? kGreen : kGrey);
    recordItem(ctx, "engine status", status);
    if (pondering) recordItem(ctx, "engine pondering", status);
    const std::string restarts = i18n::trf("Restarts: {}", snap.engine_restarts);
    // On the same row when it fits (a Persian row runs longer than the narrow pane).
    row.nextOrWrap(textWidth(restarts), 20.f);
    uiText(restarts);
    recordItem(ctx, "engine restarts", restarts);
    if (snap.computer_flags > 0) {
        const std::string flags = i18n::trf("Computer flags: {}", snap.computer_flags);
        row.next(textWidth(flags), 24.f);
        uiText(flags, kRed);
    }
}

void drawEngineFault(const session::Snapshot& snap) {
    if (snap.last_engine_fault.empty()) return;
    ImGui::PushTextWrapPos(0.f);
    const std::string fault = i18n::trf("Last fault: {}", shownMessage(snap.last_engine_fault));
    uiTextLine(fault, kRed);
    ImGui::PopTextWrapPos();
}

// CFG-06 / Q18: the evaluation is for the operator's eyes only; the public display never reaches here.
void drawEvaluation(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    if (!snap.engine_move || !snap.engine_move->eval || ctx.state.public_display) return;
    uiTextLine(i18n::tr("Evaluation (operator only):"));
    const std::string eval = evalText(*snap.engine_move->eval);
    uiTextLine(eval);
    recordItem(ctx, "evaluation", eval);
}

// The scoresheet's columns in reading order: the move number, White's move, Black's move.
enum SheetColumn : std::size_t { kNumber, kWhite, kBlack };

// The table's column that shows `c`: mirrored in a right-to-left UI (the number at the right, White's
// move right of Black's, as on a Persian scoresheet).
int sheetColumn(SheetColumn c) {
    return static_cast<int>(columnAt(c, 3, layoutDirection()));
}

// The scoresheet's table: the move number, then White's and Black's move, each with "(=)" for an offer.
void drawMoveTable(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
    if (snap.moves.empty() || !ImGui::BeginTable("moves", 3, kFlags)) return;
    for (const SheetColumn c : fromTheLeft(std::array{kNumber, kWhite, kBlack}, layoutDirection())) {
        if (c == kNumber)
            ImGui::TableSetupColumn("No", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("000.").x);
        else
            ImGui::TableSetupColumn(c == kWhite ? "White" : "Black");
    }
    for (const session::ScoresheetMove& m : snap.moves) {
        if (m.side == rules::Color::White || &m == &snap.moves.front()) {
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(sheetColumn(kNumber));
            cellText(fmt::format("{}.", m.number), *disabledColour());
            if (m.number == 1) recordItem(ctx, "scoresheet number 1");
        }
        ImGui::TableSetColumnIndex(sheetColumn(m.side == rules::Color::White ? kWhite : kBlack));
        cellText(m.draw_offer ? m.text + " (=)" : m.text);
        if (m.number == 1)
            recordItem(ctx, m.side == rules::Color::White ? "scoresheet white 1" : "scoresheet black 1");
    }
    ImGui::EndTable();
}

// The result in large type under the moves, with how the game ended.
void drawResultLine(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    if (snap.result == "*") return;
    ImGui::PushFont(ctx.fonts.heading);
    uiText(shownResult(snap.result), kAmber);
    ImGui::PopFont();
    ImGui::SameLine();
    const std::string termination = shownMessage(snap.termination);
    uiText(termination, *disabledColour());
}

// Keeps the newest line of a scrolling list in view, unless the operator has scrolled up to read.
void followNewest() {
    if (ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 2.f * ImGui::GetTextLineHeightWithSpacing()) {
        ImGui::SetScrollHereY(1.f);
    }
}

}  // namespace

void drawEnginePane(ViewContext& ctx) {
    const bool thinking = ctx.snap.phase == Phase::EngineThinking;
    // Q18: "pondering" for the operator only, and never the move the engine expects.
    const bool pondering = ctx.snap.engine_pondering && !ctx.state.public_display;
    drawEngineStatus(ctx, thinking, pondering);
    drawEngineFault(ctx.snap);
    drawEvaluation(ctx);
}

namespace {

// Issue 34 item 18: the scoresheet as a paper, from the window (operator-cli journal replay
// --scoresheet-pdf writes the same); under the list, so the list keeps its height.
void drawScoresheetPdfRow(ViewContext& ctx) {
    UiState& st = ctx.state;
    DirectedRow row;
    row.next(buttonWidth("Write scoresheet PDF"));
    if (actionButton(ctx, "Write scoresheet PDF", true)) st.scoresheet_pdf_requested = true;
    if (st.scoresheet_pdf_note.empty()) return;
    textRest(ctx, row, "scoresheet pdf note", i18n::translateMessage(st.scoresheet_pdf_note),
             st.scoresheet_pdf_failed ? &kRed : disabledColour());
}

}  // namespace

void drawScoresheetPane(ViewContext& ctx) {
    ImGui::BeginChild("sheetlist", {0, -ImGui::GetFrameHeightWithSpacing()});  // scrolls under the title
    if (ctx.snap.moves.empty()) {
        uiTextLine(i18n::tr("No moves yet."), *disabledColour());
        recordItem(ctx, "scoresheet empty", i18n::tr("No moves yet."));
    }
    drawMoveTable(ctx);
    drawResultLine(ctx);
    followNewest();  // the newest move
    ImGui::EndChild();
    drawScoresheetPdfRow(ctx);
}

namespace {

// What the speech line says: on, muted, or off and why.
std::string speechText(const SpeechStatus& sp) {
    const char* mode =
        sp.mode == "all" ? i18n::trc("speech", "all moves") : i18n::trc("speech", "computer's moves");
    if (!sp.on) return i18n::trf("Speech OFF: {}", shownMessage(sp.why_off));  // short: the reason is long
    if (sp.muted) return i18n::trf("Speech ({}) muted: F9 or Unmute", mode);
    return i18n::trf("Speech ({}) on: F7 repeats the move, F8 the clocks, F9 mutes", mode);
}

// Issue 22: spoken moves asked for are never off without a word; red when off, amber when muted.
void drawSpeechStatus(ViewContext& ctx) {
    const SpeechStatus& sp = ctx.state.speech;
    if (sp.mode.empty()) return;
    DirectedRow row;  // the button first, from the right in a right-to-left UI
    const char* button = sp.muted ? i18n::N_("Unmute") : i18n::N_("Mute");
    if (sp.on) row.next(buttonWidth(button));
    if (sp.on && actionButton(ctx, button, true)) ctx.state.speech_mute_toggled = true;
    textRest(ctx, row, "speech status", speechText(sp), sp.on ? (sp.muted ? &kAmber : &kGreen) : &kRed);
}

}  // namespace

void drawNoticesPane(ViewContext& ctx) {
    const session::Snapshot& snap = ctx.snap;
    const auto records = static_cast<long>(snap.records);
    const std::string journal = i18n::trnf("Journal: {} record", "Journal: {} records", records, records);
    uiTextLine(journal, *disabledColour());
    recordItem(ctx, "notices journal", journal);
    drawSpeechStatus(ctx);
    ImGui::BeginChild("noticelist");  // scrolls under the pane's title
    ImGui::PushTextWrapPos(0.f);
    for (const std::string& n : ctx.state.shell_notices) {
        uiTextLine(shownMessage(n), kAmber);
    }
    for (const std::string& n : snap.notices) {
        uiTextLine(shownMessage(n));  // the session writes English (core part)
    }
    ImGui::PopTextWrapPos();
    followNewest();
    ImGui::EndChild();
}

}  // namespace oc::ui
