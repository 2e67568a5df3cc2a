// Signed journals (version 3, issue 35): a key pair per journal, its secret half outside the journals'
// folder, every record signed; a resume without the key changes it in the open; older versions stay
// readable and unsigned.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>

#include "journal/journal.hpp"
#include "journal/signing.hpp"
#include "journal_test_util.hpp"

namespace oc::journal {
namespace {

namespace test = oc::session::test;  // the temporary directories and files (tests/session)

using test::monoAt;
using test::TempDir;
using test::wallAt;

// Points the key folder at a folder of the test's own for the test's lifetime.
class KeyFolder {
  public:
    explicit KeyFolder(std::filesystem::path dir) {
        if (const char* old = std::getenv("OC_JOURNAL_KEYS")) old_ = old;
        ::setenv("OC_JOURNAL_KEYS", dir.c_str(), 1);
    }
    ~KeyFolder() {
        if (old_) {
            ::setenv("OC_JOURNAL_KEYS", old_->c_str(), 1);
        } else {
            ::unsetenv("OC_JOURNAL_KEYS");
        }
    }
    KeyFolder(const KeyFolder&) = delete;
    KeyFolder& operator=(const KeyFolder&) = delete;

  private:
    std::optional<std::string> old_;
};

mode_t modeOf(const std::filesystem::path& path) {
    struct stat st {};
    EXPECT_EQ(::stat(path.c_str(), &st), 0) << path;
    return st.st_mode & 0777;
}

TEST(JournalSigning, EveryRecordIsSignedByTheKeyTheHeaderNames) {
    TempDir dir;
    KeyFolder keys(dir / "keys");
    test::writeJournal(dir / "j", 3);
    auto contents = readJournal(dir / "j");
    ASSERT_TRUE(contents) << contents.error().message;
    const std::string key = contents->records[0].payload["signing_key"];
    EXPECT_TRUE(lowerHex(key, kPublicKeyHexDigits));
    EXPECT_EQ(contents->records[0].payload["journal_version"], 3);
    for (const auto& r : contents->records) EXPECT_TRUE(signatureValid(key, r.hash, r.sig)) << r.seq;
    EXPECT_EQ(contents->tip.signing_key, key);
    // The secret half: outside the journals' folder, private to its owner.
    EXPECT_EQ(modeOf(dir / "keys"), 0700u);
    EXPECT_EQ(modeOf(dir / "keys" / (key + ".key")), 0600u);
    EXPECT_TRUE(SigningKey::load(key));
}

TEST(JournalSigning, AResumeOnTheSameComputerSignsWithTheSameKey) {
    TempDir dir;
    KeyFolder keys(dir / "keys");
    test::writeJournal(dir / "j", 2);
    {
        auto resumed = JournalWriter::resume(dir / "j");
        ASSERT_TRUE(resumed) << resumed.error().message;
        EXPECT_EQ(resumed->writer.signingKey(), resumed->contents.records[0].payload["signing_key"]);
        ASSERT_TRUE(resumed->writer.append("move", test::movePayload(3), wallAt(9000), monoAt(9000)));
    }
    auto contents = readJournal(dir / "j");
    ASSERT_TRUE(contents) << contents.error().message;
    ASSERT_EQ(contents->records.size(), 4u) << "no key change on the same computer";
}

TEST(JournalSigning, AResumeWithoutTheKeyChangesItInTheOpen) {
    TempDir dir;
    std::string first_key;
    {
        KeyFolder keys(dir / "keys-laptop-1");
        test::writeJournal(dir / "j", 2);
        first_key = readJournal(dir / "j")->records[0].payload["signing_key"];
    }
    KeyFolder keys(dir / "keys-laptop-2");
    {
        auto resumed = JournalWriter::resume(dir / "j");
        ASSERT_TRUE(resumed) << resumed.error().message;
        ASSERT_TRUE(resumed->writer.append("move", test::movePayload(3), wallAt(9000), monoAt(9000)));
    }
    auto contents = readJournal(dir / "j");
    ASSERT_TRUE(contents) << contents.error().message;
    ASSERT_EQ(contents->records.size(), 5u);
    const auto& change = contents->records[3];
    EXPECT_EQ(change.type, kSigningKeyChangedType);
    EXPECT_EQ(change.payload["previous_key"], first_key);
    EXPECT_NE(change.payload["reason"].get<std::string>().find("is not in"), std::string::npos);
    const std::string second_key = change.payload["signing_key"];
    EXPECT_NE(second_key, first_key);
    EXPECT_TRUE(signatureValid(second_key, contents->records[4].hash, contents->records[4].sig));
    EXPECT_EQ(contents->tip.signing_key, second_key);
    // Resumed again on the second computer: the second key, no further change.
    {
        auto resumed = JournalWriter::resume(dir / "j");
        ASSERT_TRUE(resumed);
        ASSERT_TRUE(resumed->writer.append("move", test::movePayload(4), wallAt(9500), monoAt(9500)));
    }
    contents = readJournal(dir / "j");
    ASSERT_TRUE(contents) << contents.error().message;
    EXPECT_EQ(contents->records.size(), 6u);
}

TEST(JournalSigning, ARecordSignedByTheOldKeyAfterAChangeIsRefused) {
    TempDir dir;
    std::optional<SigningKey> old_key;
    {
        KeyFolder keys(dir / "keys-1");
        test::writeJournal(dir / "j", 1);
        old_key.emplace(
            *SigningKey::load(readJournal(dir / "j")->records[0].payload["signing_key"].get<std::string>()));
    }
    KeyFolder keys(dir / "keys-2");
    {
        auto resumed = JournalWriter::resume(dir / "j");
        ASSERT_TRUE(resumed->writer.append("move", test::movePayload(2), wallAt(9000), monoAt(9000)));
    }
    auto contents = readJournal(dir / "j");
    ASSERT_TRUE(contents);
    Record forged = contents->records.back();
    forged.seq += 1;
    forged.prev_hash = forged.hash;
    forged.payload["san"] = "Qh5";
    // The hash the writer would give it; signed by the old key, which is no longer in force.
    auto j = nlohmann::json::parse(journalLine(forged));
    j.erase("hash");
    j.erase("sig");
    forged.hash = blake2bHex(j.dump());
    forged.sig = old_key->sign(forged.hash);
    auto lines = test::readLines(dir / "j");
    lines.push_back(journalLine(forged));
    test::writeLines(dir / "j", lines);
    auto bad = readJournal(dir / "j");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().bad_index, forged.seq);
    EXPECT_NE(bad.error().message.find("signature is not that of"), std::string::npos) << bad.error().message;
}

TEST(JournalSigning, OnlyTheJournalWritesKeysAndKeyChanges) {
    TempDir dir;
    KeyFolder keys(dir / "keys");
    auto refused =
        JournalWriter::create(dir / "j", {{"signing_key", std::string(64, 'a')}}, wallAt(0), monoAt(0));
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().code, JournalErrorCode::InvalidArgument);
    EXPECT_FALSE(std::filesystem::exists(dir / "j"));
    auto writer = JournalWriter::create(dir / "j", {{"event", "x"}}, wallAt(0), monoAt(0));
    ASSERT_TRUE(writer);
    auto change =
        writer->append(kSigningKeyChangedType, {{"signing_key", std::string(64, 'a')}}, wallAt(1), monoAt(1));
    ASSERT_FALSE(change);
    EXPECT_EQ(change.error().code, JournalErrorCode::InvalidArgument);
}

TEST(JournalSigning, AKeyFolderThatCannotBeWrittenStopsTheCreateWithItsName) {
    TempDir dir;
    test::writeLines(dir / "not-a-folder", {"x"});
    KeyFolder keys(dir / "not-a-folder" / "keys");
    auto writer = JournalWriter::create(dir / "j", {{"event", "x"}}, wallAt(0), monoAt(0));
    ASSERT_FALSE(writer);
    EXPECT_NE(writer.error().message.find("journal key folder"), std::string::npos) << writer.error().message;
    EXPECT_FALSE(std::filesystem::exists(dir / "j")) << "no journal without its key";
}

TEST(JournalSigning, ADamagedKeyFileIsNamedAndTheResumeChangesTheKey) {
    TempDir dir;
    KeyFolder keys(dir / "keys");
    test::writeJournal(dir / "j", 1);
    const std::string key = readJournal(dir / "j")->records[0].payload["signing_key"];
    std::filesystem::permissions(dir / "keys" / (key + ".key"), std::filesystem::perms::owner_all);
    test::writeLines(dir / "keys" / (key + ".key"), {std::string(64, '0')});
    auto loaded = SigningKey::load(key);
    ASSERT_FALSE(loaded);
    EXPECT_NE(loaded.error().find("damaged or replaced"), std::string::npos) << loaded.error();
    auto resumed = JournalWriter::resume(dir / "j");
    ASSERT_TRUE(resumed);
    ASSERT_TRUE(resumed->writer.append("move", test::movePayload(2), wallAt(9000), monoAt(9000)));
    auto contents = readJournal(dir / "j");
    ASSERT_TRUE(contents) << contents.error().message;
    EXPECT_EQ(contents->records[2].type, kSigningKeyChangedType);
}

TEST(JournalSigning, AVersionThreeHeaderWithoutAKeyIsRefused) {
    TempDir dir;
    KeyFolder keys(dir / "keys");
    test::writeJournal(dir / "j", 0);
    const auto original = test::readLines(dir / "j");
    // No key, and a key that is no string (what a forger might write: refused, never thrown on).
    for (const nlohmann::json& key : {nlohmann::json(), nlohmann::json(42), nlohmann::json::array()}) {
        auto lines = original;
        auto j = nlohmann::json::parse(lines[0]);
        j.erase("hash");
        j.erase("sig");
        if (key.is_null()) {
            j["payload"].erase("signing_key");
        } else {
            j["payload"]["signing_key"] = key;
        }
        const auto hash = blake2bHex(j.dump());
        lines[0] = "{\"hash\":\"" + hash + "\"," + j.dump().substr(1);
        test::writeLines(dir / "j", lines);
        auto contents = readJournal(dir / "j");
        ASSERT_FALSE(contents) << key;
        EXPECT_NE(contents.error().message.find("must name its signing key"), std::string::npos)
            << contents.error().message;
    }
}

TEST(JournalSigning, FingerprintIsTheKeysFirstSixteenDigitsInFours) {
    EXPECT_EQ(keyFingerprint("3f2a91c07d4e0b15aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"),
              "3f2a 91c0 7d4e 0b15");
    EXPECT_FALSE(signatureValid("zz", "m", "00"));
    EXPECT_FALSE(lowerHex("ABCD", 4));
    EXPECT_TRUE(lowerHex("abcd", 4));
}

}  // namespace
}  // namespace oc::journal
