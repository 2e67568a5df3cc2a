// The follower on real files: a journal grown line by line, a torn last line, a rewritten journal
// (every hash recomputed), an edited record, and a file that appears late.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "broadcast/hub.hpp"
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
    EXPECT_EQ(f.state().records.size(), 21u);
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

TEST_F(FollowerTest, CutRecordsAfterPublicationStopTheFeed) {
    const auto all = lines(kData / "finished.journal");
    const auto file = dir_ / "game.journal";
    for (std::size_t i = 0; i < 30; ++i) append(file, all[i] + "\n");
    JournalFollower f(file);
    f.poll();
    std::filesystem::remove(file);
    for (std::size_t i = 0; i < 20; ++i) append(file, all[i] + "\n");
    EXPECT_TRUE(f.poll());
    ASSERT_TRUE(f.state().broken_index.has_value());
    EXPECT_EQ(*f.state().broken_index, 20u);
}

}  // namespace
}  // namespace oc::broadcast
