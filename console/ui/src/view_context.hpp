#pragma once
// Shared by the pane files: what every pane reads and where its commands go. Not a public header.

#include <imgui.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "clock/tc_format.hpp"
#include "session/commands.hpp"
#include "session/snapshot.hpp"
#include "ui/board_view.hpp"
#include "ui/display_text.hpp"
#include "ui/fonts.hpp"
#include "ui/layout_direction.hpp"
#include "ui/text_wrap.hpp"
#include "ui/ui_state.hpp"

namespace oc::ui {

struct ViewContext {
    const session::Snapshot& snap;
    UiState& state;
    const Fonts& fonts;
    session::TimePoint now;
    std::vector<session::Command>& out;
};

inline const ImVec4 kRed{1.f, 0.38f, 0.35f, 1.f};
inline const ImVec4 kGreen{0.45f, 0.9f, 0.45f, 1.f};
inline const ImVec4 kAmber{1.f, 0.75f, 0.2f, 1.f};
inline const ImVec4 kBlue{0.45f, 0.7f, 1.f, 1.f};
inline const ImVec4 kGrey{0.6f, 0.6f, 0.6f, 1.f};

// Labels are English msgids: these helpers show tr(label) and keep the English as the widget's ImGui ID
// ("Rozpocznij partię###Start the game") and as its name in UiState::widgets, so IDs, tests and the
// widget maps are the same in every UI language. xgettext extracts their label arguments.
//
// A button that is greyed out unless `enabled`; records where it was drawn under `label` (tests click
// by name). True on the click.
bool actionButton(ViewContext& ctx, const char* label, bool enabled, ImVec2 size = {0, 0});
// The same, named `name` (its ImGui ID and widget name) where `label` alone would not be unique in the
// window: a selector and the action it leads to may carry the same word.
bool namedActionButton(ViewContext& ctx, const std::string& name, const char* label, bool enabled);
// A consequential action (resignation, result, flag): the first click arms it, a second click on
// "Confirm" performs it, "Cancel" disarms. True when confirmed.
// `in_row`: placed by a DirectedRow (which gave it confirmButtonWidth), else on a line of its own.
bool confirmButton(ViewContext& ctx, const char* label, bool enabled, bool in_row = false);
// The width confirmButton takes now: its button, or "Confirm: ..." with "Cancel" while armed.
float confirmButtonWidth(const ViewContext& ctx, const char* label, bool enabled);
// Records the last drawn item under the name `id` (text fields, checkboxes); `text` is what it showed.
void recordItem(ViewContext& ctx, const char* id, std::string text = {});
// A state of the last recorded item (e.g. a box ticked), as a line of its own in the widget map: the
// same ImGui item, so entered without the clash check.
void recordItemState(ViewContext& ctx, const char* state, std::string text = {});
// "tr(msgid)###msgid": a translated label with an ID that does not change with the language; the shown
// part through displayText (shaped in a right-to-left language), the ID never.
std::string translatedLabel(const char* msgid);
// Text in the flow of a row (after SameLine, or followed by one), through displayText.
void uiText(std::string_view text, const ImVec4* colour = nullptr);
inline void uiText(std::string_view text, const ImVec4& colour) {
    uiText(text, &colour);
}
// Text on a line of its own, through displayText, wrapped at the pane's edge when `wrap` (breaks chosen
// on the logical text by shaped widths); in a right-to-left UI each line ends at the pane's right edge.
void uiTextLine(std::string_view text, const ImVec4* colour = nullptr, bool wrap = false);
inline void uiTextLine(std::string_view text, const ImVec4& colour) {
    uiTextLine(text, &colour);
}

// Issue 26 item 5: ImGui's input box draws what is typed as raw codepoints, unjoined and left to right.
// Called after a free-text field (a name, the event, a reason; at the end of the field's row when
// buttons follow it on the same row): when `value` has a right-to-left letter, it is shown once more
// below, joined and in reading order, on a line of its own in the secondary colour (right-aligned in a
// right-to-left UI, shaped in every UI language), recorded as "<field> preview" with what it drew.
// Latin text gets no line: nothing moves in English or Polish. Never for a passphrase.
void freeTextPreview(ViewContext& ctx, const std::string& field, const std::string& value);

// The width of `text` as drawn (shaped in a right-to-left UI) in the font in use.
float textWidth(std::string_view text);
// The width of a button labelled tr(label) at its natural size.
float buttonWidth(const char* label);

// A row of items laid along the reading direction (ui/layout_direction.hpp). Left to right it is ImGui's
// own flow, SameLine between the items, so English and Polish are drawn exactly as before; right to left
// the first item ends at the content region's right edge and each next one is placed to its left.
// Call next() with each item's width right before drawing it.
class DirectedRow {
  public:
    // `spacing`: between the items; negative for the style's ItemSpacing.x (as SameLine()). `span`: the
    // row's width from the cursor; negative for the rest of the content region.
    explicit DirectedRow(float spacing = -1.f, float span = -1.f);
    // `gap`: the space before this item when not the row's spacing (negative: the row's).
    void next(float width, float gap = -1.f);
    // The same, but the item starts a new row (the same direction) when it does not fit on this one:
    // Polish and Persian labels are longer.
    void nextOrWrap(float width, float gap = -1.f);
    // The row's last item fills what the row leaves (a combo, a text block): placed, and its width for
    // SetNextItemWidth returned; left to right ImGui's -1 (to the region's edge), as before.
    float fillRest(float gap = -1.f);

  private:
    float gapBefore(float gap) const;
    float left_, right_, used_ = 0.f, spacing_;
    bool first_ = true;
    LayoutDirection direction_;
};

// Text in a table's cell, through displayText: at the cell's right edge in a right-to-left UI (the columns
// are mirrored there too), at its left edge as before otherwise.
void cellText(std::string_view text, const ImVec4* colour = nullptr);
inline void cellText(std::string_view text, const ImVec4& colour) {
    cellText(text, &colour);
}

// Issue 36 items 1-2 (mirrored_widgets.cpp): ImGui's widgets drawn mirrored in a right-to-left UI, ImGui's
// own call left to right. Each records itself as `name` showing `text` (tests name it in every language).
// A radio button or check box labelled `label` ("shown###id", shown part shaped) whose mark stands at the
// label's start edge: right of it right to left. Its mark is recorded too, as "<name> mark". True on a click.
bool radioButton(ViewContext& ctx, const char* name, const std::string& label, std::string text, bool active);
bool radioButton(ViewContext& ctx, const char* name, const std::string& label, std::string text, int* value,
                 int mine);
bool checkBox(ViewContext& ctx, const char* name, const std::string& label, std::string text, bool* value);
// ImGui::BeginCombo `width` wide showing `preview` (shaped): right to left its arrow at the box's left end
// and the value against its right end, the open list's choices right-aligned; the arrow recorded as
// "<name> arrow". True while open (then endCombo).
bool beginCombo(ViewContext& ctx, const char* name, const std::string& label, const std::string& preview,
                float width, std::string text);
void endCombo();
// ImGui::InputInt `width` wide with its +/- steppers: right to left they stand left of the number.
bool intStepper(ViewContext& ctx, const char* name, const std::string& label, int* value, float width,
                std::string text);
// ImGui::InputTextWithHint for free text (after SetNextItemWidth): while it is not being edited, Persian
// in it is drawn shaped and in reading order (ImGui draws the typed letters unjoined, left to right);
// while editing ImGui's own box, whose caret follows the arrow keys over the letters as drawn, with the
// joined line (freeTextPreview) under it. The box alone is recorded as "<name> box" with what it shows.
bool freeTextBox(ViewContext& ctx, const char* name, const std::string& label, const std::string& hint,
                 std::string& value, ImGuiInputTextFlags flags = 0);

// The width of a radio button or checkbox labelled `label` ("shown###id").
float tickWidth(const std::string& label);
// A paragraph filling the rest of `row`, wrapped to the room left (a status after its button): right to
// left each line ends against the item before it; left to right as uiTextLine with `wrap`. Recorded as `id`.
void textRest(ViewContext& ctx, DirectedRow& row, const char* id, std::string_view text,
              const ImVec4* colour);
// A collapsing header titled tr(label), its ID the English `label`; the arrow and the title at the start
// edge: right to left the arrow at the right, pointing left while closed. Records the header as `label`,
// and "<label> arrow" and "<label> title". True while open.
bool collapsingHeader(ViewContext& ctx, const char* label);

// One item `width` wide on a row of its own, at the row's start edge (the right one in a right-to-left UI).
void placeAlone(float width);
// A consequential action on a row of its own (confirmButton, placed from the start edge).
bool confirmButtonAlone(ViewContext& ctx, const char* label, bool enabled);

// A bordered child pane with its title (translated; the pane's ID stays the English title).
void beginPane(const char* title, ImVec2 size, const Fonts& fonts);
void endPane();

// A message the session, rules, clock or engine wrote in English (a refusal, a notice, a termination), in
// the UI language: i18n::translateMessage, remembered per language, since the same messages are drawn
// every frame and reading one back against the catalogue's patterns takes a fraction of a millisecond.
std::string shownMessage(const std::string& english);

// ImGuiInputTextFlags_CallbackCharFilter for the boxes a move is typed into: Persian and Arabic-Indic
// digits and the Persian layout's characters become the Latin keys (ui/move_typing.hpp).
int moveBoxFilter(ImGuiInputTextCallbackData* data);
constexpr ImGuiInputTextFlags kMoveBoxFlags = ImGuiInputTextFlags_CallbackCharFilter;

// "1:29:58" / "4:05" / "0:07.3" below ten seconds: the clock module's one formatter.
using clock::formatClock;
// A duration the operator typed ("1:29:58", "90m", "45s"); nullopt when it cannot be read.
std::optional<session::Ms> parseTyped(const std::string& text);
// Whether the game is under way (started and not over).
bool inPlay(const session::Snapshot& snap);
// "White" / "Black" in the UI language (never an ImGui ID: it changes with the language).
const char* sideName(rules::Color c);
// "human" / "computer" for a colour in this game, in the UI language.
const char* roleOf(const session::Snapshot& snap, rules::Color c);
// The player's name for a colour.
const std::string& playerName(const session::Snapshot& snap, rules::Color c);

// Shared by the panes (defined in clock_pane.cpp; their words are in catalogue part "panes").
// SameLine() when a button labelled `label` (a msgid, shown translated) still fits on this row; else the
// next one starts a row of its own: Polish labels are longer.
void sameLineIfFits(const char* label);
// A line of text in `colour` (the style's text colour when null), wrapped at the pane's edge when `wrap`,
// recorded under `id` with what it showed: tests name it and compare the languages.
void textItem(ViewContext& ctx, const char* id, const std::string& text, const ImVec4* colour = nullptr,
              bool wrap = false);
// The style's colour for secondary text (ImGui::TextDisabled's), for textItem.
const ImVec4* disabledColour();

// The panes (one file each).
void drawMovePane(ViewContext& ctx);
void drawClockPane(ViewContext& ctx);
// How many rows the clock pane needs now (its status lines come and go), `width` wide inside.
float clockPaneRows(const session::Snapshot& snap, float width);
void drawEnginePane(ViewContext& ctx);
void drawDrawsPane(ViewContext& ctx);
// Resignations and the "Flag fallen" reports, pinned under the Draws tab's scrolling part.
void drawDrawsEndings(ViewContext& ctx);
void drawArbiterPane(ViewContext& ctx);
void drawConsultPane(ViewContext& ctx);
// IRR-04 kinds entered by hand and CLK-08 arrivals (arbiter tab).
void drawIllegalKind(ViewContext& ctx);      // IRR-04 kinds only a person sees
void drawArrival(ViewContext& ctx);          // CLK-08 arrivals
void drawForfeitProposal(ViewContext& ctx);  // CLK-08: the proposed forfeit, until ruled
// Issue 24: the e-board's status line (and, for a press the arbiter rules, its button); on the setup screen
// too (issue 34 item 12), so a missing piece is seen before the start.
void drawEboardLine(ViewContext& ctx);
// The Arbiter tab's "At the board" section (IRR-04), for a button elsewhere that opens it.
inline constexpr int kAtTheBoardSection = 2;
void drawAdjournPane(ViewContext& ctx);
void drawScoresheetPane(ViewContext& ctx);
void drawNoticesPane(ViewContext& ctx);
void drawBanner(ViewContext& ctx);
// Board entry of the human's move (board_entry.cpp): the picked piece and its targets on the picture,
// then the clicks on the board drawn at `top_left`, `side` wide.
void markBoardEntry(const session::Snapshot& snap, UiState& st, BoardPicture& picture);
void drawBoardEntry(ViewContext& ctx, const BoardPicture& picture, const BoardClick& click, ImVec2 top_left,
                    float side);

}  // namespace oc::ui
