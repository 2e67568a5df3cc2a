// Real Debian engines: Stockfish and Toga II (and GNU Chess in UCI mode). Small searches only.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>

#include "engine_bridge/engine.hpp"
#include "engine_bridge/uci_parser.hpp"
#include "process_helpers.hpp"

namespace oc::engine {
namespace {

using namespace std::chrono_literals;
using testing::Pump;

bool installed(const std::string& path) {
    return ::access(path.c_str(), X_OK) == 0;
}

const Option* findOption(const Engine& engine, const std::string& name) {
    const auto& options = engine.offeredOptions();
    const auto it =
        std::find_if(options.begin(), options.end(), [&](const Option& o) { return o.name == name; });
    return it == options.end() ? nullptr : &*it;
}

class EngineReal : public ::testing::Test {
  protected:
    void TearDown() override {
        if (engine && engine->state() != EngineState::Stopped) {
            engine->shutdown(SteadyClock::now());
            EXPECT_TRUE(pump->untilEvent<StoppedEvent>(5s));
        }
        engine.reset();
        EXPECT_EQ(testing::zombieChildren(), 0);
    }

    void start(ProcessSpec spec, std::vector<OptionSetting> options, bool ponder) {
        if (!installed(spec.command)) GTEST_SKIP() << spec.command << " is not installed";
        EngineSettings s{std::move(spec), std::move(options), ponder, {}, 1};
        engine = std::make_unique<Engine>(s, makeRulesValidator());
        pump = std::make_unique<Pump>(*engine);
        ASSERT_TRUE(engine->start(SteadyClock::now()));
        ASSERT_TRUE(pump->untilEvent<ReadyEvent>(15s)) << "no handshake";
        ASSERT_TRUE(engine->newGame(SteadyClock::now()));
        ASSERT_TRUE(pump->untilEvent<ReadyEvent>(15s));
    }

    BestMoveEvent searchDepth(const GameRecord& game, int depth) {
        GoParams p;
        p.depth = depth;
        const std::size_t before = pump->all<BestMoveEvent>().size();
        EXPECT_TRUE(engine->search(game, p, SteadyClock::now()));
        EXPECT_TRUE(pump->untilEvent<BestMoveEvent>(30s));
        const auto moves = pump->all<BestMoveEvent>();
        return moves.size() > before ? moves.back() : BestMoveEvent{};
    }

    // Search, then ponder on the predicted reply and play it (hit) or another reply (miss).
    void ponderRound(bool hit) {
        GoParams p;
        p.wtime = 2000ms;
        p.btime = 2000ms;
        const std::size_t before = pump->all<BestMoveEvent>().size();
        ASSERT_TRUE(engine->search({"", {"e2e4"}}, p, SteadyClock::now()));
        ASSERT_TRUE(pump->untilEvent<BestMoveEvent>(30s));
        const auto first = pump->all<BestMoveEvent>().back();
        ASSERT_TRUE(first.ponder) << "no ponder move from " << engine->identity().name;
        GameRecord predicted{"", {"e2e4", first.move, *first.ponder}};
        ASSERT_TRUE(engine->ponder(predicted, p, SteadyClock::now()));
        EXPECT_FALSE(pump->untilEvent<BestMoveEvent>(200ms)) << "bestmove while pondering";
        GameRecord actual = predicted;
        if (!hit) actual.moves.back() = *first.ponder == "a2a3" ? "h2h3" : "a2a3";
        ASSERT_TRUE(engine->opponentMoved(actual, p, SteadyClock::now()));
        ASSERT_TRUE(pump->untilEvent<BestMoveEvent>(30s));
        EXPECT_EQ(pump->all<BestMoveEvent>().size(), before + 2);
        EXPECT_TRUE(pump->all<FaultEvent>().empty());
    }

    std::unique_ptr<Engine> engine;
    std::unique_ptr<Pump> pump;
};

TEST_F(EngineReal, StockfishHandshakeOptionsAndSearch) {
    start({"/usr/games/stockfish", {}, "", {}}, {{"Hash", "16"}, {"Threads", "1"}}, false);
    EXPECT_EQ(engine->identity().name.rfind("Stockfish", 0), 0u) << engine->identity().name;
    const Option* hash = findOption(*engine, "Hash");
    ASSERT_NE(hash, nullptr);
    EXPECT_EQ(hash->type, OptionType::Spin);
    EXPECT_EQ(hash->min, 1);
    const auto best = searchDepth({"", {"e2e4", "e7e5"}}, 8);
    EXPECT_TRUE(looksLikeUciMove(best.move)) << best.move;
    const auto infos = pump->all<InfoEvent>();
    EXPECT_TRUE(
        std::any_of(infos.begin(), infos.end(), [](const InfoEvent& e) { return e.info.depth == 8; }));
    EXPECT_TRUE(pump->all<FaultEvent>().empty());
    engine->shutdown(SteadyClock::now());
    ASSERT_TRUE(pump->untilEvent<StoppedEvent>(5s));
    EXPECT_EQ(pump->all<StoppedEvent>().back().exit, (ExitStatus{false, 0}));
}

TEST_F(EngineReal, StockfishPonderHit) {
    start({"/usr/games/stockfish", {}, "", {}}, {{"Hash", "16"}}, true);
    ponderRound(true);
}

TEST_F(EngineReal, StockfishPonderMiss) {
    start({"/usr/games/stockfish", {}, "", {}}, {{"Hash", "16"}}, true);
    ponderRound(false);
}

TEST_F(EngineReal, StockfishFromFenWithMoves) {
    start({"/usr/games/stockfish", {}, "", {}}, {}, false);
    // White mates in one: Qh5xf7 is the only mate; depth 4 finds it.
    const GameRecord game{"r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3", {}};
    EXPECT_EQ(searchDepth(game, 4).move, "h5f7");
}

TEST_F(EngineReal, TogaHandshakeSearchAndPonder) {
    start({"/usr/games/toga2", {}, "", {}}, {{"Hash", "16"}}, true);
    EXPECT_NE(engine->identity().name.find("Toga"), std::string::npos) << engine->identity().name;
    EXPECT_NE(findOption(*engine, "Hash"), nullptr);
    EXPECT_TRUE(looksLikeUciMove(searchDepth({"", {"d2d4"}}, 5).move));
    ponderRound(true);
}

TEST_F(EngineReal, GnuChessInUciMode) {
    start({"/usr/games/gnuchess", {"--uci"}, "", {}}, {}, false);
    EXPECT_NE(engine->identity().name.find("GNU Chess"), std::string::npos) << engine->identity().name;
    EXPECT_TRUE(looksLikeUciMove(searchDepth({"", {"e2e4"}}, 3).move));
}

}  // namespace
}  // namespace oc::engine
