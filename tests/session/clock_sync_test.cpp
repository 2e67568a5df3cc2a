// CLK-01 (issue 15 item 8): a table clock reading is noted in m:ss, and a difference over the 2 s
// tolerance stays in the snapshot as a warning until a reading within the tolerance replaces it.
#include <gtest/gtest.h>

#include <algorithm>

#include "session_test_util.hpp"

namespace oc::session {
namespace {

using namespace std::chrono_literals;
using testing::fakeSetup;
using testing::Game;
using testing::t0;

bool hasNotice(const Snapshot& snap, const std::string& text) {
    return std::any_of(snap.notices.begin(), snap.notices.end(),
                       [&](const std::string& n) { return n.find(text) != std::string::npos; });
}

TEST(ClockSync, DifferenceOverTheToleranceIsAWarningUntilTheNextReading) {
    Game g(fakeSetup());
    auto& s = *g.session;
    ASSERT_TRUE(s.dispatch(cmd::StartGame{}, t0()));
    // White's clock has run 30 s: the console shows 1:29:30, the table clock 1:29:23.2.
    ASSERT_TRUE(s.dispatch(cmd::SyncClock{90min - 36800ms, std::nullopt}, t0() + 30s));
    Snapshot snap = s.snapshot(t0() + 30s);
    EXPECT_TRUE(hasNotice(snap, "table clock: White 1:29:23 (-0:06.8)")) << snap.notices.back();
    EXPECT_FALSE(hasNotice(snap, "ms")) << "never raw milliseconds: " << snap.notices.back();
    EXPECT_NE(snap.clock_sync_warning.find("White differs from the console by -0:06.8 (more than 2s)"),
              std::string::npos)
        << snap.clock_sync_warning;
    // A reading 1.5 s off is within the tolerance: noted, and the warning goes.
    ASSERT_TRUE(s.dispatch(cmd::SyncClock{std::nullopt, 90min + 1500ms}, t0() + 31s));
    snap = s.snapshot(t0() + 31s);
    EXPECT_TRUE(hasNotice(snap, "table clock: Black 1:30:01 (+0:01.5)")) << snap.notices.back();
    EXPECT_EQ(snap.clock_sync_warning, "");
}

// The warning is part of the game's state: a resumed console shows it again from the journal.
TEST(ClockSync, WarningComesBackOnReplay) {
    Game g(fakeSetup());
    auto& s = *g.session;
    ASSERT_TRUE(s.dispatch(cmd::StartGame{}, t0()));
    ASSERT_TRUE(s.dispatch(cmd::SyncClock{80min, 90min + 10s}, t0() + 30s));
    MemorySink sink2;
    FakeEngine fresh{legalMovesAfter, 1};
    auto back = Session::restore(g.sink.records, sink2, fresh);
    ASSERT_TRUE(back) << back.error();
    const Snapshot snap = (*back)->snapshot(t0() + 30s);
    EXPECT_NE(snap.clock_sync_warning.find("White differs from the console by -9:30"), std::string::npos)
        << snap.clock_sync_warning;
    EXPECT_NE(snap.clock_sync_warning.find("Black differs from the console by +0:10"), std::string::npos)
        << snap.clock_sync_warning;
}

}  // namespace
}  // namespace oc::session
