#pragma once
// CLI11's messages about a malformed command line, in the UI language.

#include <string>

namespace oc::cli {

// The sentences CLI11 2.1 writes for the usual mistakes (a missing option, an unexpected argument, a value
// not among the choices, a value of the wrong type), translated with the names and values kept; any other
// message as CLI11 wrote it. In English the result is CLI11's own text (the msgids
// differ from it).
std::string translateCliError(const std::string& message);

}  // namespace oc::cli
