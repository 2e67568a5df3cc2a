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

// Issue 34 item 14: the board reads the table clock itself, so its warning asks for no re-reading; the
// journal says where the reading came from, and a replay gives the same words.
TEST(ClockSync, TheBoardsReadingIsToldApartFromATypedOne) {
    Game g(fakeSetup());
    auto& s = *g.session;
    ASSERT_TRUE(s.dispatch(cmd::StartGame{}, t0()));
    ASSERT_TRUE(s.dispatch(cmd::SyncClock{80min, std::nullopt, cmd::ReadingFrom::Board}, t0() + 30s));
    Snapshot snap = s.snapshot(t0() + 30s);
    EXPECT_NE(snap.clock_sync_warning.find("White differs from the console by -9:30 (more than 2s): read by "
                                           "the board from the table clock, which is official"),
              std::string::npos)
        << snap.clock_sync_warning;
    EXPECT_EQ(snap.clock_sync_warning.find("check the reading typed"), std::string::npos);
    EXPECT_EQ(g.sink.records.back().value("source", ""), "board");
    ASSERT_TRUE(s.dispatch(cmd::SyncClock{81min, std::nullopt}, t0() + 40s));
    EXPECT_FALSE(g.sink.records.back().contains("source")) << "a typed reading is written as before";
    MemorySink sink2;
    FakeEngine fresh{legalMovesAfter, 1};
    auto back = Session::restore(g.sink.records, sink2, fresh);
    ASSERT_TRUE(back) << back.error();
    EXPECT_NE((*back)->snapshot(t0() + 40s).clock_sync_warning.find("check the reading typed"),
              std::string::npos);
}

// Issue 34 item 14: the operator types a reading; 0.3 s later the board reads the clock otherwise. The
// board's reading stands, and the warning says which reading won and why, with both readings.
TEST(ClockSync, ABoardReadingThatReplacesATypedOneSaysSo) {
    Game g(fakeSetup());
    auto& s = *g.session;
    ASSERT_TRUE(s.dispatch(cmd::StartGame{}, t0()));
    ASSERT_TRUE(s.dispatch(cmd::SyncClock{89min + 40s, std::nullopt}, t0() + 20s));
    ASSERT_TRUE(s.dispatch(cmd::SyncClock{89min + 20s, 90min, cmd::ReadingFrom::Board}, t0() + 20300ms));
    const Snapshot snap = s.snapshot(t0() + 21s);
    EXPECT_NE(
        snap.clock_sync_warning.find("the board's clock reading (White 1:29:20, Black 1:30:00) replaced "
                                     "the one typed before it (White 1:29:40)"),
        std::string::npos)
        << snap.clock_sync_warning;
    EXPECT_TRUE(hasNotice(snap, "WARNING: the board's clock reading"));
    // After a move the typed reading is history: a later board reading is an ordinary one.
    ASSERT_TRUE(s.dispatch(cmd::HumanMove{"e2e4", t0() + 25s, false}, t0() + 25s));
    ASSERT_TRUE(s.dispatch(cmd::SyncClock{89min, std::nullopt, cmd::ReadingFrom::Board}, t0() + 26s));
    EXPECT_EQ(s.snapshot(t0() + 26s).clock_sync_warning.find("replaced"), std::string::npos);
}

// Issue 34: the arbiter ruled +2:00 for Black and the console applied it, but nobody set the table clock.
// The board's next reading (official, E.III 1.1) is taken, and the warning names the missing ruling; once
// the clock is set as ruled, the next reading brings it back.
TEST(ClockSync, AReadingWithoutTheArbitersRulingSaysSo) {
    Game g(fakeSetup());
    auto& s = *g.session;
    ASSERT_TRUE(s.dispatch(cmd::StartGame{}, t0()));
    ASSERT_TRUE(s.dispatch(cmd::ArbiterAdjustClock{rules::Color::Black, 2min, "Art. 7.5.5"}, t0() + 10s));
    ASSERT_TRUE(s.dispatch(cmd::SyncClock{90min - 11s, 90min, cmd::ReadingFrom::Board}, t0() + 11s));
    Snapshot snap = s.snapshot(t0() + 11s);
    EXPECT_NE(snap.clock_sync_warning.find("the table clock does not show the arbiter's Black +2:00"),
              std::string::npos)
        << snap.clock_sync_warning;
    EXPECT_EQ(snap.remaining[rules::Color::Black], 90min) << "the table clock is official";
    ASSERT_TRUE(s.dispatch(cmd::SyncClock{std::nullopt, 92min, cmd::ReadingFrom::Board}, t0() + 40s));
    snap = s.snapshot(t0() + 40s);
    EXPECT_EQ(snap.clock_sync_warning.find("does not show"), std::string::npos) << snap.clock_sync_warning;
    EXPECT_EQ(snap.remaining[rules::Color::Black], 92min);
}

// A journal whose sync names another source was edited: refused with the field and the words allowed.
TEST(ClockSync, AnUnknownSourceIsRefusedOnReplay) {
    Game g(fakeSetup());
    auto& s = *g.session;
    ASSERT_TRUE(s.dispatch(cmd::StartGame{}, t0()));
    ASSERT_TRUE(s.dispatch(cmd::SyncClock{80min, std::nullopt, cmd::ReadingFrom::Board}, t0() + 30s));
    auto records = g.sink.records;
    records.back()["source"] = "radio";
    MemorySink sink2;
    FakeEngine fresh{legalMovesAfter, 1};
    auto back = Session::restore(records, sink2, fresh);
    ASSERT_FALSE(back);
    EXPECT_NE(back.error().find("field \"source\": expected \"typed\" or \"board\""), std::string::npos)
        << back.error();
}

}  // namespace
}  // namespace oc::session

namespace oc::session {
namespace {

// The game as it stood right after the `n`th record of `type` (0-based), rebuilt from the records.
Snapshot after(const std::vector<nlohmann::json>& records, const std::string& type, int n) {
    std::vector<nlohmann::json> prefix;
    for (const auto& r : records) {
        prefix.push_back(r);
        if (r.value("type", "") == type && n-- == 0) break;
    }
    MemorySink sink;
    FakeEngine engine{legalMovesAfter, 1};
    auto back = Session::restore(prefix, sink, engine);
    EXPECT_TRUE(back) << back.error();
    return back ? (*back)->snapshot(t0() + 1h) : Snapshot{};
}

// Issue 22, item 8: a warning from move 7 was still shown at move 22. It says the move it was given at,
// and goes once the clock has been pressed twice since (the human's move and the computer's).
TEST(ClockSync, AWarningGoesAfterTwoPressesAndSaysItsMove) {
    auto run = testing::runScript(
        "start\nengine e7e5\nmove e4\nuntil engine-move-shown\nmade\npressed\nrecorded\n"
        "+10s sync white 1:20:00\nengine b8c6\nmove Nf3\nuntil engine-move-shown\nmade\npressed\n",
        fakeSetup());
    ASSERT_TRUE(run.result.ok) << run.result.error;
    const Snapshot warned = after(run.records, "sync", 0);
    EXPECT_FALSE(warned.clock_sync_warning.empty());
    EXPECT_EQ(warned.clock_sync_warning_move, 2);
    EXPECT_FALSE(after(run.records, "human_move", 1).clock_sync_warning.empty()) << "one press since";
    EXPECT_EQ(after(run.records, "pressed", 1).clock_sync_warning, "") << "two presses since: gone";
}

// Issue 22, item 11: the human's legal moves with their text in the event's notation, for the board.
TEST(EntryMoves, TheHumansLegalMovesInTheEventsNotationWhileHeHasTheMove) {
    event::EventSetup setup = fakeSetup();
    setup.language = "pl";
    Game g(setup);
    auto& s = *g.session;
    ASSERT_TRUE(s.dispatch(cmd::StartGame{}, t0()));
    const Snapshot snap = s.snapshot(t0());
    ASSERT_EQ(snap.entry_moves.size(), 20u);
    const auto nf3 = std::find_if(snap.entry_moves.begin(), snap.entry_moves.end(),
                                  [](const EntryMove& m) { return m.uci == "g1f3"; });
    ASSERT_NE(nf3, snap.entry_moves.end());
    EXPECT_EQ(nf3->text, "Sf3");
    ASSERT_TRUE(s.dispatch(cmd::HumanMove{"e4"}, t0() + 5s));
    EXPECT_TRUE(s.snapshot(t0() + 5s).entry_moves.empty()) << "not while the engine thinks";
}

}  // namespace
}  // namespace oc::session
