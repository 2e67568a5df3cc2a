// Position queries, UCI text and SAN check marks.
#include <gtest/gtest.h>

#include "test_util.hpp"

namespace oc::rules {
namespace {

using test::fen;
using test::san;

// Built by this file's static initialiser, possibly before the library's own: must still work.
const Position kEarly = *Position::fromFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");

TEST(Position, UsableFromAnotherStaticInitialiser) {
    EXPECT_EQ(kEarly.legalMoves().size(), 26u);
}

TEST(Position, Queries) {
    const Position p = Position::startpos();
    EXPECT_EQ(p.pieceAt(Square::E1), (Piece{Color::White, PieceType::King}));
    EXPECT_EQ(p.pieceAt(Square::D8), (Piece{Color::Black, PieceType::Queen}));
    EXPECT_FALSE(p.pieceAt(Square::E4));
    EXPECT_EQ(p.kingSquare(Color::Black), Square::E8);
    EXPECT_EQ(p.sideToMove(), Color::White);
    EXPECT_EQ(p.legalMoves().size(), 20u);
    EXPECT_FALSE(p.inCheck());
    EXPECT_TRUE(p.castling().has(Color::Black, CastleSide::Queen));
    EXPECT_EQ(squareName(Square::H8), "h8");
    EXPECT_EQ(parseSquare("c6"), Square::C6);
    EXPECT_FALSE(parseSquare("i9"));
}

TEST(Position, EnPassantRightOnlyWhenTheCaptureIsLegal) {
    const Position legal = fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    EXPECT_TRUE(legal.hasLegalEpCapture());
    EXPECT_TRUE(legal.isCapture(san(legal, "exf6")));
    const Position beside =
        fen("rnbqkbnr/pppp1ppp/8/8/4p3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").play(Move(Square::D2, Square::D4));
    EXPECT_EQ(beside.epSquare(), Square::D3);
    EXPECT_TRUE(beside.hasLegalEpCapture());  // the e4 pawn may take on d3
    const Position after_e4 = Position::startpos().play(Move(Square::E2, Square::E4));
    EXPECT_EQ(after_e4.epSquare(), Square::E3);  // FEN keeps the square after every double step
    EXPECT_FALSE(after_e4.hasLegalEpCapture());  // but no pawn can take: not part of the identity
    EXPECT_TRUE(
        after_e4.sameForRepetition(fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")));
    const Position pinned = fen("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2");
    EXPECT_FALSE(pinned.hasLegalEpCapture());  // bxc6 would expose the king on the 5th rank
    EXPECT_FALSE(parseSan(pinned, "bxc6"));
}

TEST(Position, CastlingRightsFollowKingAndRooks) {
    Position p = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    p = p.play(san(p, "Rxa8+"));
    EXPECT_FALSE(p.castling().has(Color::White, CastleSide::Queen));
    EXPECT_FALSE(p.castling().has(Color::Black, CastleSide::Queen));
    EXPECT_TRUE(p.castling().has(Color::Black, CastleSide::King));
    EXPECT_EQ(p.fen(), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
}

TEST(Uci, ReadAndWrite) {
    const Position p = fen("4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1");
    EXPECT_EQ(toUci(*parseUci(p, "b7b8n")), "b7b8n");
    EXPECT_EQ(parseUci(p, "e1c1")->kind(), Move::Kind::Castling);
    EXPECT_FALSE(parseUci(p, "b7b8"));  // promotion piece missing
    EXPECT_FALSE(parseUci(p, "e1e3"));  // not legal
    EXPECT_FALSE(parseUci(p, "e1"));    // malformed
    EXPECT_NE(parseUci(p, "z9z9").error().find("not a UCI move"), std::string::npos);
}

TEST(San, CheckAndMateMarks) {
    const Position p = fen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    EXPECT_EQ(toSan(p, Move(Square::H5, Square::F7)), "Qxf7#");
    EXPECT_EQ(toSan(p, Move(Square::C4, Square::F7)), "Bxf7+");
    EXPECT_EQ(toSan(p, Move(Square::E1, Square::F1)), "Kf1");
}

TEST(Endings, LockedWallIsImpossibleForBothSides) {
    const Position wall = fen("8/8/1k6/p1p1p1p1/P1P1P1P1/8/8/1K6 w - - 0 1");
    EXPECT_EQ(canCheckmate(wall, Color::White), MatePossibility::Impossible);
    EXPECT_EQ(canCheckmate(wall, Color::Black), MatePossibility::Impossible);
    EXPECT_EQ(canCheckmate(Position::startpos(), Color::White), MatePossibility::Possible);
}

}  // namespace
}  // namespace oc::rules
