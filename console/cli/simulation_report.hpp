#pragma once
// `tc simulate`'s summary in the UI language.

#include <string>

#include "clock/simulation.hpp"

namespace oc::cli {

// The figures for people in the UI language (in English, the same words as clock::formatReport), then
// clock::formatReport's last line, "flags F naive_flags G time_used_pct P", which scripts read: English.
std::string simulationReport(const clock::SimulationConfig& config, const clock::SimulationResult& result);

}  // namespace oc::cli
