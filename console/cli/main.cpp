// operator-cli: every operator action without a window, for scripts, tests and arbiters' replays.
#include <fmt/format.h>

#include <csignal>
#include <memory>

#include "cli_errors.hpp"
#include "commands.hpp"
#include "help_formatter.hpp"
#include "i18n/mark.hpp"
#include "i18n/tr.hpp"
#include "ui_language.hpp"
#include "version/version.hpp"

namespace {

using oc::i18n::N_;
using oc::i18n::tr;

// CLI11's own words in its help screens and its failure advice, in the UI language.
void translateHelp(CLI::App& app) {
    // CLI11's labels, and the value types it prints after an option.
    static constexpr const char* kLabels[] = {
        N_("Usage"),       N_("OPTIONS"), N_("SUBCOMMAND"), N_("SUBCOMMANDS"), N_("REQUIRED"),
        N_("Positionals"), N_("Needs"),   N_("Excludes"),   N_("TEXT"),        N_("INT"),
        N_("UINT"),        N_("FLOAT"),   N_("LANG")};
    auto formatter = std::make_shared<oc::cli::HelpFormatter>();
    app.formatter(formatter);  // before the subcommands are added: they take the app's formatter
    for (const char* label : kLabels) formatter->label(label, tr(label));
    app.option_defaults()->group(tr("Options"));  // before the help flag, which joins that group
    app.set_help_flag("-h,--help", tr("Print this help message and exit"));
    // Alone on the command line it answers without a subcommand: CLI11 runs the flag's callback before
    // it checks require_subcommand.
    app.set_version_flag("--version", oc::version::describe(), tr("Print the program's version and exit"));
    app.group(tr("Subcommands"));
    app.footer(tr("--ui-lang en|pl|fa may stand anywhere on the command line."));
    // CLI11's message names the option; the usual ones and the advice after them are translated.
    app.failure_message([](const CLI::App*, const CLI::Error& e) {
        return oc::i18n::trf("{}\nRun with --help for more information.\n",
                             oc::cli::translateCliError(e.what()));
    });
}

// A subcommand makes its help flag before it takes the app's option defaults: made again, it joins
// the translated "Options" group like every other option.
void translateHelpFlags(CLI::App& app) {
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
        sub->set_help_flag("-h,--help", tr("Print this help message and exit"));
        translateHelpFlags(*sub);
    }
}

// Every module's subcommands (the journal's first: audit, replay and broadcast join "journal").
void addCommands(CLI::App& app, oc::cli::ExitCode& code) {
    oc::cli::addRulesCommands(app, code);
    oc::cli::addClockCommands(app, code);
    oc::cli::addEngineCommands(app, code);
    oc::cli::addJournalCommands(app, code);
    oc::cli::addAuditCommands(app, code);
    oc::cli::addSessionCommands(app, code);
    oc::cli::addSpeechCommands(app, code);
    oc::cli::addBroadcastCommands(app, code);
    oc::cli::addEboardCommands(app, code);
    translateHelpFlags(app);
}

}  // namespace

int main(int argc, char** argv) {
    // A write to an engine that has died must become an error value, never a silent kill of the tool.
    std::signal(SIGPIPE, SIG_IGN);
    // The language first: the help texts below are built in it.
    auto args = oc::cli::takeUiLanguageFlag(argc, argv);
    if (!args) {
        fmt::print(stderr, "operator-cli: {}\n", args.error());
        return 2;
    }

    CLI::App app{tr("operator-cli: headless operator console for human-vs-computer chess under FIDE rules")};
    translateHelp(app);
    // Taken out of argv above (valid anywhere); listed here so that --help shows it.
    app.add_option("--ui-lang", CLI::callback_t{},
                   tr("Language of the messages for people: en, pl or fa (default: the event's ui_language, "
                      "else its notation language's, else English)"))
        ->type_name("LANG");
    app.require_subcommand(1);
    oc::cli::ExitCode code;
    addCommands(app, code);
    try {
        app.parse(static_cast<int>(args->size() - 1), args->data());
    } catch (const CLI::ParseError& e) {
        const int rc = app.exit(e);
        return rc == 0 ? 0 : 2;  // malformed command line: exit 2, as for any bad argument
    }
    return code.value;
}
