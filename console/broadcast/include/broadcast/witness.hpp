#pragma once
// The public witness: saved copies of the published games.pgn or games.json checked against a journal.
// Every published journal_head must be a record of this journal, and the game rebuilt up to that record
// must be the published one. A journal rewritten after publication, even with every hash recomputed,
// fails this check.

#include <filesystem>
#include <string>
#include <tl/expected.hpp>
#include <vector>

#include "journal/journal.hpp"

namespace oc::broadcast {

struct PublishedGame {
    std::string id;                  // journal_id / [JournalId]: the journal's header hash
    std::string head;                // journal_head / [JournalHead]
    std::vector<std::string> moves;  // SAN
    std::string result = "*";
    std::string white, black, event, round;
    std::string where;  // "games.json board 2", for messages
};

// Reads a saved games.json (array of board objects) or games.pgn.
[[nodiscard]] tl::expected<std::vector<PublishedGame>, std::string> readArchive(
    const std::filesystem::path& file);

struct WitnessResult {
    std::size_t checked = 0;         // published games of this journal that match it
    std::vector<std::string> fails;  // one line per published game this journal contradicts
    std::size_t others = 0;          // games of other journals, not checked
};

WitnessResult checkPublished(const std::vector<journal::Record>& records,
                             const std::vector<PublishedGame>& games);

}  // namespace oc::broadcast
