#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tl/expected.hpp>

#include "rules/types.hpp"

namespace oc::rules {

// Why a FEN was refused; the message names the first problem found.
struct FenError {
    enum class Code : std::uint8_t {
        Malformed,        // wrong field count, bad characters, bad rank length, bad numbers
        KingCount,        // not exactly one king per side
        PawnOnBackRank,   // a pawn on the 1st or 8th rank
        TooManyPieces,    // more than 16 pieces or 8 pawns for one side
        OpponentInCheck,  // the side not to move is in check
        CastlingRights,   // a right without the king and that rook on their original squares
        EnPassant,        // an en-passant square that the last move cannot have created
        TooManyCheckers,  // a check that no legal last move can produce
    };
    Code code = Code::Malformed;
    std::string message;
};

// A chess position: piece placement, side to move, castling rights, en-passant square and the two
// counters. Always legal by construction (fromFen validates); value type, copy per ply.
class Position {
  public:
    // The initial array (Art. 2).
    static Position startpos();
    // Parses and validates a FEN (4 or 6 fields); the error names the first problem.
    [[nodiscard]] static tl::expected<Position, FenError> fromFen(std::string_view fen);
    // Standard FEN; the en-passant field is set after every double step (PGN standard).
    std::string fen() const;

    // The side having the move.
    Color sideToMove() const { return side_; }
    // The piece on `s`, if any.
    std::optional<Piece> pieceAt(Square s) const;
    // Squares holding any piece.
    Bitboard occupied() const { return by_color_[0] | by_color_[1]; }
    // Squares holding a piece of `c` / of type `t` / both.
    Bitboard pieces(Color c) const { return by_color_[static_cast<std::size_t>(c)]; }
    Bitboard pieces(PieceType t) const { return by_type_[static_cast<std::size_t>(t)]; }
    Bitboard pieces(Color c, PieceType t) const { return pieces(c) & pieces(t); }
    // The castling rights still held (Art. 3.8.2.1).
    CastlingRights castling() const { return castling_; }
    // The square passed over by a double step on the previous move, if any.
    std::optional<Square> epSquare() const;
    // Half-moves since the last capture or pawn move (Art. 9.3).
    int halfmoveClock() const { return halfmove_; }
    // The move number (starts at 1, increases after Black's move).
    int fullmoveNumber() const { return fullmove_; }
    // Where the king of `c` stands.
    Square kingSquare(Color c) const;

    // Whether the side to move is in check.
    bool inCheck() const;
    // The pieces giving check to the side to move.
    Bitboard checkers() const;
    // Whether any piece of `by` attacks `s` (pinned pieces attack too, Art. 3.9.1).
    bool isAttacked(Square s, Color by) const;
    // Appends all legal moves to `out` (cleared first).
    void legalMoves(MoveList& out) const;
    // All legal moves.
    MoveList legalMoves() const;
    // Appends the legal moves arriving on `to` to `out` (cleared first).
    void legalMovesTo(Square to, MoveList& out) const;
    // Whether `m` is one of the legal moves.
    bool isLegal(Move m) const;
    // Whether the side to move has at least one legal move.
    bool hasLegalMove() const;
    // Whether an en-passant capture is legal now (repetition identity, Art. 9.2.3.1).
    bool hasLegalEpCapture() const;
    // Whether `m` captures (including en passant).
    bool isCapture(Move m) const;
    // The position after the legal move `m` (precondition: isLegal(m)).
    [[nodiscard]] Position play(Move m) const;
    // Same placement, side, castling and *legal* e.p. right: the FIDE repetition identity (Art. 9.2.3).
    bool sameForRepetition(const Position& other) const;
    // A hash of the repetition identity (equal for positions that are the same under Art. 9.2.3).
    std::uint64_t repetitionHash() const;

    // Exact equality, counters included (use sameForRepetition for Art. 9.2.3).
    friend bool operator==(const Position&, const Position&) = default;

  private:
    static constexpr std::uint8_t kNoPiece = 12;
    static constexpr std::uint8_t kNoSquare = 64;

    Position() { board_.fill(kNoPiece); }  // empty board: only FenReader builds from it

    void putPiece(Piece p, int sq);
    void removePiece(int sq);
    void movePiece(int from, int to);
    void doMove(Move m);
    Bitboard attackersTo(int sq, Bitboard occ) const;
    Bitboard pinned(Color us) const;
    friend class FenReader;
    friend class MoveGenerator;

    std::array<Bitboard, 6> by_type_{};
    std::array<Bitboard, 2> by_color_{};
    std::array<std::uint8_t, 64> board_{};
    Color side_ = Color::White;
    CastlingRights castling_{};
    std::uint8_t ep_ = kNoSquare;
    std::uint16_t halfmove_ = 0;
    std::uint16_t fullmove_ = 1;
};

// Number of leaf nodes at `depth` (bulk-counted at the last ply).
std::uint64_t perft(const Position& pos, int depth);

// UCI coordinate text ("e2e4", "e7e8q", castling as the king's move "e1g1").
std::string toUci(Move m);
// The legal move whose UCI text is `text`; the error says why not.
[[nodiscard]] tl::expected<Move, std::string> parseUci(const Position& pos, std::string_view text);

}  // namespace oc::rules
