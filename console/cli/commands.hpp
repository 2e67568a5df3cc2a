#pragma once

#include <CLI/CLI.hpp>

namespace oc::cli {

// Where a subcommand leaves its process exit code (0 ok, 1 rejected input, 2 bad argument, 3 engine failure).
struct ExitCode {
    int value = 0;
};

// Each adds its subcommands to the app; the callbacks set `code`.
void addRulesCommands(CLI::App& app, ExitCode& code);
void addClockCommands(CLI::App& app, ExitCode& code);
void addEngineCommands(CLI::App& app, ExitCode& code);
void addSessionCommands(CLI::App& app, ExitCode& code);
// `say`: spoken announcements of moves (console/speech).
void addSpeechCommands(CLI::App& app, ExitCode& code);
// `journal verify`; creates the "journal" subcommand that `journal replay` joins.
void addJournalCommands(CLI::App& app, ExitCode& code);
// `journal audit` (console/audit); call after addJournalCommands.
void addAuditCommands(CLI::App& app, ExitCode& code);
// `broadcast serve`, and `journal verify --against` (after addJournalCommands).
void addBroadcastCommands(CLI::App& app, ExitCode& code);
// `eboard probe`, `eboard fake` (console/eboard).
void addEboardCommands(CLI::App& app, ExitCode& code);

}  // namespace oc::cli
