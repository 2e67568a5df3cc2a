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

// Who signed the records (docs/arbiter-journal.md §3): the header's key, and each key a resume without
// it brought in; or that the journal, written before version 3, is not signed at all.
std::string signers(const journal::JournalContents& contents) {
    const auto& header = contents.records.front().payload;
    const std::string first = journal::namedSigningKey(contents.records.front());
    if (first.empty())
        return trf("; unsigned (journal version {}: anyone able to write the file could have added records)",
                   header.value("journal_version", 0));
    std::string line = trf(", signed by key {}", journal::keyFingerprint(first));
    for (const auto& r : contents.records) {
        if (r.type != journal::kSigningKeyChangedType) continue;
        line +=
            trf(", from record {} on by key {}", r.seq, journal::keyFingerprint(journal::namedSigningKey(r)));
    }
    return line;
}

std::string reasonOf(const journal::Record& change) {
    const auto it = change.payload.find("reason");
    return it != change.payload.end() && it->is_string() ? i18n::translateMessage(it->get<std::string>())
                                                         : "?";
}

// A key change is the console's own doing after a resume elsewhere, or a forger's: either way the
// arbiter must hear of it, though every record still verifies.
void warnKeyChanges(const journal::JournalContents& contents) {
    for (const auto& r : contents.records) {
        if (r.type != journal::kSigningKeyChangedType) continue;
        std::cerr << trf("warning: record {} changes the signing key to {} ({}): the records from there on "
                         "prove only that whoever held the new key wrote them",
                         r.seq, journal::keyFingerprint(journal::namedSigningKey(r)), reasonOf(r))
                  << '\n';
    }
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
    line += signers(contents);
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
    warnKeyChanges(*contents);
    std::cout << summary(file, *contents) << '\n';
    return 0;
}

}  // namespace

void addJournalCommands(CLI::App& app, ExitCode& code) {
    CLI::App* journal = journalCommand(app);
    CLI::App* verify_cmd = journal->add_subcommand(
        "verify",
        tr("Verify a journal's hash chain and signatures. Exit 0 intact (a torn last record is only a "
           "warning), 1 with the first bad record's index, 2 if the file cannot be read"));
    auto file = std::make_shared<std::string>();
    verify_cmd->add_option("FILE", *file, tr("The journal file"))->required();
    verify_cmd->callback([file, &code] { code.value = verify(*file); });
}

}  // namespace oc::cli
