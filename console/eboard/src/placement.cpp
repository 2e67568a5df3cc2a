#include "eboard/placement.hpp"

#include <fmt/format.h>

#include "eboard/dgt_protocol.hpp"
#include "i18n/mark.hpp"

namespace oc::eboard {

using i18n::N_;
using rules::Color;
using rules::PieceType;
using rules::Square;

namespace {

constexpr const char* kLetters = ".PNBRQKpnbrqk?";

// "white queen", "black knight": the piece named in full, for the difference sentences.
std::string pieceName(Cell c) {
    static constexpr const char* kNames[] = {"",
                                             N_("white pawn"),
                                             N_("white knight"),
                                             N_("white bishop"),
                                             N_("white rook"),
                                             N_("white queen"),
                                             N_("white king"),
                                             N_("black pawn"),
                                             N_("black knight"),
                                             N_("black bishop"),
                                             N_("black rook"),
                                             N_("black queen"),
                                             N_("black king"),
                                             N_("unknown piece")};
    return kNames[static_cast<std::size_t>(c)];
}

}  // namespace

Cell cellOf(rules::Piece p) {
    const int base = p.color == Color::White ? 1 : 7;
    return static_cast<Cell>(base + static_cast<int>(p.type));
}

std::optional<rules::Piece> pieceOf(Cell c) {
    const auto v = static_cast<int>(c);
    if (v < 1 || v > 12) return std::nullopt;
    const Color color = v <= 6 ? Color::White : Color::Black;
    return rules::Piece{color, static_cast<PieceType>((v - 1) % 6)};
}

char cellLetter(Cell c) {
    return kLetters[static_cast<std::size_t>(c)];
}

Placement placementOf(const rules::Position& pos) {
    Placement p;
    for (int i = 0; i < 64; ++i)
        if (auto piece = pos.pieceAt(rules::squareAt(i)))
            p.cells[static_cast<std::size_t>(i)] = cellOf(*piece);
    return p;
}

std::string placementFen(const Placement& p) {
    std::string out;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const Cell c = p[rules::makeSquare(file, rank)];
            if (c == Cell::Empty) {
                ++empty;
                continue;
            }
            if (empty > 0) out += static_cast<char>('0' + empty);
            empty = 0;
            out += cellLetter(c);
        }
        if (empty > 0) out += static_cast<char>('0' + empty);
        if (rank > 0) out += '/';
    }
    return out;
}

std::optional<Placement> parsePlacementFen(std::string_view fen) {
    Placement p;
    int rank = 7;
    int file = 0;
    for (char ch : fen.substr(0, fen.find(' '))) {
        if (ch == '/') {
            if (file != 8 || rank == 0) return std::nullopt;
            --rank;
            file = 0;
        } else if (ch >= '1' && ch <= '8') {
            file += ch - '0';
        } else {
            const char* at = std::char_traits<char>::find(kLetters + 1, 13, ch);
            if (at == nullptr || file > 7) return std::nullopt;
            p[rules::makeSquare(file++, rank)] = static_cast<Cell>(at - kLetters);
        }
        if (file > 8) return std::nullopt;
    }
    if (rank != 0 || file != 8) return std::nullopt;
    return p;
}

Placement turned(const Placement& p) {
    Placement out;
    for (std::size_t i = 0; i < 64; ++i) out.cells[63 - i] = p.cells[i];
    return out;
}

std::vector<SquareDiff> differences(const Placement& expected, const Placement& actual) {
    std::vector<SquareDiff> out;
    for (int i = 0; i < 64; ++i) {
        const Square s = rules::squareAt(i);
        if (expected[s] != actual[s]) out.push_back({s, expected[s], actual[s]});
    }
    return out;
}

std::string describe(const SquareDiff& d) {
    const std::string square = rules::squareName(d.square);
    if (d.expected == Cell::Empty) return fmt::format(N_("{} should be empty"), square);
    if (d.actual == Cell::Empty)
        return fmt::format(N_("the {} on {} is missing"), pieceName(d.expected), square);
    return fmt::format(N_("{} should hold the {}, not the {}"), square, pieceName(d.expected),
                       pieceName(d.actual));
}

std::string describe(const std::vector<SquareDiff>& diffs) {
    std::string out;
    for (const SquareDiff& d : diffs) {
        if (!out.empty()) out += ", ";
        out += describe(d);
    }
    return out;
}

namespace dgt {

Cell cellOfCode(std::uint8_t code) {
    // DGT order per colour: pawn, rook, knight, bishop, king, queen.
    static constexpr PieceType kOrder[] = {PieceType::Pawn,   PieceType::Rook, PieceType::Knight,
                                           PieceType::Bishop, PieceType::King, PieceType::Queen};
    if (code == kEmpty) return Cell::Empty;
    if (code > kLastPieceCode) return Cell::Unknown;
    const Color color = code <= 6 ? Color::White : Color::Black;
    return cellOf(rules::Piece{color, kOrder[(code - 1) % 6]});
}

std::uint8_t codeOfCell(Cell c) {
    for (std::uint8_t code = 0; code <= kLastPieceCode; ++code)
        if (cellOfCode(code) == c) return code;
    return 0x0D;  // a "magic piece": the nearest thing to an unknown one
}

Square squareOf(std::uint8_t dgt_square) {
    return rules::makeSquare(dgt_square % 8, 7 - dgt_square / 8);
}

std::uint8_t dgtSquare(Square s) {
    return static_cast<std::uint8_t>((7 - rules::rankOf(s)) * 8 + rules::fileOf(s));
}

Placement placementOf(const BoardDump& dump) {
    Placement p;
    for (std::uint8_t i = 0; i < 64; ++i) p[squareOf(i)] = cellOfCode(dump.codes[i]);
    return p;
}

BoardDump dumpOf(const Placement& p) {
    BoardDump dump;
    for (std::uint8_t i = 0; i < 64; ++i) dump.codes[i] = codeOfCell(p[squareOf(i)]);
    return dump;
}

}  // namespace dgt

}  // namespace oc::eboard
