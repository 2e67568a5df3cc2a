#include <gtest/gtest.h>

#include "engine_bridge/validator.hpp"

namespace oc::engine {
namespace {

TEST(EngineRulesValidator, AcceptsLegalGamesAndMoves) {
    const auto v = makeRulesValidator();
    EXPECT_TRUE(v->checkGame({}));
    EXPECT_TRUE(v->checkGame({"", {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"}}));
    EXPECT_TRUE(v->checkMove({"", {"e2e4", "e7e5"}}, "g1f3"));
    EXPECT_TRUE(v->checkMove({"8/P7/8/8/8/8/k7/2K5 w - - 0 1", {}}, "a7a8q"));
}

TEST(EngineRulesValidator, RefusesIllegalMovesWithTheReason) {
    const auto v = makeRulesValidator();
    const auto illegal = v->checkMove({"", {"e2e4", "e7e5"}}, "e2e5");
    ASSERT_FALSE(illegal);
    EXPECT_FALSE(illegal.error().empty());
    EXPECT_FALSE(v->checkMove({}, "zz99"));
    EXPECT_FALSE(v->checkMove({}, ""));
    const auto bad_game = v->checkGame({"", {"e2e4", "e2e4"}});
    ASSERT_FALSE(bad_game);
    EXPECT_EQ(bad_game.error().rfind("move 2 'e2e4': ", 0), 0u) << bad_game.error();
}

TEST(EngineRulesValidator, RefusesBadFensAndFinishedGames) {
    const auto v = makeRulesValidator();
    const auto bad_fen = v->checkGame({"8/8/8/8/8/8/8/8 w - - 0 1", {}});
    ASSERT_FALSE(bad_fen);
    EXPECT_EQ(bad_fen.error().rfind("start FEN refused: ", 0), 0u) << bad_fen.error();
    // Fool's mate: White is checkmated, nothing to search.
    const auto mated = v->checkGame({"", {"f2f3", "e7e5", "g2g4", "d8h4"}});
    ASSERT_FALSE(mated);
    EXPECT_EQ(mated.error(), "the side to move has no legal move (the game is over)");
}

}  // namespace
}  // namespace oc::engine
