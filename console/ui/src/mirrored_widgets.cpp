// Issue 36 items 1 and 2: ImGui 1.86 lays every widget out left to right: a radio button's or a check
// box's mark left of its label, a combo's arrow at its right end, the +/- steppers right of the number, and
// the typed text of an edit box in the order it was typed. A Persian reader starts at the right, so there
// the mark left of "2023" is read as belonging to "2005" beside it. Right to left these helpers keep ImGui's
// widget (its hit box, keyboard focus and value) but draw it mirrored; left to right they are ImGui's call.
#include <imgui_internal.h>  // RenderFrame, RenderCheckMark, RenderArrow, FindRenderedTextEnd
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>

#include "view_context.hpp"

namespace oc::ui {

namespace {

const ImVec4 kInvisible{0.f, 0.f, 0.f, 0.f};
constexpr ImGuiCol kTickColours[] = {ImGuiCol_Text,          ImGuiCol_FrameBg,   ImGuiCol_FrameBgHovered,
                                     ImGuiCol_FrameBgActive, ImGuiCol_CheckMark, ImGuiCol_Border,
                                     ImGuiCol_BorderShadow};

enum class Tick { Radio, Check };

// ImGui's frame colour for the item just drawn, as its own widget chooses it.
ImU32 frameColour() {
    const bool hovered = ImGui::IsItemHovered(), held = ImGui::IsItemActive();
    return ImGui::GetColorU32(held && hovered ? ImGuiCol_FrameBgActive
                              : hovered       ? ImGuiCol_FrameBgHovered
                                              : ImGuiCol_FrameBg);
}

// A radio button's circle with its dot when on, in the square at `min` (ImGui's RadioButton's drawing).
void drawRadioMark(ImDrawList* dl, ImVec2 min, bool on) {
    const float sz = ImGui::GetFrameHeight(), radius = (sz - 1.f) * 0.5f;
    const ImVec2 centre{min.x + sz * 0.5f, min.y + sz * 0.5f};
    dl->AddCircleFilled(centre, radius, frameColour(), 16);
    if (on) {
        const float pad = std::max(1.f, std::floor(sz / 5.f));
        dl->AddCircleFilled(centre, radius - pad, ImGui::GetColorU32(ImGuiCol_CheckMark), 16);
    }
    const float border = ImGui::GetStyle().FrameBorderSize;
    if (border > 0.f) dl->AddCircle(centre, radius, ImGui::GetColorU32(ImGuiCol_Border), 16, border);
}

// A check box's square with its tick when on (ImGui's Checkbox's drawing).
void drawCheckMark(ImDrawList* dl, ImVec2 min, bool on) {
    const float sz = ImGui::GetFrameHeight();
    ImGui::RenderFrame(min, {min.x + sz, min.y + sz}, frameColour(), true, ImGui::GetStyle().FrameRounding);
    if (!on) return;
    const float pad = std::max(1.f, std::floor(sz / 6.f));
    ImGui::RenderCheckMark(dl, {min.x + pad, min.y + pad}, ImGui::GetColorU32(ImGuiCol_CheckMark),
                           sz - pad * 2.f);
}

// Right to left: the mark at the item's right end and the label's shown part left of it. Returns where
// the mark was drawn.
ImVec2 drawMirroredTick(Tick kind, const std::string& label, bool on) {
    const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
    const ImVec2 mark{max.x - ImGui::GetFrameHeight(), min.y};
    ImDrawList* dl = ImGui::GetWindowDrawList();
    if (kind == Tick::Radio)
        drawRadioMark(dl, mark, on);
    else
        drawCheckMark(dl, mark, on);
    const char* end = ImGui::FindRenderedTextEnd(label.c_str());
    dl->AddText({min.x, min.y + ImGui::GetStyle().FramePadding.y}, ImGui::GetColorU32(ImGuiCol_Text),
                label.c_str(), end);
    return mark;
}

// Draws ImGui's widget through `widget` (invisible right to left, then drawn mirrored), records it as
// `name` showing `text`, and its mark as "<name> mark" (tests check which side of the label it is on).
template <class Widget, class IsOn>
bool tick(ViewContext& ctx, Tick kind, const char* name, const std::string& label, std::string text,
          Widget widget, IsOn is_on) {
    const bool rtl = layoutDirection() == LayoutDirection::RightToLeft;
    if (rtl)
        for (ImGuiCol c : kTickColours) ImGui::PushStyleColor(c, kInvisible);
    const bool clicked = widget();
    if (rtl) ImGui::PopStyleColor(static_cast<int>(std::size(kTickColours)));
    const ImVec2 mark = rtl ? drawMirroredTick(kind, label, is_on()) : ImGui::GetItemRectMin();
    const float sz = ImGui::GetFrameHeight();
    ctx.state.widgets[std::string(name) + " mark"] = {mark, {mark.x + sz, mark.y + sz}, true, text};
    recordItem(ctx, name, std::move(text));
    return clicked;
}

}  // namespace

bool radioButton(ViewContext& ctx, const char* name, const std::string& label, std::string text,
                 bool active) {
    return tick(
        ctx, Tick::Radio, name, label, std::move(text),
        [&] { return ImGui::RadioButton(label.c_str(), active); }, [&] { return active; });
}

bool radioButton(ViewContext& ctx, const char* name, const std::string& label, std::string text, int* value,
                 int mine) {
    return tick(
        ctx, Tick::Radio, name, label, std::move(text),
        [&] { return ImGui::RadioButton(label.c_str(), value, mine); }, [&] { return *value == mine; });
}

bool checkBox(ViewContext& ctx, const char* name, const std::string& label, std::string text, bool* value) {
    return tick(
        ctx, Tick::Check, name, label, std::move(text), [&] { return ImGui::Checkbox(label.c_str(), value); },
        [&] { return *value; });
}

namespace {

// Whether the open combo's list pushed its right alignment: a language chosen in the list changes the
// direction before endCombo (UI thread only, as all of ImGui; one combo is open at a time).
bool g_aligned_list = false;

// Right to left the combo's arrow at its left end and its value at its right end (ImGui draws the frame,
// asked for no arrow and no preview). `frame` is the box without its label.
void drawMirroredCombo(ImDrawList* dl, ImRect frame, const std::string& preview, bool hovered) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float arrow = ImGui::GetFrameHeight();
    const ImVec2 arrow_max{frame.Min.x + arrow, frame.Max.y};
    dl->AddRectFilled(frame.Min, arrow_max,
                      ImGui::GetColorU32(hovered ? ImGuiCol_ButtonHovered : ImGuiCol_Button),
                      style.FrameRounding, ImDrawFlags_RoundCornersLeft);
    ImGui::RenderArrow(dl, {frame.Min.x + style.FramePadding.y, frame.Min.y + style.FramePadding.y},
                       ImGui::GetColorU32(ImGuiCol_Text), ImGuiDir_Down, 1.f);
    const float room = frame.GetWidth() - arrow - style.FramePadding.x * 2.f;
    const float x =
        frame.Max.x - style.FramePadding.x - std::min(room, ImGui::CalcTextSize(preview.c_str()).x);
    const ImVec4 clip{frame.Min.x + arrow, frame.Min.y, frame.Max.x - style.FramePadding.x, frame.Max.y};
    dl->AddText(nullptr, 0.f, {x, frame.Min.y + style.FramePadding.y}, ImGui::GetColorU32(ImGuiCol_Text),
                preview.c_str(), nullptr, 0.f, &clip);
}

}  // namespace

bool beginCombo(ViewContext& ctx, const char* name, const std::string& label, const std::string& preview,
                float width, std::string text) {
    ImGui::SetNextItemWidth(width);
    if (layoutDirection() == LayoutDirection::LeftToRight) {
        const bool open = ImGui::BeginCombo(label.c_str(), preview.c_str());
        recordItem(ctx, name, std::move(text));
        return open;
    }
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();  // the pane's, before an open combo begins its popup
    const bool open = ImGui::BeginCombo(label.c_str(), "", ImGuiComboFlags_NoArrowButton);
    const ImRect frame{at, {at.x + width, at.y + ImGui::GetFrameHeight()}};
    drawMirroredCombo(dl, frame, preview, open || ImGui::IsMouseHoveringRect(frame.Min, frame.Max));
    recordItem(ctx, name, std::move(text));
    // The choices in the open list end at its right edge, where they are read (endCombo pops it).
    if (open) ImGui::PushStyleVar(ImGuiStyleVar_SelectableTextAlign, ImVec2(1.f, 0.5f));
    g_aligned_list = open;
    ctx.state.widgets[std::string(name) + " arrow"] = {
        frame.Min, {frame.Min.x + ImGui::GetFrameHeight(), frame.Max.y}, true, ""};
    return open;
}

void endCombo() {
    if (g_aligned_list) ImGui::PopStyleVar();
    g_aligned_list = false;
    ImGui::EndCombo();
}

namespace {

// A +/- step button (repeating while held, as ImGui's own steppers).
bool stepButton(const char* face, float size) {
    ImGui::PushButtonRepeat(true);
    const bool pressed = ImGui::Button(face, {size, size});
    ImGui::PopButtonRepeat();
    return pressed;
}

}  // namespace

bool intStepper(ViewContext& ctx, const char* name, const std::string& label, int* value, float width,
                std::string text) {
    if (layoutDirection() == LayoutDirection::LeftToRight) {
        ImGui::SetNextItemWidth(width);
        const bool changed = ImGui::InputInt(label.c_str(), value);
        recordItem(ctx, name, std::move(text));
        return changed;
    }
    // Reading from the right: the label, the number, then "-" and "+" (ImGui's order, mirrored).
    const float step = ImGui::GetFrameHeight(), inner = ImGui::GetStyle().ItemInnerSpacing.x;
    ImGui::PushID(name);
    const bool plus = stepButton("+", step);
    ImGui::SameLine(0.f, inner);
    const bool minus = stepButton("-", step);
    ImGui::SameLine(0.f, inner);
    ImGui::PopID();
    ImGui::SetNextItemWidth(std::max(1.f, width - 2.f * (step + inner)));
    const bool typed = ImGui::InputInt(label.c_str(), value, 0, 0);
    recordItem(ctx, name, std::move(text));
    *value += (plus ? 1 : 0) - (minus ? 1 : 0);
    return typed || plus || minus;
}

namespace {

// The box's own text drawn again over it: shaped, in reading order, at its right end in a right-to-left
// UI, clipped to the box. `frame` is the box without its label.
void drawShapedFace(ImDrawList* dl, ImRect frame, const std::string& value) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const std::string& shown = shapedText(value);
    const float w = ImGui::CalcTextSize(shown.c_str()).x;
    // Right-aligned; too long for the box, its start stays in view, which right to left is its right end.
    const float x =
        rightToLeftUi() ? frame.Max.x - style.FramePadding.x - w : frame.Min.x + style.FramePadding.x;
    const ImVec4 clip{frame.Min.x + style.FramePadding.x, frame.Min.y, frame.Max.x - style.FramePadding.x,
                      frame.Max.y};
    dl->AddText(nullptr, 0.f, {x, frame.Min.y + style.FramePadding.y}, ImGui::GetColorU32(ImGuiCol_Text),
                shown.c_str(), nullptr, 0.f, &clip);
}

// The label right of the box, where ImGui puts it (drawn again: the box's text colour was invisible).
void drawLabelAfter(ImDrawList* dl, ImRect frame, const std::string& label) {
    const char* end = ImGui::FindRenderedTextEnd(label.c_str());
    const ImGuiStyle& style = ImGui::GetStyle();
    dl->AddText({frame.Max.x + style.ItemInnerSpacing.x, frame.Min.y + style.FramePadding.y},
                ImGui::GetColorU32(ImGuiCol_Text), label.c_str(), end);
}

}  // namespace

bool freeTextBox(ViewContext& ctx, const char* name, const std::string& label, const std::string& hint,
                 std::string& value, ImGuiInputTextFlags flags) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const ImRect frame{at, {at.x + ImGui::CalcItemWidth(), at.y + ImGui::GetFrameHeight()}};
    // Not being edited, Persian is shown as it reads: ImGui's raw letters are left out (drawn invisible).
    const bool editing = ImGui::GetActiveID() == ImGui::GetID(label.c_str());
    const bool shaped = !editing && hasRightToLeft(value) && (flags & ImGuiInputTextFlags_Password) == 0;
    if (shaped) ImGui::PushStyleColor(ImGuiCol_Text, kInvisible);
    const bool changed = ImGui::InputTextWithHint(label.c_str(), hint.c_str(), &value, flags);
    if (shaped) ImGui::PopStyleColor();
    if (shaped) {
        drawShapedFace(ImGui::GetWindowDrawList(), frame, value);
        drawLabelAfter(ImGui::GetWindowDrawList(), frame, label);
    }
    // Only a box holding Persian is entered: Latin text looks the same to ImGui and to a reader.
    if (hasRightToLeft(value))
        ctx.state.widgets[std::string(name) + " box"] = {frame.Min, frame.Max, true,
                                                         shaped ? shapedText(value) : value};
    return changed;
}

}  // namespace oc::ui
