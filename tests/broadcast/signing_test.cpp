// Issue 35 items 8 and 12 on the hub's side. A record the journal's key did not sign (a correctly hashed
// `resign` appended by anyone who can write the journals' folder) freezes its board: nothing of it is
// published, not after the console's genuine next record, not after a restart. A signing key change (a
// console resumed on another computer without the key, or a forger) freezes the board at that record.
// A version 1 (unsalted) journal's head is never published from its sealed record on. Every board says
// which key signs its journal, or that it is unsigned.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>

#include "broadcast/hub.hpp"
#include "broadcast/render.hpp"
#include "broadcast/witness.hpp"
#include "journal_copy.hpp"

namespace oc::broadcast {
namespace {

using namespace std::chrono_literals;
const std::filesystem::path kData = OC_BROADCAST_DATA;
const journal::WallTime kT0 = *journal::parseWallTime("2026-12-01T14:00:00.000Z");
// finished.journal up to 2...Nc6 pressed: White (the human) to move.
constexpr std::size_t kBeforeQh5 = 38;

class Signing : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               (std::string("oc-signing-") + ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::remove_all(dir_);
        std::filesystem::create_directories(dir_);
        file_ = dir_ / "board.journal";
        const char* keys = std::getenv("OC_JOURNAL_KEYS");
        saved_keys_ = keys ? keys : "";
        useKeys("console-keys");
        fixture_ = test::recordsOf(kData / "finished.journal");
    }
    void TearDown() override {
        if (saved_keys_.empty())
            ::unsetenv("OC_JOURNAL_KEYS");
        else
            ::setenv("OC_JOURNAL_KEYS", saved_keys_.c_str(), 1);
        std::filesystem::remove_all(dir_);
    }
    // The key folder of "this computer".
    void useKeys(const std::string& name) { ::setenv("OC_JOURNAL_KEYS", (dir_ / name).c_str(), 1); }
    // A version 3 journal written by the console: finished.journal's records [1, end) under a fresh key.
    journal::JournalWriter create(std::size_t end) {
        auto w = journal::JournalWriter::create(file_, nlohmann::json{{"app", "operator-cli play"}}, kT0,
                                                fixture_[0].mono);
        EXPECT_TRUE(w) << w.error().message;
        append(*w, 1, end);
        return std::move(*w);
    }
    void append(journal::JournalWriter& w, std::size_t from, std::size_t end) {
        for (std::size_t i = from; i < end; ++i) {
            const auto& r = fixture_[i];
            auto ok = w.append(r.type, r.payload, kT0 + (r.mono - fixture_[0].mono), r.mono);
            ASSERT_TRUE(ok) << ok.error().message;
        }
    }
    // A correctly hashed `resign` of White after the file's last record, signed by `key` (or not at all).
    void appendResign(const journal::SigningKey* key) {
        const auto rs = test::recordsOf(file_);
        journal::Record r = test::nextRecord(rs, "resign", {{"side", "white"}}, 5s);
        r.salt = std::string(64, 'a');
        const std::string line = test::chainedLine(r, rs.size(), rs.back().hash, key);
        std::ofstream(file_, std::ios::app | std::ios::binary) << line << "\n";
    }
    Ledger ledger() { return *Ledger::open(dir_ / "state", {file_}); }

    std::filesystem::path dir_, file_;
    std::string saved_keys_;
    std::vector<journal::Record> fixture_;
};

void expectSamePublication(const Hub& hub, const BoardView& before) {
    const BoardView& v = hub.views()[0];
    EXPECT_EQ(v.moves, before.moves);
    EXPECT_EQ(v.result, "*");
    EXPECT_EQ(v.journal_head, before.journal_head);
    EXPECT_EQ(v.status, Status::JournalBroken);
    EXPECT_EQ(hub.pgn().find("0-1"), std::string::npos);
    EXPECT_EQ(hub.pgn().find("Termination"), std::string::npos);
    EXPECT_EQ(hub.json().find("resign"), std::string::npos);
}

TEST_F(Signing, AForgedRecordIsNeverPublished) {
    auto writer = create(kBeforeQh5);
    Hub hub({file_}, Delay{0}, ledger());
    hub.refresh(kT0 + 1h);
    const BoardView before = hub.views()[0];
    ASSERT_EQ(before.moves, (std::vector<std::string>{"e4", "e5", "Bc4", "Nc6"}));
    ASSERT_EQ(before.status, Status::Playing);
    const std::string pgn_before = hub.pgn();

    appendResign(nullptr);  // no signature at all
    hub.refresh(kT0 + 1h + 1s);
    expectSamePublication(hub, before);
    const BoardView& v = hub.views()[0];
    EXPECT_EQ(v.broken_index, kBeforeQh5);
    EXPECT_NE(v.notice.find("is not signed by this journal's key"), std::string::npos) << v.notice;
    EXPECT_NE(v.notice.find(journal::keyFingerprint(writer.signingKey())), std::string::npos) << v.notice;
    EXPECT_NE(v.notice.find("not by the console"), std::string::npos) << v.notice;
    const auto said = hub.takeMessages();
    EXPECT_TRUE(std::any_of(said.begin(), said.end(), [](const std::string& m) {
        return m.find("is not signed") != std::string::npos;
    }));

    append(writer, kBeforeQh5, kBeforeQh5 + 1);  // the console's genuine 3. Qh5, after the forged line
    hub.refresh(kT0 + 1h + 2s);
    expectSamePublication(hub, before);

    Hub restarted({file_}, Delay{0}, ledger());
    restarted.refresh(kT0 + 2h);
    expectSamePublication(restarted, before);
    EXPECT_NE(restarted.views()[0].notice.find("is not signed"), std::string::npos);
    EXPECT_EQ(restarted.pgn(), pgn_before);
}

TEST_F(Signing, ARecordSignedByAnotherKeyIsNeverPublished) {
    auto writer = create(kBeforeQh5);
    Hub hub({file_}, Delay{0}, ledger());
    hub.refresh(kT0 + 1h);
    const BoardView before = hub.views()[0];
    useKeys("forger-keys");  // the forger's own key, not the journal's
    auto forger = journal::SigningKey::generate();
    ASSERT_TRUE(forger) << forger.error();
    appendResign(&*forger);
    hub.refresh(kT0 + 1h + 1s);
    expectSamePublication(hub, before);
    EXPECT_NE(hub.views()[0].notice.find("is not signed by this journal's key"), std::string::npos);
    EXPECT_FALSE(journal::readJournal(file_)) << "journal verify refuses it as well";
}

// What the hub cannot catch: a forger with the console's key (the operator's laptop). The forged resign
// is then published, which shows that the records the tests above refuse are real resignations; the
// scoresheet's final hash and the public witness are what catch this one.
TEST_F(Signing, ARecordSignedByTheJournalsKeyIsPublished) {
    auto writer = create(kBeforeQh5);
    Hub hub({file_}, Delay{0});
    hub.refresh(kT0 + 1h);
    auto key = journal::SigningKey::load(writer.signingKey());
    ASSERT_TRUE(key) << key.error();
    appendResign(&*key);
    hub.refresh(kT0 + 1h + 1s);
    EXPECT_EQ(hub.views()[0].result, "0-1");
    EXPECT_EQ(hub.views()[0].status, Status::Finished);
}

TEST_F(Signing, AKeyChangeFreezesTheBoard) {
    std::string first_key;
    {
        auto writer = create(kBeforeQh5);
        first_key = writer.signingKey();
    }
    Hub hub({file_}, Delay{0}, ledger());
    hub.refresh(kT0 + 1h);
    const BoardView before = hub.views()[0];
    EXPECT_EQ(before.signing_key, first_key);
    EXPECT_EQ(boardJson(before)["signing_key_fingerprint"], journal::keyFingerprint(first_key));

    useKeys("other-computer-keys");  // resumed on another computer, without the journal's key
    auto resumed = journal::JournalWriter::resume(file_);
    ASSERT_TRUE(resumed) << resumed.error().message;
    append(resumed->writer, kBeforeQh5, kBeforeQh5 + 12);  // 3. Qh5 Nf6 4. Qxf7#, signed by the new key
    ASSERT_NE(resumed->writer.signingKey(), first_key);
    const auto all = journal::readJournal(file_);
    ASSERT_TRUE(all) << "the journal verifies: the change is in the evidence";
    ASSERT_EQ(all->records[kBeforeQh5].type, journal::kSigningKeyChangedType);

    hub.refresh(kT0 + 1h + 1s);
    expectSamePublication(hub, before);
    const BoardView& v = hub.views()[0];
    EXPECT_EQ(v.broken_index, kBeforeQh5);
    EXPECT_EQ(v.signing_key, first_key);
    const std::string changed = "the journal's signing key changed at record " + std::to_string(kBeforeQh5);
    EXPECT_NE(v.notice.find(changed), std::string::npos) << v.notice;
    EXPECT_NE(v.notice.find("nothing signed by the new key is published"), std::string::npos) << v.notice;

    Hub fresh({file_}, Delay{0});  // a hub started after the change publishes up to it, and freezes
    fresh.refresh(kT0 + 2h);
    EXPECT_EQ(fresh.views()[0].moves, before.moves);
    EXPECT_EQ(fresh.views()[0].status, Status::JournalBroken);
    EXPECT_NE(fresh.views()[0].notice.find(changed), std::string::npos);
}

TEST_F(Signing, EveryBoardSaysWhichKeySignsItsJournalOrThatItIsUnsigned) {
    auto writer = create(kBeforeQh5);
    Hub hub({file_, kData / "paused.journal"}, Delay{0});
    hub.refresh(kT0 + 1h);
    const auto signed_board = boardJson(hub.views()[0]);
    EXPECT_EQ(signed_board["signing_key"], writer.signingKey());
    EXPECT_EQ(signed_board["signing_key_fingerprint"], journal::keyFingerprint(writer.signingKey()));
    EXPECT_EQ(signed_board["journal_version"], 3);
    EXPECT_FALSE(signed_board.contains("signature_notice"));
    const auto unsigned_board = boardJson(hub.views()[1]);
    EXPECT_EQ(unsigned_board["signing_key"], "");
    EXPECT_EQ(unsigned_board["journal_version"], 1);
    EXPECT_NE(
        unsigned_board.value("signature_notice", "").find("this journal is not signed (journal version 1)"),
        std::string::npos)
        << unsigned_board.dump();
}

// A forger rewriting a published journal: without the key `journal verify` refuses the copy on its own;
// with it (the operator's laptop) the copy verifies, and only the published heads (the witness) catch it.
TEST_F(Signing, ARewrittenJournalFailsVerifyWithoutTheKeyAndTheWitnessWithIt) {
    { auto writer = create(kBeforeQh5); }
    Hub hub({file_}, Delay{0});
    hub.refresh(kT0 + 1h);
    std::vector<PublishedGame> published = *readArchive([&] {
        const auto saved = dir_ / "saved.json";
        std::ofstream(saved) << hub.json();
        return saved;
    }());
    const auto edit = [](std::size_t i, nlohmann::json& p) {
        if (i == 21) p["uci"] = "f1b5", p["text"] = "Bb5";  // 2. Bb5 instead of 2. Bc4
    };
    const auto wall = [](std::size_t, const journal::Record& r) { return r.wall; };
    const auto rewritten = dir_ / "rewritten.journal";
    useKeys("forger-keys");
    test::copyJournal(file_, rewritten, wall, edit);
    EXPECT_FALSE(journal::readJournal(rewritten)) << "without the key: not signed by the journal's key";
    useKeys("console-keys");
    test::copyJournal(file_, rewritten, wall, edit);
    const auto with_key = journal::readJournal(rewritten);
    ASSERT_TRUE(with_key) << with_key.error().message;
    const WitnessResult r = checkPublished(with_key->records, published);
    EXPECT_EQ(r.checked, 0u);
    ASSERT_EQ(r.fails.size(), 1u);
    EXPECT_NE(r.fails[0].find("is not a record of this journal"), std::string::npos) << r.fails[0];
}

// Issue 35 item 12: sealed_on_board.journal is a version 1 journal whose record 26 holds the sealed move
// in clear. Grown record by record, no published document ever holds the hash of record 26 or of any
// record after it (each chains over it); the board still shows everything else.
TEST(VersionOneHeads, NoHashFromTheSealedRecordOnIsPublished) {
    const auto records = test::recordsOf(kData / "sealed_on_board.journal");
    ASSERT_EQ(records[26].type, "sealed");
    ASSERT_TRUE(records[26].salt.empty());
    const auto file = std::filesystem::temp_directory_path() / "oc-v1-heads.journal";
    Hub hub({file}, Delay{0});
    for (std::size_t n = 1; n <= records.size(); ++n) {
        test::writeRecords(file, {records.begin(), records.begin() + static_cast<std::ptrdiff_t>(n)});
        hub.refresh(kT0 + 1s * n);
        const BoardView& v = hub.views()[0];
        const std::string docs = hub.pgn() + hub.json() + boardPgn(v) + boardJson(v).dump();
        for (std::size_t i = 26; i < n; ++i)
            ASSERT_EQ(docs.find(records[i].hash), std::string::npos) << "record " << i << " after " << n;
        if (n <= 26) {
            EXPECT_EQ(v.journal_head, records[n - 1].hash);
            EXPECT_TRUE(v.head_withheld.empty());
            continue;
        }
        EXPECT_TRUE(v.journal_head.empty());
        EXPECT_EQ(v.journal_seq, n - 1);
        EXPECT_NE(v.head_withheld.find("version 1"), std::string::npos) << v.head_withheld;
        EXPECT_EQ(boardJson(v)["journal_head_withheld"], v.head_withheld);
    }
    EXPECT_EQ(hub.views()[0].status, Status::Adjourned);
    EXPECT_EQ(hub.views()[0].moves, (std::vector<std::string>{"d4", "d5", "c4"}));
    // The witness skips a game without a head, and still checks those published before the seal.
    auto games = readArchive([&] {
        const auto saved = std::filesystem::temp_directory_path() / "oc-v1-heads.json";
        std::ofstream(saved) << hub.json();
        return saved;
    }());
    ASSERT_TRUE(games);
    EXPECT_TRUE(checkPublished(records, *games).fails.empty());
    std::filesystem::remove(file);
}

}  // namespace
}  // namespace oc::broadcast
