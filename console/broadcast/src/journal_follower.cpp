// Following a growing journal. The whole chain is verified on every change (the journal reader does
// that), and the records already read must stay the same: a journal rewritten after publication, even
// with every hash recomputed, stops the board's feed. What was read stays: platforms take a shrinking
// PGN for a new game, so a broken feed freezes at the last good state instead of withdrawing moves.
// The journal is followed by its header's hash, so a file being rewritten or re-created is waited for,
// and another journal in its place is a new game on the board.
#include "broadcast/journal_follower.hpp"

#include <fmt/format.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace oc::broadcast {

JournalFollower::JournalFollower(std::filesystem::path path) : path_(std::move(path)) {}

bool JournalFollower::poll() {
    std::error_code ec;
    const auto size = std::filesystem::file_size(path_, ec);
    const auto mtime = ec ? std::filesystem::file_time_type{} : std::filesystem::last_write_time(path_, ec);
    if (ec) {
        std::string why = fmt::format("cannot read {}: {}", path_.string(), ec.message());
        bool changed = state_.unreadable != why;
        state_.unreadable = why;
        seen_ = false;
        return changed;
    }
    if (seen_ && size == last_size_ && mtime == last_mtime_) return false;
    seen_ = true;
    last_size_ = size;
    last_mtime_ = mtime;
    return reread();
}

bool JournalFollower::reread() {
    auto contents = journal::readJournal(path_);
    const bool known = !state_.records.empty();
    if (contents) {
        state_.unreadable.clear();
        if (known && contents->records[0].hash != state_.records[0].hash)
            return startNewGame(std::move(contents->records));
        if (state_.broken_index) return false;  // the same journal, broken: its feed has stopped
        return acceptContents(std::move(contents->records));
    }
    const auto& error = contents.error();
    // Empty, or a header still being written (a console creating the journal, or a file re-created):
    // wait for it. Decided from this read, not a second one: the header may be completed in between,
    // and a second look would then call the torn header this read saw a broken journal.
    if (error.no_complete_record) {
        seen_ = false;
        if (!known || state_.broken_index) return false;
        return wait("waiting for the journal: the file has no complete record");
    }
    if (error.code == journal::JournalErrorCode::Corrupt && error.bad_index) {
        auto prefix = verifiedPrefix(path_, *error.bad_index);
        if (known && !prefix.empty() && prefix[0].hash != state_.records[0].hash) startNewGame({});
        if (state_.broken_index) return false;
        markBroken(*error.bad_index, error.message, std::move(prefix));
        return true;
    }
    // Unreadable for now (being replaced, permissions): keep what was published, try again later.
    seen_ = false;
    state_.unreadable = error.message;
    return false;
}

// The new chain must extend what was read before: a record that changed after it was read means the
// file was rewritten. A file with fewer records is being written again: wait until they are back.
bool JournalFollower::acceptContents(std::vector<journal::Record> records) {
    const auto& old = state_.records;
    for (std::size_t i = 0; i < std::min(old.size(), records.size()); ++i) {
        if (records[i].hash != old[i].hash) {
            markBroken(i,
                       fmt::format("record {} was published with hash {} and now has hash {}: the journal "
                                   "was rewritten",
                                   i, old[i].hash, records[i].hash),
                       {});
            return true;
        }
    }
    if (records.size() < old.size())
        return wait(fmt::format("waiting for the journal: the file holds {} of the {} records already read",
                                records.size(), old.size()));
    const bool changed = records.size() != old.size() || !state_.waiting.empty();
    state_.waiting.clear();
    state_.records = std::move(records);
    return changed;
}

// Another journal in the file: a new game on this board, said so that nobody takes it for the old one.
bool JournalFollower::startNewGame(std::vector<journal::Record> records) {
    const std::string old_id = state_.records.empty() ? std::string() : state_.records[0].hash;
    FollowState next;
    next.game = state_.game + 1;
    next.records = std::move(records);
    next.replaced = fmt::format("a new journal replaced journal {} on this board: a new game", old_id);
    state_ = std::move(next);
    return true;
}

bool JournalFollower::wait(std::string why) {
    const bool changed = state_.waiting != why;
    state_.waiting = std::move(why);
    return changed;
}

void JournalFollower::markBroken(std::size_t index, std::string reason, std::vector<journal::Record> prefix) {
    // A record read before and different now was rewritten: the feed stops there if that is earlier.
    const auto& old = state_.records;
    for (std::size_t i = 0; i < std::min(old.size(), prefix.size()) && i < index; ++i) {
        if (old[i].hash != prefix[i].hash) {
            index = i;
            reason =
                fmt::format("record {} was published with hash {} and now differs: the journal was rewritten",
                            i, old[i].hash);
        }
    }
    // Verified records past what was read are kept; what was read is never taken back.
    if (prefix.size() > index) prefix.resize(index);
    if (prefix.size() > old.size()) state_.records = std::move(prefix);
    state_.broken_index = index;
    state_.broken_reason = std::move(reason);
    state_.waiting.clear();
}

namespace {

// The first `lines` complete lines of a file.
std::string firstLines(const std::filesystem::path& path, std::size_t lines) {
    std::ifstream in(path, std::ios::binary);
    std::string out, line;
    for (std::size_t i = 0; i < lines && std::getline(in, line); ++i) out += line + '\n';
    return out;
}

}  // namespace

// The journal reader works on files, so the lines before the bad one are handed to it as an anonymous
// in-memory file: they are verified by the same code as any journal, and nothing is written to disk.
std::vector<journal::Record> verifiedPrefix(const std::filesystem::path& path, std::size_t bad_index) {
    if (bad_index == 0) return {};
    const std::string text = firstLines(path, bad_index);
    const int fd = memfd_create("journal-prefix", MFD_CLOEXEC);
    if (fd < 0) return {};
    std::vector<journal::Record> records;
    if (::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size())) {
        auto contents = journal::readJournal(fmt::format("/proc/self/fd/{}", fd));
        if (contents) records = std::move(contents->records);
    }
    ::close(fd);
    return records;
}

}  // namespace oc::broadcast
