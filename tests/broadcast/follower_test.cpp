// The follower on real files: a journal grown line by line, a torn last line, a rewritten journal
// (every hash recomputed), an edited record, and a file that appears late.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "broadcast/hub.hpp"
#include "broadcast/render.hpp"
#include "journal_copy.hpp"

namespace oc::broadcast {
namespace {

const std::filesystem::path kData = OC_BROADCAST_DATA;

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
