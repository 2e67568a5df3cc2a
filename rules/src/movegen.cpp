// Legal move generation with check and pin masks: no make/unmake, no heap allocation.
#include "attacks.hpp"
#include "rules/position.hpp"

namespace oc::rules {

using namespace detail;

namespace {

constexpr Bitboard shiftUp(Bitboard b, Color c) {
    return c == Color::White ? b << 8 : b >> 8;
}
constexpr Bitboard shiftUpLeft(Bitboard b, Color c) {  // toward the a-file
    return c == Color::White ? (b & ~kFileA) << 7 : (b & ~kFileA) >> 9;
}
constexpr Bitboard shiftUpRight(Bitboard b, Color c) {  // toward the h-file
    return c == Color::White ? (b & ~kFileH) << 9 : (b & ~kFileH) >> 7;
}

void addPawnMoves(MoveList& out, Bitboard targets, int delta, Bitboard promo_rank) {
    Bitboard promos = targets & promo_rank;
    Bitboard plain = targets & ~promo_rank;
    while (plain) {
        const int to = popLsb(plain);
        out.push(Move(squareAt(to - delta), squareAt(to)));
    }
    while (promos) {  // Art. 3.7.3.3: Q, R, B or N
        const int to = popLsb(promos);
        for (auto t : {PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight})
            out.push(Move(squareAt(to - delta), squareAt(to), Move::Kind::Promotion, t));
    }
}

void addPieceMoves(MoveList& out, int from, Bitboard targets) {
    while (targets) out.push(Move(squareAt(from), squareAt(popLsb(targets))));
}

}  // namespace

Bitboard Position::pinned(Color us) const {
    const int ksq = index(kingSquare(us));
    const Color them = ~us;
    Bitboard snipers =
        (rookAttacks(ksq, 0) & (pieces(them, PieceType::Rook) | pieces(them, PieceType::Queen))) |
        (bishopAttacks(ksq, 0) & (pieces(them, PieceType::Bishop) | pieces(them, PieceType::Queen)));
    Bitboard result = 0;
    const Bitboard occ = occupied();
    while (snipers) {
        const Bitboard blockers = kAttacks.between[ksq][popLsb(snipers)] & occ;
        if (blockers && !moreThanOne(blockers)) result |= blockers & pieces(us);
    }
    return result;
}

void Position::legalMoves(MoveList& out) const {
    out.clear();
    const Color us = side_, them = ~us;
    const Bitboard own = pieces(us), opp = pieces(them), occ = own | opp;
    const int ksq = index(kingSquare(us));
    const Bitboard checks = attackersTo(ksq, occ) & opp;

    // King: a target square must not be attacked once the king has left its square (x-rays through it).
    Bitboard kt = kAttacks.king[ksq] & ~own;
    const Bitboard occ_no_king = occ ^ bit(ksq);
    while (kt) {
        const int to = popLsb(kt);
        if (!(attackersTo(to, occ_no_king) & opp)) out.push(Move(squareAt(ksq), squareAt(to)));
    }
    if (moreThanOne(checks)) return;  // double check: only the king can move

    const Bitboard target = checks ? (kAttacks.between[ksq][lsb(checks)] | checks) : ~own;
    const Bitboard pins = pinned(us);

    Bitboard knights = pieces(us, PieceType::Knight) & ~pins;  // a pinned knight can never move
    while (knights) {
        const int from = popLsb(knights);
        addPieceMoves(out, from, kAttacks.knight[from] & target);
    }
    const Bitboard queens = pieces(us, PieceType::Queen);
    Bitboard diag = (pieces(us, PieceType::Bishop) | queens);
    while (diag) {
        const int from = popLsb(diag);
        Bitboard t = bishopAttacks(from, occ) & target;
        if (pins & bit(from)) t &= kAttacks.line[ksq][from];
        addPieceMoves(out, from, t);
    }
    Bitboard orth = (pieces(us, PieceType::Rook) | queens);
    while (orth) {
        const int from = popLsb(orth);
        Bitboard t = rookAttacks(from, occ) & target;
        if (pins & bit(from)) t &= kAttacks.line[ksq][from];
        addPieceMoves(out, from, t);
    }

    // Pawns: unpinned ones set-wise, pinned ones one at a time along their pin line.
    const Bitboard promo_rank = us == Color::White ? kRank8 : kRank1;
    const Bitboard double_rank = us == Color::White ? (kRank1 << 24) : (kRank1 << 32);
    const int up = us == Color::White ? 8 : -8;
    auto pawnGen = [&](Bitboard pawns, Bitboard mask) {
        const Bitboard empty = ~occ;
        const Bitboard one = shiftUp(pawns, us) & empty;
        addPawnMoves(out, one & mask, up, promo_rank);
        const Bitboard two = shiftUp(one, us) & empty & double_rank & mask;
        addPawnMoves(out, two, 2 * up, 0);
        addPawnMoves(out, shiftUpLeft(pawns, us) & opp & mask, up - 1, promo_rank);
        addPawnMoves(out, shiftUpRight(pawns, us) & opp & mask, up + 1, promo_rank);
    };
    const Bitboard pawns = pieces(us, PieceType::Pawn);
    pawnGen(pawns & ~pins, target);
    Bitboard pinned_pawns = pawns & pins;
    while (pinned_pawns) {
        const int from = popLsb(pinned_pawns);
        pawnGen(bit(from), target & kAttacks.line[ksq][from]);
    }

    if (ep_ != kNoSquare) {  // Art. 3.7.3.1: checked by playing it out (discovered checks along the rank)
        const int cap = us == Color::White ? ep_ - 8 : ep_ + 8;
        Bitboard cands = pawnAttacks(them, ep_) & pawns;
        while (cands) {
            const int from = popLsb(cands);
            const Bitboard occ2 = (occ ^ bit(from) ^ bit(cap)) | bit(ep_);
            if (!(attackersTo(ksq, occ2) & opp & ~bit(cap)))
                out.push(Move(squareAt(from), squareAt(ep_), Move::Kind::EnPassant));
        }
    }

    if (checks || castling_.none()) return;
    const int rank = us == Color::White ? 0 : 56;
    auto tryCastle = [&](CastleSide side, Bitboard empty_sqs, int pass, int dest) {
        if (!castling_.has(us, side) || (occ & empty_sqs)) return;
        if ((attackersTo(pass, occ) & opp) || (attackersTo(dest, occ) & opp)) return;  // Art. 3.8.2.2
        out.push(Move(squareAt(ksq), squareAt(dest), Move::Kind::Castling));
    };
    tryCastle(CastleSide::King, bit(rank + 5) | bit(rank + 6), rank + 5, rank + 6);
    tryCastle(CastleSide::Queen, bit(rank + 1) | bit(rank + 2) | bit(rank + 3), rank + 3, rank + 2);
}

MoveList Position::legalMoves() const {
    MoveList list;
    legalMoves(list);
    return list;
}

bool Position::isLegal(Move m) const {
    return legalMoves().contains(m);
}

bool Position::hasLegalMove() const {
    return !legalMoves().empty();
}

bool Position::hasLegalEpCapture() const {
    if (ep_ == kNoSquare) return false;
    if (!(pawnAttacks(~side_, ep_) & pieces(side_, PieceType::Pawn))) return false;
    for (Move m : legalMoves())
        if (m.kind() == Move::Kind::EnPassant) return true;
    return false;
}

std::uint64_t perft(const Position& pos, int depth) {
    MoveList list;
    pos.legalMoves(list);
    if (depth <= 1) return depth == 1 ? list.size() : 1;
    std::uint64_t total = 0;
    for (Move m : list) total += perft(pos.play(m), depth - 1);
    return total;
}

}  // namespace oc::rules
