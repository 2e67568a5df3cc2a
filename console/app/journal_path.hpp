#pragma once
// Where the console keeps its journal when the operator names none.

#include <filesystem>

namespace oc::app {

// "game-20261129-213015.journal" in the working directory: the default when no --journal is given.
std::filesystem::path defaultJournalPath();

}  // namespace oc::app
