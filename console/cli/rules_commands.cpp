#include "commands.hpp"

namespace oc::cli {

void addRulesCommands(CLI::App& /*app*/, ExitCode& /*code*/) {}

}  // namespace oc::cli
