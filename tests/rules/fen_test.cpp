// FEN round trips and every validation error.
#include <gtest/gtest.h>

#include "rules/position.hpp"

namespace oc::rules {
namespace {

TEST(Fen, RoundTripsStandardPositions) {
    for (const char* fen : {
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
             "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
             "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
             "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
             "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
             "4k3/8/8/8/8/8/8/4K2R w K - 99 150",
             "r3k3/8/8/8/8/8/8/4K3 b q - 0 1",
         }) {
        auto pos = Position::fromFen(fen);
        ASSERT_TRUE(pos) << fen << ": " << pos.error().message;
        EXPECT_EQ(pos->fen(), fen);
    }
}

TEST(Fen, StartposEqualsParsedInitialArray) {
    EXPECT_EQ(Position::startpos().fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

TEST(Fen, FourFieldsDefaultTheCounters) {
    auto pos = Position::fromFen("4k3/8/8/8/8/8/8/4K3 w - -");
    ASSERT_TRUE(pos);
    EXPECT_EQ(pos->fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

TEST(Fen, PlayedMovesGiveExpectedFen) {
    Position p = Position::startpos();
    for (const char* uci : {"e2e4", "d7d5", "e4e5", "f7f5"}) {
        auto m = parseUci(p, uci);
        ASSERT_TRUE(m) << m.error();
        p = p.play(*m);
    }
    EXPECT_EQ(p.fen(), "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
}

struct BadFen {
    const char* fen;
    FenError::Code code;
    const char* fragment;
};

void PrintTo(const BadFen& c, std::ostream* os) {
    *os << c.fen;
}

class FenErrors : public ::testing::TestWithParam<BadFen> {};

TEST_P(FenErrors, NamesTheFirstProblem) {
    const auto& c = GetParam();
    auto pos = Position::fromFen(c.fen);
    ASSERT_FALSE(pos) << c.fen;
    EXPECT_EQ(pos.error().code, c.code) << pos.error().message;
    EXPECT_NE(pos.error().message.find(c.fragment), std::string::npos) << pos.error().message;
}

INSTANTIATE_TEST_SUITE_P(
    All, FenErrors,
    ::testing::Values(
        BadFen{"", FenError::Code::Malformed, "found 0"},
        BadFen{"4k3/8/8/8/8/8/8/4K3 w - - 0", FenError::Code::Malformed, "found 5"},
        BadFen{"4k3/8/8/8/8/8/8 w - - 0 1", FenError::Code::Malformed, "7 ranks"},
        BadFen{"4k3/8/8/8/8/8/8/4K3/8 w - - 0 1", FenError::Code::Malformed, "more than 8 ranks"},
        BadFen{"4k3/9/8/8/8/8/8/4K3 w - - 0 1", FenError::Code::Malformed, "'9'"},
        BadFen{"4k3/7/8/8/8/8/8/4K3 w - - 0 1", FenError::Code::Malformed, "rank 7 has 7 squares"},
        BadFen{"4k3/ppppppppp/8/8/8/8/8/4K3 w - - 0 1", FenError::Code::Malformed, "more than 8 squares"},
        BadFen{"4k3/8/8/8/8/8/8/4X3 w - - 0 1", FenError::Code::Malformed, "unknown piece letter 'X'"},
        BadFen{"4k3/8/8/8/8/8/8/4K3 x - - 0 1", FenError::Code::Malformed, "side to move"},
        BadFen{"4k3/8/8/8/8/8/8/4K3 w KX - 0 1", FenError::Code::Malformed, "castling field"},
        BadFen{"4k3/8/8/8/8/8/8/4K3 w - e9 0 1", FenError::Code::Malformed, "en-passant field"},
        BadFen{"4k3/8/8/8/8/8/8/4K3 w - - x 1", FenError::Code::Malformed, "half-move clock"},
        BadFen{"4k3/8/8/8/8/8/8/4K3 w - - 0 0", FenError::Code::Malformed, "move number"},
        BadFen{"8/8/8/8/8/8/8/4K3 w - - 0 1", FenError::Code::KingCount, "Black has 0 kings"},
        BadFen{"4k3/8/8/8/8/8/8/3KK3 w - - 0 1", FenError::Code::KingCount, "White has 2 kings"},
        BadFen{"4k2P/8/8/8/8/8/8/4K3 w - - 0 1", FenError::Code::PawnOnBackRank, "pawn on h8"},
        BadFen{"4k3/8/8/8/8/8/8/p3K3 w - - 0 1", FenError::Code::PawnOnBackRank, "pawn on a1"},
        BadFen{"4k3/8/8/8/8/8/PPPPPPPP/P3K3 w - - 0 1", FenError::Code::PawnOnBackRank, "pawn on a1"},
        BadFen{"4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", FenError::Code::TooManyPieces, "more than 8 pawns"},
        BadFen{"4k3/8/8/8/NNNNNNNN/NNNNNNNN/8/4K3 w - - 0 1", FenError::Code::TooManyPieces, "more than 16"},
        BadFen{"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", FenError::Code::OpponentInCheck,
               "Black is in check but it is White to move"},
        BadFen{"8/8/8/8/8/8/3k4/3K4 w - - 0 1", FenError::Code::OpponentInCheck, "Black is in check"},
        BadFen{"4k3/8/8/8/8/8/8/4K3 w K - 0 1", FenError::Code::CastlingRights, "no rook on h1"},
        BadFen{"4k3/8/8/8/8/8/8/R2K4 w Q - 0 1", FenError::Code::CastlingRights, "king is not on e1"},
        BadFen{"1r2k3/8/8/8/8/8/8/4K3 w q - 0 1", FenError::Code::CastlingRights, "no rook on a8"},
        BadFen{"4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", FenError::Code::EnPassant,
               "impossible with White to move"},
        BadFen{"4k3/8/8/8/8/8/8/4K3 b - e3 0 1", FenError::Code::EnPassant, "no White pawn on e4"},
        BadFen{"4k3/4n3/8/4p3/8/8/8/4K3 w - e6 0 1", FenError::Code::EnPassant, "occupied"},
        BadFen{"r3k3/8/8/8/8/1n6/8/K1r5 w - - 0 1", FenError::Code::TooManyCheckers, "more than two"}));

}  // namespace
}  // namespace oc::rules
