#pragma once
// Test helpers: write records as a journal file, every hash recomputed (and every signature, when the
// journal's key is here), as a forger would; and rewrite a
// journal's records into a new file, `wall` giving each record's time and `edit` changing a payload on
// the way. Each record keeps its salt (none in a version 1 journal), so a copy with the same times and
// no edit is byte for byte the original, and an edited copy shares the original's records (and hashes)
// up to the first edit.

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <vector>

#include "journal/journal.hpp"

namespace oc::broadcast::test {

using WallFor = std::function<journal::WallTime(std::size_t index, const journal::Record&)>;
using Edit = std::function<void(std::size_t index, nlohmann::json& payload)>;

// The key that signs a journal's records, when this computer has it: its header names the public key,
// and the secret is in the key folder (OC_JOURNAL_KEYS) of whoever wrote it. Version 1 and 2 journals
// have none.
inline std::optional<journal::SigningKey> keyOf(const std::vector<journal::Record>& records) {
    if (records.empty()) return std::nullopt;
    const std::string pub = records[0].payload.value("signing_key", "");
    if (pub.empty()) return std::nullopt;
    auto key = journal::SigningKey::load(pub);
    if (!key) return std::nullopt;
    return std::move(*key);
}

// `rec` (its type, payload, wall, mono and salt) as record `seq` after the record whose hash is `prev`,
// hashed as the writer hashes it, and signed when `key` is given: the line a forger writes, with the
// console's key (the operator's own laptop) or without it (the rec's hash and sig are set).
inline std::string chainedLine(journal::Record& rec, std::size_t seq, const std::string& prev,
                               const journal::SigningKey* key) {
    nlohmann::json r = {{"seq", seq},
                        {"type", rec.type},
                        {"payload", rec.payload},
                        {"prev", prev},
                        {"mono_ms", rec.mono.count()},
                        {"wall", journal::formatWallTime(rec.wall)}};
    if (!rec.salt.empty()) r["salt"] = rec.salt;
    rec.seq = seq;
    rec.prev_hash = prev;
    rec.hash = journal::blake2bHex(r.dump());  // the canonical form: keys sorted, no spaces
    rec.sig = key ? key->sign(rec.hash) : std::string();
    return journal::journalLine(rec);
}

// Writes `records` as a chained journal, every hash recomputed; seq follows the order. A signed journal
// is signed again when its key is on this computer (a forger with the key), else left unsigned (one
// without it: `journal verify` refuses such a copy on its own).
inline void writeRecords(const std::filesystem::path& to, std::vector<journal::Record> records) {
    const auto key = keyOf(records);
    std::string text, prev(64, '0');
    for (std::size_t i = 0; i < records.size(); ++i) {
        text += chainedLine(records[i], i, prev, key ? &*key : nullptr) + "\n";
        prev = records[i].hash;
    }
    std::filesystem::remove(to);
    std::ofstream(to, std::ios::binary) << text;
}

// A record in the style of a fixture's, written at the last record's times plus `after`.
inline journal::Record nextRecord(const std::vector<journal::Record>& rs, std::string type,
                                  nlohmann::json payload, std::chrono::milliseconds after) {
    journal::Record r;
    r.type = std::move(type);
    r.wall = rs.back().wall + after;
    r.mono = rs.back().mono + after;
    payload["t"] = r.mono.count();
    r.payload = std::move(payload);
    return r;
}

inline std::vector<journal::Record> recordsOf(const std::filesystem::path& from) {
    auto contents = journal::readJournal(from);
    if (!contents) throw std::runtime_error(contents.error().message);
    return contents->records;
}

inline void copyJournal(const std::filesystem::path& from, const std::filesystem::path& to,
                        const WallFor& wall, const Edit& edit = {}, std::size_t count = SIZE_MAX) {
    auto rs = recordsOf(from);
    if (rs.size() > count) rs.resize(count);
    for (std::size_t i = 0; i < rs.size(); ++i) {
        rs[i].wall = wall(i, rs[i]);
        if (edit) edit(i, rs[i].payload);
    }
    writeRecords(to, rs);
}

}  // namespace oc::broadcast::test
