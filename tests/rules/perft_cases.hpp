#pragma once
// The standard perft positions (chessprogramming.org "Perft Results") shared by Perft and DeepPerft.

#include <gtest/gtest.h>

#include <cstdint>
#include <ostream>

#include "rules/position.hpp"

namespace oc::rules::perft_test {

struct PerftCase {
    const char* name;
    const char* fen;
    int depth;
    std::uint64_t nodes;
};

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr const char* kKiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
constexpr const char* kPos3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
constexpr const char* kPos4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
constexpr const char* kPos4Mirror = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
constexpr const char* kPos5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
constexpr const char* kPos6 = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

// gtest's name for a row in failure messages.
inline void PrintTo(const PerftCase& c, std::ostream* os) {
    *os << c.name << " depth " << c.depth;
}

// Checks the row's published node count.
inline void expectPublishedCount(const PerftCase& c) {
    auto pos = Position::fromFen(c.fen);
    ASSERT_TRUE(pos) << pos.error().message;
    EXPECT_EQ(perft(*pos, c.depth), c.nodes) << c.name << " depth " << c.depth;
}

}  // namespace oc::rules::perft_test
