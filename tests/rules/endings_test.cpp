// Every END-* and DRW-* scenario of fide-requirements.md that the rules module decides.
#include <gtest/gtest.h>

#include "rules/game.hpp"
#include "test_util.hpp"

namespace oc::rules {
namespace {

using test::fen;
using test::playSan;
using test::san;

TEST(MOV02, PinnedBishopStillGivesCheck) {
    const Position p = fen("k1K5/1b6/8/8/8/8/8/7Q w - - 0 1");
    EXPECT_TRUE(p.inCheck());
    std::vector<std::string> moves;
    for (Move m : p.legalMoves()) moves.push_back(toSan(p, m));
    std::sort(moves.begin(), moves.end());
    EXPECT_EQ(moves, (std::vector<std::string>{"Kc7", "Kd7", "Kd8", "Qxb7#"}));
}

TEST(MOV04, EnPassantOnlyOnTheVeryNextMove) {
    Game g;
    playSan(g, "e4 d5 e5 f5");
    EXPECT_TRUE(parseSan(g.current(), "exf6"));
    playSan(g, "Nf3 Nc6");
    EXPECT_FALSE(parseSan(g.current(), "exf6"));
}

TEST(MOV05, PromotionToAnyPieceAndImmediateCheck) {
    const Position p = fen("8/P7/8/8/8/8/8/k6K w - - 0 1");
    for (const char* s : {"a8=Q", "a8=R", "a8=B", "a8=N"}) EXPECT_TRUE(parseSan(p, s)) << s;
    EXPECT_TRUE(p.play(san(p, "a8=Q")).inCheck());
}

TEST(MOV06, CastlingRightsLostForGood) {
    Game g;
    playSan(g, "e4 e5 Ke2 Ke7 Ke1 Ke8");
    EXPECT_TRUE(g.current().castling().none());
    EXPECT_FALSE(g.current().sameForRepetition(g.positions()[2]));
}

TEST(MOV07, CastlingTemporarilyPrevented) {
    const Position a = fen("4k3/1r6/8/8/2b5/8/8/R3K2R w KQ - 0 1");
    EXPECT_FALSE(parseSan(a, "O-O"));
    EXPECT_TRUE(parseSan(a, "O-O-O"));
    const Position b = fen("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1");
    EXPECT_FALSE(parseSan(b, "O-O"));
    EXPECT_FALSE(parseSan(b, "O-O-O"));
    const Position c = fen("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
    EXPECT_TRUE(parseSan(c, "O-O"));
    EXPECT_FALSE(parseSan(c, "O-O-O"));
}

TEST(MOV08, Stalemate) {
    EXPECT_EQ(terminationOf(fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), Edition::E2023), Termination::Stalemate);
}

TEST(END01, CheckmateEndsTheGame) {
    Game g;
    playSan(g, "f3 e5 g4 Qh4#");
    EXPECT_EQ(g.termination(), Termination::Checkmate);
}

TEST(END02, ResignationNeedsTheOpponentToBeAbleToMate) {
    const Position p = fen("8/8/8/4k3/8/8/8/3QK3 w - - 0 1");
    EXPECT_EQ(canCheckmate(p, Color::Black), MatePossibility::Impossible);  // White resigns: E2023 draw
    const Position q = fen("8/8/8/4k3/8/2n5/8/3RK3 w - - 0 1");
    EXPECT_EQ(canCheckmate(q, Color::Black), MatePossibility::Possible);  // K+N v K+R: 0-1 in both editions
}

struct DeadCase {
    const char* fen;
    bool dead;
};
void PrintTo(const DeadCase& c, std::ostream* os) {
    *os << c.fen;
}

class END04 : public ::testing::TestWithParam<DeadCase> {};

TEST_P(END04, DeadPositionPredicate) {
    EXPECT_EQ(isDeadPosition(fen(GetParam().fen)), GetParam().dead);
    EXPECT_EQ(terminationOf(fen(GetParam().fen), Edition::E2005) == Termination::DeadPosition,
              GetParam().dead);
}

INSTANTIATE_TEST_SUITE_P(
    Cases, END04,
    ::testing::Values(DeadCase{"8/8/4k3/8/8/8/4K3/8 w - - 0 1", true},                // K v K
                      DeadCase{"8/8/4k3/8/8/2B5/4K3/8 w - - 0 1", true},              // K+B v K
                      DeadCase{"8/8/4k3/8/8/2N5/4K3/8 b - - 0 1", true},              // K+N v K
                      DeadCase{"8/8/4k3/8/3b4/2B5/4K3/8 w - - 0 1", true},            // same-colour bishops
                      DeadCase{"8/8/4k3/3b4/8/2B5/4K3/8 w - - 0 1", false},           // opposite colours
                      DeadCase{"8/8/1k6/p1p1p1p1/P1P1P1P1/8/8/1K6 w - - 0 1", true},  // locked pawn wall
                      DeadCase{"8/8/1k6/p1p1p1p1/P1P1P1P1/8/8/1K5N w - - 0 1", false},
                      DeadCase{"8/8/1k6/p1p1p3/P1P1P3/8/8/1K6 w - - 0 1", false},  // kings reach the pawns
                      DeadCase{"8/8/1k3p2/p1p1pPp1/P1P1P1P1/8/8/1K6 w - g6 0 1",
                               false},  // fxg6 e.p. opens it
                      DeadCase{"8/8/1k3p2/p1p1pPp1/P1P1P1P1/8/8/1K6 w - - 0 1", true},
                      DeadCase{"8/8/4k3/8/8/2n5/4K1N1/8 w - - 0 1", false},  // K+N v K+N
                      DeadCase{"8/8/4k3/8/8/2N5/4KN2/8 w - - 0 1", false},   // K+NN v K
                      DeadCase{"6bk/8/6NK/8/8/8/8/8 b - - 0 1", false},      // K+N v K+B
                      DeadCase{"8/8/8/8/8/7k/5n2/6RK w - - 0 1", false},     // K+N v K+R
                      DeadCase{"8/8/8/8/8/1N6/p1K5/k7 b - - 0 1", false}));  // K+N v K+P

TEST(END04, HelpmateExamplesAreReallyMate) {
    EXPECT_EQ(terminationOf(fen("6bk/8/6NK/8/8/8/8/8 b - - 0 1"), Edition::E2023), Termination::Checkmate);
    EXPECT_EQ(terminationOf(fen("8/8/8/8/8/7k/5n2/6RK w - - 0 1"), Edition::E2023), Termination::Checkmate);
    EXPECT_EQ(terminationOf(fen("8/8/8/8/8/1N6/p1K5/k7 b - - 0 1"), Edition::E2023), Termination::Checkmate);
}

TEST(Art69, CanCheckmateOnFlagFall) {
    // K+N v K+P: the knight's side can mate with help; the pawn's side too (promotion).
    const Position np = fen("8/8/8/8/8/1N6/p1K5/k7 b - - 0 1");
    EXPECT_EQ(canCheckmate(np, Color::White), MatePossibility::Possible);
    EXPECT_EQ(canCheckmate(np, Color::Black), MatePossibility::Possible);
    const Position n = fen("8/8/4k3/8/8/2N5/4K3/8 w - - 0 1");
    EXPECT_EQ(canCheckmate(n, Color::White), MatePossibility::Impossible);
    EXPECT_EQ(canCheckmate(n, Color::Black), MatePossibility::Impossible);
    const Position b = fen("8/8/4k3/8/8/2B5/4K3/8 w - - 0 1");
    EXPECT_EQ(canCheckmate(b, Color::White), MatePossibility::Impossible);
    const Position nn = fen("8/8/4k3/8/8/2N5/4KN2/8 w - - 0 1");
    EXPECT_EQ(canCheckmate(nn, Color::White), MatePossibility::Possible);
    EXPECT_EQ(canCheckmate(nn, Color::Black), MatePossibility::Impossible);
    const Position bb_same = fen("8/8/4k3/8/3B4/2B5/4K3/8 w - - 0 1");
    EXPECT_EQ(canCheckmate(bb_same, Color::White), MatePossibility::Impossible);
    const Position bb = fen("8/8/4k3/8/8/2BB4/4K3/8 w - - 0 1");
    EXPECT_EQ(canCheckmate(bb, Color::White), MatePossibility::Possible);
    const Position bn = fen("8/8/4k3/8/8/2B5/4KN2/8 w - - 0 1");
    EXPECT_EQ(canCheckmate(bn, Color::White), MatePossibility::Possible);
    const Position b_vs_p = fen("8/7p/4k3/8/8/2B5/4K3/8 w - - 0 1");
    EXPECT_EQ(canCheckmate(b_vs_p, Color::White), MatePossibility::Possible);
}

TEST(DRW03, KnightShuffleThirdOccurrenceOfTheInitialPosition) {
    Game g;
    playSan(g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    EXPECT_EQ(g.repetitionCount(), 3);
    EXPECT_EQ(g.occurrences(g.plies()), (std::vector<std::size_t>{0, 4, 8}));
    EXPECT_TRUE(g.claimsNow().threefold);  // DRW-04: White claims under 9.2.2
}

TEST(DRW03, CastlingRightsMakeADifferentPosition) {
    Game g;
    playSan(g, "e4 e5 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8");
    EXPECT_EQ(g.repetitionCount(), 2);
    EXPECT_FALSE(g.claimsNow().threefold);
    EXPECT_EQ(g.repetitionCount(4), 1);  // after 2...Ke7 (first time)
    playSan(g, "Ke2 Ke7");
    EXPECT_EQ(g.repetitionCount(), 3);  // the position after 2...Ke7, third time at 6...Ke7
    playSan(g, "Ke1 Ke8");
    EXPECT_EQ(g.repetitionCount(), 3);
}

TEST(DRW03, EnPassantRightMakesADifferentPosition) {
    Game g;
    playSan(g, "e4 Nf6 e5 d5 Nf3 Nc6 Ng1 Nb8 Nf3 Nc6 Ng1 Nb8");
    EXPECT_EQ(g.repetitionCount(), 2);
}

TEST(DRW03, PinnedEnPassantPawnDoesNotCount) {
    Game g(fen("4k3/2p5/8/KP5r/8/8/8/8 b - - 0 1"));
    playSan(g, "c5 Ka4 Ke7 Ka5 Ke8 Ka4 Ke7 Ka5 Ke8");
    EXPECT_EQ(g.repetitionCount(), 3);
}

TEST(DRW04, ClaimBeforeWritingTheRepeatingMove) {
    Game g;
    playSan(g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    EXPECT_FALSE(g.claimsNow().threefold);
    EXPECT_TRUE(g.claimsWithMove(san(g.current(), "Ng8")).threefold);  // Art. 9.2.1
    EXPECT_FALSE(g.claimsWithMove(san(g.current(), "Nc6")).threefold);
    EXPECT_FALSE(g.claimsWithMove(Move(Square::G8, Square::G6)).threefold);  // illegal: no claim
}

TEST(DRW05, FiftyMoveClaimWithTheWrittenMove) {
    Game g(fen("7k/R7/6K1/8/8/8/8/8 w - - 99 150"));
    EXPECT_FALSE(g.claimsNow().fifty);
    EXPECT_TRUE(g.claimsWithMove(san(g.current(), "Rb7")).fifty);
    EXPECT_TRUE(g.claimsWithMove(san(g.current(), "Ra8#")).fifty);  // judged before the move is played
    ASSERT_TRUE(g.play(san(g.current(), "Rb7")));
    EXPECT_TRUE(g.claimsNow().fifty);
    EXPECT_EQ(g.termination(), Termination::None);  // a claim, never automatic
}

TEST(DRW05, PawnMoveAndCaptureResetTheCount) {
    Game g(fen("7k/R7/6K1/8/8/8/1P6/8 w - - 99 150"));
    EXPECT_FALSE(g.claimsWithMove(san(g.current(), "b4")).fifty);
    Game h(fen("7k/8/6K1/8/8/8/Rp6/8 w - - 99 150"));
    EXPECT_FALSE(h.claimsWithMove(san(h.current(), "Rxb2")).fifty);
}

TEST(DRW08, SeventyFiveMovesOnlyUnder2023AndMateStands) {
    const char* start = "7k/R7/6K1/8/8/8/8/8 w - - 149 200";
    Game g23(fen(start), Edition::E2023);
    ASSERT_TRUE(g23.play(san(g23.current(), "Rb7")));
    EXPECT_EQ(g23.termination(), Termination::SeventyFive);
    Game mate(fen(start), Edition::E2023);
    ASSERT_TRUE(mate.play(san(mate.current(), "Ra8#")));
    EXPECT_EQ(mate.termination(), Termination::Checkmate);
    Game g05(fen(start), Edition::E2005);
    ASSERT_TRUE(g05.play(san(g05.current(), "Rb7")));
    EXPECT_EQ(g05.termination(), Termination::None);
    EXPECT_TRUE(g05.claimsNow().fifty);
}

TEST(DRW08, FivefoldOnlyUnder2023) {
    Game g23(Position::startpos(), Edition::E2023);
    Game g05(Position::startpos(), Edition::E2005);
    const std::string shuffle = "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1";
    playSan(g23, shuffle);
    playSan(g05, shuffle);
    EXPECT_EQ(g23.termination(), Termination::None);
    playSan(g23, "Ng8");
    playSan(g05, "Ng8");
    EXPECT_EQ(g23.plies(), 16u);
    EXPECT_EQ(g23.termination(), Termination::Fivefold);
    EXPECT_EQ(g05.termination(), Termination::None);
    EXPECT_TRUE(g05.claimsNow().threefold);
}

TEST(Game, RefusesIllegalMoveAndUndoes) {
    Game g;
    EXPECT_FALSE(g.play(Move(Square::E2, Square::E5)));
    EXPECT_EQ(g.plies(), 0u);
    playSan(g, "e4");
    EXPECT_TRUE(g.undo());
    EXPECT_EQ(g.current(), Position::startpos());
    EXPECT_FALSE(g.undo());
}

}  // namespace
}  // namespace oc::rules
