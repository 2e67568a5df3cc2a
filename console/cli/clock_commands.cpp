#include "commands.hpp"

namespace oc::cli {

void addClockCommands(CLI::App& /*app*/, ExitCode& /*code*/) {}

}  // namespace oc::cli
