// operator-cli journal audit: the arbiter's E.III compliance report of a game, from its journal alone.
#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <memory>

#include "audit/audit.hpp"
#include "commands.hpp"
#include "i18n/tr.hpp"
#include "print/audit_pdf.hpp"
#include "ui_language.hpp"

namespace oc::cli {
namespace {

using i18n::tr;
using i18n::trf;

struct AuditOutputs {
    std::string file, pdf, json, seal_passphrase_file;
};

// The arbiter's passphrase: the file's first line, without its line end (the passphrase is never typed on
// the command line, where the process list would show it).
tl::expected<std::string, std::string> readPassphrase(const std::string& path) {
    std::ifstream in(path);
    std::string line;
    if (!in || !std::getline(in, line))
        return tl::unexpected(trf("--seal-passphrase-file: cannot read {}", path));
    while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.pop_back();
    if (line.empty())
        return tl::unexpected(
            trf("--seal-passphrase-file: {} is empty; its first line must be the passphrase", path));
    return line;
}

int writeOutputs(const audit::Report& report, const AuditOutputs& o) {
    if (!o.json.empty() && !(std::ofstream(o.json) << audit::toJson(report).dump(2) << '\n'))
        return std::cerr << trf("error: --json: cannot write {}", o.json) << "\n", 2;
    if (!o.pdf.empty())
        if (auto ok = print::writeAuditPdf(report, o.pdf); !ok)
            return std::cerr << trf("error: --pdf: {}", i18n::translateMessage(ok.error().message)) << "\n",
                   2;
    return 0;
}

// Exit 0: the journal verifies and every check is ok or n/a; 1: a breach (or the chain is broken);
// 2: the file cannot be read (or holds records the console never writes) or an output cannot be written;
// 3: no breach, but a check could not judge (an older console's records, a newer console's rules).
// The check lines are the audit's own (catalogue part "audit"): "<check> ok|breach|n/a <evidence>"; the
// evidence shows in the UI language, the check name and verdict word stay as the help documents them.
int runAudit(const AuditOutputs& o) {
    if (auto lang = followJournalLanguage(o.file); !lang)
        return std::cerr << trf("error: {}", lang.error()) << "\n", 2;
    audit::AuditOptions options;
    if (!o.seal_passphrase_file.empty()) {
        auto passphrase = readPassphrase(o.seal_passphrase_file);
        if (!passphrase) return std::cerr << trf("error: {}", passphrase.error()) << "\n", 2;
        options.seal_passphrase = *passphrase;
    }
    auto report = audit::auditJournal(o.file, options);
    if (!report) return std::cerr << o.file << ": " << i18n::translateMessage(report.error()) << "\n", 2;
    std::cout << audit::checkLines(*report, [](const std::string& e) { return i18n::translateMessage(e); });
    if (int rc = writeOutputs(*report, o); rc != 0) return rc;
    return report->passed() ? 0 : report->breached() ? 1 : 3;
}

}  // namespace

void addAuditCommands(CLI::App& app, ExitCode& code) {
    // Joins the "journal" subcommand that addJournalCommands created (main registers that first).
    CLI::App* cmd = app.get_subcommand("journal")->add_subcommand(
        "audit",
        tr("The arbiter's audit (FIDE E.III): one line per check, '<check> ok|breach|n/a|not-checked "
           "<evidence>'. Exit 0 when the journal verifies and every check is ok or n/a, 1 on a breach, 3 "
           "when "
           "there is no breach but a check could not judge, 2 if it cannot be read"));
    auto o = std::make_shared<AuditOutputs>();
    cmd->add_option("FILE", o->file, tr("The journal file"))->required();
    cmd->add_option("--pdf", o->pdf, tr("Write the report with its pictures here (A4 PDF)"));
    cmd->add_option("--json", o->json,
                    tr("Write the checks, evidence, record indices and series here (JSON)"));
    cmd->add_option(
        "--seal-passphrase-file", o->seal_passphrase_file,
        tr("A file whose first line is the arbiter's passphrase of the computer's sealed move: each "
           "envelope is opened and its move compared with the move opened at resumption"));
    cmd->callback([o, &code] { code.value = runAudit(*o); });
}

}  // namespace oc::cli
