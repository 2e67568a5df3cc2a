#include "commands.hpp"

namespace oc::cli {

void addEngineCommands(CLI::App& /*app*/, ExitCode& /*code*/) {}

}  // namespace oc::cli
