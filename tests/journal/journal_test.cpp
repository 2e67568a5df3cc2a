// Journal round trip, resume, torn tails and I/O errors, on real files with real fsync.
#include "journal/journal.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <set>

#include "journal_test_util.hpp"

namespace oc::journal {
namespace {

namespace test = oc::session::test;  // the temporary directories and files (tests/session)

using test::monoAt;
using test::TempDir;
using test::wallAt;

TEST(JournalTime, FormatsAndParsesIsoUtcWithMilliseconds) {
    EXPECT_EQ(formatWallTime(wallAt(1234)), "2026-11-29T14:00:01.234Z");
    EXPECT_EQ(parseWallTime("2026-11-29T14:00:01.234Z"), wallAt(1234));
    EXPECT_FALSE(parseWallTime("2026-11-29 14:00:01.234Z"));
    EXPECT_FALSE(parseWallTime("2026-02-30T14:00:01.234Z"));
    EXPECT_FALSE(parseWallTime("2026-11-29T24:00:01.234Z"));
    EXPECT_FALSE(parseWallTime("2026-11-29T14:00:01Z"));
}

TEST(JournalHash, IsBlake2b256) {
    // RFC 7693 has no 256-bit vector; this is libsodium's/b2sum -l 256 digest of the empty string.
    EXPECT_EQ(blake2bHex(""), "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8");
}

TEST(Journal, RoundTripKeepsEveryField) {
    TempDir dir;
    const auto path = dir / "game.journal";
    auto writer = JournalWriter::create(path, {{"event", "Тест Open"}}, wallAt(0), monoAt(0));
    ASSERT_TRUE(writer) << writer.error().message;
    auto first = writer->append("engine_line", {{"dir", "in"}, {"line", "info depth 20 score cp 31"}},
                                wallAt(15), monoAt(15));
    ASSERT_TRUE(first);
    auto second = writer->append("move", {{"san", "Kg8"}, {"note", "Żółć ♔"}}, wallAt(2500), monoAt(2499));
    ASSERT_TRUE(second);
    EXPECT_EQ(writer->nextSeq(), 3u);
    EXPECT_EQ(writer->lastHash(), second->hash);

    auto contents = readJournal(path);
    ASSERT_TRUE(contents) << contents.error().message;
    ASSERT_EQ(contents->records.size(), 3u);
    EXPECT_TRUE(contents->warnings.empty());
    const Record& header = contents->records[0];
    EXPECT_EQ(header.type, "header");
    EXPECT_EQ(header.payload["event"], "Тест Open");
    EXPECT_EQ(header.payload["journal_version"], kJournalFormatVersion);
    EXPECT_EQ(header.prev_hash, std::string(64, '0'));
    const Record& move = contents->records[2];
    EXPECT_EQ(move.seq, 2u);
    EXPECT_EQ(move.type, "move");
    EXPECT_EQ(move.payload["note"], "Żółć ♔");
    EXPECT_EQ(move.wall, wallAt(2500));
    EXPECT_EQ(move.mono, monoAt(2499));
    EXPECT_EQ(move.prev_hash, first->hash);
    EXPECT_EQ(move.hash, second->hash);
    EXPECT_EQ(contents->valid_bytes, std::filesystem::file_size(path));
}

TEST(Journal, EachLineIsOneJsonObjectWithTheDocumentedFields) {
    TempDir dir;
    test::writeJournal(dir / "j", 1);
    const auto lines = test::readLines(dir / "j");
    ASSERT_EQ(lines.size(), 2u);
    const auto j = nlohmann::json::parse(lines[1]);
    EXPECT_EQ(j["seq"], 1);
    EXPECT_EQ(j["type"], "move");
    EXPECT_EQ(j["wall"], "2026-11-29T14:00:01.000Z");
    EXPECT_EQ(j["mono_ms"], 1'001'000);
    EXPECT_EQ(lines[1].rfind("{\"hash\":\"", 0), 0u);
}

TEST(Journal, ResumeContinuesTheChain) {
    TempDir dir;
    const auto path = dir / "game.journal";
    test::writeJournal(path, 5);
    {
        auto resumed = JournalWriter::resume(path);
        ASSERT_TRUE(resumed) << resumed.error().message;
        EXPECT_EQ(resumed->contents.records.size(), 6u);
        EXPECT_EQ(resumed->writer.nextSeq(), 6u);
        ASSERT_TRUE(resumed->writer.append("resume", nlohmann::json::object(), wallAt(9000), monoAt(10)));
        ASSERT_TRUE(resumed->writer.append("move", test::movePayload(6), wallAt(9500), monoAt(500)));
    }
    auto contents = readJournal(path);
    ASSERT_TRUE(contents) << contents.error().message;
    ASSERT_EQ(contents->records.size(), 8u);
    EXPECT_EQ(contents->records[6].type, "resume");
    EXPECT_EQ(contents->records[7].payload["ply"], 6);
}

TEST(Journal, TornTailWithoutNewlineIsDroppedWithAWarningAndCutOnResume) {
    TempDir dir;
    const auto path = dir / "game.journal";
    test::writeJournal(path, 3);
    const auto intact = test::readFile(path);
    test::writeFile(path, intact + R"({"hash":"ab12","mono_ms":10)");

    auto contents = readJournal(path);
    ASSERT_TRUE(contents) << contents.error().message;
    EXPECT_EQ(contents->records.size(), 4u);
    EXPECT_TRUE(contents->torn_tail_dropped);
    ASSERT_EQ(contents->warnings.size(), 1u);
    EXPECT_NE(contents->warnings[0].find("index 4"), std::string::npos) << contents->warnings[0];

    auto writer = JournalWriter::openForAppend(path);
    ASSERT_TRUE(writer) << writer.error().message;
    EXPECT_EQ(test::readFile(path), intact);
    ASSERT_TRUE(writer->append("move", test::movePayload(4), wallAt(4000), monoAt(4000)));
    auto after = readJournal(path);
    ASSERT_TRUE(after) << after.error().message;
    EXPECT_EQ(after->records.size(), 5u);
    EXPECT_FALSE(after->torn_tail_dropped);
}

// Killed while the journal was created: only a torn header. No record was ever confirmed, so a resume
// starts afresh; one complete line (the header) is a journal to resume.
TEST(Journal, OnlyATornHeaderHoldsNoRecord) {
    TempDir dir;
    const auto path = dir / "game.journal";
    EXPECT_TRUE(journalHoldsNoRecord(path)) << "missing";
    test::writeJournal(path, 0);
    const auto header = test::readFile(path);
    ASSERT_FALSE(header.empty());
    EXPECT_FALSE(journalHoldsNoRecord(path)) << "a complete header";
    test::writeFile(path, header.substr(0, header.size() / 2));
    EXPECT_TRUE(journalHoldsNoRecord(path)) << "a torn header";
    EXPECT_FALSE(readJournal(path)) << "verify still calls it incomplete";
    test::writeFile(path, "");
    EXPECT_TRUE(journalHoldsNoRecord(path)) << "empty";
}

TEST(Journal, UnparsableLastLineIsATornTail) {
    TempDir dir;
    const auto path = dir / "game.journal";
    test::writeJournal(path, 2);
    test::writeFile(path, test::readFile(path) + std::string(40, '\0') + "\n");
    auto contents = readJournal(path);
    ASSERT_TRUE(contents) << contents.error().message;
    EXPECT_EQ(contents->records.size(), 3u);
    EXPECT_TRUE(contents->torn_tail_dropped);
}

TEST(Journal, CompleteButWrongLastRecordIsNotATornTail) {
    TempDir dir;
    const auto path = dir / "game.journal";
    test::writeJournal(path, 2);
    auto lines = test::readLines(path);
    lines[2].replace(lines[2].find("Nf6"), 3, "Nc6");
    test::writeLines(path, lines);
    auto contents = readJournal(path);
    ASSERT_FALSE(contents);
    EXPECT_EQ(contents.error().code, JournalErrorCode::Corrupt);
    EXPECT_EQ(contents.error().bad_index, 2u);
}

TEST(Journal, HeaderOnlyTornIsCorruptAtIndexZero) {
    TempDir dir;
    const auto path = dir / "game.journal";
    test::writeFile(path, R"({"hash":"00)");
    auto contents = readJournal(path);
    ASSERT_FALSE(contents);
    EXPECT_EQ(contents.error().code, JournalErrorCode::Corrupt);
    EXPECT_EQ(contents.error().bad_index, 0u);
}

TEST(Journal, CreateInAMissingDirectoryGivesAClearError) {
    TempDir dir;
    const auto path = dir / "no-such-dir" / "game.journal";
    auto writer = JournalWriter::create(path, nlohmann::json::object(), wallAt(0), monoAt(0));
    ASSERT_FALSE(writer);
    EXPECT_EQ(writer.error().code, JournalErrorCode::Io);
    EXPECT_NE(writer.error().message.find("no-such-dir"), std::string::npos);
    EXPECT_NE(writer.error().message.find("No such file or directory"), std::string::npos)
        << writer.error().message;
}

TEST(Journal, CreateRefusesAnExistingFileAndLeavesItAlone) {
    TempDir dir;
    const auto path = dir / "game.journal";
    test::writeJournal(path, 1);
    const auto before = test::readFile(path);
    auto writer = JournalWriter::create(path, nlohmann::json::object(), wallAt(0), monoAt(0));
    ASSERT_FALSE(writer);
    EXPECT_EQ(writer.error().code, JournalErrorCode::AlreadyExists);
    EXPECT_EQ(test::readFile(path), before);
}

TEST(Journal, ReadingAMissingFileIsUnreadable) {
    TempDir dir;
    auto contents = readJournal(dir / "missing.journal");
    ASSERT_FALSE(contents);
    EXPECT_EQ(contents.error().code, JournalErrorCode::Unreadable);
}

TEST(Journal, ADirectoryIsUnreadableAndAnEmptyFileHasNoHeader) {
    TempDir dir;
    auto directory = readJournal(dir.path());
    ASSERT_FALSE(directory);
    EXPECT_EQ(directory.error().code, JournalErrorCode::Unreadable);
    test::writeFile(dir / "empty.journal", "");
    auto empty = readJournal(dir / "empty.journal");
    ASSERT_FALSE(empty);
    EXPECT_EQ(empty.error().code, JournalErrorCode::Corrupt);
    EXPECT_NE(empty.error().message.find("no complete header record"), std::string::npos);
    EXPECT_TRUE(empty.error().no_complete_record);
}

// A follower decides "still being created" from the read itself (no second look at the file).
TEST(Journal, ATornHeaderIsNoCompleteRecordButABadFirstLineIsNot) {
    TempDir dir;
    test::writeFile(dir / "torn.journal", "{\"hash\":\"12");
    auto torn = readJournal(dir / "torn.journal");
    ASSERT_FALSE(torn);
    EXPECT_TRUE(torn.error().no_complete_record);
    test::writeFile(dir / "bad.journal", "not a record\nnor this\n");
    auto bad = readJournal(dir / "bad.journal");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().code, JournalErrorCode::Corrupt);
    EXPECT_FALSE(bad.error().no_complete_record);
}

TEST(Journal, SecondWriterIsRefusedWhileTheFirstIsOpen) {
    TempDir dir;
    const auto path = dir / "game.journal";
    auto first = JournalWriter::create(path, nlohmann::json::object(), wallAt(0), monoAt(0));
    ASSERT_TRUE(first);
    auto second = JournalWriter::openForAppend(path);
    ASSERT_FALSE(second);
    EXPECT_EQ(second.error().code, JournalErrorCode::Locked);
}

TEST(Journal, BadArgumentsChangeNothing) {
    TempDir dir;
    const auto path = dir / "game.journal";
    auto writer = JournalWriter::create(path, nlohmann::json::object(), wallAt(0), monoAt(0));
    ASSERT_TRUE(writer);
    const auto before = test::readFile(path);
    EXPECT_EQ(writer->append("", nlohmann::json::object(), wallAt(1), monoAt(1)).error().code,
              JournalErrorCode::InvalidArgument);
    EXPECT_EQ(writer->append("header", nlohmann::json::object(), wallAt(1), monoAt(1)).error().code,
              JournalErrorCode::InvalidArgument);
    EXPECT_EQ(writer->append("move", nlohmann::json::array(), wallAt(1), monoAt(1)).error().code,
              JournalErrorCode::InvalidArgument);
    EXPECT_EQ(writer->append("move", {{"san", std::string("\xff\xfe")}}, wallAt(1), monoAt(1)).error().code,
              JournalErrorCode::InvalidArgument);
    const WallTime far_future{std::chrono::sys_days{std::chrono::year{12026} / 1 / 1}};
    EXPECT_EQ(writer->append("move", test::movePayload(1), far_future, monoAt(1)).error().code,
              JournalErrorCode::InvalidArgument);
    EXPECT_EQ(test::readFile(path), before);
    EXPECT_FALSE(writer->broken());
    EXPECT_TRUE(writer->append("move", test::movePayload(1), wallAt(1), monoAt(1)));
}

// A write that fails (here: the file-size limit, standing in for a full disk) must report an error,
// leave the file at its last durable record and refuse further appends. Runs in a child because the
// limit is per process.
TEST(Journal, FailedWriteReportsErrorAndKeepsTheFileVerifiable) {
    TempDir dir;
    const auto path = dir / "game.journal";
    test::writeJournal(path, 2);
    const auto before = test::readFile(path);
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        std::signal(SIGXFSZ, SIG_IGN);
        auto writer = JournalWriter::openForAppend(path);
        const rlimit limit{static_cast<rlim_t>(before.size() + 100),
                           static_cast<rlim_t>(before.size() + 100)};
        if (!writer || ::setrlimit(RLIMIT_FSIZE, &limit) != 0) ::_exit(10);
        auto big = writer->append("engine_line", {{"line", std::string(500, 'x')}}, wallAt(5), monoAt(5));
        if (big || big.error().code != JournalErrorCode::Io || !writer->broken()) ::_exit(11);
        auto next = writer->append("move", test::movePayload(3), wallAt(6), monoAt(6));
        ::_exit(!next && next.error().code == JournalErrorCode::Broken ? 0 : 12);
    }
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0);
    EXPECT_EQ(test::readFile(path), before);
    auto contents = readJournal(path);
    ASSERT_TRUE(contents) << contents.error().message;
    EXPECT_EQ(contents->records.size(), 3u);
}

// Issue 25 item 3: every record carries 32 fresh random bytes, so its published hash reveals nothing.
TEST(JournalSalt, EveryRecordCarriesAFreshSalt) {
    TempDir dir;
    test::writeJournal(dir / "j", 3);
    std::set<std::string> salts;
    for (const auto& line : test::readLines(dir / "j")) {
        const auto j = nlohmann::json::parse(line);
        ASSERT_TRUE(j.contains("salt")) << line;
        const std::string salt = j["salt"];
        EXPECT_EQ(salt.size(), 2 * kSaltBytes);
        EXPECT_EQ(salt.find_first_not_of("0123456789abcdef"), std::string::npos) << salt;
        salts.insert(salt);
    }
    EXPECT_EQ(salts.size(), 4u) << "a salt was repeated";
    auto contents = readJournal(dir / "j");
    ASSERT_TRUE(contents) << contents.error().message;
    EXPECT_EQ(contents->records[2].salt, nlohmann::json::parse(test::readLines(dir / "j")[2])["salt"]);
}

// A line as a version 1 console wrote it: no salt.
std::string unsaltedLine(std::uint64_t seq, const std::string& type, nlohmann::json payload,
                         const std::string& prev) {
    nlohmann::json j = {{"seq", seq},   {"type", type},          {"payload", std::move(payload)},
                        {"prev", prev}, {"mono_ms", 1000 + seq}, {"wall", "2026-11-29T14:00:00.000Z"}};
    const std::string hash = blake2bHex(j.dump());
    j["hash"] = hash;
    return j.dump();
}

std::vector<std::string> versionOneJournal(int version = 1) {
    const auto header = unsaltedLine(
        0, "header", {{"journal_format", "oc-journal"}, {"journal_version", version}}, std::string(64, '0'));
    const auto move = unsaltedLine(1, "move", test::movePayload(1), nlohmann::json::parse(header)["hash"]);
    return {header, move};
}

TEST(JournalSalt, VersionOneJournalsWithoutSaltsStillVerifyAndResume) {
    TempDir dir;
    test::writeLines(dir / "old", versionOneJournal());
    auto contents = readJournal(dir / "old");
    ASSERT_TRUE(contents) << contents.error().message;
    EXPECT_EQ(contents->records[1].salt, "");
    {
        auto resumed = JournalWriter::resume(dir / "old");
        ASSERT_TRUE(resumed) << resumed.error().message;
        ASSERT_TRUE(resumed->writer.append("move", test::movePayload(2), wallAt(5000), monoAt(5000)));
    }
    contents = readJournal(dir / "old");
    ASSERT_TRUE(contents) << contents.error().message;
    ASSERT_EQ(contents->records.size(), 3u);
    EXPECT_EQ(contents->records[2].salt.size(), 2 * kSaltBytes) << "the records a resume adds are salted";
}

TEST(JournalSalt, UnknownVersionIsRefused) {
    TempDir dir;
    test::writeLines(dir / "future", versionOneJournal(kJournalFormatVersion + 1));
    auto contents = readJournal(dir / "future");
    ASSERT_FALSE(contents);
    EXPECT_NE(contents.error().message.find("is not supported"), std::string::npos)
        << contents.error().message;
}

TEST(JournalSalt, ASaltOfTheWrongFormIsRefusedAndAnEditedOneCaught) {
    TempDir dir;
    test::writeJournal(dir / "j", 2);
    auto lines = test::readLines(dir / "j");
    auto j = nlohmann::json::parse(lines[2]);
    j.erase("hash");
    j["salt"] = "ABC";  // not 64 lower-case hex digits, even with the hash recomputed
    const std::string hash = blake2bHex(j.dump());
    j["hash"] = hash;
    auto bad = lines;
    bad[2] = j.dump();
    test::writeLines(dir / "short", bad);
    auto contents = readJournal(dir / "short");
    ASSERT_FALSE(contents);
    EXPECT_EQ(contents.error().bad_index, 2u);
    EXPECT_NE(contents.error().message.find("exactly the fields"), std::string::npos)
        << contents.error().message;

    auto edited = lines;
    const auto at = edited[1].find("\"salt\":\"") + 8;
    edited[1][at] = edited[1][at] == '0' ? '1' : '0';
    test::writeLines(dir / "edited", edited);
    contents = readJournal(dir / "edited");
    ASSERT_FALSE(contents);
    EXPECT_EQ(contents.error().bad_index, 1u);
    EXPECT_NE(contents.error().message.find("stored hash does not match"), std::string::npos)
        << contents.error().message;
}

}  // namespace
}  // namespace oc::journal
