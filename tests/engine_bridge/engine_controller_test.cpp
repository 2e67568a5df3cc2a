// The controller's logic against a scripted in-process engine, with literal time points: fast and
// deterministic (no processes, no sleeping).
#include <gtest/gtest.h>

#include <algorithm>

#include "engine_bridge/engine.hpp"
#include "scripted_transport.hpp"

namespace oc::engine {
namespace {

using namespace std::chrono_literals;
using testing::ScriptState;

const TimePoint kT0 = TimePoint{} + 1h;

using testing::eventsOf;

std::vector<Fault> faults(const std::vector<EngineEvent>& events) {
    std::vector<Fault> out;
    for (const auto& e : eventsOf<FaultEvent>(events)) out.push_back(e.fault);
    return out;
}

GoParams clocks(Millis wtime, Millis btime) {
    GoParams p;
    p.wtime = wtime;
    p.btime = btime;
    return p;
}

class EngineController : public ::testing::Test {
  protected:
    void make() { engine = std::make_unique<Engine>(settings, makeSyntaxValidator(), script.factory()); }

    // Polls until the scripted engine has nothing more to say (its answers arrive one poll later).
    std::vector<EngineEvent> settle(TimePoint now) {
        std::vector<EngineEvent> events;
        for (int i = 0; i < 6; ++i) {
            auto more = engine->poll(now);
            events.insert(events.end(), more.begin(), more.end());
        }
        return events;
    }

    void startReady() {
        make();
        ASSERT_TRUE(engine->start(t));
        const auto events = settle(t);
        ASSERT_EQ(eventsOf<ReadyEvent>(events).size(), 1u);
        ASSERT_EQ(engine->state(), EngineState::Idle);
    }

    ScriptState& spawn(std::size_t i) { return *script.spawns.at(i); }

    testing::ScriptedEngine script;
    EngineSettings settings{{"scripted", {}, "", {}, 0}, {{"Hash", "64"}, {"style", "solid"}}, false, {}, 3};
    std::unique_ptr<Engine> engine;
    TimePoint t = kT0;
};

TEST_F(EngineController, HandshakeAppliesOptionsInTheEnginesSpelling) {
    startReady();
    EXPECT_EQ(engine->identity().name, "Scripted");
    EXPECT_EQ(engine->offeredOptions().size(), 3u);
    EXPECT_EQ(spawn(0).received, (std::vector<std::string>{"uci", "setoption name Hash value 64",
                                                           "setoption name Style value solid",
                                                           "setoption name Ponder value false", "isready"}));
}

TEST_F(EngineController, UnknownOptionIsRejectedWithTheOfferedList) {
    settings.options = {{"Hsh", "64"}};
    make();
    ASSERT_TRUE(engine->start(t));
    const auto f = faults(settle(t));
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].kind, FaultKind::OptionRejected);
    EXPECT_EQ(f[0].detail, "the engine offers no option 'Hsh' (it offers: Hash, Ponder, Style)");
    EXPECT_EQ(engine->state(), EngineState::Failed);
    EXPECT_TRUE(spawn(0).killed);
}

TEST_F(EngineController, OptionValuesAreCheckedAgainstTheEngine) {
    for (const auto& [option, expected] : std::vector<std::pair<OptionSetting, std::string>>{
             {{"Hash", "4096"}, "option Hash=4096 is outside 1..1024"},
             {{"Hash", "big"}, "option Hash needs a whole number, not 'big'"},
             {{"Ponder", "yes"}, "option Ponder is a check: use true or false, not 'yes'"},
             {{"Style", "Wild"}, "option Style accepts only its listed choices, not 'Wild'"}}) {
        settings.options = {option};
        make();
        ASSERT_TRUE(engine->start(t));
        const auto f = faults(settle(t));
        ASSERT_EQ(f.size(), 1u);
        EXPECT_EQ(f[0].detail, expected);
    }
}

TEST_F(EngineController, SettingsAreLockedDuringAGame) {
    startReady();
    ASSERT_TRUE(engine->newGame(t));
    settle(t);
    EngineSettings changed = settings;
    changed.options = {{"Hash", "128"}};
    const auto refused = engine->reconfigure(changed, t);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().find("locked during a game (FIDE E.III 2.2)"), std::string::npos);
    EXPECT_EQ(engine->settings().options, settings.options);
    engine->endGame(t);
    ASSERT_TRUE(engine->reconfigure(changed, t));
    settle(t);
    ASSERT_EQ(script.spawns.size(), 2u);
    EXPECT_EQ(spawn(1).sent("setoption name Hash"),
              std::vector<std::string>{"setoption name Hash value 128"});
}

// E.III 3.4: the engine's own request arrives as an event; carrying it out is allowed during a game, only
// while Idle, and a restarted process gets the changed value.
TEST_F(EngineController, RequestedOptionIsAppliedWhileIdleAndSurvivesARestart) {
    startReady();
    ASSERT_TRUE(engine->newGame(t));
    settle(t);
    spawn(0).say("info string request-option name Style value Normal");
    const auto requests = eventsOf<OptionRequestEvent>(settle(t));
    ASSERT_EQ(requests.size(), 1u);
    EXPECT_EQ(requests[0].name, "Style");
    EXPECT_EQ(requests[0].value, "Normal");
    EXPECT_FALSE(engine->applyRequestedOption({"Threads", "4"}, t));  // not offered by the engine
    ASSERT_TRUE(engine->search({"", {"e2e4"}}, clocks(60s, 50s), t));
    const auto busy = engine->applyRequestedOption({"Style", "Normal"}, t);
    ASSERT_FALSE(busy);  // never mid-search
    EXPECT_NE(busy.error().find("Idle"), std::string::npos) << busy.error();
    settle(t);
    ASSERT_EQ(engine->state(), EngineState::Idle);
    ASSERT_TRUE(engine->applyRequestedOption({"Style", "Normal"}, t));
    settle(t);
    EXPECT_EQ(engine->state(), EngineState::Idle);
    EXPECT_EQ(spawn(0).sent("setoption name Style").back(), "setoption name Style value Normal");
    EXPECT_EQ(spawn(0).received.back(), "isready");
    spawn(0).crash(9);
    settle(t + 1s);
    settle(t + 2s);
    ASSERT_EQ(script.spawns.size(), 2u);
    EXPECT_EQ(spawn(1).sent("setoption name Style"),
              std::vector<std::string>{"setoption name Style value Normal"});
}

TEST_F(EngineController, SearchSendsTheWholeGameAndDeliversTheMove) {
    startReady();
    ASSERT_TRUE(engine->newGame(t));
    settle(t);
    script.spawns[0]->bestmove = "g1f3";
    ASSERT_TRUE(engine->search({"", {"e2e4", "e7e5"}}, clocks(60s, 50s), t));
    const auto best = eventsOf<BestMoveEvent>(settle(t));
    ASSERT_EQ(best.size(), 1u);
    EXPECT_EQ(best[0].move, "g1f3");
    EXPECT_EQ(spawn(0).sent("position"), std::vector<std::string>{"position startpos moves e2e4 e7e5"});
    EXPECT_EQ(spawn(0).sent("go"), std::vector<std::string>{"go wtime 60000 btime 50000"});
    EXPECT_EQ(engine->state(), EngineState::Idle);
}

TEST_F(EngineController, InvalidPositionIsRefusedAndNothingIsSent) {
    startReady();
    const auto refused = engine->search({"", {"e2e4", "Nf6"}}, clocks(1s, 1s), t);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error(), "position refused: move 2 'Nf6' is not a UCI move");
    EXPECT_TRUE(spawn(0).sent("position").empty());
    EXPECT_EQ(engine->state(), EngineState::Idle);
}

TEST_F(EngineController, SearchWhileSearchingIsRefused) {
    startReady();
    spawn(0).answer_go = false;
    ASSERT_TRUE(engine->search({}, clocks(1s, 1s), t));
    const auto second = engine->search({}, clocks(1s, 1s), t);
    ASSERT_FALSE(second);
    EXPECT_EQ(second.error(), "the engine is Searching; a search starts from Idle");
}

TEST_F(EngineController, MalformedBestMoveIsNeverDeliveredAndTheEngineIsReplaced) {
    script.configure = [](ScriptState& s, int index) { s.bestmove = index == 0 ? "e9e4" : "d2d4"; };
    startReady();
    ASSERT_TRUE(engine->search({}, clocks(60s, 60s), t));
    const auto events = settle(t + 1s);
    const auto f = faults(events);
    ASSERT_FALSE(f.empty());
    EXPECT_EQ(f[0].kind, FaultKind::IllegalBestMove);
    EXPECT_EQ(f[0].detail, "bestmove 'e9e4': 'e9e4' is not a UCI move (like e2e4, e7e8q)");
    const auto best = eventsOf<BestMoveEvent>(events);
    ASSERT_EQ(best.size(), 1u);
    EXPECT_EQ(best[0].move, "d2d4");
    EXPECT_EQ(spawn(1).sent("go"), std::vector<std::string>{"go wtime 59000 btime 60000"});
}

TEST_F(EngineController, HangInSearchIsDetectedAfterBudgetPlusMargin) {
    settings.timeouts.search_margin = 2s;
    script.configure = [](ScriptState& s, int index) { s.answer_go = index > 0; };
    startReady();
    GoParams p = clocks(60s, 60s);
    p.movetime = 5s;
    ASSERT_TRUE(engine->search({}, p, t));
    EXPECT_TRUE(faults(settle(t + 7s)).empty());
    const auto events = settle(t + 7s + 1ms);
    const auto f = faults(events);
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].kind, FaultKind::Hang);
    EXPECT_EQ(f[0].during, EngineState::Searching);
    EXPECT_EQ(f[0].detail, "no bestmove in time");
    EXPECT_TRUE(spawn(0).killed);
    EXPECT_EQ(spawn(1).sent("go"), std::vector<std::string>{"go wtime 52999 btime 60000 movetime 1"});
    EXPECT_EQ(eventsOf<BestMoveEvent>(events).size(), 1u);
}

// operator-cli play searches `go nodes N`: no clock to measure it by, yet a hang must end in a restart.
TEST_F(EngineController, NodeLimitedSearchHasARealTimeDeadline) {
    settings.timeouts.search_margin = 2s;
    settings.timeouts.unclocked_search = 3s;
    script.configure = [](ScriptState& s, int index) { s.answer_go = index > 0; };
    startReady();
    ASSERT_TRUE(engine->newGame(t));
    settle(t);
    GoParams p;
    p.nodes = 20000;
    const GameRecord game{"", {"e2e4"}};
    ASSERT_TRUE(engine->search(game, p, t));
    EXPECT_TRUE(faults(settle(t + 5s)).empty());
    const auto events = settle(t + 5s + 1ms);
    const auto f = faults(events);
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].kind, FaultKind::Hang);
    EXPECT_EQ(f[0].detail, "no bestmove in time");
    EXPECT_TRUE(spawn(0).killed);
    EXPECT_EQ(eventsOf<RestartedEvent>(events).size(), 1u);
    EXPECT_EQ(spawn(1).sent("setoption"), spawn(0).sent("setoption"));
    EXPECT_EQ(spawn(1).sent("position"), std::vector<std::string>{"position startpos moves e2e4"});
    EXPECT_EQ(spawn(1).sent("go"), std::vector<std::string>{"go nodes 20000"});
    EXPECT_EQ(eventsOf<BestMoveEvent>(events).size(), 1u);
}

TEST_F(EngineController, CrashInSearchRestartsWithSameOptionsWholeGameAndTimeLeft) {
    script.configure = [](ScriptState& s, int index) { s.answer_go = index > 0; };
    startReady();
    ASSERT_TRUE(engine->newGame(t));
    settle(t);
    const GameRecord game{"", {"e2e4", "c7c5", "g1f3"}};  // Black to move
    ASSERT_TRUE(engine->search(game, clocks(300s, 240s), t));
    settle(t + 1s);
    spawn(0).crash(11);
    const auto crash_events = engine->poll(t + 2s);
    const auto f = faults(crash_events);
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].kind, FaultKind::Crash);
    EXPECT_EQ(describe(f[0]), "crash while Searching: killed by signal SIGSEGV (11)");
    const auto events = settle(t + 2500ms);
    const auto restarted = eventsOf<RestartedEvent>(events);
    ASSERT_EQ(restarted.size(), 1u);
    EXPECT_EQ(restarted[0].downtime, 500ms);
    EXPECT_TRUE(restarted[0].resumed_search);
    EXPECT_EQ(spawn(1).sent("setoption"), spawn(0).sent("setoption"));
    EXPECT_EQ(spawn(1).sent("ucinewgame").size(), 1u);
    EXPECT_EQ(spawn(1).sent("position"), std::vector<std::string>{"position startpos moves e2e4 c7c5 g1f3"});
    EXPECT_EQ(spawn(1).sent("go"), std::vector<std::string>{"go wtime 300000 btime 237500"});
    EXPECT_EQ(eventsOf<BestMoveEvent>(events).size(), 1u);
    ASSERT_EQ(engine->downtimes().size(), 1u);
    EXPECT_EQ(engine->downtimes()[0].to - engine->downtimes()[0].from, 500ms);
}

TEST_F(EngineController, RepeatedCrashesEndInGaveUp) {
    script.configure = [](ScriptState& s, int) { s.answer_uci = false; };
    settings.max_restarts = 2;
    make();
    ASSERT_TRUE(engine->start(t));
    std::vector<Fault> all;
    for (int i = 1; i <= 4; ++i) {
        const auto f = faults(settle(t + i * 11s));
        all.insert(all.end(), f.begin(), f.end());
    }
    ASSERT_EQ(all.size(), 4u);
    EXPECT_EQ(all[0].kind, FaultKind::Hang);
    EXPECT_EQ(all[0].detail, "no uciok in time");
    EXPECT_EQ(all[3].kind, FaultKind::GaveUp);
    EXPECT_EQ(engine->state(), EngineState::Failed);
    EXPECT_EQ(script.spawns.size(), 3u);
}

TEST_F(EngineController, PonderHitDeliversTheSearch) {
    settings.ponder = true;
    script.configure = [](ScriptState& s, int) {
        s.bestmove = "e2e4";
        s.ponder = "e7e5";
    };
    startReady();
    EXPECT_EQ(spawn(0).sent("setoption name Ponder"),
              std::vector<std::string>{"setoption name Ponder value true"});
    ASSERT_TRUE(engine->search({}, clocks(60s, 60s), t));
    const auto first = eventsOf<BestMoveEvent>(settle(t));
    ASSERT_EQ(first.size(), 1u);
    EXPECT_EQ(first[0].ponder, "e7e5");
    const GameRecord predicted{"", {"e2e4", "e7e5"}};
    ASSERT_TRUE(engine->ponder(predicted, clocks(59s, 60s), t + 1s));
    EXPECT_EQ(engine->state(), EngineState::Pondering);
    EXPECT_EQ(spawn(0).received.back(), "go ponder wtime 59000 btime 60000");
    ASSERT_TRUE(engine->opponentMoved(predicted, clocks(59s, 55s), t + 6s));
    const auto best = eventsOf<BestMoveEvent>(settle(t + 6s));
    ASSERT_EQ(best.size(), 1u);
    EXPECT_EQ(spawn(0).sent("ponderhit").size(), 1u);
    EXPECT_TRUE(spawn(0).sent("stop").empty());
}

TEST_F(EngineController, PonderMissStopsDiscardsAndSearchesTheRealMove) {
    settings.ponder = true;
    startReady();
    ASSERT_TRUE(engine->ponder({"", {"e2e4", "e7e5"}}, clocks(59s, 60s), t));
    spawn(0).bestmove = "g1f3";
    ASSERT_TRUE(engine->opponentMoved({"", {"e2e4", "c7c5"}}, clocks(59s, 55s), t + 5s));
    EXPECT_EQ(engine->state(), EngineState::Stopping);
    const auto events = settle(t + 5s);
    const auto best = eventsOf<BestMoveEvent>(events);
    ASSERT_EQ(best.size(), 1u);  // the stale ponder answer was discarded
    EXPECT_EQ(spawn(0).sent("stop").size(), 1u);
    EXPECT_EQ(spawn(0).sent("position").back(), "position startpos moves e2e4 c7c5");
    EXPECT_EQ(spawn(0).sent("go").back(), "go wtime 59000 btime 55000");
}

// E.III 2.1: a search asked for while the engine still stops the last one (a ponder miss, a take-back) is
// sent once the stopped search's bestmove comes, and the engine's clock ran meanwhile: the wait is taken
// from it and noted, so that the audit can tell it from a hidden faster rate.
TEST_F(EngineController, ASearchAskedForWhileStoppingWaitsAndTheWaitIsDeducted) {
    settings.ponder = true;
    startReady();
    ASSERT_TRUE(engine->ponder({"", {"e2e4", "e7e5"}}, clocks(59s, 60s), t));
    settle(t);
    ASSERT_TRUE(engine->takeBack(t + 5s));
    ASSERT_EQ(engine->state(), EngineState::Stopping);
    ASSERT_TRUE(engine->search({"", {"e2e4", "c7c5"}}, clocks(59s, 55s), t + 5s));
    EXPECT_EQ(spawn(0).sent("go").size(), 1u) << "nothing is sent before the stopped search's bestmove";
    // The stopped search's move is dropped; the scripted engine answers the new `go` at once.
    EXPECT_EQ(eventsOf<BestMoveEvent>(settle(t + 5250ms)).size(), 1u);
    EXPECT_EQ(spawn(0).sent("position").back(), "position startpos moves e2e4 c7c5");
    EXPECT_EQ(spawn(0).sent("go").back(), "go wtime 58750 btime 55000");
    std::vector<std::string> notes;
    for (const auto& e : engine->takeLog())
        if (e.kind == LogEntry::Kind::Note) notes.push_back(e.text);
    EXPECT_NE(std::find(notes.begin(), notes.end(), "go waited 250 ms: deducted from the engine's clock"),
              notes.end());
    EXPECT_EQ(std::count_if(notes.begin(), notes.end(),
                            [](const std::string& n) { return n.find("after stop discarded") != n.npos; }),
              1);
}

TEST_F(EngineController, BestMoveWhilePonderingIsHeldForAHitAndDroppedOnAMiss) {
    settings.ponder = true;
    script.configure = [](ScriptState& s, int) { s.bestmove_while_pondering = true; };
    startReady();
    spawn(0).bestmove = "g1f3";
    ASSERT_TRUE(engine->ponder({"", {"e2e4", "e7e5"}}, clocks(59s, 60s), t));
    EXPECT_TRUE(eventsOf<BestMoveEvent>(settle(t)).empty());  // not shown before the opponent moved
    ASSERT_TRUE(engine->opponentMoved({"", {"e2e4", "e7e5"}}, clocks(59s, 55s), t + 1s));
    auto best = eventsOf<BestMoveEvent>(settle(t + 1s));
    ASSERT_EQ(best.size(), 1u);
    EXPECT_EQ(best[0].move, "g1f3");

    ASSERT_TRUE(engine->ponder({"", {"e2e4", "e7e5", "g1f3", "b8c6"}}, clocks(58s, 55s), t + 2s));
    settle(t + 2s);
    spawn(0).bestmove = "f1b5";
    ASSERT_TRUE(engine->opponentMoved({"", {"e2e4", "e7e5", "g1f3", "g8f6"}}, clocks(58s, 50s), t + 3s));
    best = eventsOf<BestMoveEvent>(settle(t + 3s));
    ASSERT_EQ(best.size(), 1u);
    EXPECT_EQ(best[0].move, "f1b5");
    EXPECT_TRUE(spawn(0).sent("stop").empty());
    EXPECT_EQ(spawn(0).sent("position").back(), "position startpos moves e2e4 e7e5 g1f3 g8f6");
}

TEST_F(EngineController, PonderIsRefusedWhenNotEnabled) {
    startReady();
    const auto refused = engine->ponder({"", {"e2e4", "e7e5"}}, clocks(1s, 1s), t);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error(), "pondering is not enabled in the engine settings");
}

TEST_F(EngineController, NoStopIsSentWhileTheEngineThinksOnItsOwnMove) {
    startReady();
    spawn(0).answer_go = false;
    ASSERT_TRUE(engine->search({}, clocks(600s, 600s), t));
    for (int i = 0; i < 100; ++i) (void)engine->poll(t + i * 1s);
    EXPECT_TRUE(spawn(0).sent("stop").empty());
    EXPECT_EQ(engine->state(), EngineState::Searching);
}

TEST_F(EngineController, TakeBackStopsAndDiscardsTheResult) {
    startReady();
    spawn(0).answer_go = false;
    ASSERT_TRUE(engine->search({"", {"e2e4"}}, clocks(60s, 60s), t));
    ASSERT_TRUE(engine->takeBack(t + 1s));
    const auto events = settle(t + 1s);
    EXPECT_EQ(spawn(0).sent("stop").size(), 1u);
    EXPECT_TRUE(eventsOf<BestMoveEvent>(events).empty());
    EXPECT_EQ(engine->state(), EngineState::Idle);
}

TEST_F(EngineController, GarbageIsReportedAndSkipped) {
    startReady();
    spawn(0).say("\x01\x02 garbage");
    spawn(0).say("");
    const auto f = faults(settle(t));
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].kind, FaultKind::Garbage);
    EXPECT_EQ(engine->state(), EngineState::Idle);
    EXPECT_EQ(script.spawns.size(), 1u);
}

TEST_F(EngineController, PingMeasuresTheRoundTripWithTheCallersClock) {
    startReady();
    ASSERT_TRUE(engine->ping(t));
    const auto pongs = eventsOf<PongEvent>(settle(t + 3ms));
    ASSERT_EQ(pongs.size(), 1u);
    EXPECT_EQ(pongs[0].round_trip, 3ms);
}

TEST_F(EngineController, ReadyTimeoutIsAHang) {
    startReady();
    spawn(0).answer_isready = false;
    ASSERT_TRUE(engine->ping(t));
    EXPECT_TRUE(faults(settle(t + settings.timeouts.ready)).empty());
    const auto f = faults(engine->poll(t + settings.timeouts.ready + 1ms));
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].detail, "no readyok in time");
}

TEST_F(EngineController, CrashWhileIdleRestartsWithoutSearching) {
    startReady();
    spawn(0).crash(6);
    const auto events = settle(t);
    ASSERT_EQ(faults(events).size(), 1u);
    EXPECT_EQ(faults(events)[0].exit, (ExitStatus{true, 6}));
    const auto restarted = eventsOf<RestartedEvent>(events);
    ASSERT_EQ(restarted.size(), 1u);
    EXPECT_FALSE(restarted[0].resumed_search);
    EXPECT_TRUE(spawn(1).sent("go").empty());
}

TEST_F(EngineController, SearchDuringGameStartIsQueuedUntilReady) {
    startReady();
    ASSERT_TRUE(engine->newGame(t));
    ASSERT_TRUE(engine->search({}, clocks(1s, 1s), t));
    EXPECT_EQ(eventsOf<BestMoveEvent>(settle(t)).size(), 1u);
}

TEST_F(EngineController, ShutdownQuitsGracefullyOrKillsAfterGrace) {
    startReady();
    engine->shutdown(t);
    auto stopped = eventsOf<StoppedEvent>(settle(t));
    ASSERT_EQ(stopped.size(), 1u);
    EXPECT_EQ(stopped[0].exit, (ExitStatus{false, 0}));
    EXPECT_EQ(engine->state(), EngineState::Stopped);

    startReady();
    spawn(1).exit_on_quit = false;
    engine->shutdown(t);
    EXPECT_TRUE(eventsOf<StoppedEvent>(settle(t + settings.timeouts.quit_grace)).empty());
    stopped = eventsOf<StoppedEvent>(engine->poll(t + settings.timeouts.quit_grace + 1ms));
    ASSERT_EQ(stopped.size(), 1u);
    EXPECT_EQ(stopped[0].exit, (ExitStatus{true, 9}));
}

}  // namespace
}  // namespace oc::engine
