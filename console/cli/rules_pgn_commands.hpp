#pragma once

#include "commands.hpp"

namespace oc::cli {

// `pgn status` and `pgn normalize` (rules_pgn_commands.cpp).
void addRulesPgnCommands(CLI::App& app, ExitCode& code);

}  // namespace oc::cli
