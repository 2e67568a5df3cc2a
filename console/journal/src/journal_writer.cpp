// Appending to the journal. Every record is written and fsync'd before append() returns, so the
// session shows an action only once it would survive a power cut (issue 5: "written and fsync'd
// before the action takes effect on screen").
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "journal_format.hpp"

namespace oc::journal {
namespace {

JournalError ioError(JournalErrorCode code, const std::filesystem::path& path, std::string_view what,
                     int err) {
    return JournalError{code, fmt::format("journal {}: {}: {}", path.string(), what, std::strerror(err)),
                        std::nullopt};
}

// Loops over short writes and EINTR; returns 0 or the errno of the failure.
int writeAll(int fd, std::string_view bytes) {
    while (!bytes.empty()) {
        const ssize_t n = ::write(fd, bytes.data(), bytes.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return n < 0 ? errno : EIO;
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
    return 0;
}

// A new file's name is durable only once its directory is fsync'd too.
int syncDirectory(const std::filesystem::path& path) {
    const auto dir = path.parent_path().empty() ? std::filesystem::path(".") : path.parent_path();
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return errno;
    const int rc = ::fsync(fd) == 0 ? 0 : errno;
    ::close(fd);
    return rc;
}

// Two consoles appending to one journal would fork the chain: the second is refused.
tl::expected<void, JournalError> lockExclusive(int fd, const std::filesystem::path& path) {
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return {};
    const int err = errno;
    if (err == EWOULDBLOCK) {
        return tl::unexpected(JournalError{
            JournalErrorCode::Locked,
            fmt::format("journal {} is open for writing in another process; close that console first",
                        path.string()),
            std::nullopt});
    }
    return tl::unexpected(ioError(JournalErrorCode::Io, path, "cannot lock", err));
}

std::string describePayloadProblem(const nlohmann::json& payload, std::string_view type) {
    if (type.empty()) return "the record type is empty; give a name such as \"move\"";
    if (type == kJournalHeaderType) return "\"header\" is reserved for the first record";
    if (type == kSigningKeyChangedType) return "\"signing_key_changed\" is written by the journal only";
    if (!payload.is_object()) return "the payload must be a JSON object, e.g. {\"san\":\"e4\"}";
    // The line adds one level (the record object); a reader refuses anything deeper (kMaxJsonDepth).
    if (jsonDepth(payload) + 1 > kMaxJsonDepth)
        return fmt::format("the payload nests deeper than {} levels: no reader would accept the record",
                           kMaxJsonDepth - 1);
    return {};
}

tl::expected<Record, JournalError> headerRecord(const nlohmann::json& payload, WallTime wall, MonoTime mono) {
    if (!payload.is_object() || payload.contains("journal_format") || payload.contains("journal_version") ||
        payload.contains("signing_key")) {
        return tl::unexpected(JournalError{JournalErrorCode::InvalidArgument,
                                           "the header payload must be a JSON object without the reserved "
                                           "keys journal_format, journal_version and signing_key",
                                           std::nullopt});
    }
    Record header;
    header.type = kJournalHeaderType;
    header.payload = payload;
    header.payload["journal_format"] = "oc-journal";
    header.payload["journal_version"] = kJournalFormatVersion;
    header.wall = wall;
    header.mono = mono;
    return header;
}

// O_EXCL: a new game never silently overwrites or extends an old journal.
tl::expected<int, JournalError> createExclusive(const std::filesystem::path& path) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);
    if (fd >= 0) return fd;
    const int err = errno;
    if (err == EEXIST) {
        return tl::unexpected(JournalError{
            JournalErrorCode::AlreadyExists,
            fmt::format("journal {} already exists; resume it or choose a new file name", path.string()),
            std::nullopt});
    }
    return tl::unexpected(ioError(JournalErrorCode::Io, path, "cannot create the file", err));
}

}  // namespace

JournalWriter::JournalWriter(int fd, std::filesystem::path path, std::uint64_t next_seq,
                             std::string last_hash, std::uint64_t size)
    : fd_(fd), path_(std::move(path)), next_seq_(next_seq), last_hash_(std::move(last_hash)), size_(size) {}

JournalWriter::JournalWriter(JournalWriter&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      path_(std::move(other.path_)),
      next_seq_(other.next_seq_),
      last_hash_(std::move(other.last_hash_)),
      size_(other.size_),
      broken_(other.broken_),
      key_(std::move(other.key_)),
      missing_key_(std::move(other.missing_key_)),
      missing_why_(std::move(other.missing_why_)) {}

JournalWriter& JournalWriter::operator=(JournalWriter&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = std::exchange(other.fd_, -1);
        path_ = std::move(other.path_);
        next_seq_ = other.next_seq_;
        last_hash_ = std::move(other.last_hash_);
        size_ = other.size_;
        broken_ = other.broken_;
        key_ = std::move(other.key_);
        missing_key_ = std::move(other.missing_key_);
        missing_why_ = std::move(other.missing_why_);
    }
    return *this;
}

JournalWriter::~JournalWriter() {
    if (fd_ >= 0) ::close(fd_);
}

tl::expected<JournalWriter, JournalError> JournalWriter::create(const std::filesystem::path& path,
                                                                const nlohmann::json& header_payload,
                                                                WallTime wall, MonoTime mono) {
    auto header = headerRecord(header_payload, wall, mono);
    if (!header) return tl::unexpected(header.error());
    auto key = SigningKey::generate();
    if (!key)
        return tl::unexpected(JournalError{
            JournalErrorCode::Io, fmt::format("journal {}: no signing key: {}", path.string(), key.error()),
            std::nullopt});
    header->payload["signing_key"] = key->publicHex();
    auto fd = createExclusive(path);
    if (!fd) return tl::unexpected(fd.error());
    JournalWriter writer(*fd, path, 0, detail::kZeroHash, 0);
    writer.key_ = std::move(*key);
    tl::expected<Record, JournalError> written = tl::unexpected(JournalError{});
    if (auto locked = lockExclusive(*fd, path); !locked) {
        written = tl::unexpected(locked.error());
    } else {
        written = writer.writeRecord(std::move(*header));
    }
    if (written) {
        if (const int err = syncDirectory(path); err != 0) {
            written = tl::unexpected(ioError(JournalErrorCode::Io, path, "cannot fsync its directory", err));
        }
    }
    if (!written) {
        // Leave nothing behind: a half-created journal would block the operator's retry with AlreadyExists.
        std::error_code ignored;
        std::filesystem::remove(path, ignored);
        return tl::unexpected(written.error());
    }
    return writer;
}

tl::expected<ResumedJournal, JournalError> JournalWriter::resume(const std::filesystem::path& path) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    if (fd < 0) return tl::unexpected(ioError(JournalErrorCode::Unreadable, path, "cannot open", errno));
    JournalWriter writer(fd, path, 0, detail::kZeroHash, 0);
    // Lock before reading so no other writer can add a record between the check and our first append.
    if (auto locked = lockExclusive(fd, path); !locked) return tl::unexpected(locked.error());
    auto contents = readJournal(path);
    if (!contents) return tl::unexpected(contents.error());
    if (contents->torn_tail_dropped) {
        if (::ftruncate(fd, static_cast<off_t>(contents->valid_bytes)) != 0 || ::fsync(fd) != 0) {
            return tl::unexpected(
                ioError(JournalErrorCode::Io, path, "cannot cut the torn last record", errno));
        }
    }
    writer.next_seq_ = contents->records.size();
    writer.last_hash_ = contents->records.back().hash;
    writer.size_ = contents->valid_bytes;
    if (const auto& in_force = contents->tip.signing_key; !in_force.empty()) {
        if (auto key = SigningKey::load(in_force)) {
            writer.key_ = std::move(*key);
        } else {
            writer.missing_key_ = in_force;
            writer.missing_why_ = key.error();
        }
    }
    return ResumedJournal{std::move(writer), std::move(*contents)};
}

tl::expected<JournalWriter, JournalError> JournalWriter::openForAppend(const std::filesystem::path& path) {
    auto resumed = resume(path);
    if (!resumed) return tl::unexpected(resumed.error());
    return std::move(resumed->writer);
}

tl::expected<Record, JournalError> JournalWriter::append(std::string_view type, const nlohmann::json& payload,
                                                         WallTime wall, MonoTime mono) {
    if (auto problem = describePayloadProblem(payload, type); !problem.empty()) {
        return tl::unexpected(JournalError{JournalErrorCode::InvalidArgument, problem, std::nullopt});
    }
    if (!missing_key_.empty()) {
        if (auto changed = changeKey(wall, mono); !changed) return tl::unexpected(changed.error());
    }
    Record record;
    record.type = std::string(type);
    record.payload = payload;
    record.wall = wall;
    record.mono = mono;
    return writeRecord(std::move(record));
}

namespace {

// The record's canonical form (its line without the hash), refused when no reader would accept the line:
// too long, or far denser than any payload the console makes (an array of thousands of empty objects). A
// depth the reader refuses was caught before the line was made.
tl::expected<std::string, JournalError> readableLine(const Record& record) {
    std::string canonical;
    try {
        canonical = detail::canonicalWithoutHash(record);
    } catch (const nlohmann::json::exception& e) {
        return tl::unexpected(JournalError{JournalErrorCode::InvalidArgument,
                                           fmt::format("the payload cannot be recorded: {}", e.what()),
                                           std::nullopt});
    }
    if (canonical.size() + 80 > kMaxRecordBytes) {
        return tl::unexpected(JournalError{
            JournalErrorCode::InvalidArgument,
            fmt::format("the record would be {} bytes long, more than the {} a reader accepts; split it",
                        canonical.size() + 80, kMaxRecordBytes),
            std::nullopt});
    }
    if (auto problem = jsonBoundsProblem(canonical); !problem.empty())
        return tl::unexpected(JournalError{JournalErrorCode::InvalidArgument,
                                           fmt::format("the record {}: no reader would accept it", problem),
                                           std::nullopt});
    return canonical;
}

}  // namespace

tl::expected<Record, JournalError> JournalWriter::writeRecord(Record record) {
    if (broken_ || fd_ < 0) {
        return tl::unexpected(
            JournalError{JournalErrorCode::Broken,
                         fmt::format("journal {}: an earlier write failed; reopen it (resume) "
                                     "before recording more",
                                     path_.string()),
                         std::nullopt});
    }
    if (!parseWallTime(formatWallTime(record.wall))) {
        // The reader accepts only four-digit years; refuse here rather than write an unreadable record.
        return tl::unexpected(JournalError{
            JournalErrorCode::InvalidArgument,
            "the wall time must lie in the years 0000-9999 (is the PC clock set?)", std::nullopt});
    }
    record.seq = next_seq_;
    record.prev_hash = last_hash_;
    // Every record is salted, so its published hash (the broadcast's journal_head) commits to it
    // without revealing it: a sealed move cannot be found by hashing the legal moves (issue 25).
    record.salt = detail::randomSaltHex();
    auto canonical = readableLine(record);
    if (!canonical) return tl::unexpected(canonical.error());
    record.hash = blake2bHex(*canonical);
    if (key_) record.sig = key_->sign(record.hash);
    if (auto durable = writeDurably(detail::lineFor(*canonical, record.hash, record.sig) + '\n'); !durable) {
        return tl::unexpected(durable.error());
    }
    ++next_seq_;
    last_hash_ = record.hash;
    return record;
}

// The journal's key is not on this computer (resumed elsewhere, or the key folder lost): a new key signs
// from here on, announced by a record it signs itself. It proves less than one key throughout, and the
// record says so to every reader instead of the journal going on unsigned.
tl::expected<void, JournalError> JournalWriter::changeKey(WallTime wall, MonoTime mono) {
    auto key = SigningKey::generate();
    if (!key)
        return tl::unexpected(JournalError{
            JournalErrorCode::Io, fmt::format("journal {}: no signing key: {}", path_.string(), key.error()),
            std::nullopt});
    Record record;
    record.type = std::string(kSigningKeyChangedType);
    record.payload = {
        {"signing_key", key->publicHex()}, {"previous_key", missing_key_}, {"reason", missing_why_}};
    record.wall = wall;
    record.mono = mono;
    auto previous = std::exchange(key_, std::move(*key));
    auto written = writeRecord(std::move(record));
    if (!written) {
        key_ = std::move(previous);
        return tl::unexpected(written.error());
    }
    missing_key_.clear();
    missing_why_.clear();
    return {};
}

tl::expected<void, JournalError> JournalWriter::writeDurably(const std::string& line) {
    int err = writeAll(fd_, line);
    const char* what = "write failed";
    if (err == 0 && ::fsync(fd_) != 0) {
        err = errno;
        what = "fsync failed";
    }
    if (err != 0) {
        // After a failed write or fsync the file's tail is unknown (fsync errors are not retryable on
        // Linux), so cut back to the last durable record and refuse further appends until a resume.
        broken_ = true;
        (void)::ftruncate(fd_, static_cast<off_t>(size_));
        return tl::unexpected(ioError(JournalErrorCode::Io, path_,
                                      fmt::format("{}; the action was NOT recorded (check free disk space), "
                                                  "then reopen the journal",
                                                  what),
                                      err));
    }
    size_ += line.size();
    return {};
}

}  // namespace oc::journal
