#include "commands.hpp"

namespace oc::cli {

void addSessionCommands(CLI::App& /*app*/, ExitCode& /*code*/) {}

}  // namespace oc::cli
