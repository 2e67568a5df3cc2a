#pragma once
// Private to the journal: the canonical line form and the verification of one line.

#include <cstddef>
#include <string>
#include <string_view>
#include <tl/expected.hpp>

#include "journal/journal.hpp"

namespace oc::journal::detail {

// prev_hash of the header record (journal.hpp).
using journal::kZeroHash;

// kSaltBytes fresh random bytes (libsodium's randombytes) as lower-case hex.
std::string randomSaltHex();

// The canonical serialization the hash covers: every field but "hash" and "sig", keys sorted, no
// whitespace.
// Throws nlohmann::json::exception on a payload that cannot be serialized (invalid UTF-8).
std::string canonicalWithoutHash(const Record& record);

// The exact text of the record's line (without the newline): the canonical form with "hash" in front,
// then "sig" when the record is signed (version 3).
std::string lineFor(std::string_view canonical_without_hash, std::string_view hash, std::string_view sig);

// Why a line does not verify; `signature_only` when all but its signature does.
struct LineProblem {
    LineProblem(std::string text, bool signature = false) : why(std::move(text)), signature_only(signature) {}
    std::string why;
    bool signature_only = false;
};

// Verifies one line as the record that follows `tip`. The error says what is wrong with it.
tl::expected<Record, LineProblem> verifyLine(std::string_view line, const ChainTip& tip);

// True when the line is not even JSON (what a torn write leaves behind).
bool unparsable(std::string_view line);

}  // namespace oc::journal::detail
