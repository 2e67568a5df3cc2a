// Following a growing journal. The whole chain is verified on every change (the journal reader does
// that), and the records already published must stay the same: a journal rewritten after publication,
// even with every hash recomputed, stops the board's feed.
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
    if (state_.broken_index) return false;  // the feed stops at the first bad record
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
    if (contents) {
        state_.unreadable.clear();
        return acceptContents(std::move(contents->records));
    }
    const auto& error = contents.error();
    // A console that is creating the journal has not finished its header line yet: wait for it. Decided
    // from this read, not a second one: the header may be completed in between, and a second look would
    // then call the torn header this read saw a broken journal.
    if (state_.records.empty() && error.no_complete_record) {
        seen_ = false;
        return false;
    }
    if (error.code == journal::JournalErrorCode::Corrupt && error.bad_index) {
        markBroken(*error.bad_index, error.message, verifiedPrefix(path_, *error.bad_index));
        return true;
    }
    // Unreadable for now (being replaced, permissions): keep what was published, try again later.
    seen_ = false;
    state_.unreadable = error.message;
    return false;
}

// The new chain must extend what was read before: a record that changed or went away after it was
// published means the file was rewritten.
bool JournalFollower::acceptContents(std::vector<journal::Record> records) {
    const auto& old = state_.records;
    for (std::size_t i = 0; i < old.size(); ++i) {
        if (i >= records.size() || records[i].hash != old[i].hash) {
            std::string why = i >= records.size()
                                  ? fmt::format("record {} was published and is no longer in the journal", i)
                                  : fmt::format("record {} was published with hash {} and now has hash {}", i,
                                                old[i].hash, records[i].hash);
            std::vector<journal::Record> prefix(old.begin(), old.begin() + static_cast<std::ptrdiff_t>(i));
            markBroken(i, why + ": the journal was rewritten", std::move(prefix));
            return true;
        }
    }
    if (records.size() == old.size()) return false;
    state_.records = std::move(records);
    return true;
}

void JournalFollower::markBroken(std::size_t index, std::string reason, std::vector<journal::Record> prefix) {
    // A record published before and different now was rewritten: the feed stops there if that is earlier.
    const auto& old = state_.records;
    for (std::size_t i = 0; i < std::min(old.size(), prefix.size()) && i < index; ++i) {
        if (old[i].hash != prefix[i].hash) {
            index = i;
            reason =
                fmt::format("record {} was published with hash {} and now differs: the journal was rewritten",
                            i, old[i].hash);
        }
    }
    if (prefix.size() > index) prefix.resize(index);
    state_.records = std::move(prefix);
    state_.broken_index = index;
    state_.broken_reason = std::move(reason);
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
