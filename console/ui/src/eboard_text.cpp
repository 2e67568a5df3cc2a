#include "ui/eboard_text.hpp"

#include <imgui.h>

#include "i18n/tr.hpp"
#include "view_context.hpp"

namespace oc::ui {

std::string differencesSummary(const std::vector<std::string>& english, std::size_t keep) {
    std::string out;
    const std::size_t shown = std::min(keep, english.size());
    for (std::size_t i = 0; i < shown; ++i)
        out += (out.empty() ? "" : i18n::listSeparator()) + shownMessage(english[i]);
    const std::size_t more = english.size() - shown;
    if (more == 0) return out;
    // TRANSLATORS: {} are the squares listed so far ("e4 should be empty, ...") and how many more differ.
    return i18n::trnf("{} and {} more square differs", "{} and {} more squares differ",
                      static_cast<long>(more), out, more);
}

std::string fittedDifferences(const std::vector<std::string>& english, float room,
                              const std::function<std::string(const std::string&)>& line) {
    for (std::size_t keep = english.size(); keep > 1; --keep) {
        std::string text = line(differencesSummary(english, keep));
        if (ImGui::CalcTextSize(displayText(text).c_str()).x <= room) return text;
    }
    return line(differencesSummary(english, 1));
}

}  // namespace oc::ui
