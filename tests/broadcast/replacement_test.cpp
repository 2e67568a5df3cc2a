// Issue 35 item 2: another journal in a board's file never replaces its published game silently. The
// board keeps its game (under --delay its last delayed records are still published on time) and freezes
// with a notice for the hub's operator; a restart keeps it so (the ledger); the file accept-board-N in
// the ledger's folder then publishes the new journal as a new game, with an Event and Game of its own.
#include <gtest/gtest.h>

#include <fstream>

#include "broadcast/hub.hpp"
#include "journal_copy.hpp"

namespace oc::broadcast {
namespace {

using namespace std::chrono_literals;
const std::filesystem::path kData = OC_BROADCAST_DATA;
const journal::WallTime kT0 = *journal::parseWallTime("2026-12-01T14:00:00.000Z");

class Replacement : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               (std::string("oc-replace-") + ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::remove_all(dir_);
        std::filesystem::create_directories(dir_);
        file_ = dir_ / "board.journal";
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    // The first `count` records of finished.journal, record i written at kT0 + 10 s * i.
    void writeOld(std::size_t count) {
        test::copyJournal(
            kData / "finished.journal", file_,
            [](std::size_t i, const journal::Record&) { return kT0 + 10s * i; }, {}, count);
    }
    // Another game's journal, its records written from `from` on, a second apart.
    void writeNew(journal::WallTime from) {
        test::copyJournal(kData / "paused.journal", file_,
                          [from](std::size_t i, const journal::Record&) { return from + 1s * i; });
    }
    Ledger ledger() { return *Ledger::open(dir_ / "state", {file_}); }
    std::filesystem::path dir_, file_;
};

// The hub reads the game live (each record when it is written) under a 60 s delay.
void growLive(Hub& hub, const std::function<void(std::size_t)>& write, std::size_t records) {
    for (std::size_t k = 1; k <= records; ++k) {
        write(k);
        hub.refresh(kT0 + 10s * (k - 1));
    }
}

TEST_F(Replacement, AnotherJournalIsHeldUntilTheOperatorAcceptsItUnderDelay) {
    Hub hub({file_}, 60s, ledger());
    growLive(
        hub, [this](std::size_t k) { writeOld(k); }, 30);  // records 0..29, the last at +290 s
    const std::string old_id = hub.views()[0].journal_id;
    writeNew(kT0 + 300s);
    hub.refresh(kT0 + 300s);
    EXPECT_EQ(hub.views()[0].journal_id, old_id);
    EXPECT_EQ(hub.views()[0].journal_seq, 24u);                                   // what stood at +240 s
    EXPECT_EQ(hub.views()[0].notice.find("another journal"), std::string::npos);  // not before its time
    hub.refresh(kT0 + 330s);
    EXPECT_EQ(hub.views()[0].journal_seq, 27u);  // the old game's delayed records, on time
    hub.refresh(kT0 + 350s);
    const BoardView old = hub.views()[0];
    EXPECT_EQ(old.journal_seq, 29u);
    EXPECT_EQ(old.journal_id, old_id);
    EXPECT_NE(old.notice.find("another journal"), std::string::npos) << old.notice;
    EXPECT_NE(old.notice.find("the published game is kept"), std::string::npos);
    const auto accept = dir_ / "state" / "accept-board-1";
    EXPECT_NE(old.notice.find(accept.string()), std::string::npos) << old.notice;
    hub.refresh(kT0 + 1h);  // held: nothing of the new journal, however long
    EXPECT_EQ(hub.views()[0].journal_id, old_id);
    EXPECT_EQ(hub.views()[0].moves, old.moves);

    std::ofstream(accept).put('\n');
    hub.refresh(kT0 + 3h);
    hub.refresh(kT0 + 4h);  // under the delay, the new game and its notice are public a minute later
    const BoardView& now = hub.views()[0];
    EXPECT_NE(now.journal_id, old_id);
    EXPECT_NE(now.notice.find("new game"), std::string::npos);
    EXPECT_EQ(now.game.tag("Round"), old.game.tag("Round"));  // a round filter still takes it
    EXPECT_EQ(now.game.tag("Event"), old.game.tag("Event").value_or("?") + " (board 1, game 2)");
    EXPECT_EQ(now.game.tag("Game"), "2");
    EXPECT_FALSE(std::filesystem::exists(accept));
}

TEST_F(Replacement, ARestartKeepsTheHeldBoardAndTheAcceptedGame) {
    std::string old_id;
    std::vector<std::string> old_moves;
    {
        Hub hub({file_}, 0s, ledger());
        writeOld(40);
        hub.refresh(kT0 + 1h);
        old_id = hub.views()[0].journal_id;
        old_moves = hub.views()[0].moves;
    }
    writeNew(kT0 + 2h);  // while the hub is down: a shorter clean game of another journal
    {
        Hub hub({file_}, 0s, ledger());
        hub.refresh(kT0 + 3h);
        EXPECT_EQ(hub.views()[0].journal_id, old_id);
        EXPECT_EQ(hub.views()[0].moves, old_moves);
        EXPECT_NE(hub.views()[0].notice.find("another journal"), std::string::npos);
        std::ofstream(dir_ / "state" / "accept-board-1").put('\n');
        hub.refresh(kT0 + 3h + 1s);
        EXPECT_NE(hub.views()[0].journal_id, old_id);
    }
    Hub hub({file_}, 0s, ledger());
    hub.refresh(kT0 + 4h);
    EXPECT_NE(hub.views()[0].journal_id, old_id);
    EXPECT_EQ(hub.views()[0].game.tag("Game"), "2");
}

}  // namespace
}  // namespace oc::broadcast
