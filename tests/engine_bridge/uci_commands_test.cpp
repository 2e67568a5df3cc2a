#include "engine_bridge/uci_commands.hpp"

#include <gtest/gtest.h>

namespace oc::engine {
namespace {

using std::chrono::milliseconds;

TEST(EngineProtocolFormat, FixedCommands) {
    EXPECT_EQ(formatUci(), "uci");
    EXPECT_EQ(formatIsReady(), "isready");
    EXPECT_EQ(formatUciNewGame(), "ucinewgame");
    EXPECT_EQ(formatPonderHit(), "ponderhit");
    EXPECT_EQ(formatStop(), "stop");
    EXPECT_EQ(formatQuit(), "quit");
}

TEST(EngineProtocolFormat, SetOption) {
    EXPECT_EQ(formatSetOption("Hash", "128").value(), "setoption name Hash value 128");
    EXPECT_EQ(formatSetOption("Skill Level", "3").value(), "setoption name Skill Level value 3");
    EXPECT_EQ(formatSetOption("Clear Hash", std::nullopt).value(), "setoption name Clear Hash");
    EXPECT_EQ(formatSetOption("SyzygyPath", "/tb/a b").value(), "setoption name SyzygyPath value /tb/a b");
}

TEST(EngineProtocolFormat, SetOptionRefusesInjectionAndAmbiguity) {
    EXPECT_FALSE(formatSetOption("Hash", "1\nquit"));
    EXPECT_FALSE(formatSetOption("Hash\r", "1"));
    EXPECT_FALSE(formatSetOption("", "1"));
    EXPECT_FALSE(formatSetOption("My value", "1"));
    const auto error = formatSetOption("Hash", "1\ngo infinite").error();
    EXPECT_NE(error.find("one line"), std::string::npos) << error;
}

TEST(EngineProtocolFormat, PositionStartposAndFen) {
    EXPECT_EQ(formatPosition({}).value(), "position startpos");
    EXPECT_EQ(formatPosition({"", {"e2e4", "e7e5"}}).value(), "position startpos moves e2e4 e7e5");
    const std::string fen = "8/8/8/8/8/8/k7/K7 w - - 0 1";
    EXPECT_EQ(formatPosition({fen, {"a1b1"}}).value(), "position fen " + fen + " moves a1b1");
}

TEST(EngineProtocolFormat, PositionSendsTheWholeGameForRepetitions) {
    GameRecord game{"", {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"}};
    EXPECT_EQ(formatPosition(game).value(),
              "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
}

TEST(EngineProtocolFormat, PositionRefusesBrokenInput) {
    EXPECT_FALSE(formatPosition({"", {"e2e4", "e7e5\nquit"}}));
    EXPECT_FALSE(formatPosition({"8/8 w\n", {}}));
    EXPECT_EQ(formatPosition({"", {"e2e4", "Nf3"}}).error(),
              "move 2 'Nf3' is not a UCI move (expected like e2e4 or e7e8q)");
}

TEST(EngineProtocolFormat, GoWithClocks) {
    GoParams p;
    p.wtime = milliseconds{60000};
    p.btime = milliseconds{55000};
    p.winc = milliseconds{1000};
    p.binc = milliseconds{1000};
    p.movestogo = 12;
    EXPECT_EQ(formatGo(p), "go wtime 60000 btime 55000 winc 1000 binc 1000 movestogo 12");
    p.ponder = true;
    EXPECT_EQ(formatGo(p), "go ponder wtime 60000 btime 55000 winc 1000 binc 1000 movestogo 12");
}

TEST(EngineProtocolFormat, GoOtherLimitsAndNegativeTime) {
    GoParams p;
    EXPECT_EQ(formatGo(p), "go");
    p.movetime = milliseconds{250};
    p.depth = 6;
    p.nodes = 1000;
    EXPECT_EQ(formatGo(p), "go movetime 250 depth 6 nodes 1000");
    GoParams flagged;
    flagged.wtime = milliseconds{-300};
    EXPECT_EQ(formatGo(flagged), "go wtime 0");
    GoParams infinite;
    infinite.infinite = true;
    EXPECT_EQ(formatGo(infinite), "go infinite");
}

}  // namespace
}  // namespace oc::engine
