// Dead positions and "can this side still checkmate" (Art. 5.2.2, 6.9; fide-requirements END-04).
#include "rules/endings.hpp"

#include "attacks.hpp"

namespace oc::rules {

using namespace detail;

namespace {

Bitboard minorsAndMajors(const Position& pos, Color c) {
    return pos.pieces(c) & ~pos.pieces(c, PieceType::King);
}

bool onOneColour(Bitboard b) {
    return (b & kDarkSquares) == 0 || (b & ~kDarkSquares) == 0;
}

// Material alone decides: true when `side` can never mate whatever the placement.
bool materialCannotMate(const Position& pos, Color side) {
    const Bitboard mine = minorsAndMajors(pos, side);
    const Bitboard theirs = minorsAndMajors(pos, ~side);
    if (mine == 0) return true;  // a bare king never mates
    const Bitboard knights = pos.pieces(side, PieceType::Knight);
    const Bitboard bishops = pos.pieces(side, PieceType::Bishop);
    if (mine == knights && popcount(knights) == 1)
        return theirs == 0;  // K+N mates only with help of material
    if (mine == bishops && onOneColour(bishops)) {
        // Bishops all on one colour: the mated king's flight squares of the other colour can only be
        // blocked by the defender's own pieces, and bishops of that same colour never stand there.
        const Bitboard their_bishops = pos.pieces(~side, PieceType::Bishop);
        return theirs == their_bishops && onOneColour(bishops | their_bishops);
    }
    return false;
}

// Kings and pawns only, every pawn stuck behind a pawn for good, no pawn capture available, and no king
// able to walk to an enemy pawn: nothing can ever change, and a pawn cannot give check to a king that may
// never enter an attacked square, so no mate can occur (END-04 pawn wall).
bool lockedPawnWall(const Position& pos) {
    const Bitboard pawns = pos.pieces(PieceType::Pawn);
    if ((pos.pieces(PieceType::King) | pawns) != pos.occupied() || pawns == 0) return false;
    const Bitboard white = pos.pieces(Color::White, PieceType::Pawn),
                   black = pos.pieces(Color::Black, PieceType::Pawn);
    if (((white << 8) & ~pawns) || ((black >> 8) & ~pawns)) return false;  // some pawn can advance
    Bitboard white_att = 0, black_att = 0;
    for (Bitboard b = white; b;) white_att |= pawnAttacks(Color::White, popLsb(b));
    for (Bitboard b = black; b;) black_att |= pawnAttacks(Color::Black, popLsb(b));
    if ((white_att & black) || (black_att & white)) return false;  // a capture is available
    if (pos.hasLegalEpCapture()) return false;                     // so is one en passant
    for (Color c : {Color::White, Color::Black}) {
        const Bitboard own = c == Color::White ? white : black;
        const Bitboard enemy = c == Color::White ? black : white;
        const Bitboard forbidden = own | (c == Color::White ? black_att : white_att);
        Bitboard region = pos.pieces(c, PieceType::King), frontier = region;
        while (frontier) {  // flood fill of the squares this king can ever reach
            Bitboard next = 0;
            for (Bitboard f = frontier; f;) next |= attacks().king[popLsb(f)];
            next &= ~forbidden & ~region;
            if (next & enemy) return false;  // the king could capture an undefended pawn
            region |= next;
            frontier = next;
        }
    }
    return true;
}

}  // namespace

MatePossibility canCheckmate(const Position& pos, Color side) {
    if (materialCannotMate(pos, side) || lockedPawnWall(pos)) return MatePossibility::Impossible;
    return MatePossibility::Possible;
}

bool isDeadPosition(const Position& pos) {
    return (materialCannotMate(pos, Color::White) && materialCannotMate(pos, Color::Black)) ||
           lockedPawnWall(pos);
}

}  // namespace oc::rules
