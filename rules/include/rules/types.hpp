#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "rules/color.hpp"

namespace oc::rules {

// A set of squares, bit i = square i (a1 = 0, h1 = 7, a8 = 56).
using Bitboard = std::uint64_t;

// A board square; a1 = 0 ... h8 = 63 (little-endian rank-file mapping).
enum class Square : std::uint8_t {
    // clang-format off
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
    // clang-format on
};

// Square from its 0-based file (a = 0) and rank (1st rank = 0).
constexpr Square makeSquare(int file, int rank) {
    return static_cast<Square>(rank * 8 + file);
}
// 0-based index a1 = 0 .. h8 = 63.
constexpr int index(Square s) {
    return static_cast<int>(s);
}
// Square from a 0..63 index.
constexpr Square squareAt(int i) {
    return static_cast<Square>(i);
}
// 0-based file (a = 0).
constexpr int fileOf(Square s) {
    return index(s) & 7;
}
// 0-based rank (1st rank = 0).
constexpr int rankOf(Square s) {
    return index(s) >> 3;
}
// The single-square set.
constexpr Bitboard bitOf(Square s) {
    return Bitboard{1} << index(s);
}
// "e4" for Square::E4.
std::string squareName(Square s);
// Square from "e4"; nullopt for anything else.
std::optional<Square> parseSquare(std::string_view text);

enum class PieceType : std::uint8_t { Pawn, Knight, Bishop, Rook, Queen, King };
inline constexpr int kPieceTypeCount = 6;

struct Piece {
    Color color = Color::White;
    PieceType type = PieceType::Pawn;
    friend constexpr bool operator==(Piece, Piece) = default;
};

enum class CastleSide : std::uint8_t { King, Queen };

// Castling rights as four bits (white king side, white queen side, black king side, black queen side).
class CastlingRights {
  public:
    constexpr CastlingRights() = default;
    constexpr explicit CastlingRights(std::uint8_t bits) : bits_(bits) {}
    // Whether `c` may still castle on `side` (the permanent right, Art. 3.8.2.1).
    constexpr bool has(Color c, CastleSide side) const { return (bits_ & bitFor(c, side)) != 0; }
    // Grants the right of `c` on `side`.
    constexpr void set(Color c, CastleSide side) {
        bits_ = static_cast<std::uint8_t>(bits_ | bitFor(c, side));
    }
    // The four bits (white king side = 1, white queen side = 2, black king side = 4, black queen side = 8).
    constexpr std::uint8_t bits() const { return bits_; }
    // Whether no right is left.
    constexpr bool none() const { return bits_ == 0; }
    friend constexpr bool operator==(CastlingRights, CastlingRights) = default;
    // The bit of one right.
    static constexpr std::uint8_t bitFor(Color c, CastleSide side) {
        return static_cast<std::uint8_t>(1u << (index(c) * 2 + (side == CastleSide::Queen ? 1 : 0)));
    }

  private:
    std::uint8_t bits_ = 0;
};

// A move in 16 bits: to (6), from (6), promotion piece (2), kind (2). Castling is encoded as the king's
// move (e1g1), as in UCI for standard chess.
class Move {
  public:
    enum class Kind : std::uint8_t { Normal, Promotion, EnPassant, Castling };

    // Trivial so MoveList stays uninitialised; write `Move{}` for the null move.
    Move() = default;
    // A move of `kind`; `promo` is read only for promotions (Knight..Queen).
    constexpr Move(Square from, Square to, Kind kind = Kind::Normal, PieceType promo = PieceType::Knight)
        : data_(static_cast<std::uint16_t>(index(to) | (index(from) << 6) |
                                           ((static_cast<int>(promo) - 1) << 12) |
                                           (static_cast<int>(kind) << 14))) {}
    // Departure square (the king's for castling).
    constexpr Square from() const { return squareAt((data_ >> 6) & 63); }
    // Arrival square (the king's for castling).
    constexpr Square to() const { return squareAt(data_ & 63); }
    // Normal, promotion, en passant or castling.
    constexpr Kind kind() const { return static_cast<Kind>(data_ >> 14); }
    // The promotion piece, or nullopt for any other kind of move.
    constexpr std::optional<PieceType> promotion() const {
        if (kind() != Kind::Promotion) return std::nullopt;
        return static_cast<PieceType>(((data_ >> 12) & 3) + 1);
    }
    // The 16-bit encoding (for hashing and storage).
    constexpr std::uint16_t raw() const { return data_; }
    friend constexpr bool operator==(Move, Move) = default;

  private:
    std::uint16_t data_;
};

// A fixed-capacity list of moves (no heap allocation; 256 exceeds the maximum of 218 legal moves).
class MoveList {
  public:
    // Appends `m` (at most 256 moves).
    void push(Move m) { moves_[size_++] = m; }
    // Empties the list.
    void clear() { size_ = 0; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const Move* begin() const { return moves_.data(); }
    const Move* end() const { return moves_.data() + size_; }
    Move operator[](std::size_t i) const { return moves_[i]; }
    // Whether `m` is in the list.
    bool contains(Move m) const;

  private:
    std::array<Move, 256> moves_;
    std::size_t size_ = 0;
};

}  // namespace oc::rules
