// Who signed the journal's records (issue 35, docs/arbiter-journal.md §2): the header's key, each key a
// signing_key_changed record brought in, or none at all (versions 1 and 2). The signatures themselves
// are checked by the journal's reader: a journal reaching the audit verifies, signatures included. What
// the audit adds is what they mean: which records the header's key proves, and whether a key change
// stands where the console writes one.
#include <fmt/format.h>

#include "checks.hpp"

namespace oc::audit::detail {
namespace {

bool keyChange(const journal::Record& r) {
    return r.type == journal::kSigningKeyChangedType;
}

std::string fingerprintOrNone(const std::string& key) {
    return key.empty() ? std::string(i18n::N_("no key")) : journal::keyFingerprint(key);
}

// The console changes the key only at its first record after resuming on a computer without the key:
// its console_resumed record follows, or the game's setup when it resumed a journal holding only its
// header; or nothing, when it was stopped in between.
bool whereTheConsoleChangesKeys(const journal::JournalContents& contents, std::size_t i) {
    if (i + 1 == contents.records.size()) return true;
    const std::string& next = contents.records[i + 1].type;
    return next == "console_resumed" || (i == 1 && next == "setup");
}

// A key change the console cannot have written: where it stands, or the key it says it replaces.
std::string misplacedChange(const journal::JournalContents& contents, std::size_t i,
                            const std::string& in_force) {
    const auto& r = contents.records[i];
    if (!whereTheConsoleChangesKeys(contents, i))
        return fmt::format(i18n::N_("record #{}: the signing key changes here, but the console changes it "
                                    "only just before its console_resumed record (a resume on another "
                                    "computer): someone else wrote it"),
                           i);
    const std::string previous = journal::payloadText(r.payload, "previous_key");
    if (previous != in_force)
        return fmt::format(i18n::N_("record #{}: the signing key change names {} as the key before it, but "
                                    "the records before it are signed by {}"),
                           i, fingerprintOrNone(previous), journal::keyFingerprint(in_force));
    return {};
}

std::string changeLine(const KeyChange& k) {
    return fmt::format(i18n::N_("record #{}: the records from here on are signed by key {}, which the "
                                "header does not name: the console resumed on another computer without "
                                "its key, or someone else wrote them (reason given: {})"),
                       k.record, journal::keyFingerprint(k.key), k.reason);
}

}  // namespace

void readSigners(Report& report, const journal::JournalContents& contents) {
    report.signing_key = journal::namedSigningKey(contents.records.front());
    for (std::size_t i = 1; i < contents.records.size(); ++i) {
        const auto& r = contents.records[i];
        if (!keyChange(r)) continue;
        report.key_changes.push_back(KeyChange{i, journal::namedSigningKey(r),
                                               journal::payloadText(r.payload, "previous_key"),
                                               journal::payloadText(r.payload, "reason")});
    }
}

bool journalOnly(const json& record) {
    return record.value("type", "") == journal::kSigningKeyChangedType;
}

void saySigners(Check& integrity, const Report& report, const journal::JournalContents& contents) {
    if (report.signing_key.empty()) {
        integrity.evidence +=
            "; " + fmt::format(i18n::N_("unsigned (journal version {}, before signatures): anyone able to "
                                        "write the file could have added records whose hashes chain"),
                               report.journal_version);
        return;
    }
    integrity.evidence +=
        "; " + fmt::format(i18n::N_("signed by key {}"), journal::keyFingerprint(report.signing_key));
    std::string in_force = report.signing_key;
    std::vector<std::string> breaches;
    for (const KeyChange& k : report.key_changes) {
        if (auto wrong = misplacedChange(contents, k.record, in_force); !wrong.empty()) {
            breaches.push_back(std::move(wrong));
            integrity.records.push_back(k.record);
        }
        integrity.evidence += "; " + changeLine(k);
        integrity.details.push_back(changeLine(k));
        in_force = k.key;
    }
    if (breaches.empty()) return;
    integrity.verdict = Verdict::Breach;
    integrity.details.insert(integrity.details.begin(), breaches.begin(), breaches.end());
    integrity.evidence = breaches.front();
}

}  // namespace oc::audit::detail
