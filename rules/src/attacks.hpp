#pragma once
// Private: precomputed attack tables (magic bitboards for sliders).

#include <bit>
#include <cstdint>

#include "rules/types.hpp"

namespace oc::rules::detail {

constexpr Bitboard bit(int sq) {
    return Bitboard{1} << sq;
}
inline int lsb(Bitboard b) {
    return std::countr_zero(b);
}
inline int popLsb(Bitboard& b) {
    const int s = std::countr_zero(b);
    b &= b - 1;
    return s;
}
inline int popcount(Bitboard b) {
    return std::popcount(b);
}
inline bool moreThanOne(Bitboard b) {
    return (b & (b - 1)) != 0;
}

inline constexpr Bitboard kFileA = 0x0101010101010101ULL;
inline constexpr Bitboard kFileH = kFileA << 7;
inline constexpr Bitboard kRank1 = 0xFFULL;
inline constexpr Bitboard kRank8 = kRank1 << 56;
inline constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;

struct Magic {
    Bitboard mask;
    Bitboard magic;
    const Bitboard* attacks;
    unsigned shift;
    Bitboard index(Bitboard occ) const { return ((occ & mask) * magic) >> shift; }
};

struct AttackTables {
    Bitboard knight[64];
    Bitboard king[64];
    Bitboard pawn[2][64];
    Bitboard between[64][64];  // squares strictly between two aligned squares
    Bitboard line[64][64];     // the full line through two aligned squares (0 if not aligned)
    Magic rook[64];
    Magic bishop[64];
};

// Built during static initialisation (attacks.cpp), or earlier by ensureAttacks() when another
// translation unit creates a Position from its own static initialiser. Every Position comes from
// startpos() or fromFen(), which call ensureAttacks(), so the tables exist before any move is generated.
extern const AttackTables* gAttacks;
void ensureAttacks();

inline const AttackTables& attacks() {
    return *gAttacks;
}

inline Bitboard rookAttacks(int sq, Bitboard occ) {
    const Magic& m = attacks().rook[sq];
    return m.attacks[m.index(occ)];
}
inline Bitboard bishopAttacks(int sq, Bitboard occ) {
    const Magic& m = attacks().bishop[sq];
    return m.attacks[m.index(occ)];
}
inline Bitboard pawnAttacks(Color c, int sq) {
    return attacks().pawn[index(c)][sq];
}

}  // namespace oc::rules::detail
