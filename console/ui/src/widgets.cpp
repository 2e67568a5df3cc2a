#include <fmt/format.h>
#include <imgui_internal.h>  // ImGui::GetItemID: the clash check; the text wrap position

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "clock/tc_format.hpp"
#include "i18n/tr.hpp"
#include "ui/display_text.hpp"
#include "ui/move_typing.hpp"
#include "view_context.hpp"

namespace oc::ui {

namespace {
// Enters the last drawn item in the frame's maps under `name`; a second widget with the same ImGui ID
// or the same name is a clash (only the first of two widgets sharing an ID can be clicked).
WidgetInfo& enterWidget(UiState& st, const std::string& name) {
    const ImGuiID id = ImGui::GetItemID();  // 0 for plain text, which takes no input
    if (id != 0) {
        const auto [it, fresh] = st.frame_ids.emplace(id, name);
        if (!fresh) st.id_clashes.insert(fmt::format("'{}' and '{}' share one ImGui ID", it->second, name));
    }
    const auto [it, fresh] = st.widgets.try_emplace(name);
    if (!fresh) st.id_clashes.insert(fmt::format("two widgets are recorded as '{}'", name));
    return it->second;
}
}  // namespace

void recordItem(ViewContext& ctx, const char* id, std::string text) {
    enterWidget(ctx.state, id) = {ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), true, std::move(text)};
}

void recordItemState(ViewContext& ctx, const char* state, std::string text) {
    ctx.state.widgets[state] = {ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), true, std::move(text)};
}

std::string wrapAtSpaces(const std::string& text, float width, float (*measure)(const std::string&)) {
    std::string out, line;
    std::size_t from = 0;
    while (from <= text.size()) {
        const std::size_t to = std::min(text.find(' ', from), text.size());
        const std::string word = text.substr(from, to - from);
        const std::string longer = line.empty() ? word : line + " " + word;
        const float w = measure ? measure(longer) : ImGui::CalcTextSize(longer.c_str()).x;
        if (!line.empty() && w > width) {
            out += line + "\n";
            line = word;
        } else {
            line = longer;
        }
        from = to + 1;
    }
    return out + line;
}

std::string translatedLabel(const char* msgid) {
    return fmt::format("{}###{}", displayText(i18n::tr(msgid)), msgid);
}

namespace {
// The width a PushTextWrapPos in force leaves from the cursor, or a negative number when none is. In a
// right-to-left UI ImGui's own wrapping would wrap the *visual* string and put a sentence's end on its
// first line, so such text is wrapped on the logical text (displayWrapped) and ImGui's wrapping is off.
float rtlWrapWidth() {
    if (!rightToLeftUi()) return -1.f;
    const float pos = ImGui::GetCurrentWindow()->DC.TextWrapPos;
    return pos < 0.f ? -1.f : ImGui::CalcWrapWidthForPos(ImGui::GetCursorScreenPos(), pos);
}
}  // namespace

void uiText(std::string_view text, const ImVec4* colour) {
    if (colour) ImGui::PushStyleColor(ImGuiCol_Text, *colour);
    const float wrap = rtlWrapWidth();
    const std::string& shown = wrap > 0.f ? displayWrapped(text, wrap) : displayText(text);
    if (wrap > 0.f) ImGui::PushTextWrapPos(-1.f);
    ImGui::TextUnformatted(shown.data(), shown.data() + shown.size());
    if (wrap > 0.f) ImGui::PopTextWrapPos();
    if (colour) ImGui::PopStyleColor();
}

namespace {
void drawAlignedIn(const std::string& shown, float start, float avail);

// Each line of shaped text ends at the pane's right edge in a right-to-left UI (ImGui has no right
// alignment: the cursor is moved by the room the line leaves). Left to right, one call as before.
void drawAligned(const std::string& shown) {
    // After SameLine the text follows its label in the row's flow: moved to the right edge it would be
    // read before the label.
    const bool line_start = ImGui::GetCursorPosX() <= ImGui::GetCursorStartPos().x + 0.5f;
    if (!rightToLeftUi() || !line_start) {
        ImGui::TextUnformatted(shown.data(), shown.data() + shown.size());
        return;
    }
    drawAlignedIn(shown, ImGui::GetCursorPosX(), ImGui::GetContentRegionAvail().x);
}

// The lines of `shown`, each ending at start + avail (ImGui has no right alignment: the cursor is moved by
// the room the line leaves), grouped as one item.
void drawAlignedIn(const std::string& shown, float start, float avail) {
    ImGui::BeginGroup();
    // The lines as close as one multi-line text's: no item spacing between them.
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, {ImGui::GetStyle().ItemSpacing.x, 0.f});
    for (std::size_t from = 0; from <= shown.size();) {
        const std::size_t to = std::min(shown.find('\n', from), shown.size());
        const char* b = shown.data() + from;
        const char* e = shown.data() + to;
        ImGui::SetCursorPosX(start + std::max(0.f, avail - ImGui::CalcTextSize(b, e).x));
        ImGui::TextUnformatted(b, e);
        from = to + 1;
    }
    ImGui::PopStyleVar();
    ImGui::EndGroup();
}
}  // namespace

void uiTextLine(std::string_view text, const ImVec4* colour, bool wrap) {
    if (colour) ImGui::PushStyleColor(ImGuiCol_Text, *colour);
    const float imgui_wrap = rtlWrapWidth();
    if (imgui_wrap > 0.f) {
        ImGui::PushTextWrapPos(-1.f);
        drawAligned(displayWrapped(text, imgui_wrap));
        ImGui::PopTextWrapPos();
    } else {
        drawAligned(wrap ? displayWrapped(text, ImGui::GetContentRegionAvail().x) : displayText(text));
    }
    if (colour) ImGui::PopStyleColor();
}

void freeTextPreview(ViewContext& ctx, const std::string& field, const std::string& value) {
    if (!hasRightToLeft(value)) return;
    // Shaped every frame from the cache, so the line follows the typing at no cost (display_text.hpp).
    const std::string& shown = shapedWrapped(value, ImGui::GetContentRegionAvail().x);
    ImGui::PushStyleColor(ImGuiCol_Text, *disabledColour());
    drawAligned(shown);
    ImGui::PopStyleColor();
    recordItem(ctx, (field + " preview").c_str(), shown);
}

void cellText(std::string_view text, const ImVec4* colour) {
    if (layoutDirection() == LayoutDirection::RightToLeft)  // at the cell's right edge, where it is read
        ImGui::SetCursorPosX(ImGui::GetCursorPosX() +
                             std::max(0.f, ImGui::GetContentRegionAvail().x - textWidth(text)));
    uiText(text, colour);
}

const ImVec4* disabledColour() {
    return &ImGui::GetStyle().Colors[ImGuiCol_TextDisabled];
}

int moveBoxFilter(ImGuiInputTextCallbackData* data) {
    data->EventChar = static_cast<ImWchar>(latinMoveKey(data->EventChar));
    return 0;
}

std::string shownMessage(const std::string& english) {
    // UI thread only (as all of ImGui). Emptied when the language changes, and when it grows large (a
    // long game's notices are many, but each is drawn again and again).
    static std::unordered_map<std::string, std::string> cache;
    static i18n::UiLanguage cached_language = i18n::uiLanguage();
    if (cached_language != i18n::uiLanguage() || cache.size() > 4096) {
        cache.clear();
        cached_language = i18n::uiLanguage();
    }
    auto it = cache.find(english);
    if (it == cache.end()) it = cache.emplace(english, i18n::translateMessage(english)).first;
    return it->second;
}

namespace {
// What a button of `size` shows of `text`: shaped, and broken into lines (each shaped) when a button of
// fixed width is narrower than the label (a long Persian step, issue 26 item 4).
std::string buttonFace(const std::string& text, ImVec2 size) {
    const float room = size.x - ImGui::GetStyle().FramePadding.x * 2.f;
    const std::string& one_line = displayText(text);
    if (size.x <= 0.f || ImGui::CalcTextSize(one_line.c_str()).x <= room) return one_line;
    return displayWrapped(text, room);
}

// A button showing `text` whose ImGui ID and widget name is `id` (the same in every language).
bool namedButton(ViewContext& ctx, const std::string& id, const std::string& text, bool enabled,
                 ImVec2 size) {
    const std::string face = buttonFace(text, size);
    ImGui::BeginDisabled(!enabled);
    const bool clicked = ImGui::Button(fmt::format("{}###{}", face, id).c_str(), size);
    ImGui::EndDisabled();
    WidgetInfo& w = enterWidget(ctx.state, id);
    w = {ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), enabled, text, true};
    w.label_size = ImGui::CalcTextSize(face.c_str(), nullptr, true);  // up to a "##id"
    w.visible_min_x = ImGui::GetCurrentWindow()->ClipRect.Min.x;
    w.visible_max_x = ImGui::GetCurrentWindow()->ClipRect.Max.x;
    return clicked && enabled;
}
}  // namespace

bool actionButton(ViewContext& ctx, const char* label, bool enabled, ImVec2 size) {
    return namedButton(ctx, label, i18n::tr(label), enabled, size);
}

bool namedActionButton(ViewContext& ctx, const std::string& name, const char* label, bool enabled) {
    return namedButton(ctx, name, i18n::tr(label), enabled, {0, 0});
}

float confirmButtonWidth(const ViewContext& ctx, const char* label, bool enabled) {
    if (ctx.state.confirming != label || !enabled) return buttonWidth(label);
    const std::string confirm = i18n::trf("Confirm: {}", i18n::tr(label));
    return textWidth(confirm) + ImGui::GetStyle().FramePadding.x * 2.f + ImGui::GetStyle().ItemSpacing.x +
           buttonWidth("Cancel");
}

bool confirmButton(ViewContext& ctx, const char* label, bool enabled, bool in_row) {
    UiState& st = ctx.state;
    if (st.confirming != label || !enabled) {
        if (actionButton(ctx, label, enabled)) {
            st.confirming = label;
        }
        return false;
    }
    // "Confirm", then "Cancel" after it in reading order: within the span a row gave the pair, or from the
    // line's start edge.
    DirectedRow pair(-1.f, in_row ? confirmButtonWidth(ctx, label, enabled) : -1.f);
    const std::string confirm = i18n::trf("Confirm: {}", i18n::tr(label));
    ImGui::PushID(label);
    ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.7f, 0.15f, 0.1f, 1.f));
    pair.next(textWidth(confirm) + ImGui::GetStyle().FramePadding.x * 2.f);
    const bool yes = namedButton(ctx, fmt::format("Confirm: {}", label), confirm, true, {0, 0});
    ImGui::PopStyleColor();
    pair.next(buttonWidth("Cancel"));
    const bool no = actionButton(ctx, "Cancel", true);
    ImGui::PopID();
    if (yes || no) {
        st.confirming.clear();
    }
    return yes;
}

float textWidth(std::string_view text) {
    return ImGui::CalcTextSize(displayText(text).c_str()).x;
}

float buttonWidth(const char* label) {
    return ImGui::CalcTextSize(displayText(i18n::tr(label)).c_str()).x +
           ImGui::GetStyle().FramePadding.x * 2.f;
}

DirectedRow::DirectedRow(float spacing, float span)
    : left_(ImGui::GetCursorPosX()),
      right_(ImGui::GetCursorPosX() + (span >= 0.f ? span : ImGui::GetContentRegionAvail().x)),
      spacing_(spacing),
      direction_(layoutDirection()) {}

float DirectedRow::gapBefore(float gap) const {
    if (first_) return 0.f;
    const float g = gap >= 0.f ? gap : spacing_;
    return g >= 0.f ? g : ImGui::GetStyle().ItemSpacing.x;
}

void DirectedRow::next(float width, float gap) {
    if (!first_) ImGui::SameLine(0.f, gap >= 0.f ? gap : spacing_);
    used_ += gapBefore(gap);
    if (direction_ == LayoutDirection::RightToLeft)
        ImGui::SetCursorPosX(placeAlong(left_, right_, used_, width, direction_));
    used_ += width;
    first_ = false;
}

void DirectedRow::nextOrWrap(float width, float gap) {
    // Left to right as sameLineIfFits has always decided it: from the last item's right edge.
    const bool fits = direction_ == LayoutDirection::LeftToRight
                          ? ImGui::GetItemRectMax().x + gapBefore(gap) + width <=
                                ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x
                          : used_ + gapBefore(gap) + width <= right_ - left_;
    if (!first_ && !fits) {
        first_ = true;  // a new row, begun at the start edge
        used_ = 0.f;
    }
    next(width, gap);
}

float DirectedRow::fillRest(float gap) {
    const float w = std::max(1.f, right_ - left_ - used_ - gapBefore(gap));
    next(w, gap);
    return direction_ == LayoutDirection::LeftToRight ? -1.f : w;
}

float tickWidth(const std::string& label) {
    return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
           ImGui::CalcTextSize(label.c_str(), nullptr, true).x;
}

void textRest(ViewContext& ctx, DirectedRow& row, const char* id, std::string_view text,
              const ImVec4* colour) {
    const float room = row.fillRest();
    if (room < 0.f) {
        textItem(ctx, id, std::string(text), colour, true);  // in the row's flow, as it always was
        return;
    }
    if (colour) ImGui::PushStyleColor(ImGuiCol_Text, *colour);
    drawAlignedIn(displayWrapped(text, room), ImGui::GetCursorPosX(), room);
    if (colour) ImGui::PopStyleColor();
    recordItem(ctx, id, std::string(text));
}

namespace {
// Where ImGui's framed tree node puts its arrow and title (TreeNodeBehavior): from the header's start edge.
struct HeaderMarks {
    ImVec2 arrow, title;
};
HeaderMarks headerMarks(ImVec2 min, ImVec2 max, float title_w, LayoutDirection d) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float font = ImGui::GetFontSize(), y = min.y + style.FramePadding.y;
    const float title_offset = font + style.FramePadding.x * 3.f;
    return {{placeAlong(min.x, max.x, style.FramePadding.x, font, d), y},
            {placeAlong(min.x, max.x, title_offset, title_w, d), y}};
}
}  // namespace

bool collapsingHeader(ViewContext& ctx, const char* label) {
    const LayoutDirection d = layoutDirection();
    const std::string shown = displayText(i18n::tr(label));
    const ImVec2 title_size = ImGui::CalcTextSize(shown.c_str());
    const bool ltr = d == LayoutDirection::LeftToRight;
    // Right to left ImGui's own arrow and title (on the left) are drawn transparent, and drawn again here
    // from the right; the ID is the English label's in both.
    if (!ltr) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.f, 0.f, 0.f, 0.f));
    const bool open = ImGui::CollapsingHeader(fmt::format("{}###{}", ltr ? shown : "", label).c_str());
    if (!ltr) ImGui::PopStyleColor();
    recordItem(ctx, label, i18n::tr(label));
    const HeaderMarks at = headerMarks(ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), title_size.x, d);
    if (!ltr) {
        const ImU32 colour = ImGui::GetColorU32(ImGuiCol_Text);
        ImGui::RenderArrow(ImGui::GetWindowDrawList(), at.arrow, colour,
                           open ? ImGuiDir_Down : ImGuiDir_Left);
        ImGui::GetWindowDrawList()->AddText(at.title, colour, shown.c_str());
    }
    // Parts of the header's one item (its ImGui ID is the header's): entered without the clash check.
    const float font = ImGui::GetFontSize();
    const std::string name(label);
    ctx.state.widgets[name + " arrow"] = {at.arrow, {at.arrow.x + font, at.arrow.y + font}, true, ""};
    ctx.state.widgets[name + " title"] = {
        at.title, {at.title.x + title_size.x, at.title.y + title_size.y}, true, i18n::tr(label)};
    return open;
}

void placeAlone(float width) {
    DirectedRow row;
    row.next(width);
}

bool confirmButtonAlone(ViewContext& ctx, const char* label, bool enabled) {
    placeAlone(confirmButtonWidth(ctx, label, enabled));
    return confirmButton(ctx, label, enabled, true);
}

void beginPane(const char* title, ImVec2 size, const Fonts& fonts) {
    ImGui::BeginChild(title, size, true);
    ImGui::PushFont(fonts.heading);
    uiTextLine(i18n::tr(title), &kBlue);
    ImGui::PopFont();
    ImGui::Separator();
}

void endPane() {
    ImGui::EndChild();
}

std::optional<session::Ms> parseTyped(const std::string& text) {
    auto d = clock::parseDuration(text);
    if (!d) {
        return std::nullopt;
    }
    return *d;
}

bool inPlay(const session::Snapshot& snap) {
    return snap.phase != session::Phase::Setup && snap.phase != session::Phase::GameOver;
}

// Translated here, so every pane that names a side or a role gets the UI language (the contexts keep
// "White" the side apart from other uses of the word).
const char* sideName(rules::Color c) {
    return c == rules::Color::White ? i18n::trc("side", "White") : i18n::trc("side", "Black");
}

const char* roleOf(const session::Snapshot& snap, rules::Color c) {
    return c == snap.setup.computer_side ? i18n::trc("role", "computer") : i18n::trc("role", "human");
}

const std::string& playerName(const session::Snapshot& snap, rules::Color c) {
    return c == rules::Color::White ? snap.setup.white : snap.setup.black;
}

}  // namespace oc::ui
