// Following a growing journal. Each line is verified once, when it is first read: the follower keeps its
// place in the file (the end of the last verified line, and the last record's hash) and reads only what
// was appended since, so a record costs the same at move 300 as at move 1 (issue 35 item 10). Before it
// reads on it checks cheaply that what it read is still there: the same inode, no shorter, the header's
// and the last record's lines unchanged. Anything else (truncation, another file, a rewrite) makes it read
// the file again whole and compare: the records already read must stay the same, so a journal rewritten
// after publication, even with every hash recomputed, stops the board's feed. What was read stays:
// platforms take a shrinking PGN for a new game, so a broken feed freezes at the last good state instead
// of withdrawing moves. The journal is followed by its header's hash, so a file being rewritten,
// re-created or deleted is waited for, and another journal in its place is a new game on the board.
#include "broadcast/journal_follower.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string_view>

#include "i18n/mark.hpp"

namespace oc::broadcast {

struct JournalScan {
    std::vector<journal::Record> records;        // the lines that verified, in order
    std::uint64_t end = 0;                       // the byte after the last of them
    std::uint64_t last_at = 0;                   // where the last of them starts
    std::string last_line;                       // its bytes, without the line end
    std::string header_line;                     // record 0's line, when the scan began at the file's start
    journal::ChainTip tip;                       // after the last of them
    std::optional<journal::JournalError> error;  // Corrupt: the first complete line that does not verify
    std::string notice;  // the organiser's words for `error` when it is about the journal's key
};

namespace {

constexpr std::string_view kMissing = "waiting for the journal: the journal file is missing";

// Closes the file however the poll ends.
class Fd {
  public:
    explicit Fd(int fd) : fd_(fd) {}
    ~Fd() {
        if (fd_ >= 0) ::close(fd_);
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    int get() const { return fd_; }

  private:
    int fd_;
};

FileStamp stampOf(const struct stat& st) {
    return {st.st_dev, st.st_ino, static_cast<std::uint64_t>(st.st_size),
            std::int64_t{st.st_mtim.tv_sec} * 1'000'000'000 + st.st_mtim.tv_nsec};
}

// The file's bytes from `from` to its end, as it is now (the console may be appending meanwhile).
tl::expected<std::string, std::string> readFrom(int fd, std::uint64_t from, std::uint64_t size_hint) {
    std::string out;
    if (size_hint > from) out.reserve(size_hint - from);
    char buf[1 << 16];
    for (;;) {
        const ssize_t n = ::pread(fd, buf, sizeof buf, static_cast<off_t>(from + out.size()));
        if (n == 0) return out;
        if (n > 0)
            out.append(buf, static_cast<std::size_t>(n));
        else if (errno != EINTR)
            return tl::unexpected(std::string(std::strerror(errno)));
    }
}

// True when the file holds exactly `line` and a line end at `at`: a line read before is still there.
bool bytesAre(int fd, std::uint64_t at, const std::string& line) {
    std::string got(line.size() + 1, '\0');
    std::size_t done = 0;
    while (done < got.size()) {
        const ssize_t n = ::pread(fd, got.data() + done, got.size() - done, static_cast<off_t>(at + done));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return got.back() == '\n' && std::string_view(got).substr(0, line.size()) == line;
}

// The file's first complete line (without its line end), if it has one.
std::optional<std::string> firstLine(int fd) {
    std::string out;
    char buf[4096];
    while (out.size() <= journal::kMaxRecordBytes) {
        const ssize_t n = ::pread(fd, buf, sizeof buf, static_cast<off_t>(out.size()));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return std::nullopt;
        const auto* nl = static_cast<const char*>(std::memchr(buf, '\n', static_cast<std::size_t>(n)));
        out.append(buf, nl ? static_cast<std::size_t>(nl - buf) : static_cast<std::size_t>(n));
        if (nl) return out;
    }
    return std::nullopt;
}

// A record whose hash chains and matches but that the journal's key did not sign is what someone who can
// write the journals' folder but has not the console's key writes (issue 35 item 8): said in plain words.
std::string signatureNotice(const journal::JournalError& error, const journal::ChainTip& tip) {
    if (!error.signature_only) return {};
    return fmt::format(i18n::N_("record {} is not signed by this journal's key ({}): it was written by "
                                "someone who can write the journal's file, not by the console; nothing from "
                                "it on is published"),
                       tip.next_index, journal::keyFingerprint(tip.signing_key));
}

// A signing_key_changed record is what a console resumed on another computer without the journal's key
// writes, and also what someone without the key would write to go on: the hub cannot tell them apart,
// so it publishes nothing signed by the new key (docs/broadcast.md). The record ends the scan as a break.
bool keyChanged(const journal::Record& record, JournalScan& s) {
    if (record.seq == 0 || record.type != journal::kSigningKeyChangedType) return false;
    const std::string why = fmt::format(
        i18n::N_("the journal's signing key changed at record {} (from {} to {}): the console resumed on "
                 "another computer without its key, or someone else wrote it; nothing signed by the new key "
                 "is published"),
        record.seq, journal::keyFingerprint(journal::payloadText(record.payload, "previous_key")),
        journal::keyFingerprint(journal::namedSigningKey(record)));
    s.notice = why;
    s.error = journal::JournalError{journal::JournalErrorCode::Corrupt, why, record.seq, false};
    return true;
}

// Verifies the complete lines of `text` (the file from byte `from` on) as the records after `tip`, as
// journal::readJournal does: a last line without its line end
// is a record still being written, and an unparsable last line a torn write; both are left for a later
// read, which will find them complete, or followed by more and so broken.
JournalScan scanText(std::string_view text, std::uint64_t from, journal::ChainTip tip) {
    JournalScan s;
    s.end = from;
    const std::size_t index = tip.next_index;
    std::size_t pos = 0, last = 0;
    for (std::size_t nl = text.find('\n'); nl != std::string_view::npos; nl = text.find('\n', pos)) {
        const std::string_view line = text.substr(pos, nl - pos);
        if (nl + 1 == text.size() && journal::journalLineTorn(line)) break;
        auto record = journal::verifyJournalLine(line, tip);
        if (!record) {
            s.notice = signatureNotice(record.error(), tip);
            s.error = std::move(record.error());
            break;
        }
        if (keyChanged(*record, s)) break;
        tip.advance(*record);
        if (index + s.records.size() == 0) s.header_line = line;
        s.records.push_back(std::move(*record));
        last = pos;
        pos = nl + 1;
    }
    s.end = from + pos;
    s.tip = std::move(tip);
    if (!s.records.empty()) {
        s.last_at = from + last;
        s.last_line = text.substr(last, pos - last - 1);
    }
    return s;
}

// Where a whole read of the file left off, to read on from there next time.
FollowCursor cursorOf(JournalScan& scan, const FileStamp& stamp) {
    FollowCursor c;
    c.valid = !scan.records.empty() && !scan.error;
    c.dev = stamp.dev;
    c.ino = stamp.ino;
    c.count = scan.records.size();
    c.end = scan.end;
    c.header_line = std::move(scan.header_line);
    c.last_at = scan.last_at;
    c.last_line = std::move(scan.last_line);
    c.tip = scan.tip;
    return c;
}

}  // namespace

JournalFollower::JournalFollower(std::filesystem::path path) : path_(std::move(path)) {}

bool JournalFollower::poll() {
    struct stat st {};
    if (::stat(path_.c_str(), &st) != 0) {
        const int err = errno;
        return lost(fmt::format("cannot read {}: {}", path_.string(), std::strerror(err)), err == ENOENT);
    }
    if (seen_ && stampOf(st) == last_) return false;
    const Fd fd(::open(path_.c_str(), O_RDONLY | O_CLOEXEC));
    if (fd.get() < 0 || ::fstat(fd.get(), &st) != 0)
        return unreadableNow(fmt::format("cannot open journal {}: {}", path_.string(), std::strerror(errno)));
    const FileStamp stamp = stampOf(st);
    // A console only appends, so its file changes size. A change at the same size is an edit in place,
    // which may be anywhere in what was read: the whole file is read again then.
    const bool resized = seen_ && stamp.size != last_.size;
    seen_ = true;
    last_ = stamp;
    state_.unreadable.clear();
    if (!state_.replaced_by.empty()) return pollReplaced(fd.get(), stamp);
    if (state_.broken_index) return pollBroken(fd.get(), stamp);
    if (resized && canExtend(fd.get(), stamp)) return extend(fd.get(), stamp);
    return reread(fd.get(), stamp);
}

// The file cannot be looked at. A missing journal is waited for with a notice (docs/broadcast.md; issue 35
// item 9): a board that showed a game keeps it, and continues when the file is back.
bool JournalFollower::lost(std::string why, bool missing) {
    bool changed = state_.unreadable != why;
    state_.unreadable = std::move(why);
    seen_ = false;
    if (missing && !state_.broken_index) changed = wait(std::string(kMissing)) || changed;
    return changed;
}

// Unreadable for now (being replaced, permissions): keep what was published, try again at the next poll.
bool JournalFollower::unreadableNow(std::string why) {
    seen_ = false;
    state_.unreadable = std::move(why);
    return false;
}

bool JournalFollower::canExtend(int fd, const FileStamp& stamp) const {
    const FollowCursor& c = cursor_;
    return c.valid && c.count == state_.records.size() && stamp.dev == c.dev && stamp.ino == c.ino &&
           stamp.size >= c.end && bytesAre(fd, 0, c.header_line) && bytesAre(fd, c.last_at, c.last_line);
}

// Reads on from where the last read ended: only the records appended since, each verified against the
// one before it.
bool JournalFollower::extend(int fd, const FileStamp& stamp) {
    auto text = readFrom(fd, cursor_.end, stamp.size);
    if (!text) return unreadableNow(fmt::format("cannot read journal {}: {}", path_.string(), text.error()));
    JournalScan scan = scanText(*text, cursor_.end, cursor_.tip);
    const bool changed = !scan.records.empty() || !state_.waiting.empty();
    state_.waiting.clear();
    if (!scan.records.empty()) {
        cursor_.end = scan.end;
        cursor_.last_at = scan.last_at;
        cursor_.last_line = std::move(scan.last_line);
        cursor_.tip = scan.tip;
        for (auto& r : scan.records) state_.records.push_back(std::move(r));
        cursor_.count = state_.records.size();
    }
    if (!scan.error) return changed;
    cursor_ = {};
    markBroken(*scan.error->bad_index, scan.error->message, {}, std::move(scan.notice));
    return true;
}

// A broken feed has stopped: only a journal with another header (a new game) changes it, or, when nothing
// was read before it broke, any journal whose header verifies. The first line tells, so a broken journal
// that the console goes on appending to costs no more than its header per change.
bool JournalFollower::pollBroken(int fd, const FileStamp& stamp) {
    const auto line = firstLine(fd);
    if (!line) return false;
    const auto header = journal::verifyJournalLine(*line, journal::ChainTip{});
    if (!header || (!state_.records.empty() && header->hash == state_.records[0].hash)) return false;
    return reread(fd, stamp);
}

// The whole file, read again: the first read, or after anything but an append.
bool JournalFollower::reread(int fd, const FileStamp& stamp) {
    auto text = readFrom(fd, 0, stamp.size);
    if (!text) return unreadableNow(fmt::format("cannot read journal {}: {}", path_.string(), text.error()));
    JournalScan scan = scanText(*text, 0, journal::ChainTip{});
    text = std::string();  // a large journal's text is not kept while its records are handled
    FollowCursor next = cursorOf(scan, stamp);
    const bool changed = scan.error             ? rereadCorrupt(scan)
                         : scan.records.empty() ? rereadEmpty()
                                                : rereadOk(scan);
    // Read on from here only when the records held are exactly the file's.
    const bool settled =
        next.valid && !state_.broken_index && state_.waiting.empty() && state_.records.size() == next.count;
    cursor_ = settled ? std::move(next) : FollowCursor{};
    return changed;
}

bool JournalFollower::rereadOk(JournalScan& scan) {
    const bool known = !state_.records.empty();
    if (!known && state_.broken_index) forgetUnpublishedBreak();
    if (known && scan.records[0].hash != state_.records[0].hash) return holdReplacement(scan.records[0].hash);
    if (state_.broken_index) return false;  // the same journal, broken: its feed has stopped
    return acceptContents(std::move(scan.records));
}

// Empty, or a header still being written (a console creating the journal, or a file re-created): wait
// for it. Decided from this read, not a second one: the header may be completed in between, and a second
// look would then call the torn header this read saw a broken journal.
bool JournalFollower::rereadEmpty() {
    seen_ = false;
    if (state_.broken_index) return false;
    // A journal not read yet is being created: the file is no longer missing, and nothing else is said.
    if (state_.records.empty()) return wait("");
    return wait("waiting for the journal: the file has no complete record");
}

bool JournalFollower::rereadCorrupt(JournalScan& scan) {
    const journal::JournalError& error = *scan.error;
    const bool known = !state_.records.empty();
    auto& prefix = scan.records;  // the records before the bad one, verified
    if (!known && state_.broken_index && !prefix.empty()) forgetUnpublishedBreak();
    if (known && !prefix.empty() && prefix[0].hash != state_.records[0].hash)
        return holdReplacement(prefix[0].hash);
    if (state_.broken_index) return false;
    markBroken(*error.bad_index, error.message, std::move(prefix), std::move(scan.notice));
    return true;
}

// Nothing was read before the file broke (garbage where a journal was expected), so nothing of it was
// published: a journal that verifies now is followed from its start (issue 35 item 7).
void JournalFollower::forgetUnpublishedBreak() {
    state_.broken_index.reset();
    state_.broken_reason.clear();
    state_.broken_notice.clear();
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
                                records.size(), old.size()),
                    true);
    const bool changed = records.size() != old.size() || !state_.waiting.empty();
    state_.waiting.clear();
    state_.records = std::move(records);
    return changed;
}

// Another journal in the file (issue 35 item 2): the board keeps its published game and stops; the new
// journal waits for the hub's operator, who may publish it as a new game (acceptReplacement).
bool JournalFollower::holdReplacement(const std::string& id) {
    const bool changed = state_.replaced_by != id || !state_.waiting.empty();
    state_.replaced_by = id;
    state_.waiting.clear();
    cursor_ = {};
    return changed;
}

// A held board looks only at the file's first line: the kept journal back in place is followed again,
// a third journal is named instead of the second.
bool JournalFollower::pollReplaced(int fd, const FileStamp& stamp) {
    const auto line = firstLine(fd);
    if (!line) return false;
    const auto header = journal::verifyJournalLine(*line, journal::ChainTip{});
    if (!header) return false;
    if (header->hash != state_.records[0].hash) return holdReplacement(header->hash);
    state_.replaced_by.clear();
    if (state_.broken_index) return true;
    reread(fd, stamp);
    return true;
}

void JournalFollower::acceptReplacement() {
    if (state_.replaced_by.empty()) return;
    startNewGame();
}

// The accepted journal is read from its start at the next poll: a new game on this board, said so that
// nobody takes it for the old one.
void JournalFollower::startNewGame() {
    const std::string old_id = state_.records.empty() ? std::string() : state_.records[0].hash;
    FollowState next;
    next.game = state_.game + 1;
    next.replaced = fmt::format("a new journal replaced journal {} on this board: a new game", old_id);
    state_ = std::move(next);
    seen_ = false;
    cursor_ = {};
}

void JournalFollower::restore(std::vector<journal::Record> records, std::uint64_t game) {
    state_.records = std::move(records);
    state_.game = game;
    seen_ = false;
    cursor_ = {};
}

bool JournalFollower::wait(std::string why, bool shorter) {
    const bool changed = state_.waiting != why;
    state_.waiting = std::move(why);
    state_.shorter = shorter;
    return changed;
}

std::string followNotice(const FollowState& state, bool counts) {
    if (state.waiting.empty()) return state.broken_notice.empty() ? state.replaced : state.broken_notice;
    if (state.shorter && !counts)
        return i18n::N_("waiting for the journal: the file holds fewer records than were read");
    return state.waiting;
}

void JournalFollower::markBroken(std::size_t index, std::string reason, std::vector<journal::Record> prefix,
                                 std::string notice) {
    // A record read before and different now was rewritten: the feed stops there if that is earlier.
    const auto& old = state_.records;
    for (std::size_t i = 0; i < std::min(old.size(), prefix.size()) && i < index; ++i) {
        if (old[i].hash != prefix[i].hash) {
            index = i;
            notice.clear();  // the break is a rewrite, whatever the signatures say
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
    state_.broken_notice = std::move(notice);
    state_.waiting.clear();
}

}  // namespace oc::broadcast
