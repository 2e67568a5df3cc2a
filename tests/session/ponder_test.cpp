// Pondering on the human's time: the journal records, the go ponder budget, and what a replay restores.
#include <gtest/gtest.h>

#include "session_test_util.hpp"

namespace oc::session {
namespace {

using namespace std::chrono_literals;
using testing::fakeSetup;
using testing::Game;
using testing::t0;

event::EventSetup ponderSetup() {
    event::EventSetup s = fakeSetup();
    s.engine.ponder = true;
    return s;
}

std::vector<nlohmann::json> ofType(const Game& g, const std::string& type) {
    std::vector<nlohmann::json> out;
    for (const auto& r : g.sink.records)
        if (r.value("type", "") == type) out.push_back(r);
    return out;
}

// 1. e4 e5 (the engine expects 2. Nf3), made and pressed; returns the time of the press.
TimePoint playFirstMove(Game& g) {
    Session& s = *g.session;
    EXPECT_TRUE(s.dispatch(cmd::StartGame{}, t0()));
    EXPECT_TRUE(s.dispatch(cmd::HumanMove{"e4"}, t0() + 1s));
    g.engine.queueMove("e7e5", 10, std::nullopt, "g1f3");
    TimePoint due = *g.engine.nextDue();
    s.poll(due);
    EXPECT_TRUE(s.dispatch(cmd::MadeOnBoard{}, due + 2s));
    EXPECT_TRUE(s.dispatch(cmd::ClockPressed{}, due + 3s));
    return due + 3s;
}

TEST(Ponder, StartsAfterThePressWithTheBudgetLessOneEntryReserve) {
    Game g(ponderSetup());
    TimePoint pressed = playFirstMove(g);
    auto starts = ofType(g, "ponder_start");
    ASSERT_EQ(starts.size(), 1u);
    EXPECT_EQ(starts[0]["expected"], "g1f3");
    EXPECT_EQ(starts[0]["t"].get<std::int64_t>(), ofType(g, "pressed")[0]["t"].get<std::int64_t>());
    ASSERT_TRUE(g.engine.pondering());
    EXPECT_TRUE(g.session->snapshot(pressed).engine_pondering);
    // Entered at the instant of the press, the move is a miss: the search's budget is the same clock
    // reading, and the go ponder figures kept back one more reserve (5 s) for the operator's entry.
    ASSERT_TRUE(g.session->dispatch(cmd::HumanMove{"d4", pressed}, pressed));
    auto go = ofType(g, "go");
    ASSERT_EQ(go.size(), 2u);
    EXPECT_EQ(go[1]["btime"].get<std::int64_t>() - starts[0]["btime"].get<std::int64_t>(), 5000);
    auto miss = ofType(g, "ponder_miss");
    ASSERT_EQ(miss.size(), 1u);
    EXPECT_EQ(miss[0]["expected"], "g1f3");
    EXPECT_EQ(miss[0]["played"], "d2d4");
    EXPECT_EQ(g.engine.ponderStops(), 1);
    EXPECT_EQ(g.engine.stops(), 0);  // E.III 2.3: the computer's own search was never stopped
}

TEST(Ponder, HitContinuesTheSearchAndItsMoveIsTheOnlyOneShown) {
    Game g(ponderSetup());
    TimePoint pressed = playFirstMove(g);
    ASSERT_TRUE(g.session->dispatch(cmd::Recorded{}, pressed + 1s));
    EXPECT_TRUE(g.engine.pondering());
    ASSERT_TRUE(g.session->dispatch(cmd::HumanMove{"Nf3", pressed + 20s}, pressed + 22s));
    auto hits = ofType(g, "ponder_hit");
    ASSERT_EQ(hits.size(), 1u);
    EXPECT_EQ(hits[0]["uci"], "g1f3");
    EXPECT_EQ(ofType(g, "go").size(), 1u);  // no new `go`: the ponder search goes on
    EXPECT_EQ(g.engine.ponderHits(), 1);
    g.engine.queueMove("b8c6");
    TimePoint due = *g.engine.nextDue();
    g.session->poll(due);
    auto snap = g.session->snapshot(due);
    ASSERT_EQ(snap.phase, Phase::EngineMoveShown);
    EXPECT_EQ(snap.engine_move->uci, "b8c6");
    EXPECT_EQ(ofType(g, "engine_move").size(), 2u);
}

TEST(Ponder, EntrySlowerThanTheReserveTurnsTheHitIntoAFreshSearch) {
    Game g(ponderSetup());
    TimePoint pressed = playFirstMove(g);
    // The human pressed 20 s after the computer; the operator entered the move 8 s later (> 5 s reserve):
    // ponderhit would let the engine use 3 s it does not have.
    ASSERT_TRUE(g.session->dispatch(cmd::HumanMove{"Nf3", pressed + 20s}, pressed + 28s));
    auto miss = ofType(g, "ponder_miss");
    ASSERT_EQ(miss.size(), 1u);
    EXPECT_EQ(miss[0]["played"], "g1f3");
    EXPECT_TRUE(miss[0].contains("reason"));
    EXPECT_EQ(ofType(g, "ponder_hit").size(), 0u);
    EXPECT_EQ(ofType(g, "go").size(), 2u);
}

TEST(Ponder, ARestoredGameDoesNotResumeAPonderSearch) {
    Game g(ponderSetup());
    TimePoint pressed = playFirstMove(g);
    ASSERT_TRUE(g.engine.pondering());
    MemorySink sink;
    FakeEngine engine(legalMovesAfter, 1);
    auto back = Session::restore(g.sink.records, sink, engine);
    ASSERT_TRUE(back) << back.error();
    Session& s = **back;
    EXPECT_EQ(s.lastRecordTime(), pressed);  // ponder records are audit only, like go and engine I/O
    EXPECT_EQ(s.pgn(), g.session->pgn());
    s.poll(pressed + 1s);
    EXPECT_FALSE(s.snapshot(pressed + 1s).engine_pondering);
    EXPECT_FALSE(engine.pondering());
    ASSERT_TRUE(s.dispatch(cmd::HumanMove{"Nf3", pressed + 5s}, pressed + 6s));
    EXPECT_EQ(engine.ponderHits(), 0);
    EXPECT_TRUE(engine.lastSearch());  // a normal search
}

// A link that (wrongly) reports a bestmove for the ponder search: the session must not show it.
class LeakyEngine : public FakeEngine {
  public:
    LeakyEngine() : FakeEngine(legalMovesAfter, 1) {}
    void startPonder(const SearchRequest& req, TimePoint now) override {
        ponder_id = req.id;
        FakeEngine::startPonder(req, now);
    }
    std::vector<EngineEvent> poll(TimePoint now) override {
        auto out = FakeEngine::poll(now);
        if (pondering()) out.emplace_back(engine_event::BestMove{ponder_id, "b8c6", std::nullopt, 5, ""});
        return out;
    }
    std::uint64_t ponder_id = 0;
};

TEST(Ponder, APonderSearchsBestmoveIsNeverShown) {
    MemorySink sink;
    LeakyEngine engine;
    auto created = Session::create(ponderSetup(), sink, engine, t0());
    ASSERT_TRUE(created);
    Session& s = **created;
    ASSERT_TRUE(s.dispatch(cmd::StartGame{}, t0()));
    ASSERT_TRUE(s.dispatch(cmd::HumanMove{"e4"}, t0() + 1s));
    engine.queueMove("e7e5", 10, std::nullopt, "g1f3");
    TimePoint due = *engine.nextDue();
    s.poll(due);
    ASSERT_TRUE(s.dispatch(cmd::MadeOnBoard{}, due + 2s));
    ASSERT_TRUE(s.dispatch(cmd::ClockPressed{}, due + 3s));
    ASSERT_TRUE(engine.pondering());
    s.poll(due + 10s);
    auto snap = s.snapshot(due + 10s);
    EXPECT_EQ(snap.phase, Phase::HumanToMove);
    EXPECT_FALSE(snap.engine_move);
    EXPECT_EQ(snap.moves.size(), 2u);
}

TEST(Ponder, OffByDefaultEvenWhenTheEngineExpectsAReply) {
    Game g(fakeSetup());
    playFirstMove(g);
    EXPECT_FALSE(g.engine.pondering());
    EXPECT_EQ(ofType(g, "ponder_start").size(), 0u);
}

TEST(Ponder, BoardDifferingFromTheEnginesMoveMeansNoPondering) {
    Game g(ponderSetup());
    Session& s = *g.session;
    ASSERT_TRUE(s.dispatch(cmd::StartGame{}, t0()));
    ASSERT_TRUE(s.dispatch(cmd::HumanMove{"e4"}, t0() + 1s));
    g.engine.queueMove("e7e5", 10, std::nullopt, "g1f3");
    TimePoint due = *g.engine.nextDue();
    s.poll(due);
    ASSERT_TRUE(s.dispatch(cmd::MadeOnBoard{"c5"}, due + 2s));  // IRR-07 breach
    ASSERT_TRUE(s.dispatch(cmd::ClockPressed{}, due + 3s));
    EXPECT_FALSE(g.engine.pondering());
}

}  // namespace
}  // namespace oc::session
