#pragma once
// Test helpers: write records as a journal file, every hash recomputed, as a forger would; and rewrite a
// journal's records into a new file, `wall` giving each record's time and `edit` changing a payload on
// the way. Each record keeps its salt (none in a version 1 journal), so a copy with the same times and
// no edit is byte for byte the original, and an edited copy shares the original's records (and hashes)
// up to the first edit.

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <vector>

#include "journal/journal.hpp"

namespace oc::broadcast::test {

using WallFor = std::function<journal::WallTime(std::size_t index, const journal::Record&)>;
using Edit = std::function<void(std::size_t index, nlohmann::json& payload)>;

// Writes `records` (their type, payload, wall, mono and salt) as a chained journal; seq follows the order.
inline void writeRecords(const std::filesystem::path& to, const std::vector<journal::Record>& records) {
    std::string text, prev(64, '0');
    for (std::size_t i = 0; i < records.size(); ++i) {
        const journal::Record& rec = records[i];
        nlohmann::json r = {{"seq", i},
                            {"type", rec.type},
                            {"payload", rec.payload},
                            {"prev", prev},
                            {"mono_ms", rec.mono.count()},
                            {"wall", journal::formatWallTime(rec.wall)}};
        if (!rec.salt.empty()) r["salt"] = rec.salt;
        prev = journal::blake2bHex(r.dump());  // the canonical form: keys sorted, no spaces
        r["hash"] = prev;
        text += r.dump() + "\n";
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
