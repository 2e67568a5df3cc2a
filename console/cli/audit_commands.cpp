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
    std::string file, pdf, json;
};

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
    auto report = audit::auditJournal(o.file);
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
    cmd->callback([o, &code] { code.value = runAudit(*o); });
}

}  // namespace oc::cli
