// FEN reading (parse, then validate; the first problem found is reported) and writing.
#include <charconv>
#include <utility>
#include <vector>

#include "attacks.hpp"
#include "rules/position.hpp"
#include "text.hpp"

namespace oc::rules {

using detail::bit;

namespace {

constexpr std::string_view kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr std::string_view kPieceChars = "PNBRQK";

std::vector<std::string_view> splitFields(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && s[i] == ' ') ++i;
        const std::size_t j = s.find(' ', i);
        const std::size_t end = j == std::string_view::npos ? s.size() : j;
        if (end > i) out.push_back(s.substr(i, end - i));
        i = end;
    }
    return out;
}

FenError err(FenError::Code c, std::string msg) {
    return FenError{c, std::move(msg)};
}

std::optional<int> parseCounter(std::string_view t) {
    int v = 0;
    auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec != std::errc{} || p != t.data() + t.size() || v < 0 || v > 65535) return std::nullopt;
    return v;
}

const char* colorName(Color c) {
    return c == Color::White ? "White" : "Black";
}

}  // namespace

// Has the private access Position grants for building a position field by field.
class FenReader {
  public:
    static tl::expected<Position, FenError> read(std::string_view fen);

  private:
    static std::optional<FenError> placement(Position& p, std::string_view f);
    static std::optional<FenError> castling(Position& p, std::string_view f);
    static std::optional<FenError> validate(const Position& p, std::string_view ep_field);
    static std::optional<FenError> validateCastling(const Position& p);
    static std::optional<FenError> validateEp(const Position& p);
};

std::optional<FenError> FenReader::placement(Position& p, std::string_view f) {
    p.board_.fill(Position::kNoPiece);
    int rank = 7, file = 0;
    for (char ch : f) {
        if (ch == '/') {
            if (file != 8)
                return err(FenError::Code::Malformed,
                           detail::cat("rank ", rank + 1, " has ", file, " squares, expected 8"));
            if (--rank < 0) return err(FenError::Code::Malformed, "more than 8 ranks in the placement field");
            file = 0;
        } else if (ch >= '1' && ch <= '8') {
            file += ch - '0';
        } else {
            const auto k = kPieceChars.find(static_cast<char>(ch & ~0x20));
            if (k == std::string_view::npos)
                return err(FenError::Code::Malformed,
                           detail::cat("unknown piece letter '", ch,
                                       "' in the placement field (expected one of PNBRQK or pnbrqk)"));
            if (file >= 8)
                return err(FenError::Code::Malformed,
                           detail::cat("rank ", rank + 1, " has more than 8 squares"));
            const Color c = (ch >= 'a') ? Color::Black : Color::White;
            p.putPiece(Piece{c, static_cast<PieceType>(k)}, rank * 8 + file);
            ++file;
        }
        if (file > 8)
            return err(FenError::Code::Malformed, detail::cat("rank ", rank + 1, " has more than 8 squares"));
    }
    if (rank != 0 || file != 8)
        return err(FenError::Code::Malformed,
                   detail::cat("the placement field has ", 8 - rank, " ranks, expected 8 of 8 squares each"));
    return std::nullopt;
}

std::optional<FenError> FenReader::castling(Position& p, std::string_view f) {
    if (f == "-") return std::nullopt;
    for (char ch : f) {
        switch (ch) {
            case 'K':
                p.castling_.set(Color::White, CastleSide::King);
                break;
            case 'Q':
                p.castling_.set(Color::White, CastleSide::Queen);
                break;
            case 'k':
                p.castling_.set(Color::Black, CastleSide::King);
                break;
            case 'q':
                p.castling_.set(Color::Black, CastleSide::Queen);
                break;
            default:
                return err(FenError::Code::Malformed,
                           detail::cat("bad castling field '", f, "' (expected '-' or letters from KQkq)"));
        }
    }
    return std::nullopt;
}

tl::expected<Position, FenError> FenReader::read(std::string_view fen) {
    detail::ensureAttacks();  // a Position may be created from another file's static initialiser
    const auto fields = splitFields(fen);
    if (fields.size() != 4 && fields.size() != 6)
        return tl::unexpected(
            err(FenError::Code::Malformed,
                detail::cat("a FEN has 6 space-separated fields (or 4 without the counters), found ",
                            fields.size())));
    Position p;
    if (auto e = placement(p, fields[0])) return tl::unexpected(*e);
    if (fields[1] != "w" && fields[1] != "b")
        return tl::unexpected(err(FenError::Code::Malformed,
                                  detail::cat("side to move is '", fields[1], "', expected 'w' or 'b'")));
    p.side_ = fields[1] == "w" ? Color::White : Color::Black;
    if (auto e = castling(p, fields[2])) return tl::unexpected(*e);
    if (fields[3] != "-") {
        auto sq = parseSquare(fields[3]);
        if (!sq)
            return tl::unexpected(
                err(FenError::Code::Malformed,
                    detail::cat("en-passant field is '", fields[3], "', expected '-' or a square like e3")));
        p.ep_ = static_cast<std::uint8_t>(index(*sq));
    }
    if (fields.size() == 6) {
        auto hm = parseCounter(fields[4]);
        auto fm = parseCounter(fields[5]);
        if (!hm)
            return tl::unexpected(
                err(FenError::Code::Malformed,
                    detail::cat("half-move clock is '", fields[4], "', expected a number 0..65535")));
        if (!fm || *fm < 1)
            return tl::unexpected(
                err(FenError::Code::Malformed,
                    detail::cat("move number is '", fields[5], "', expected a number 1..65535")));
        p.halfmove_ = static_cast<std::uint16_t>(*hm);
        p.fullmove_ = static_cast<std::uint16_t>(*fm);
    }
    if (auto e = validate(p, fields[3])) return tl::unexpected(*e);
    return p;
}

std::optional<FenError> FenReader::validate(const Position& p, std::string_view) {
    for (Color c : {Color::White, Color::Black}) {
        const int kings = detail::popcount(p.pieces(c, PieceType::King));
        if (kings != 1)
            return err(FenError::Code::KingCount,
                       detail::cat(colorName(c), " has ", kings, " kings, exactly one is required"));
    }
    const Bitboard back = detail::kRank1 | detail::kRank8;
    if (Bitboard bad = p.pieces(PieceType::Pawn) & back)
        return err(FenError::Code::PawnOnBackRank,
                   detail::cat("pawn on ", squareName(squareAt(detail::lsb(bad))),
                               ": pawns cannot stand on the 1st or 8th rank"));
    for (Color c : {Color::White, Color::Black}) {
        if (detail::popcount(p.pieces(c, PieceType::Pawn)) > 8)
            return err(FenError::Code::TooManyPieces, detail::cat(colorName(c), " has more than 8 pawns"));
        if (detail::popcount(p.pieces(c)) > 16)
            return err(FenError::Code::TooManyPieces, detail::cat(colorName(c), " has more than 16 pieces"));
    }
    if (p.isAttacked(p.kingSquare(~p.side_), p.side_))
        return err(
            FenError::Code::OpponentInCheck,
            detail::cat(colorName(~p.side_), " is in check but it is ", colorName(p.side_), " to move"));
    if (detail::popcount(p.checkers()) > 2)
        return err(FenError::Code::TooManyCheckers,
                   detail::cat(colorName(p.side_), " is in check from more than two pieces"));
    if (auto e = validateCastling(p)) return e;
    return validateEp(p);
}

std::optional<FenError> FenReader::validateCastling(const Position& p) {
    for (Color c : {Color::White, Color::Black}) {
        const int rank = c == Color::White ? 0 : 56;
        const char* who = colorName(c);
        for (CastleSide side : {CastleSide::King, CastleSide::Queen}) {
            if (!p.castling_.has(c, side)) continue;
            const int rook_sq = side == CastleSide::King ? rank + 7 : rank;
            if (p.pieceAt(squareAt(rank + 4)) != Piece{c, PieceType::King})
                return err(FenError::Code::CastlingRights,
                           detail::cat(who, " has castling rights but its king is not on ",
                                       squareName(squareAt(rank + 4))));
            if (p.pieceAt(squareAt(rook_sq)) != Piece{c, PieceType::Rook})
                return err(FenError::Code::CastlingRights,
                           detail::cat(who, " has ", side == CastleSide::King ? "king-side" : "queen-side",
                                       " castling rights but no rook on ", squareName(squareAt(rook_sq))));
        }
    }
    return std::nullopt;
}

std::optional<FenError> FenReader::validateEp(const Position& p) {
    if (p.ep_ == Position::kNoSquare) return std::nullopt;
    const Color us = p.side_;
    const int ep = p.ep_;
    const int want_rank = us == Color::White ? 5 : 2;
    const int pawn_sq = us == Color::White ? ep - 8 : ep + 8;
    const int origin = us == Color::White ? ep + 8 : ep - 8;
    const std::string name = squareName(squareAt(ep));
    if (ep / 8 != want_rank)
        return err(FenError::Code::EnPassant,
                   detail::cat("en-passant square ", name, " is impossible with ", colorName(us),
                               " to move (expected rank ", want_rank + 1, ")"));
    if (!(p.pieces(~us, PieceType::Pawn) & bit(pawn_sq)))
        return err(FenError::Code::EnPassant,
                   detail::cat("en-passant square ", name, " but no ", colorName(~us), " pawn on ",
                               squareName(squareAt(pawn_sq)), " that could just have made a double step"));
    if (p.occupied() & (bit(ep) | bit(origin)))
        return err(FenError::Code::EnPassant, detail::cat("en-passant square ", name, " but ", name, " or ",
                                                          squareName(squareAt(origin)),
                                                          " is occupied, so no double step just happened"));
    return std::nullopt;
}

Position Position::startpos() {
    static const Position start = *FenReader::read(kStartFen);
    return start;
}

tl::expected<Position, FenError> Position::fromFen(std::string_view fen) {
    return FenReader::read(fen);
}

std::string Position::fen() const {
    std::string out;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const auto c = board_[static_cast<std::size_t>(rank * 8 + file)];
            if (c == kNoPiece) {
                ++empty;
                continue;
            }
            if (empty) out += static_cast<char>('0' + std::exchange(empty, 0));
            const char ch = kPieceChars[c % 6];
            out += c >= 6 ? static_cast<char>(ch | 0x20) : ch;
        }
        if (empty) out += static_cast<char>('0' + empty);
        if (rank) out += '/';
    }
    out += side_ == Color::White ? " w " : " b ";
    std::string cr;
    if (castling_.has(Color::White, CastleSide::King)) cr += 'K';
    if (castling_.has(Color::White, CastleSide::Queen)) cr += 'Q';
    if (castling_.has(Color::Black, CastleSide::King)) cr += 'k';
    if (castling_.has(Color::Black, CastleSide::Queen)) cr += 'q';
    out += cr.empty() ? "-" : cr;
    out += ' ';
    out += ep_ == kNoSquare ? std::string("-") : squareName(squareAt(ep_));
    out += detail::cat(' ', halfmove_, ' ', fullmove_);
    return out;
}

}  // namespace oc::rules
