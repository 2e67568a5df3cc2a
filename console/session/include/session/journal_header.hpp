#pragma once
// What a new journal's header says besides its format (issue 37): which program wrote it, and the rules
// in force that its figures follow (the handling reserve, the budget formula). An audit run later by
// another console then judges each journal by the rules of the console that wrote it.
// Layout: docs/arbiter-journal.md, "The header".

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "journal/journal.hpp"

namespace oc::session {

// {"app": app, "program": {"name", "version", "commit"}, "rules": {"handling_reserve": {"rule", ...},
// "budget_formula"}}; the journal adds its format fields.
[[nodiscard]] nlohmann::json journalHeader(const std::string& app);

// This console as it names itself in a journal: {"program": {...}, "rules": {...}} as in the header. A
// console_resumed record carries them too ("console", "rules"): a game resumed by another release is
// judged from there by that release's rules.
[[nodiscard]] nlohmann::json thisConsole();

// What a header says of its writer and rules; every field empty when the header does not say (a
// journal of a console before issue 37).
struct HeaderFacts {
    std::optional<std::string> program;  // "operator-console 0.1.0 (commit 6a34db6f6dd9)"
    std::optional<int> reserve_rule;     // clock::kReserveRule of the writer
    std::optional<int> budget_formula;   // clock::kBudgetFormula of the writer
    int journal_version = 0;
    std::string signing_key;  // hex public key of a version 3 journal (issue 35); empty: unsigned
};
[[nodiscard]] HeaderFacts headerFacts(const nlohmann::json& header_payload);
// The same of a console_resumed record's payload (its "console" and "rules"; empty for an older console's).
[[nodiscard]] HeaderFacts resumeFacts(const nlohmann::json& resumed_payload);

// What the papers print beside the final hash (issue 35): the fingerprint ("3f2a 91c0 7d4e 0b15") of the
// key that signs the journal's last record, the header's or a later one's after a resume on another
// computer, as `journal verify` names it; empty for an unsigned journal (version 1 or 2).
[[nodiscard]] std::string journalKeyFingerprint(const journal::JournalContents& contents);

// The handling-reserve rules and budget formulas this console can replay (older ones included).
[[nodiscard]] int newestReserveRule();
[[nodiscard]] int oldestReserveRule();
[[nodiscard]] int newestBudgetFormula();

}  // namespace oc::session
