#pragma once
// Follows one journal file as the console appends to it, and keeps only what verifies. Polling (not
// inotify) so that journals on a shared network folder work too. It reads only what was appended since
// its last read (a record costs the same at move 300 as at move 1), after checking cheaply that what it
// read is still there: the same file (device and inode), of another size (a console only appends; a
// change at the same size is an edit in place), no shorter than what was read, the header's and the last
// read record's lines unchanged. Anything else (truncation, another file, a rewrite) is read again whole.
// A journal is followed by identity (its header's hash, the journal_id), not by file: a file that is
// empty, shorter, missing or being re-created is waited for, and another journal in the file is held back
// (the board keeps its game) until the hub's operator accepts it as a new game.

#include <sys/types.h>

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
    // The organiser's words for a break about the journal's signing key (a record not signed by it, a
    // key change): published as the board's notice; empty for any other break.
    std::string broken_notice;
    std::string unreadable;  // why the file cannot be read now (empty when it can)
    // Why the file shows less than was read ("waiting for the journal: ...": shorter, emptied, missing),
    // or that there is no file yet; empty otherwise.
    std::string waiting;
    bool shorter = false;  // waiting: the file holds fewer records than were read (`waiting` counts them)
    std::string replaced;  // set when another journal took the file's place: the new game's notice
    // The journal_id of another journal found in the file while this one's game is kept (issue 35 item
    // 2): the board is frozen until the hub's operator accepts it as a new game; empty otherwise.
    std::string replaced_by;
    std::uint64_t game = 0;  // counts the journals followed in this file: a new one is a new game
};

// The notice a board shows of `state`: waiting, else a break about the journal's key, else a new game.
// Without `counts` (under a delay) a shorter file is said without how many records were read (issue 35 item
// 4: they tell how far the game has gone).
std::string followNotice(const FollowState& state, bool counts = true);

// The file as last looked at: a change of any of these makes the follower read.
struct FileStamp {
    dev_t dev = 0;
    ino_t ino = 0;
    std::uint64_t size = 0;
    std::int64_t mtime_ns = 0;
    bool operator==(const FileStamp&) const = default;
};
// Where the records read end in the file, and the lines that must still be there for what is
// appended to extend them.
struct FollowCursor {
    bool valid = false;
    dev_t dev = 0;
    ino_t ino = 0;
    std::size_t count = 0;    // records it covers (== state().records.size() when valid)
    std::uint64_t end = 0;    // the byte after the last verified line
    std::string header_line;  // record 0's line, without its line end
    std::uint64_t last_at = 0;
    std::string last_line;  // the last verified record's line, starting at last_at
    journal::ChainTip tip;  // what verifying the next appended line needs (its link and signing key)
};
// A file's text from some offset, verified line by line as journal::readJournal does.
struct JournalScan;

class JournalFollower {
  public:
    explicit JournalFollower(std::filesystem::path path);

    // Reads what the file gained if its identity, size or modification time changed; true when the state
    // changed. Once a journal is broken its feed stops: only another journal in the file (a new game)
    // changes it, or, when nothing was read before it broke, any journal that verifies.
    bool poll();
    const FollowState& state() const { return state_; }
    // Before the first poll: what a previous run published of this file (the hub's ledger), which the
    // file must then extend exactly as if this run had read it.
    void restore(std::vector<journal::Record> records, std::uint64_t game);
    // The journal that replaced the kept one (replaced_by) becomes the board's game: a new game.
    void acceptReplacement();
    const std::filesystem::path& path() const { return path_; }

  private:
    bool lost(std::string why, bool missing);
    bool unreadableNow(std::string why);
    bool canExtend(int fd, const FileStamp& stamp) const;
    bool extend(int fd, const FileStamp& stamp);
    bool pollBroken(int fd, const FileStamp& stamp);
    bool pollReplaced(int fd, const FileStamp& stamp);
    bool holdReplacement(const std::string& id);
    bool reread(int fd, const FileStamp& stamp);
    bool rereadOk(JournalScan& scan);
    bool rereadEmpty();
    bool rereadCorrupt(JournalScan& scan);
    void forgetUnpublishedBreak();
    bool acceptContents(std::vector<journal::Record> records);
    void startNewGame();
    bool wait(std::string why, bool shorter = false);
    void markBroken(std::size_t index, std::string reason, std::vector<journal::Record> prefix,
                    std::string notice = {});

    std::filesystem::path path_;
    FileStamp last_;
    bool seen_ = false;
    FollowCursor cursor_;
    FollowState state_;
};

}  // namespace oc::broadcast
