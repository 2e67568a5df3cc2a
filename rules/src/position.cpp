// Position: placement, make-move and attack queries.
#include "rules/position.hpp"

#include "attacks.hpp"

namespace oc::rules {

using detail::attacks;
using detail::bit;

namespace {

constexpr std::uint8_t code(Piece p) {
    return static_cast<std::uint8_t>(index(p.color) * 6 + static_cast<int>(p.type));
}
constexpr Piece decode(std::uint8_t c) {
    return Piece{c >= 6 ? Color::Black : Color::White, static_cast<PieceType>(c % 6)};
}

// Castling rights that survive a move touching a square (Art. 3.8.2.1: lost when king or rook moves or the
// rook is captured on its original square).
constexpr std::array<std::uint8_t, 64> makeCastleMasks() {
    std::array<std::uint8_t, 64> m{};
    for (auto& v : m) v = 15;
    m[0] = static_cast<std::uint8_t>(15 & ~2);    // a1: white queen side
    m[7] = static_cast<std::uint8_t>(15 & ~1);    // h1: white king side
    m[4] = static_cast<std::uint8_t>(15 & ~3);    // e1
    m[56] = static_cast<std::uint8_t>(15 & ~8);   // a8
    m[63] = static_cast<std::uint8_t>(15 & ~4);   // h8
    m[60] = static_cast<std::uint8_t>(15 & ~12);  // e8
    return m;
}
constexpr auto kCastleMask = makeCastleMasks();

}  // namespace

std::string squareName(Square s) {
    return std::string{static_cast<char>('a' + fileOf(s)), static_cast<char>('1' + rankOf(s))};
}

std::optional<Square> parseSquare(std::string_view t) {
    if (t.size() != 2 || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8') return std::nullopt;
    return makeSquare(t[0] - 'a', t[1] - '1');
}

bool MoveList::contains(Move m) const {
    for (Move x : *this)
        if (x == m) return true;
    return false;
}

std::optional<Piece> Position::pieceAt(Square s) const {
    const auto c = board_[static_cast<std::size_t>(index(s))];
    if (c == kNoPiece) return std::nullopt;
    return decode(c);
}

std::optional<Square> Position::epSquare() const {
    if (ep_ == kNoSquare) return std::nullopt;
    return squareAt(ep_);
}

Square Position::kingSquare(Color c) const {
    return squareAt(detail::lsb(pieces(c, PieceType::King)));
}

void Position::putPiece(Piece p, int sq) {
    board_[static_cast<std::size_t>(sq)] = code(p);
    by_type_[static_cast<std::size_t>(p.type)] |= bit(sq);
    by_color_[static_cast<std::size_t>(p.color)] |= bit(sq);
}

void Position::removePiece(int sq) {
    const Piece p = decode(board_[static_cast<std::size_t>(sq)]);
    board_[static_cast<std::size_t>(sq)] = kNoPiece;
    by_type_[static_cast<std::size_t>(p.type)] ^= bit(sq);
    by_color_[static_cast<std::size_t>(p.color)] ^= bit(sq);
}

void Position::movePiece(int from, int to) {
    const auto c = board_[static_cast<std::size_t>(from)];
    const Piece p = decode(c);
    const Bitboard ft = bit(from) | bit(to);
    board_[static_cast<std::size_t>(from)] = kNoPiece;
    board_[static_cast<std::size_t>(to)] = c;
    by_type_[static_cast<std::size_t>(p.type)] ^= ft;
    by_color_[static_cast<std::size_t>(p.color)] ^= ft;
}

Bitboard Position::attackersTo(int sq, Bitboard occ) const {
    using namespace detail;
    const Bitboard rq = pieces(PieceType::Rook) | pieces(PieceType::Queen);
    const Bitboard bq = pieces(PieceType::Bishop) | pieces(PieceType::Queen);
    return (pawnAttacks(Color::White, sq) & pieces(Color::Black, PieceType::Pawn)) |
           (pawnAttacks(Color::Black, sq) & pieces(Color::White, PieceType::Pawn)) |
           (attacks().knight[sq] & pieces(PieceType::Knight)) |
           (attacks().king[sq] & pieces(PieceType::King)) | (rookAttacks(sq, occ) & rq) |
           (bishopAttacks(sq, occ) & bq);
}

bool Position::isAttacked(Square s, Color by) const {
    return (attackersTo(index(s), occupied()) & pieces(by)) != 0;
}

Bitboard Position::checkers() const {
    return attackersTo(index(kingSquare(side_)), occupied()) & pieces(~side_);
}

bool Position::inCheck() const {
    return checkers() != 0;
}

bool Position::isCapture(Move m) const {
    return m.kind() == Move::Kind::EnPassant ||
           (m.kind() != Move::Kind::Castling && board_[static_cast<std::size_t>(index(m.to()))] != kNoPiece);
}

Position Position::play(Move m) const {
    Position next = *this;
    next.doMove(m);
    return next;
}

void Position::doMove(Move m) {
    const int from = index(m.from()), to = index(m.to());
    const Piece mover = decode(board_[static_cast<std::size_t>(from)]);
    ++halfmove_;
    ep_ = kNoSquare;
    if (m.kind() == Move::Kind::Castling) {
        const bool king_side = to > from;
        movePiece(from, to);
        movePiece(king_side ? from + 3 : from - 4, king_side ? from + 1 : from - 1);
    } else {
        if (board_[static_cast<std::size_t>(to)] != kNoPiece) {
            removePiece(to);
            halfmove_ = 0;
        }
        if (m.kind() == Move::Kind::EnPassant) removePiece(side_ == Color::White ? to - 8 : to + 8);
        movePiece(from, to);
        if (mover.type == PieceType::Pawn) {
            halfmove_ = 0;  // Art. 9.3: a pawn move resets the count
            if (to - from == 16 || from - to == 16) ep_ = static_cast<std::uint8_t>((from + to) / 2);
            if (auto promo = m.promotion()) {
                removePiece(to);
                putPiece(Piece{side_, *promo}, to);
            }
        }
    }
    castling_ = CastlingRights(static_cast<std::uint8_t>(castling_.bits() &
                                                         kCastleMask[static_cast<std::size_t>(from)] &
                                                         kCastleMask[static_cast<std::size_t>(to)]));
    if (side_ == Color::Black) ++fullmove_;
    side_ = ~side_;
}

bool Position::sameForRepetition(const Position& o) const {
    if (by_type_ != o.by_type_ || by_color_ != o.by_color_ || side_ != o.side_ || castling_ != o.castling_)
        return false;
    const bool ep_a = hasLegalEpCapture(), ep_b = o.hasLegalEpCapture();
    return ep_a == ep_b && (!ep_a || ep_ == o.ep_);
}

std::uint64_t Position::repetitionHash() const {
    // A multiplicative mix of the bitboards; equal identities give equal hashes (not a Zobrist key, but
    // only used to filter candidates before sameForRepetition).
    std::uint64_t h = 0x243F6A8885A308D3ULL;
    auto mix = [&h](std::uint64_t v) {
        h ^= v + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
        h *= 0xBF58476D1CE4E5B9ULL;
    };
    for (auto b : by_type_) mix(b);
    mix(by_color_[0]);
    mix(static_cast<std::uint64_t>(index(side_)) | (std::uint64_t{castling_.bits()} << 1) |
        (std::uint64_t{hasLegalEpCapture() ? ep_ : kNoSquare} << 8));
    return h;
}

}  // namespace oc::rules
