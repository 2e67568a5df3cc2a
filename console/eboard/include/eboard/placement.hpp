#pragma once
// What stands on each square, for any brand of board: the tracker's only input about pieces. Squares are
// the rules library's (a1 = 0 ... h8 = 63).

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "eboard/dgt_messages.hpp"
#include "rules/position.hpp"

namespace oc::eboard {

// Empty, one of the twelve pieces, or something the board reports that is no chess piece.
enum class Cell : std::uint8_t {
    Empty,
    WhitePawn,
    WhiteKnight,
    WhiteBishop,
    WhiteRook,
    WhiteQueen,
    WhiteKing,
    BlackPawn,
    BlackKnight,
    BlackBishop,
    BlackRook,
    BlackQueen,
    BlackKing,
    Unknown,
};

[[nodiscard]] Cell cellOf(rules::Piece p);
[[nodiscard]] std::optional<rules::Piece> pieceOf(Cell c);
// FEN letter ('P', 'n', ...), '.' for empty and '?' for unknown.
[[nodiscard]] char cellLetter(Cell c);

struct Placement {
    std::array<Cell, 64> cells{};  // indexed by rules::index(square)
    Cell operator[](rules::Square s) const { return cells[static_cast<std::size_t>(rules::index(s))]; }
    Cell& operator[](rules::Square s) { return cells[static_cast<std::size_t>(rules::index(s))]; }
    friend bool operator==(const Placement&, const Placement&) = default;
};

// The pieces of a position.
[[nodiscard]] Placement placementOf(const rules::Position& pos);
// The first field of a FEN ("rnbqkbnr/pppppppp/8/..."); an unknown piece is written '?'.
[[nodiscard]] std::string placementFen(const Placement& p);
// Parses a FEN's first field (the rest of the FEN, if any, is ignored); nullopt if malformed.
[[nodiscard]] std::optional<Placement> parsePlacementFen(std::string_view fen);
// The board seen from the other side: square s becomes 63 - s (DGT's sq ^ 63).
[[nodiscard]] Placement turned(const Placement& p);

// A square whose piece is not the one expected.
struct SquareDiff {
    rules::Square square = rules::Square::A1;
    Cell expected = Cell::Empty;
    Cell actual = Cell::Empty;
    friend bool operator==(const SquareDiff&, const SquareDiff&) = default;
};
// The squares where `actual` differs from `expected`, a1 first.
[[nodiscard]] std::vector<SquareDiff> differences(const Placement& expected, const Placement& actual);
// One English sentence per square ("e4 should be empty", "the knight on f3 is missing", "d1 should hold
// the white queen, not the black queen"), each an N_-marked pattern for the screens' catalogue.
[[nodiscard]] std::string describe(const SquareDiff& d);
// The sentences joined by ", ".
[[nodiscard]] std::string describe(const std::vector<SquareDiff>& diffs);

namespace dgt {
// The DGT piece code as a cell (13..15 "magic pieces" and anything else: Unknown).
[[nodiscard]] Cell cellOfCode(std::uint8_t code);
[[nodiscard]] std::uint8_t codeOfCell(Cell c);
// DGT's square (0 = a8 ... 63 = h1, cable on White's left) as a chess square, and back.
[[nodiscard]] rules::Square squareOf(std::uint8_t dgt_square);
[[nodiscard]] std::uint8_t dgtSquare(rules::Square s);
// A board dump as a placement, in the board's own orientation (the tracker detects a turned board).
[[nodiscard]] Placement placementOf(const BoardDump& dump);
[[nodiscard]] BoardDump dumpOf(const Placement& p);
}  // namespace dgt

}  // namespace oc::eboard
