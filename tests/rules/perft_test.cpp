// Perft counts on the standard positions (chessprogramming.org "Perft Results"); deep ones in DeepPerft.
#include <gtest/gtest.h>

#include "rules/position.hpp"

namespace oc::rules {
namespace {

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

void PrintTo(const PerftCase& c, std::ostream* os) {
    *os << c.name << " depth " << c.depth;
}

class Perft : public ::testing::TestWithParam<PerftCase> {};

TEST_P(Perft, MatchesPublishedCount) {
    const auto& c = GetParam();
    auto pos = Position::fromFen(c.fen);
    ASSERT_TRUE(pos) << pos.error().message;
    EXPECT_EQ(perft(*pos, c.depth), c.nodes) << c.name << " depth " << c.depth;
}

INSTANTIATE_TEST_SUITE_P(
    Standard, Perft,
    ::testing::Values(PerftCase{"start", kStart, 1, 20}, PerftCase{"start", kStart, 2, 400},
                      PerftCase{"start", kStart, 3, 8902}, PerftCase{"start", kStart, 4, 197281},
                      PerftCase{"start", kStart, 5, 4865609}, PerftCase{"kiwipete", kKiwipete, 1, 48},
                      PerftCase{"kiwipete", kKiwipete, 2, 2039}, PerftCase{"kiwipete", kKiwipete, 3, 97862},
                      PerftCase{"kiwipete", kKiwipete, 4, 4085603}, PerftCase{"pos3", kPos3, 1, 14},
                      PerftCase{"pos3", kPos3, 3, 2812}, PerftCase{"pos3", kPos3, 5, 674624},
                      PerftCase{"pos4", kPos4, 1, 6}, PerftCase{"pos4", kPos4, 3, 9467},
                      PerftCase{"pos4", kPos4, 4, 422333}, PerftCase{"pos4-mirror", kPos4Mirror, 4, 422333},
                      PerftCase{"pos5", kPos5, 1, 44}, PerftCase{"pos5", kPos5, 3, 62379},
                      PerftCase{"pos5", kPos5, 4, 2103487}, PerftCase{"pos6", kPos6, 1, 46},
                      PerftCase{"pos6", kPos6, 3, 89890}, PerftCase{"pos6", kPos6, 4, 3894594}));

}  // namespace
}  // namespace oc::rules
