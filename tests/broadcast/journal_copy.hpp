#pragma once
// Test helper: rewrites a journal's records into a new file through the real JournalWriter, so every
// hash is recomputed; `wall` gives each record's time and `edit` may change a payload on the way.

#include <filesystem>
#include <functional>

#include "journal/journal.hpp"

namespace oc::broadcast::test {

using WallFor = std::function<journal::WallTime(std::size_t index, const journal::Record&)>;
using Edit = std::function<void(std::size_t index, nlohmann::json& payload)>;

inline void copyJournal(const std::filesystem::path& from, const std::filesystem::path& to,
                        const WallFor& wall, const Edit& edit = {}, std::size_t count = SIZE_MAX) {
    auto contents = journal::readJournal(from);
    if (!contents) throw std::runtime_error(contents.error().message);
    std::filesystem::remove(to);
    const auto& rs = contents->records;
    nlohmann::json header = rs[0].payload;
    header.erase("journal_format");
    header.erase("journal_version");
    auto w = journal::JournalWriter::create(to, header, wall(0, rs[0]), rs[0].mono);
    if (!w) throw std::runtime_error(w.error().message);
    for (std::size_t i = 1; i < rs.size() && i < count; ++i) {
        nlohmann::json payload = rs[i].payload;
        if (edit) edit(i, payload);
        if (!w->append(rs[i].type, payload, wall(i, rs[i]), rs[i].mono))
            throw std::runtime_error("append failed");
    }
}

}  // namespace oc::broadcast::test
