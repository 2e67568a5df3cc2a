#include <gtest/gtest.h>

#include "session_test_util.hpp"

namespace oc::session {
namespace {

using namespace std::chrono_literals;
using rules::Color;
using testing::fakeSetup;
using testing::Game;
using testing::t0;

TEST(Session, CycleHumanEngineMadePressedRecorded) {
    Game g(fakeSetup());
    ASSERT_TRUE(g.session);
    auto& s = *g.session;
    EXPECT_FALSE(s.dispatch(cmd::HumanMove{"e4"}, t0()));  // not started
    ASSERT_TRUE(s.dispatch(cmd::StartGame{}, t0()));
    ASSERT_TRUE(s.dispatch(cmd::HumanMove{"e4", t0() + 10s}, t0() + 12s));
    EXPECT_EQ(s.snapshot(t0() + 12s).phase, Phase::EngineThinking);
    g.engine.queueMove("e7e5", 20);
    s.poll(t0() + 12s);
    ASSERT_TRUE(g.engine.lastSearch());
    EXPECT_EQ(g.engine.lastSearch()->moves, std::vector<std::string>{"e2e4"});
    TimePoint due = *g.engine.nextDue();
    s.poll(due);
    auto snap = s.snapshot(due);
    ASSERT_EQ(snap.phase, Phase::EngineMoveShown);
    EXPECT_EQ(snap.engine_move->text, "e7-e5");
    EXPECT_FALSE(s.dispatch(cmd::ClockPressed{}, due + 3s));  // made first (E.III 1.4)
    ASSERT_TRUE(s.dispatch(cmd::MadeOnBoard{}, due + 3s));
    ASSERT_TRUE(s.dispatch(cmd::ClockPressed{}, due + 5s));
    snap = s.snapshot(due + 5s);
    EXPECT_EQ(snap.phase, Phase::HumanToMove);
    EXPECT_TRUE(snap.previous_unrecorded);
    ASSERT_TRUE(s.dispatch(cmd::Recorded{}, due + 6s));
    snap = s.snapshot(due + 6s);
    EXPECT_EQ(snap.scoresheet_lines, std::vector<std::string>{"1. e4 e5"});
    EXPECT_EQ(snap.remaining[Color::White], 90min - 10s + 30s - 1s);
    EXPECT_EQ(snap.remaining[Color::Black], 90min - (due + 5s - (t0() + 10s)) + 30s);
    EXPECT_TRUE(snap.setup_locked);
}

TEST(Session, SetupChangeRefusedAndLoggedAfterFirstMove) {
    Game g(fakeSetup());
    auto& s = *g.session;
    event::EventSetup changed = fakeSetup();
    changed.engine.options["Hash"] = "256";
    ASSERT_TRUE(s.dispatch(cmd::UpdateSetup{changed}, t0()));  // before the first move: fine
    ASSERT_TRUE(s.dispatch(cmd::StartGame{}, t0()));
    ASSERT_TRUE(s.dispatch(cmd::HumanMove{"d4"}, t0() + 5s));
    changed.engine.options["Hash"] = "512";
    auto r = s.dispatch(cmd::UpdateSetup{changed}, t0() + 6s);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("engine.options.Hash: \"256\" -> \"512\""), std::string::npos);
    EXPECT_EQ(g.sink.records.back()["type"], "refused");
    EXPECT_EQ(s.snapshot(t0() + 6s).setup.engine.options.at("Hash"), "256");
}

// The computer (White) searches its first move: the clocks run, and the time control can no longer change
// (a red team found 90 minutes turned into 120 mid-search while the setup locked only at the first move).
TEST(Session, SetupChangeRefusedOnceTheClocksStarted) {
    Game g(fakeSetup(rules::Color::White));
    auto& s = *g.session;
    ASSERT_TRUE(s.dispatch(cmd::StartGame{}, t0()));
    event::EventSetup changed = fakeSetup(rules::Color::White);
    changed.time_control = "120m+30s";
    auto r = s.dispatch(cmd::UpdateSetup{changed}, t0() + 2s);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("locked once the game has started"), std::string::npos)
        << r.error().message;
    EXPECT_EQ(g.sink.records.back()["type"], "refused");
    EXPECT_TRUE(s.snapshot(t0() + 2s).setup_locked);
    EXPECT_EQ(s.snapshot(t0() + 2s).setup.time_control, fakeSetup(rules::Color::White).time_control);
}

// CLK-08: the operator records a late arrival after the human's first move, dated before it: accepted.
// Dated after the press (the human was at the board by then), or "now": refused, and nothing changes.
TEST(Session, ArrivalMustLieBeforeTheSidesFirstPress) {
    Game g(fakeSetup());
    auto& s = *g.session;
    ASSERT_TRUE(s.dispatch(cmd::StartGame{}, t0()));
    ASSERT_TRUE(s.dispatch(cmd::HumanMove{"e4", t0() + 20min}, t0() + 20min));
    const auto records = g.sink.records.size();
    for (const TimePoint at : {t0() + 20min + 1ms, t0() + 21min}) {
        auto r = s.dispatch(cmd::Arrival{Color::White, at}, t0() + 21min);
        ASSERT_FALSE(r);
        EXPECT_NE(r.error().message.find("pressed the clock 0:20:00 after the start of the session"),
                  std::string::npos)
            << r.error().message;
    }
    EXPECT_EQ(g.sink.records.size(), records + 2) << "two refusals journalled";
    EXPECT_FALSE(s.snapshot(t0() + 21min).arrived[Color::White]);
    ASSERT_TRUE(s.dispatch(cmd::Arrival{Color::White, t0() + 20min}, t0() + 21min));
    auto snap = s.snapshot(t0() + 21min);
    EXPECT_TRUE(snap.arrived[Color::White]);
    EXPECT_TRUE(snap.pressed_this_session[Color::White]);
    EXPECT_FALSE(snap.pressed_this_session[Color::Black]);
}

TEST(Session, NextEngineMoveHeldUntilPreviousRecorded) {
    Game g(fakeSetup());
    auto& s = *g.session;
    ASSERT_TRUE(s.dispatch(cmd::StartGame{}, t0()));
    ASSERT_TRUE(s.dispatch(cmd::HumanMove{"e4"}, t0() + 1s));
    g.engine.queueMove("e7e5");
    s.poll(t0() + 1s);
    s.poll(t0() + 1h);
    ASSERT_TRUE(s.dispatch(cmd::MadeOnBoard{}, t0() + 1h));
    ASSERT_TRUE(s.dispatch(cmd::ClockPressed{}, t0() + 1h));
    ASSERT_TRUE(s.dispatch(cmd::HumanMove{"Nf3"}, t0() + 1h + 1s));  // not recorded yet
    g.engine.queueMove("b8c6");
    s.poll(t0() + 1h + 1s);
    s.poll(t0() + 2h);
    auto snap = s.snapshot(t0() + 2h);
    EXPECT_EQ(snap.phase, Phase::EngineMoveHeld);
    EXPECT_FALSE(snap.engine_move);  // REC-03: not shown
    EXPECT_FALSE(s.dispatch(cmd::MadeOnBoard{}, t0() + 2h));
    ASSERT_TRUE(s.dispatch(cmd::Recorded{}, t0() + 2h));
    EXPECT_EQ(s.snapshot(t0() + 2h).engine_move->text, "Nb8-c6");
}

TEST(Session, ReplayRebuildsTheSameState) {
    Game g(fakeSetup(Color::White, "15m+10s"));
    DriverOptions opt;
    opt.seed = 5;
    opt.delay_median_s = 3;
    opt.delay_p99_s = 12;
    opt.max_plies = 60;
    Driver d(*g.session, g.engine, opt, t0());
    auto r = d.run();
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.plies, 60);
    MemorySink sink2;
    FakeEngine e2(legalMovesAfter, 1);
    auto back = Session::restore(g.sink.records, sink2, e2);
    ASSERT_TRUE(back) << back.error();
    TimePoint at = d.now();
    EXPECT_EQ((*back)->pgn(), g.session->pgn());
    auto a = g.session->snapshot(at), b = (*back)->snapshot(at);
    EXPECT_EQ(a.fen, b.fen);
    EXPECT_EQ(a.remaining[Color::White], b.remaining[Color::White]);
    EXPECT_EQ(a.remaining[Color::Black], b.remaining[Color::Black]);
    EXPECT_EQ(a.phase, b.phase);
    EXPECT_TRUE(sink2.records.empty());
}

}  // namespace
}  // namespace oc::session

namespace oc::session {
namespace {

// CMP-3.5: the sealing record holds only the encrypted envelope, never the move.
TEST(Session, SealedComputerMoveIsJournalledEncrypted) {
    Game g(fakeSetup());
    auto& s = *g.session;
    ASSERT_TRUE(s.dispatch(cmd::StartGame{}, t0()));
    g.engine.queueMove("g8f6");
    ASSERT_TRUE(s.dispatch(cmd::HumanMove{"e4"}, t0() + 1s));
    ASSERT_TRUE(s.dispatch(cmd::RequestSeal{}, t0() + 2s));
    s.poll(t0() + 2s);
    s.poll(t0() + 1h);
    EXPECT_FALSE(s.dispatch(cmd::SealComputerMove{"short", seal::KdfCost::Interactive},
                            t0() + 1h));  // passphrase too short
    ASSERT_TRUE(s.dispatch(cmd::SealComputerMove{"arbiter-secret", seal::KdfCost::Interactive}, t0() + 1h));
    const auto& rec = g.sink.records.back();
    EXPECT_EQ(rec["type"], "sealed");
    EXPECT_FALSE(rec.contains("uci"));
    EXPECT_EQ(rec.dump().find("g8f6"), std::string::npos);
    EXPECT_TRUE(rec.contains("envelope"));
    EXPECT_EQ(s.snapshot(t0() + 1h).phase, Phase::Adjourned);
}

// E.III 2.3: `stop` is sent only for the arbiter's take-back (here a corrected entry) or at game end.
TEST(Session, StopOnlyOnTakeBackOrGameEnd) {
    Game g(fakeSetup());
    auto& s = *g.session;
    ASSERT_TRUE(s.dispatch(cmd::StartGame{}, t0()));
    ASSERT_TRUE(s.dispatch(cmd::HumanMove{"e4"}, t0() + 1s));
    s.poll(t0() + 2s);
    ASSERT_TRUE(s.dispatch(cmd::SyncClock{90min, 89min}, t0() + 3s));
    ASSERT_TRUE(s.dispatch(cmd::ArbiterPause{}, t0() + 4s));  // Q4: the engine keeps searching
    ASSERT_TRUE(s.dispatch(cmd::ArbiterResume{}, t0() + 5s));
    s.poll(t0() + 6s);
    EXPECT_EQ(g.engine.stops(), 0);
    ASSERT_TRUE(s.dispatch(cmd::Resign{Color::White}, t0() + 7s));
    EXPECT_EQ(g.engine.stops(), 1);
    EXPECT_EQ(s.snapshot(t0() + 7s).result, "0-1");
}

}  // namespace
}  // namespace oc::session

namespace oc::session {
namespace {

// CMP-3.4: a resumed game restarts its engine with the option the engine asked for and the operator
// carried out: the setup's recorded option follows, and the fresh engine gets it before its first search.
TEST(Session, ModuleChangeSurvivesRestoreAndIsSentBeforeTheFirstSearch) {
    Game g(fakeSetup(Color::Black));
    TimePoint t = t0();
    ASSERT_TRUE(g.session->dispatch(cmd::StartGame{}, t));
    g.engine.queueOptionRequest("EvalFile", "nn-big.nnue");
    g.session->poll(t);
    ASSERT_TRUE(g.session->snapshot(t).module_request);
    ASSERT_TRUE(g.session->dispatch(cmd::ModuleChange{}, t));
    EXPECT_EQ(g.engine.options().at("EvalFile"), "nn-big.nnue");  // idle: sent at once
    ASSERT_TRUE(g.session->dispatch(cmd::HumanMove{"e4"}, t));
    MemorySink sink2;
    FakeEngine fresh(legalMovesAfter, 1);
    auto back = Session::restore(g.sink.records, sink2, fresh);
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ((*back)->snapshot(t).setup.engine.options.at("EvalFile"), "nn-big.nnue");
    EXPECT_FALSE((*back)->snapshot(t).module_request);
    EXPECT_TRUE(fresh.options().empty());
    (*back)->poll(t);  // the restored session starts its search: the option goes first
    EXPECT_EQ(fresh.options().at("EvalFile"), "nn-big.nnue");
    ASSERT_TRUE(fresh.lastSearch());
}

// CMP-3.4: a request for an option the event setup does not list is refused and logged; nothing is sent.
TEST(Session, RequestOutsideTheLockedListIsRefusedAndLogged) {
    event::EventSetup setup = fakeSetup(Color::Black);
    setup.engine.requestable_options = {"SyzygyPath"};
    Game g(setup);
    TimePoint t = t0();
    ASSERT_TRUE(g.session->dispatch(cmd::StartGame{}, t));
    g.engine.queueOptionRequest("BookFile", "other.bin");
    g.session->poll(t);
    EXPECT_FALSE(g.session->snapshot(t).module_request);
    const auto& rs = g.sink.records;
    auto req = std::find_if(rs.begin(), rs.end(), [](auto& r) { return r.at("type") == "engine_request"; });
    ASSERT_NE(req, rs.end());
    EXPECT_EQ(req->at("name"), "BookFile");
    EXPECT_FALSE(req->at("allowed").get<bool>());
    EXPECT_NE(req->at("reason").get<std::string>().find("engine.requestable_options (SyzygyPath)"),
              std::string::npos);
    EXPECT_FALSE(g.session->dispatch(cmd::ModuleChange{}, t));
    EXPECT_EQ(g.sink.records.back().at("type"), "refused");
    EXPECT_TRUE(g.engine.options().empty());
}

}  // namespace
}  // namespace oc::session
