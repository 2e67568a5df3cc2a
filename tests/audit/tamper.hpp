#pragma once
// Tampered-but-verifying journals for the audit's breach tests: records are edited, inserted or
// removed, the hash chain is recomputed with the session's own hash (the canonical form of
// docs/arbiter-journal.md) and each record re-signed with the journal's own key, so `journal verify`
// still says "intact" and only the audit can tell.

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "journal/signing.hpp"

namespace oc::audit::test {

using nlohmann::json;

// The check called `name` of a report (the test fails when there is none).
const Check& checkNamed(const Report& report, const std::string& name);

// Every record of a journal file as JSON objects (with their hash fields).
std::vector<json> readRecords(const std::filesystem::path& path);

// Writes `records` as a journal: seq renumbered, prev and hash recomputed, and every record of a signed
// journal (version 3) re-signed by the key in force, loaded from this computer's key folder: the forger
// is the operator holding the console, so only the audit, never the signature, can catch the breach.
void writeRechained(const std::filesystem::path& path, std::vector<json> records);

// The journal line of `record` (its seq and prev as given): hash recomputed, signed by `key` when given.
std::string signedLine(json record, const journal::SigningKey* key);

// Turns a journal of today's console into one as a console before signatures wrote it: version 2, no
// signing key in the header (writeRechained then signs nothing).
void asVersion2(std::vector<json>& records);

// Index of the first record of `type` at or after `from` (fails the test when there is none).
std::size_t find(const std::vector<json>& records, const std::string& type, std::size_t from = 0);

// Inserts a record of `type` with `payload` before `index`, dated like the record before it.
void insertBefore(std::vector<json>& records, std::size_t index, const std::string& type, json payload);

// A fresh directory named after the running test (the fixture removes it).
std::filesystem::path testDir(const std::string& prefix);

// Runs `operator-cli play` on a scenario script (its name in tests/session/scripts, or an absolute path)
// with the built-in engine; returns the journal's path.
std::filesystem::path playScript(const std::filesystem::path& dir, const std::string& script);

// Plays `script` in `dir`, lets `edit` change its records and rewrites the chain into
// `dir`/tampered.jsonl, which must still verify (the test fails otherwise); returns its path.
std::filesystem::path tampered(const std::filesystem::path& dir, const std::string& script,
                               const std::function<void(std::vector<json>&)>& edit);

// Runs `operator-cli ARGS` and returns its exit status; stdout goes to `out` when given.
int runCli(const std::string& args, std::string* out = nullptr);

}  // namespace oc::audit::test
