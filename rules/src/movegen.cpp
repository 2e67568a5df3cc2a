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
        const Bitboard blockers = attacks().between[ksq][popLsb(snipers)] & occ;
        if (blockers && !moreThanOne(blockers)) result |= blockers & pieces(us);
    }
    return result;
}

// One generation pass: the check and pin masks are computed once, then each piece kind adds its moves.
// Only moves arriving in `dest` are produced (move input asks for one square).
class MoveGenerator {
  public:
    MoveGenerator(const Position& pos, MoveList& out, Bitboard dest)
        : pos_(pos),
          out_(out),
          dest_(dest),
          us_(pos.side_),
          them_(~us_),
          own_(pos.pieces(us_)),
          opp_(pos.pieces(them_)),
          occ_(own_ | opp_),
          ksq_(index(pos.kingSquare(us_))),
          checks_(pos.attackersTo(ksq_, occ_) & opp_) {}

    void run() {
        out_.clear();
        kingMoves();
        if (moreThanOne(checks_)) return;  // double check: only the king can move
        target_ = (checks_ ? (attacks().between[ksq_][lsb(checks_)] | checks_) : ~own_) & dest_;
        pins_ = pos_.pinned(us_);
        knightMoves();
        sliderMoves();
        pawnMoves();
        enPassant();
        if (!checks_ && !pos_.castling_.none()) castling();
    }

  private:
    // A king target must not be attacked once the king has left its square (x-rays through it).
    void kingMoves() {
        Bitboard kt = attacks().king[ksq_] & ~own_ & dest_;
        const Bitboard occ_no_king = occ_ ^ bit(ksq_);
        while (kt) {
            const int to = popLsb(kt);
            if (!(pos_.attackersTo(to, occ_no_king) & opp_)) out_.push(Move(squareAt(ksq_), squareAt(to)));
        }
    }

    void knightMoves() {
        Bitboard knights = pos_.pieces(us_, PieceType::Knight) & ~pins_;  // a pinned knight never moves
        while (knights) {
            const int from = popLsb(knights);
            addPieceMoves(out_, from, attacks().knight[from] & target_);
        }
    }

    // A pinned slider stays on the line through its king.
    void sliderMoves() {
        const Bitboard queens = pos_.pieces(us_, PieceType::Queen);
        for (Bitboard b = pos_.pieces(us_, PieceType::Bishop) | queens; b;) {
            const int from = popLsb(b);
            addPieceMoves(out_, from, bishopAttacks(from, occ_) & target_ & pinLine(from));
        }
        for (Bitboard b = pos_.pieces(us_, PieceType::Rook) | queens; b;) {
            const int from = popLsb(b);
            addPieceMoves(out_, from, rookAttacks(from, occ_) & target_ & pinLine(from));
        }
    }

    Bitboard pinLine(int from) const {
        return (pins_ & bit(from)) ? attacks().line[ksq_][from] : ~Bitboard{0};
    }

    // Unpinned pawns set-wise, pinned ones one at a time along their pin line.
    void pawnMoves() {
        const Bitboard pawns = pos_.pieces(us_, PieceType::Pawn);
        pawnSet(pawns & ~pins_, target_);
        for (Bitboard pinned_pawns = pawns & pins_; pinned_pawns;) {
            const int from = popLsb(pinned_pawns);
            pawnSet(bit(from), target_ & attacks().line[ksq_][from]);
        }
    }

    void pawnSet(Bitboard pawns, Bitboard mask) {
        const Bitboard promo_rank = us_ == Color::White ? kRank8 : kRank1;
        const Bitboard double_rank = us_ == Color::White ? (kRank1 << 24) : (kRank1 << 32);
        const int up = us_ == Color::White ? 8 : -8;
        const Bitboard one = shiftUp(pawns, us_) & ~occ_;
        addPawnMoves(out_, one & mask, up, promo_rank);
        addPawnMoves(out_, shiftUp(one, us_) & ~occ_ & double_rank & mask, 2 * up, 0);
        addPawnMoves(out_, shiftUpLeft(pawns, us_) & opp_ & mask, up - 1, promo_rank);
        addPawnMoves(out_, shiftUpRight(pawns, us_) & opp_ & mask, up + 1, promo_rank);
    }

    // Art. 3.7.3.1, checked by playing it out: two pawns leave the rank at once (discovered checks).
    void enPassant() {
        const int ep = pos_.ep_;
        if (ep == Position::kNoSquare || !(dest_ & bit(ep))) return;
        const int cap = us_ == Color::White ? ep - 8 : ep + 8;
        for (Bitboard cands = pawnAttacks(them_, ep) & pos_.pieces(us_, PieceType::Pawn); cands;) {
            const int from = popLsb(cands);
            const Bitboard occ2 = (occ_ ^ bit(from) ^ bit(cap)) | bit(ep);
            if (!(pos_.attackersTo(ksq_, occ2) & opp_ & ~bit(cap)))
                out_.push(Move(squareAt(from), squareAt(ep), Move::Kind::EnPassant));
        }
    }

    void castling() {
        const int rank = us_ == Color::White ? 0 : 56;
        tryCastle(CastleSide::King, bit(rank + 5) | bit(rank + 6), rank + 5, rank + 6);
        tryCastle(CastleSide::Queen, bit(rank + 1) | bit(rank + 2) | bit(rank + 3), rank + 3, rank + 2);
    }

    // Art. 3.8.2.2: empty squares between, king not crossing or landing on an attacked square.
    void tryCastle(CastleSide side, Bitboard empty_sqs, int pass, int dest_sq) {
        if (!pos_.castling_.has(us_, side) || (occ_ & empty_sqs) || !(dest_ & bit(dest_sq))) return;
        if ((pos_.attackersTo(pass, occ_) & opp_) || (pos_.attackersTo(dest_sq, occ_) & opp_)) return;
        out_.push(Move(squareAt(ksq_), squareAt(dest_sq), Move::Kind::Castling));
    }

    const Position& pos_;
    MoveList& out_;
    const Bitboard dest_;
    const Color us_, them_;
    const Bitboard own_, opp_, occ_;
    const int ksq_;
    const Bitboard checks_;
    Bitboard target_ = 0;
    Bitboard pins_ = 0;
};

void Position::legalMoves(MoveList& out) const {
    MoveGenerator(*this, out, ~Bitboard{0}).run();
}

void Position::legalMovesTo(Square to, MoveList& out) const {
    MoveGenerator(*this, out, bitOf(to)).run();
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
