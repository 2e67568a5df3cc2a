#pragma once
// The language operator-cli speaks to people (issue 12): `--ui-lang en|pl` anywhere on the command line,
// else the event setup's `ui_language`, else the default of its notation language, else English.
// Only messages for people change; what programs read (JSON, PGN, FEN, journals, UCI and the key/value
// result lines) stays English.

#include <filesystem>
#include <string>
#include <tl/expected.hpp>
#include <vector>

#include "event/event_setup.hpp"

namespace oc::cli {

// Takes `--ui-lang X` / `--ui-lang=X` out of argv (so that it is valid before or after any subcommand)
// and switches to that language at once, before the help texts are built. Returns the remaining
// arguments; an unknown code, a missing value or a missing catalogue is an error, and nothing is done.
[[nodiscard]] tl::expected<std::vector<char*>, std::string> takeUiLanguageFlag(int argc, char** argv);

// A command that reads an event setup or a journal speaks its language unless --ui-lang chose one.
[[nodiscard]] tl::expected<void, std::string> followSetupLanguage(const event::EventSetup& setup);
// The same with the setup a journal starts with; a journal that cannot be read changes nothing (the
// command says why when it reads it).
[[nodiscard]] tl::expected<void, std::string> followJournalLanguage(const std::filesystem::path& journal);

}  // namespace oc::cli
