#pragma once
// The e-board's squares in words on a line that has room for one (issue 24): a long list is summarised
// ("e4 should be empty, the knight on f3 is missing and 5 more squares differ") rather than cut at the
// window's edge, where the end, and with it how much is wrong, would be lost.

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace oc::ui {

// The first `keep` sentences (each shown in the UI language), and how many more differ; all of them
// when `keep` covers the list.
std::string differencesSummary(const std::vector<std::string>& english, std::size_t keep);
// `line` around the longest summary of `english` whose line is at most `room` pixels wide in the current
// ImGui font (at least one sentence is kept: the caller shrinks what still does not fit).
std::string fittedDifferences(const std::vector<std::string>& english, float room,
                              const std::function<std::string(const std::string&)>& line);

}  // namespace oc::ui
