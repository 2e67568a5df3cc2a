// operator-console --broadcast gives its hub a --state folder of its own (issue 35): two consoles whose
// journals share a folder, or that were started in the same folder, never share a ledger or the
// operator's accept-board-N files, and the same journal finds its ledger again after a restart.
#include "host/broadcast_child.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>

namespace oc::host {
namespace {

class BroadcastState : public ::testing::Test {
  protected:
    void SetUp() override {
        const char* xdg = std::getenv("XDG_STATE_HOME");
        saved_ = xdg ? std::optional<std::string>(xdg) : std::nullopt;
        ::setenv("XDG_STATE_HOME", "/tmp/oc-state-home", 1);
    }
    void TearDown() override {
        if (saved_)
            ::setenv("XDG_STATE_HOME", saved_->c_str(), 1);
        else
            ::unsetenv("XDG_STATE_HOME");
    }
    std::optional<std::string> saved_;
};

TEST_F(BroadcastState, EveryJournalHasItsOwnPrivateFolder) {
    const auto one = broadcastStateFolder("/srv/event/journals/board1.journal");
    const auto two = broadcastStateFolder("/srv/event/journals/board2.journal");
    EXPECT_NE(one, two);
    EXPECT_EQ(one.parent_path(), std::filesystem::path("/tmp/oc-state-home/operator-console/broadcast"));
    EXPECT_TRUE(one.filename().string().starts_with("board1.journal-")) << one;
    // The same file however it is named: a restarted console finds its ledger again.
    EXPECT_EQ(broadcastStateFolder("/srv/event/journals/../journals/board1.journal"), one);
    EXPECT_EQ(broadcastStateFolder("/srv/event/other/board1.journal").filename() == one.filename(), false);
}

TEST_F(BroadcastState, TheHubIsGivenItsStateFolder) {
    const auto args = broadcastChildArgs("/usr/bin/operator-cli", "/srv/j/board1.journal", "127.0.0.1:0");
    const auto state = std::find(args.begin(), args.end(), "--state");
    ASSERT_NE(state, args.end());
    ASSERT_NE(state + 1, args.end());
    EXPECT_EQ(*(state + 1), broadcastStateFolder("/srv/j/board1.journal").string());
    EXPECT_EQ(std::count(args.begin(), args.end(), "broadcast-state"), 0);
}

TEST_F(BroadcastState, WithoutAHomeTheFolderIsBesideTheJournal) {
    const char* home = std::getenv("HOME");
    const std::string saved_home = home ? home : "";
    ::unsetenv("XDG_STATE_HOME");
    ::unsetenv("HOME");
    EXPECT_EQ(broadcastStateFolder("/srv/j/board1.journal"),
              std::filesystem::path("/srv/j/board1.journal.broadcast-state"));
    if (home) ::setenv("HOME", saved_home.c_str(), 1);
}

}  // namespace
}  // namespace oc::host
