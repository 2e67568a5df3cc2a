// The one EngineLink both shells use, over a scripted engine: real time (the GUI) delivers the bestmove
// at once after `go` with the clock readings; simulated time (operator-cli play) searches a fixed node
// count and holds the move back until its simulated thinking time has passed.
#include "host/bridge_engine_link.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "scripted_transport.hpp"
#include "sim/fake_engine.hpp"

namespace oc::host {
namespace {

using namespace std::chrono_literals;
using session::EngineEvent;
using session::engine_event::BestMove;
using session::engine_event::Line;

const session::TimePoint kT0 = session::TimePoint{} + 1h;

using engine::testing::eventsOf;

session::SearchRequest request(std::uint64_t id) {
    session::SearchRequest req;
    req.id = id;
    req.moves = {"e2e4", "e7e5"};
    req.go.wtime = 60000ms;
    req.go.btime = 50000ms;
    req.go.winc = 1000ms;
    req.go.binc = 1000ms;
    return req;
}

class BridgeEngineLinkTest : public ::testing::Test {
  protected:
    // White's answer after 1.e4 e5 (the bridge checks every bestmove against the rules).
    BridgeEngineLinkTest() {
        script.configure = [](engine::testing::ScriptState& s, int) { s.bestmove = "g1f3"; };
    }
    // Polls a few times (the scripted engine answers one poll later) and collects what came out.
    std::vector<EngineEvent> settle(BridgeEngineLink& link, session::TimePoint now) {
        std::vector<EngineEvent> events;
        for (int i = 0; i < 8; ++i) {
            auto more = link.poll(now);
            events.insert(events.end(), more.begin(), more.end());
        }
        return events;
    }
    std::vector<std::string> sent(const std::string& prefix) { return script.spawns.at(0)->sent(prefix); }

    engine::testing::ScriptedEngine script;
    event::EngineSettings settings{"scripted", {}, {{"Hash", "64"}}};
};

TEST_F(BridgeEngineLinkTest, RealTimeSearchSendsTheClocksAndDeliversTheMoveAtOnce) {
    BridgeEngineLink link(settings, {}, script.factory());
    link.startSearch(request(7), kT0);  // before the engine is up: held until it is ready
    EXPECT_TRUE(link.busy());
    const auto events = settle(link, kT0);
    ASSERT_EQ(sent("go").size(), 1u);
    EXPECT_EQ(sent("go").front(), "go wtime 60000 btime 50000 winc 1000 binc 1000");
    const auto moves = eventsOf<BestMove>(events);
    ASSERT_EQ(moves.size(), 1u);
    EXPECT_EQ(moves.front().search, 7u);
    EXPECT_EQ(moves.front().uci, "g1f3");
    EXPECT_FALSE(eventsOf<Line>(events).empty());  // the protocol lines, for the journal
    EXPECT_FALSE(link.busy());
    EXPECT_EQ(link.nextDue(), std::nullopt);
}

// E.III 3.4: the engine's request reaches the session typed; a carried-out change goes to the engine
// before the next search's `go`, once the engine is idle.
TEST_F(BridgeEngineLinkTest, RequestedOptionIsForwardedAndSentBeforeTheNextGo) {
    BridgeEngineLink link(settings, {}, script.factory());
    (void)settle(link, kT0);
    script.spawns.at(0)->say("info string request-option name Style value Normal");
    const auto requests = eventsOf<session::engine_event::OptionRequest>(settle(link, kT0));
    ASSERT_EQ(requests.size(), 1u);
    EXPECT_EQ(requests.front().name, "Style");
    EXPECT_EQ(requests.front().value, "Normal");
    link.setOption("Style", "Normal", kT0);
    link.startSearch(request(3), kT0);
    const auto events = settle(link, kT0);
    EXPECT_EQ(eventsOf<BestMove>(events).size(), 1u);
    const auto& rx = script.spawns.at(0)->received;
    auto option = std::find(rx.begin(), rx.end(), "setoption name Style value Normal");
    auto go = std::find_if(rx.begin(), rx.end(), [](const std::string& l) { return l.rfind("go ", 0) == 0; });
    ASSERT_NE(option, rx.end());
    ASSERT_NE(go, rx.end());
    EXPECT_LT(option, go);
}

TEST_F(BridgeEngineLinkTest, StoppedSearchesLateAnswerIsDropped) {
    BridgeEngineLink link(settings, {}, script.factory());
    (void)settle(link, kT0);
    script.spawns.at(0)->answer_go = false;
    link.startSearch(request(1), kT0);
    (void)settle(link, kT0);
    link.stop(kT0 + 1s);
    EXPECT_TRUE(eventsOf<BestMove>(settle(link, kT0 + 1s)).empty());
}

TEST_F(BridgeEngineLinkTest, SimulatedTimeSearchesNodesAndHoldsTheMoveUntilItsThinkingTime) {
    auto link = BridgeEngineLink::startBlocking(settings, {true, 1234}, script.factory());
    ASSERT_TRUE(link) << link.error();
    const auto req = request(3);
    (*link)->startSearch(req, kT0);
    const auto early = settle(**link, kT0);
    EXPECT_TRUE(eventsOf<BestMove>(early).empty());
    ASSERT_FALSE(sent("go").empty());
    EXPECT_EQ(sent("go").back(), "go nodes 1234");
    const auto due = kT0 + sim::simulatedThinkTime(req.go, rules::Color::White);
    EXPECT_EQ((*link)->nextDue(), due);
    const auto moves = eventsOf<BestMove>(settle(**link, due));
    ASSERT_EQ(moves.size(), 1u);
    EXPECT_EQ(moves.front().search, 3u);
    EXPECT_EQ((*link)->nextDue(), std::nullopt);
}

TEST_F(BridgeEngineLinkTest, BlockingStartNamesTheFailedStep) {
    script.configure = [](engine::testing::ScriptState& s, int) {
        s.answer_uci = false;
        s.crash(6);
    };
    auto link = BridgeEngineLink::startBlocking(settings, {true, 1000}, script.factory());
    ASSERT_FALSE(link);
    EXPECT_NE(link.error().find("engine handshake"), std::string::npos) << link.error();
}

// Pondering (engine.ponder): `setoption name Ponder value true`, `go ponder` on the expected reply,
// `ponderhit` continues it as the computer's search; a ponder search never reports a move of its own.
session::SearchRequest ponderRequest(std::uint64_t id) {
    session::SearchRequest req = request(id);
    req.moves.push_back("g1f3");
    return req;
}

TEST_F(BridgeEngineLinkTest, PonderHitTurnsThePonderSearchIntoTheSearch) {
    settings.ponder = true;
    script.configure = [](engine::testing::ScriptState& s, int) { s.bestmove = "b8c6"; };
    BridgeEngineLink link(settings, {}, script.factory());
    EXPECT_EQ(link.offersPonder(), std::nullopt);  // not known before the handshake
    (void)settle(link, kT0);
    EXPECT_EQ(link.offersPonder(), true);
    EXPECT_EQ(sent("setoption name Ponder"), std::vector<std::string>{"setoption name Ponder value true"});
    link.startPonder(ponderRequest(4), kT0);
    EXPECT_TRUE(eventsOf<BestMove>(settle(link, kT0)).empty());
    EXPECT_EQ(sent("go").back(), "go ponder wtime 60000 btime 50000 winc 1000 binc 1000");
    EXPECT_TRUE(link.busy());
    link.ponderHit(ponderRequest(5), kT0 + 3s);
    const auto moves = eventsOf<BestMove>(settle(link, kT0 + 3s));
    EXPECT_EQ(sent("ponderhit").size(), 1u);
    EXPECT_TRUE(sent("stop").empty());
    ASSERT_EQ(moves.size(), 1u);
    EXPECT_EQ(moves.front().search, 5u);
    EXPECT_EQ(moves.front().uci, "b8c6");
}

TEST_F(BridgeEngineLinkTest, StoppedPonderSearchsAnswerIsDroppedAndTheSearchFollows) {
    settings.ponder = true;
    script.configure = [](engine::testing::ScriptState& s, int) { s.bestmove = "b8c6"; };
    BridgeEngineLink link(settings, {}, script.factory());
    (void)settle(link, kT0);
    link.startPonder(ponderRequest(4), kT0);
    (void)settle(link, kT0);
    link.stopPonder(kT0 + 2s);  // the human played 2. Bc4, not 2. Nf3
    session::SearchRequest real = request(5);
    real.moves.push_back("f1c4");
    link.startSearch(real, kT0 + 2s);
    const auto moves = eventsOf<BestMove>(settle(link, kT0 + 2s));
    EXPECT_EQ(sent("stop").size(), 1u);
    EXPECT_TRUE(sent("ponderhit").empty());
    ASSERT_EQ(moves.size(), 1u);  // the ponder search's bestmove after `stop` was discarded
    EXPECT_EQ(moves.front().search, 5u);
}

TEST_F(BridgeEngineLinkTest, AnEngineWithoutThePonderOptionSaysSo) {
    settings.ponder = true;
    script.configure = [](engine::testing::ScriptState& s, int) { s.offer_ponder = false; };
    BridgeEngineLink link(settings, {}, script.factory());
    (void)settle(link, kT0);
    EXPECT_EQ(link.offersPonder(), false);  // the session refuses to start the game (E.III 2.2)
    EXPECT_TRUE(sent("setoption name Ponder").empty());
}

}  // namespace
}  // namespace oc::host
