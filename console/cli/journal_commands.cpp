// operator-cli journal verify: the arbiter's check that a game journal is complete and unaltered.
// (journal replay is the session's command; it attaches to the same "journal" subcommand.)
#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "commands.hpp"
#include "i18n/tr.hpp"
#include "journal/journal.hpp"
#include "ui_language.hpp"

namespace oc::cli {
namespace {

using i18n::tr;
using i18n::trf;

// The "journal" subcommand, created by whichever module registers first.
CLI::App* journalCommand(CLI::App& app) {
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
        if (sub->get_name() == "journal") return sub;
    }
    CLI::App* journal = app.add_subcommand("journal", tr("Check and replay a game journal"));
    journal->require_subcommand(1);
    return journal;
}

std::string summary(const std::string& file, const journal::JournalContents& contents) {
    const auto& first = contents.records.front();
    const auto& last = contents.records.back();
    // The times stay ISO (UTC, as the journal holds them); the hash is the journal's.
    const auto n = static_cast<long>(contents.records.size());
    std::string line =
        i18n::trnf("{}: intact, {} record (seq 0..{}), {} .. {}, final hash {}",
                   "{}: intact, {} records (seq 0..{}), {} .. {}, final hash {}", n, file, n, last.seq,
                   journal::formatWallTime(first.wall), journal::formatWallTime(last.wall), last.hash);
    if (contents.torn_tail_dropped) line += tr("; warning: an incomplete last record was dropped");
    return line;
}

int verify(const std::string& file) {
    if (auto lang = followJournalLanguage(file); !lang)
        return std::cerr << trf("error: {}", lang.error()) << '\n', 2;
    const auto contents = journal::readJournal(file);
    if (!contents) {
        const bool unreadable = contents.error().code == journal::JournalErrorCode::Unreadable;
        const std::string why = i18n::translateMessage(contents.error().message);
        std::cerr << (unreadable ? trf("{}: unreadable: {}", file, why)
                                 : trf("{}: NOT intact: {}", file, why))
                  << '\n';
        return unreadable ? 2 : 1;
    }
    for (const auto& warning : contents->warnings)
        std::cerr << trf("warning: {}", i18n::translateMessage(warning)) << '\n';
    std::cout << summary(file, *contents) << '\n';
    return 0;
}

}  // namespace

void addJournalCommands(CLI::App& app, ExitCode& code) {
    CLI::App* journal = journalCommand(app);
    CLI::App* verify_cmd = journal->add_subcommand(
        "verify", tr("Verify a journal's hash chain. Exit 0 intact (a torn last record is only a "
                     "warning), 1 with the first bad record's index, 2 if the file cannot be read"));
    auto file = std::make_shared<std::string>();
    verify_cmd->add_option("FILE", *file, tr("The journal file"))->required();
    verify_cmd->callback([file, &code] { code.value = verify(*file); });
}

}  // namespace oc::cli
