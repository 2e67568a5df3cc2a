#pragma once
// Wrapping text for a pane: at spaces only. ImGui 1.86's own wrapping also breaks after a comma, which
// splits a Polish decimal across lines ("5,\n0 s").

#include <string>

namespace oc::ui {

// The text with line breaks at spaces so that no line is wider than `width` pixels in the current
// ImGui font; a single word wider than that stays whole on its own line.
// `measure` gives a line's width (ImGui::CalcTextSize's when null; the right-to-left path measures the
// shaped form, ui/display_text.hpp).
std::string wrapAtSpaces(const std::string& text, float width,
                         float (*measure)(const std::string&) = nullptr);

}  // namespace oc::ui
