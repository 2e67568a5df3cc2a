// operator-cli: every operator action without a window, for scripts, tests and arbiters' replays.
#include <csignal>

#include "commands.hpp"

int main(int argc, char** argv) {
    // A write to an engine that has died must become an error value, never a silent kill of the tool.
    std::signal(SIGPIPE, SIG_IGN);

    CLI::App app{"operator-cli: headless operator console for human-vs-computer chess under FIDE rules"};
    app.require_subcommand(1);
    oc::cli::ExitCode code;
    oc::cli::addRulesCommands(app, code);
    oc::cli::addClockCommands(app, code);
    oc::cli::addEngineCommands(app, code);
    oc::cli::addJournalCommands(app, code);
    oc::cli::addAuditCommands(app, code);
    oc::cli::addSessionCommands(app, code);
    oc::cli::addSpeechCommands(app, code);
    oc::cli::addBroadcastCommands(app, code);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int rc = app.exit(e);
        return rc == 0 ? 0 : 2;  // malformed command line: exit 2, as for any bad argument
    }
    return code.value;
}
