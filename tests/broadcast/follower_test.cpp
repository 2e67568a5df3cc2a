// The follower on real files: a journal grown line by line, a torn last line, a rewritten journal
// (every hash recomputed), an edited record, and a file that appears late; an appended record read alone
// (not the whole file again), a deleted journal, and garbage replaced by a journal.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>
#include <sstream>

#include "broadcast/hub.hpp"
#include "broadcast/render.hpp"
#include "journal_copy.hpp"

namespace oc::broadcast {
namespace {

const std::filesystem::path kData = OC_BROADCAST_DATA;

// Bytes this process has read from files so far (the kernel's count, /proc/self/io).
std::uint64_t bytesReadSoFar() {
    std::ifstream io("/proc/self/io");
    std::string key;
    std::uint64_t value = 0;
    while (io >> key >> value)
        if (key == "rchar:") return value;
    return 0;
}

ino_t inodeOf(const std::filesystem::path& p) {
    struct stat st {};
    return ::stat(p.c_str(), &st) == 0 ? st.st_ino : 0;
}

// finished.journal's records repeated after its header to `count` records: a long journal whose chain
// verifies (the follower checks the chain, it does not replay the game).
std::vector<journal::Record> longJournal(std::size_t count) {
    const auto source = test::recordsOf(kData / "finished.journal");
    std::vector<journal::Record> out{source[0]};
    for (std::size_t i = 0; out.size() < count; ++i) out.push_back(source[1 + i % (source.size() - 1)]);
    return out;
}

std::vector<std::string> lines(const std::filesystem::path& p) {
    std::ifstream in(p);
    std::vector<std::string> out;
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

class FollowerTest : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               ("oc-follow-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::remove_all(dir_);
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    // Appends and bumps the modification time, as a console's write would.
    void append(const std::filesystem::path& p, const std::string& text) {
        std::ofstream(p, std::ios::app | std::ios::binary) << text;
        std::filesystem::last_write_time(p,
                                         std::filesystem::last_write_time(p) + std::chrono::seconds(++tick_));
    }
    std::filesystem::path dir_;
    int tick_ = 0;
};

TEST_F(FollowerTest, FollowsAJournalGrowingRecordByRecord) {
    const auto all = lines(kData / "finished.journal");
    const auto file = dir_ / "game.journal";
    JournalFollower f(file);
    EXPECT_TRUE(f.poll());  // missing file: said once
    EXPECT_FALSE(f.state().unreadable.empty());
    for (std::size_t i = 0; i < all.size(); ++i) {
        append(file, all[i] + "\n");
        EXPECT_TRUE(f.poll()) << i;
        EXPECT_EQ(f.state().records.size(), i + 1);
        EXPECT_FALSE(f.poll());
    }
    EXPECT_FALSE(f.state().broken_index.has_value());
}

TEST_F(FollowerTest, AJournalBeingCreatedIsWaitingNotBroken) {
    const auto all = lines(kData / "finished.journal");
    const auto file = dir_ / "game.journal";
    append(file, "");  // created, nothing written yet
    JournalFollower f(file);
    f.poll();
    append(file, all[0].substr(0, 30));  // half of the header line
    f.poll();
    EXPECT_FALSE(f.state().broken_index.has_value());
    EXPECT_TRUE(f.state().records.empty());
    append(file, all[0].substr(30) + "\n");
    EXPECT_TRUE(f.poll());
    EXPECT_EQ(f.state().records.size(), 1u);
}

TEST_F(FollowerTest, ATornLastLineIsNotPublishedAndNotABreak) {
    const auto all = lines(kData / "finished.journal");
    const auto file = dir_ / "game.journal";
    append(file, all[0] + "\n" + all[1] + "\n" + all[2].substr(0, 40));
    JournalFollower f(file);
    f.poll();
    EXPECT_EQ(f.state().records.size(), 2u);
    EXPECT_FALSE(f.state().broken_index.has_value());
    append(file, all[2].substr(40) + "\n");
    EXPECT_TRUE(f.poll());
    EXPECT_EQ(f.state().records.size(), 3u);
}

TEST_F(FollowerTest, AJournalRewrittenAfterPublicationWithEveryHashRecomputedStopsTheFeed) {
    const auto file = dir_ / "game.journal";
    auto same = [](std::size_t, const journal::Record& r) { return r.wall; };
    test::copyJournal(kData / "finished.journal", file, same);
    JournalFollower f(file);
    f.poll();
    const auto published = f.state().records;
    ASSERT_EQ(published.back().hash, journal::readJournal(kData / "finished.journal")->records.back().hash);
    // The rewrite changes the third move; the new chain verifies on its own.
    test::copyJournal(kData / "finished.journal", file, same, [](std::size_t i, nlohmann::json& p) {
        if (i == 21) p["uci"] = "f1b5", p["text"] = "Bb5";
    });
    ASSERT_TRUE(journal::readJournal(file).has_value());
    std::filesystem::last_write_time(file, std::filesystem::last_write_time(file) + std::chrono::seconds(5));
    EXPECT_TRUE(f.poll());
    ASSERT_TRUE(f.state().broken_index.has_value());
    EXPECT_EQ(*f.state().broken_index, 21u);
    // What was published stays published: the feed freezes, it does not shrink.
    EXPECT_EQ(f.state().records.size(), published.size());
    EXPECT_EQ(f.state().records.back().hash, published.back().hash);
    EXPECT_NE(f.state().broken_reason.find("rewritten"), std::string::npos);
}

TEST_F(FollowerTest, AnEditedRecordStopsTheFeedBeforeIt) {
    JournalFollower f(kData / "broken.journal");
    EXPECT_TRUE(f.poll());
    ASSERT_TRUE(f.state().broken_index.has_value());
    EXPECT_EQ(*f.state().broken_index, 38u);
    EXPECT_EQ(f.state().records.size(), 38u);
    EXPECT_NE(f.state().broken_reason.find("record 38"), std::string::npos);
    EXPECT_FALSE(f.poll());  // the feed has stopped
}

TEST_F(FollowerTest, CutRecordsAreWaitedForAndTheSameJournalContinues) {
    const auto all = lines(kData / "finished.journal");
    const auto file = dir_ / "game.journal";
    for (std::size_t i = 0; i < 30; ++i) append(file, all[i] + "\n");
    JournalFollower f(file);
    f.poll();
    std::filesystem::remove(file);
    for (std::size_t i = 0; i < 20; ++i) append(file, all[i] + "\n");
    EXPECT_TRUE(f.poll());
    EXPECT_FALSE(f.state().broken_index.has_value());
    EXPECT_EQ(f.state().records.size(), 30u);  // nothing withdrawn
    EXPECT_NE(f.state().waiting.find("waiting for the journal"), std::string::npos);
    for (std::size_t i = 20; i < 32; ++i) append(file, all[i] + "\n");
    EXPECT_TRUE(f.poll());
    EXPECT_TRUE(f.state().waiting.empty());
    EXPECT_EQ(f.state().records.size(), 32u);
    EXPECT_EQ(f.state().game, 0u);
}

TEST_F(FollowerTest, AnEmptiedFileIsWaitedForNotBroken) {
    const auto all = lines(kData / "finished.journal");
    const auto file = dir_ / "game.journal";
    for (std::size_t i = 0; i < 30; ++i) append(file, all[i] + "\n");
    JournalFollower f(file);
    f.poll();
    std::ofstream(file, std::ios::trunc).close();  // truncated, as a non-atomic rewrite starts
    append(file, "");
    EXPECT_TRUE(f.poll());
    EXPECT_FALSE(f.state().broken_index.has_value());
    EXPECT_EQ(f.state().records.size(), 30u);
    EXPECT_NE(f.state().waiting.find("waiting for the journal"), std::string::npos);
    append(file, all[0].substr(0, 30));  // a torn header: still waiting
    f.poll();
    EXPECT_FALSE(f.state().broken_index.has_value());
    append(file, all[0].substr(30) + "\n");
    for (std::size_t i = 1; i < 31; ++i) append(file, all[i] + "\n");
    EXPECT_TRUE(f.poll());
    EXPECT_FALSE(f.state().broken_index.has_value());
    EXPECT_TRUE(f.state().waiting.empty());
    EXPECT_EQ(f.state().records.size(), 31u);
}

TEST_F(FollowerTest, AnotherJournalInTheFileIsANewGameAndSaidSo) {
    const auto file = dir_ / "game.journal";
    auto same = [](std::size_t, const journal::Record& r) { return r.wall; };
    auto later = [](std::size_t, const journal::Record& r) { return r.wall + std::chrono::hours(2); };
    test::copyJournal(kData / "finished.journal", file, same, {}, 30);
    JournalFollower f(file);
    f.poll();
    const std::string first_id = f.state().records[0].hash;
    // The old journal is rewritten (broken), then another game's journal takes the file's place.
    test::copyJournal(kData / "finished.journal", file, same, [](std::size_t i, nlohmann::json& p) {
        if (i == 21) p["uci"] = "f1b5", p["text"] = "Bb5";
    });
    std::filesystem::last_write_time(file, std::filesystem::last_write_time(file) + std::chrono::seconds(5));
    f.poll();
    ASSERT_TRUE(f.state().broken_index.has_value());
    test::copyJournal(kData / "finished.journal", file, later, {}, 10);
    std::filesystem::last_write_time(file, std::filesystem::last_write_time(file) + std::chrono::seconds(9));
    EXPECT_TRUE(f.poll());
    // Held (issue 35 item 2): the broken game stays until the hub's operator accepts the new journal.
    EXPECT_FALSE(f.state().replaced_by.empty());
    EXPECT_EQ(f.state().records[0].hash, first_id);
    f.acceptReplacement();
    EXPECT_TRUE(f.poll());
    EXPECT_FALSE(f.state().broken_index.has_value());
    EXPECT_EQ(f.state().game, 1u);
    EXPECT_EQ(f.state().records.size(), 10u);
    EXPECT_NE(f.state().records[0].hash, first_id);
    EXPECT_NE(f.state().replaced.find("new game"), std::string::npos);
    EXPECT_NE(f.state().replaced.find(first_id), std::string::npos);
}

// Through the hub: the published game keeps its moves and result when the journal breaks or empties.
TEST_F(FollowerTest, PublishedMovesAndResultStayWhenTheJournalBreaksOrEmpties) {
    const auto file = dir_ / "game.journal";
    auto same = [](std::size_t, const journal::Record& r) { return r.wall; };
    test::copyJournal(kData / "finished.journal", file, same);
    Hub hub({file}, Delay{0});
    const auto now = journal::readJournal(file)->records.back().wall + std::chrono::hours(1);
    hub.refresh(now);
    const BoardView published = hub.views()[0];
    ASSERT_EQ(published.status, Status::Finished);
    std::ofstream(file, std::ios::trunc).close();
    append(file, "");
    hub.refresh(now);
    EXPECT_EQ(hub.views()[0].status, Status::Finished);
    EXPECT_EQ(hub.views()[0].moves, published.moves);
    EXPECT_NE(boardJson(hub.views()[0]).value("notice", "").find("waiting for the journal"),
              std::string::npos);
    // Record 20 edited: the board freezes at what was published, broken, with the reason.
    test::copyJournal(kData / "finished.journal", file, same, [](std::size_t i, nlohmann::json& p) {
        if (i == 20) p["edited"] = true;
    });
    std::filesystem::last_write_time(file, std::filesystem::last_write_time(file) + std::chrono::seconds(9));
    hub.refresh(now);
    const BoardView& frozen = hub.views()[0];
    EXPECT_EQ(frozen.status, Status::JournalBroken);
    EXPECT_EQ(frozen.moves, published.moves);
    EXPECT_EQ(frozen.result, published.result);
    EXPECT_EQ(frozen.game.result, published.game.result);
    EXPECT_EQ(frozen.game.moves.size(), published.game.moves.size());
    EXPECT_NE(frozen.problem.find("rewritten"), std::string::npos);
    EXPECT_EQ(boardJson(frozen)["status"], "journal-broken");
}

}  // namespace
}  // namespace oc::broadcast

namespace oc::broadcast {
namespace {

// Issue 35 item 10: a record costs the same at move 300 as at move 1. The follower reads what was
// appended since its last read, not the whole file again.
TEST_F(FollowerTest, AnAppendedRecordIsReadAloneNotTheWholeFile) {
    const auto records = longJournal(4001);
    const auto file = dir_ / "game.journal", longer = dir_ / "longer.journal";
    test::writeRecords(longer, records);
    const auto all = lines(longer);
    test::writeRecords(file, {records.begin(), records.end() - 1});
    ASSERT_GT(std::filesystem::file_size(file), 1'000'000u);
    JournalFollower f(file);
    ASSERT_TRUE(f.poll());
    ASSERT_EQ(f.state().records.size(), 4000u);
    append(file, all.back() + "\n");
    const std::uint64_t before = bytesReadSoFar();
    EXPECT_TRUE(f.poll());
    const std::uint64_t read = bytesReadSoFar() - before;
    EXPECT_EQ(f.state().records.size(), 4001u);
    EXPECT_EQ(f.state().records.back().hash, test::recordsOf(longer).back().hash);
    EXPECT_LT(read, 64'000u) << "the whole file was read again for one record";
}

// Read on record by record, a record being written is left until its line is complete, and a complete
// line that does not verify stops the feed there, as a whole read would.
TEST_F(FollowerTest, ReadingOnLeavesAHalfWrittenRecordAndStopsAtABadOne) {
    const auto all = lines(kData / "finished.journal");
    const auto file = dir_ / "game.journal";
    for (std::size_t i = 0; i < 10; ++i) append(file, all[i] + "\n");
    JournalFollower f(file);
    f.poll();
    append(file, all[10].substr(0, 50));
    EXPECT_FALSE(f.poll());
    EXPECT_EQ(f.state().records.size(), 10u);
    append(file, all[10].substr(50) + "\n" + all[11].substr(0, 7));
    EXPECT_TRUE(f.poll());
    EXPECT_EQ(f.state().records.size(), 11u);
    append(file, all[11].substr(7) + "\n" + all[13] + "\n");  // record 12 missing
    EXPECT_TRUE(f.poll());
    EXPECT_EQ(f.state().records.size(), 12u);
    ASSERT_TRUE(f.state().broken_index.has_value());
    EXPECT_EQ(*f.state().broken_index, 12u);
}

// Written in pieces of every size (a console's writes torn anywhere, polled in between), the journal read
// on piece by piece is the journal a whole read gives.
TEST_F(FollowerTest, ReadingOnInPiecesGivesWhatAWholeReadGives) {
    std::ifstream in(kData / "finished.journal", std::ios::binary);
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    const auto whole = test::recordsOf(kData / "finished.journal");
    for (std::size_t piece : {1u, 7u, 64u, 333u, 1000u}) {
        const auto file = dir_ / ("pieces" + std::to_string(piece) + ".journal");
        JournalFollower f(file);
        for (std::size_t at = 0; at < text.size(); at += piece) {
            append(file, text.substr(at, piece));
            f.poll();
            ASSERT_FALSE(f.state().broken_index.has_value()) << piece << " " << at;
        }
        ASSERT_EQ(f.state().records.size(), whole.size()) << piece;
        for (std::size_t i = 0; i < whole.size(); ++i) EXPECT_EQ(f.state().records[i].hash, whole[i].hash);
    }
}

// The same file (same inode) written again in place with a longer rewritten journal: the follower must
// not read on from its old offset as if the file had only grown.
TEST_F(FollowerTest, AJournalRewrittenInPlaceAndLongerIsCaught) {
    const auto file = dir_ / "game.journal", rewritten = dir_ / "rewritten.journal";
    auto same = [](std::size_t, const journal::Record& r) { return r.wall; };
    test::copyJournal(kData / "finished.journal", file, same, {}, 30);
    JournalFollower f(file);
    f.poll();
    test::copyJournal(kData / "finished.journal", rewritten, same, [](std::size_t i, nlohmann::json& p) {
        if (i == 21) p["uci"] = "f1b5", p["text"] = "Bb5";
    });
    const ino_t inode = inodeOf(file);
    std::ifstream in(rewritten, std::ios::binary);
    std::ofstream(file, std::ios::binary | std::ios::trunc) << in.rdbuf();  // the same inode, rewritten
    ASSERT_EQ(inodeOf(file), inode);
    append(file, "");
    EXPECT_TRUE(f.poll());
    ASSERT_TRUE(f.state().broken_index.has_value());
    EXPECT_EQ(*f.state().broken_index, 21u);
    EXPECT_EQ(f.state().records.size(), 30u);
    EXPECT_NE(f.state().broken_reason.find("rewritten"), std::string::npos);
}

// A record already read, edited in place without changing the file's size (the hashes left as they were):
// the feed stops at that record, as when the whole file was read at every change.
TEST_F(FollowerTest, ARecordEditedInPlaceAtTheSameSizeStopsTheFeed) {
    const auto all = lines(kData / "finished.journal");
    const auto file = dir_ / "game.journal";
    std::size_t at = 0;
    for (std::size_t i = 0; i < 30; ++i) {
        if (i < 10) at += all[i].size() + 1;
        append(file, all[i] + "\n");
    }
    JournalFollower f(file);
    f.poll();
    const std::size_t digit = all[10].find("\"mono_ms\":") + 10;
    {
        std::fstream io(file, std::ios::in | std::ios::out | std::ios::binary);
        io.seekp(static_cast<std::streamoff>(at + digit));
        io.put(all[10][digit] == '1' ? '2' : '1');
    }
    append(file, "");
    EXPECT_TRUE(f.poll());
    ASSERT_TRUE(f.state().broken_index.has_value());
    EXPECT_EQ(*f.state().broken_index, 10u);
    EXPECT_EQ(f.state().records.size(), 30u);  // nothing withdrawn
}

// Another journal written into the same file in place (same inode), longer than what was read: held, then
// a new game once accepted.
TEST_F(FollowerTest, AnotherJournalWrittenInPlaceIsANewGame) {
    const auto file = dir_ / "game.journal", other = dir_ / "other.journal";
    auto same = [](std::size_t, const journal::Record& r) { return r.wall; };
    auto later = [](std::size_t, const journal::Record& r) { return r.wall + std::chrono::hours(2); };
    test::copyJournal(kData / "finished.journal", file, same, {}, 10);
    JournalFollower f(file);
    f.poll();
    test::copyJournal(kData / "finished.journal", other, later, {}, 40);
    std::ifstream in(other, std::ios::binary);
    std::ofstream(file, std::ios::binary | std::ios::trunc) << in.rdbuf();
    append(file, "");
    EXPECT_TRUE(f.poll());
    EXPECT_EQ(f.state().records.size(), 10u);  // held until the hub's operator accepts it (item 2)
    f.acceptReplacement();
    EXPECT_TRUE(f.poll());
    EXPECT_EQ(f.state().game, 1u);
    EXPECT_EQ(f.state().records.size(), 40u);
    EXPECT_FALSE(f.state().broken_index.has_value());
}

// Issue 35 item 9: a deleted journal keeps its board's published game with a notice that the file is
// missing; the same journal back continues the game.
TEST_F(FollowerTest, ADeletedJournalIsSaidMissingAndContinuesWhenBack) {
    const auto all = lines(kData / "finished.journal");
    const auto file = dir_ / "game.journal";
    for (std::size_t i = 0; i < 30; ++i) append(file, all[i] + "\n");
    Hub hub({file}, Delay{0});
    const auto now = journal::readJournal(kData / "finished.journal")->records.back().wall;
    hub.refresh(now);
    const BoardView published = hub.views()[0];
    ASSERT_FALSE(published.moves.empty());
    std::filesystem::remove(file);
    EXPECT_EQ(hub.refresh(now).size(), 1u);
    EXPECT_EQ(hub.views()[0].moves, published.moves);
    EXPECT_EQ(hub.views()[0].journal_head, published.journal_head);
    const std::string notice = boardJson(hub.views()[0]).value("notice", "");
    EXPECT_EQ(notice.rfind("waiting for the journal", 0), 0u) << notice;
    EXPECT_NE(notice.find("missing"), std::string::npos) << notice;
    EXPECT_TRUE(hub.refresh(now).empty());  // said once
    for (std::size_t i = 0; i < 32; ++i) append(file, all[i] + "\n");
    EXPECT_EQ(hub.refresh(now).size(), 1u);
    EXPECT_TRUE(hub.views()[0].notice.empty());
    EXPECT_EQ(hub.views()[0].journal_seq, 31u);
    EXPECT_EQ(hub.views()[0].journal_id, published.journal_id);
}

// A journal missing from the start is said missing too (the board waits for it); once the file exists,
// being created, the notice goes.
TEST_F(FollowerTest, AJournalMissingFromTheStartIsSaidMissingUntilTheFileExists) {
    const auto all = lines(kData / "finished.journal");
    const auto file = dir_ / "game.journal";
    Hub hub({file}, Delay{0});
    const auto now = journal::readJournal(kData / "finished.journal")->records.back().wall;
    hub.refresh(now);
    EXPECT_EQ(hub.views()[0].status, Status::Waiting);
    EXPECT_EQ(hub.views()[0].notice, "waiting for the journal: the journal file is missing");
    append(file, "");
    EXPECT_EQ(hub.refresh(now).size(), 1u);
    EXPECT_TRUE(hub.views()[0].notice.empty());
    EXPECT_EQ(hub.views()[0].status, Status::Waiting);
    for (std::size_t i = 0; i < 12; ++i) append(file, all[i] + "\n");
    hub.refresh(now);
    EXPECT_TRUE(hub.views()[0].notice.empty());
    EXPECT_EQ(hub.views()[0].journal_seq, 11u);
}

// Issue 35 item 7: garbage in the file before anything was read breaks the board, and nothing of it is
// published; a valid journal in its place is followed (before, only a restart of the hub helped).
TEST_F(FollowerTest, ABoardBrokenBeforeAnythingWasReadRecoversWhenAJournalReplacesTheGarbage) {
    const auto file = dir_ / "game.journal";
    append(file, "this is no journal\nnor is this\n");
    Hub hub({file}, Delay{0});
    const auto now = journal::readJournal(kData / "finished.journal")->records.back().wall;
    hub.refresh(now);
    ASSERT_EQ(hub.views()[0].status, Status::JournalBroken);
    append(file, "more garbage\n");  // still garbage: still broken
    hub.refresh(now);
    EXPECT_EQ(hub.views()[0].status, Status::JournalBroken);
    auto same = [](std::size_t, const journal::Record& r) { return r.wall; };
    test::copyJournal(kData / "finished.journal", file, same);
    std::filesystem::last_write_time(file, std::filesystem::last_write_time(file) + std::chrono::seconds(9));
    EXPECT_EQ(hub.refresh(now).size(), 1u);
    EXPECT_EQ(hub.views()[0].status, Status::Finished);
    EXPECT_EQ(hub.views()[0].result, "1-0");
    EXPECT_FALSE(hub.views()[0].broken_index.has_value());
    EXPECT_TRUE(hub.views()[0].problem.empty());
}

}  // namespace
}  // namespace oc::broadcast
