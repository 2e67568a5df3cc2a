#pragma once
// The session journal: an append-only, hash-chained file with one JSON record per line. It is the
// session's memory (every operator action, engine line and clock reading) and the arbiter's evidence.
// Format and verification rules: docs/arbiter-journal.md.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <tl/expected.hpp>
#include <vector>

#include "journal/signing.hpp"

namespace oc::journal {

// UTC wall time with millisecond resolution (written as "2026-11-29T20:37:49.123Z").
using WallTime = std::chrono::sys_time<std::chrono::milliseconds>;
// Monotonic time in ms since an arbitrary origin (the shell's steady clock); it restarts after a reboot.
using MonoTime = std::chrono::milliseconds;

// Version 2 salts every record, version 3 also signs it (docs/arbiter-journal.md §2); version 1 and 2
// journals, without salts or signatures, still verify, replay and audit.
inline constexpr int kJournalFormatVersion = 3;
inline constexpr int kOldestJournalFormatVersion = 1;
// Bytes of random salt in every record the writer makes: a published hash then reveals nothing of the
// record, not even a sealed move guessed among 30 legal ones at the exact time (issue 25).
inline constexpr std::size_t kSaltBytes = 32;
inline constexpr std::string_view kJournalHeaderType = "header";
// The record a console writes when it resumes a signed journal whose key it does not have (another
// computer): its payload names the new key ("signing_key") and the one before ("previous_key"), and it
// is signed by the new key. Only the journal writer makes it.
inline constexpr std::string_view kSigningKeyChangedType = "signing_key_changed";

// What a reader accepts from any JSON input of the program (journal lines, event setups, saved
// broadcasts): the console itself never nests deeper than a handful of levels, and the library's
// serializer and copies recurse once per level, so a deeper input would overflow the stack.
inline constexpr std::size_t kMaxJsonDepth = 64;
// The most values (arrays, objects, strings, numbers, ...) one JSON text may hold: each costs the parsed
// value tens of bytes, so a 16 MiB line of empty objects would take about a gigabyte; an honest record
// (engine I/O is split at 1 MiB) holds far fewer.
inline constexpr std::size_t kMaxJsonValues = 1'000'000;
// The longest journal line a reader accepts (the console splits its engine I/O far below this).
inline constexpr std::size_t kMaxRecordBytes = std::size_t{16} << 20;
// The memory a parsed text may take, as the parser's first pass estimates it (issue 37 item 5): this many
// times the text's length, plus kJsonMemoryAllowance. A record the console writes takes less than 7
// times its length (engine I/O, the long lines, about 1.5), while a line of empty objects takes 40, so a
// reader's memory stays a small multiple of the longest line it reads.
inline constexpr std::size_t kMaxJsonMemoryPerByte = 8;
inline constexpr std::size_t kJsonMemoryAllowance = std::size_t{1} << 20;

// Parses `text` as JSON nested at most `max_depth` levels (arrays and objects), holding at most
// kMaxJsonValues values in at most kMaxJsonMemoryPerByte times its length. The error says what is wrong:
// not JSON (with the library's position), nested too deeply, too many values or too dense. Nothing is
// thrown, and nothing is built before the text is known to fit.
[[nodiscard]] tl::expected<nlohmann::json, std::string> parseJsonBounded(
    std::string_view text, std::size_t max_depth = kMaxJsonDepth);
// The same bounds without building the value: empty when `text` is JSON a reader accepts, else the reason
// (the writer refuses to write what no reader would read).
[[nodiscard]] std::string jsonBoundsProblem(std::string_view text, std::size_t max_depth = kMaxJsonDepth);
// Nesting depth of a value (a scalar is 0, [] is 1); stops counting past `limit`.
std::size_t jsonDepth(const nlohmann::json& value, std::size_t limit = kMaxJsonDepth + 1);

// One verified journal line.
struct Record {
    std::uint64_t seq = 0;   // 0 for the header, then 1, 2, ... without gaps
    std::string type;        // "header" for seq 0; the session chooses the others
    nlohmann::json payload;  // always a JSON object
    WallTime wall{};         // when the event happened (UTC, passed in by the shell)
    MonoTime mono{};         // the shell's monotonic clock at that moment
    std::string prev_hash;   // hex BLAKE2b-256 of the previous record (64 zeros for seq 0)
    std::string salt;        // hex of kSaltBytes random bytes; empty in records of version 1 journals
    std::string hash;        // hex BLAKE2b-256 of this record's canonical form
    std::string sig;         // hex Ed25519 signature of `hash` by the key in force; empty when none is
};

// A payload's text field; empty when it is missing or not a string (a reader never throws on what a
// forger wrote).
[[nodiscard]] std::string payloadText(const nlohmann::json& payload, const char* key);
// The key a header or a signing_key_changed record names in its payload ("signing_key"), as payloadText.
[[nodiscard]] std::string namedSigningKey(const Record& record);

// Where a chain stands after its last verified record: what verifying the next line needs.
struct ChainTip {
    std::size_t next_index = 0;
    std::string prev_hash = std::string(64, '0');
    std::string signing_key;  // hex public key every further record must be signed by; empty: unsigned
    // Moves past `record` (verified at next_index): its hash, and the key its header or key change names.
    void advance(const Record& record);
};

enum class JournalErrorCode {
    InvalidArgument,  // bad type/payload passed to append or create; nothing was written
    AlreadyExists,    // create() on an existing file
    Unreadable,       // the file cannot be opened or read (missing, permissions)
    Io,               // a write, fsync or truncate failed (disk full...): the record is NOT durable
    Locked,           // another process holds the journal open for appending
    Corrupt,          // a record does not verify: see bad_index
    Broken,           // the writer failed before; reopen with JournalWriter::resume
};

struct JournalError {
    JournalErrorCode code = JournalErrorCode::Io;
    std::string message;                   // for the operator or arbiter: what is wrong and what to do
    std::optional<std::size_t> bad_index;  // Corrupt: index (= line number - 1) of the first bad record
    // Corrupt at index 0 because no record is complete yet (empty file, or a header still being written):
    // a follower of a journal being created waits, decided from the same read that found it.
    bool no_complete_record = false;
    // Corrupt because of its signature alone: the record chains and its hash matches, but the journal's
    // key did not sign it. What someone who can write the file but has not the console's key writes.
    bool signature_only = false;
};

struct JournalContents {
    std::vector<Record> records;        // records[0] is the header
    std::vector<std::string> warnings;  // e.g. the torn last record that was dropped
    bool torn_tail_dropped = false;
    std::uint64_t valid_bytes = 0;  // file length up to the end of the last verified record
    ChainTip tip;                   // after the last verified record
};

// Reads and verifies a whole journal. Intact, or intact apart from a torn last record (dropped with a
// warning), gives the records; anything else gives Corrupt with the index of the first bad record.
[[nodiscard]] tl::expected<JournalContents, JournalError> readJournal(const std::filesystem::path& path);

// Called with each record as soon as it verified, before it is kept. The file is read a line at a time,
// so a reader that needs only part of a large payload (the audit's engine lines) can take that part out
// here: the journal is then never held whole, neither as text nor as parsed JSON.
using RecordHook = std::function<void(std::size_t index, Record& record)>;
[[nodiscard]] tl::expected<JournalContents, JournalError> readJournal(const std::filesystem::path& path,
                                                                      const RecordHook& take);

// The `prev` of a journal's header record: 64 zeros.
inline const std::string kZeroHash(64, '0');

// Verifies one line (without its line end) as the record that follows `tip` (a default tip: the header):
// the check readJournal makes of every line, for a reader that reads only what a growing journal gained
// (the broadcast's follower). Errors are Corrupt, worded as readJournal words them.
[[nodiscard]] tl::expected<Record, JournalError> verifyJournalLine(std::string_view line,
                                                                   const ChainTip& tip);
// True when a line is not even JSON: what a torn write leaves; readJournal drops such a last line.
[[nodiscard]] bool journalLineTorn(std::string_view line);
// The record's journal line as the writer wrote it (without the line end): its canonical form with its
// hash and signature, so that the line read back verifies (the broadcast's ledger keeps records so).
[[nodiscard]] std::string journalLine(const Record& record);

// True when the file is missing, empty, or holds no complete line: the program was killed while it
// created the journal, before its header was durable, so no record was ever confirmed and a resume
// starts the game afresh in this file.
[[nodiscard]] bool journalHoldsNoRecord(const std::filesystem::path& path);

struct ResumedJournal;

// Appends records to one journal file; each append is on disk (fsync) before it returns.
class JournalWriter {
  public:
    // Creates a new journal whose seq-0 header carries `header_payload` (an object) plus the format
    // fields "journal_format", "journal_version" and "signing_key" (a fresh key pair whose secret half
    // is stored first, signing.hpp); fsyncs the file and its directory.
    [[nodiscard]] static tl::expected<JournalWriter, JournalError> create(
        const std::filesystem::path& path, const nlohmann::json& header_payload, WallTime wall,
        MonoTime mono);
    // Reopens an existing journal after a restart: verifies it, cuts a torn last record, continues,
    // signing with the journal's key. When that key is not on this computer, the first append makes a
    // new one and writes a signing_key_changed record before it, so the change is in the evidence.
    [[nodiscard]] static tl::expected<ResumedJournal, JournalError> resume(const std::filesystem::path& path);
    // Same as resume() without handing back the records.
    [[nodiscard]] static tl::expected<JournalWriter, JournalError> openForAppend(
        const std::filesystem::path& path);

    // Writes one record (payload must be an object, type non-empty and not "header") and fsyncs it.
    // On failure nothing counts as written and the writer refuses further appends (reopen it).
    [[nodiscard]] tl::expected<Record, JournalError> append(std::string_view type,
                                                            const nlohmann::json& payload, WallTime wall,
                                                            MonoTime mono);

    std::uint64_t nextSeq() const { return next_seq_; }         // seq the next append gets
    const std::string& lastHash() const { return last_hash_; }  // hash of the last record written
    // Hex public key the records are signed by; empty when the journal (version 1 or 2) is unsigned.
    std::string signingKey() const { return key_ ? key_->publicHex() : std::string(); }
    const std::filesystem::path& path() const { return path_; }  // the journal file
    bool broken() const { return broken_; }                      // an append failed before

    JournalWriter(JournalWriter&& other) noexcept;
    JournalWriter& operator=(JournalWriter&& other) noexcept;
    JournalWriter(const JournalWriter&) = delete;
    JournalWriter& operator=(const JournalWriter&) = delete;
    ~JournalWriter();

  private:
    JournalWriter(int fd, std::filesystem::path path, std::uint64_t next_seq, std::string last_hash,
                  std::uint64_t size);
    [[nodiscard]] tl::expected<Record, JournalError> writeRecord(Record record);
    [[nodiscard]] tl::expected<void, JournalError> writeDurably(const std::string& line);
    [[nodiscard]] tl::expected<void, JournalError> changeKey(WallTime wall, MonoTime mono);

    int fd_ = -1;
    std::filesystem::path path_;
    std::uint64_t next_seq_ = 0;
    std::string last_hash_;
    std::uint64_t size_ = 0;  // bytes known durable; a failed append is cut back to this length
    bool broken_ = false;
    std::optional<SigningKey> key_;
    std::string missing_key_;  // the journal's key, not on this computer: changed at the next append
    std::string missing_why_;  // where it was looked for, for the change record
};

struct ResumedJournal {
    JournalWriter writer;
    JournalContents contents;  // what was on disk (torn tail already removed from the file)
};

// "2026-11-29T20:37:49.123Z" for a wall time.
std::string formatWallTime(WallTime wall);
// Parses exactly the form formatWallTime writes; nullopt for anything else.
std::optional<WallTime> parseWallTime(std::string_view text);
// Hex BLAKE2b-256 of bytes (the journal's hash function; also used to fingerprint sealed envelopes).
std::string blake2bHex(std::string_view bytes);

}  // namespace oc::journal
