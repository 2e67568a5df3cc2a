#pragma once
// Follows one journal file as the console appends to it: re-reads and verifies it when it changes, and
// keeps only what verifies. Polling (not inotify) so that journals on a shared network folder work too.
// A journal is followed by identity (its header's hash, the journal_id), not by file: a file that is
// empty, shorter or being re-created is waited for, and another journal in the file is a new game.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "journal/journal.hpp"

namespace oc::broadcast {

// What may be published of a journal: its verified records, and where it stopped verifying.
struct FollowState {
    // records[0] is the header; empty while there is no journal. Never shrinks while the same journal
    // is followed: what was read (and may have been published) stays, also when the journal breaks.
    std::vector<journal::Record> records;
    std::optional<std::size_t> broken_index;  // index of the first record that does not verify
    std::string broken_reason;                // what is wrong with it
    std::string unreadable;                   // why the file cannot be read now (empty when it can)
    std::string waiting;   // why the file shows less than was read ("waiting for the journal: ..."), or empty
    std::string replaced;  // set when another journal took the file's place: the new game's notice
    std::uint64_t game = 0;  // counts the journals followed in this file: a new one is a new game
};

class JournalFollower {
  public:
    explicit JournalFollower(std::filesystem::path path);

    // Re-reads the file if its size or modification time changed; true when the state changed.
    // Once a journal is broken its feed stops: only another journal in the file (a new game) changes it.
    bool poll();
    const FollowState& state() const { return state_; }
    const std::filesystem::path& path() const { return path_; }

  private:
    bool reread();
    bool acceptContents(std::vector<journal::Record> records);
    bool startNewGame(std::vector<journal::Record> records);
    bool wait(std::string why);
    void markBroken(std::size_t index, std::string reason, std::vector<journal::Record> prefix);

    std::filesystem::path path_;
    std::uintmax_t last_size_ = 0;
    std::filesystem::file_time_type last_mtime_{};
    bool seen_ = false;
    FollowState state_;
};

// The verified records of a journal that does not verify: those before `bad_index`.
std::vector<journal::Record> verifiedPrefix(const std::filesystem::path& path, std::size_t bad_index);

}  // namespace oc::broadcast
