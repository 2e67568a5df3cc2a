// Move input, second half: the grammar of English move text and its resolution against the legal moves.
#include <fmt/format.h>

#include "attacks.hpp"
#include "i18n/mark.hpp"
#include "move_text_detail.hpp"
#include "text.hpp"

namespace oc::rules::detail {

using i18n::N_;

namespace {

bool isFile(char c) {
    return c >= 'a' && c <= 'h';
}
bool isRank(char c) {
    return c >= '1' && c <= '8';
}

std::optional<PieceType> pieceOf(char c) {
    switch (c) {
        case 'N':
            return PieceType::Knight;
        case 'B':
            return PieceType::Bishop;
        case 'R':
            return PieceType::Rook;
        case 'Q':
            return PieceType::Queen;
        case 'K':
            return PieceType::King;
        default:
            return std::nullopt;
    }
}

std::optional<PieceType> promoOf(char c) {
    auto p = pieceOf(static_cast<char>(c >= 'a' ? c - 32 : c));
    if (p == PieceType::King) return std::nullopt;
    return p;
}

const char* pieceName(PieceType t) {
    constexpr const char* kNames[] = {N_("pawn"), N_("knight"), N_("bishop"),
                                      N_("rook"), N_("queen"),  N_("king")};
    return kNames[static_cast<int>(t)];
}

// Strips a promotion suffix: "=Q", "Q", "/Q", "(Q)", or UCI's lower-case "q" after a square.
std::optional<PieceType> takePromotion(std::string_view& s) {
    const std::size_t n = s.size();
    if (n >= 3 && s[n - 1] == ')' && s[n - 3] == '(') {
        if (auto p = promoOf(s[n - 2]); p && s[n - 2] < 'a') {
            s.remove_suffix(3);
            return p;
        }
    }
    if (n >= 1 && s[n - 1] >= 'A' && s[n - 1] <= 'Z') {
        if (auto p = promoOf(s[n - 1])) {
            s.remove_suffix(1);
            if (!s.empty() && (s.back() == '=' || s.back() == '/')) s.remove_suffix(1);
            return p;
        }
    }
    if (n >= 3 && isFile(s[n - 3]) && isRank(s[n - 2])) {
        if (auto p = promoOf(s[n - 1]); p && s[n - 1] >= 'a') {
            s.remove_suffix(1);
            return p;
        }
    }
    return std::nullopt;
}

}  // namespace

tl::expected<MoveSpec, std::string> parseCanonical(std::string_view s) {
    MoveSpec spec;
    if (auto side = castlingOf(s)) {
        spec.castle = side;
        return spec;
    }
    spec.promo = takePromotion(s);
    if (s.size() < 2 || !isFile(s[s.size() - 2]) || !isRank(s.back()))
        return tl::unexpected(std::string(N_("the move must end with the arrival square (like f3)")));
    spec.to = (s.back() - '1') * 8 + (s[s.size() - 2] - 'a');
    s.remove_suffix(2);
    char sep = 0;
    if (!s.empty() && (s.back() == 'x' || s.back() == ':' || s.back() == '-')) {
        sep = s.back();
        s.remove_suffix(1);
    }
    std::size_t i = 0;
    if (i < s.size() && (spec.piece = pieceOf(s[i]))) ++i;
    if (i < s.size() && isFile(s[i])) spec.from_file = s[i++] - 'a';
    if (i < s.size() && isRank(s[i])) spec.from_rank = s[i++] - '1';
    if (i != s.size())
        return tl::unexpected(
            fmt::format(N_("'{}' is not understood before the arrival square"), s.substr(i)));
    if (sep == '-' && (spec.from_file < 0 || spec.from_rank < 0))
        return tl::unexpected(
            std::string(N_("a hyphen needs the full departure square, as in Ng1-f3 or e2-e4")));
    return spec;
}

std::string exampleMoves(Language lang) {
    const std::string n(pieceLetter(lang, PieceType::Knight));
    const std::string q(pieceLetter(lang, PieceType::Queen));
    return fmt::format(N_("{0}f3, exd5, e8{1}, 0-0, {0}g1-f3 or g1f3 (piece letters {2})"), n, q,
                       pieceLetters(lang));
}

namespace {

bool matches(const Position& pos, const MoveSpec& spec, Move m) {
    if (spec.castle) {
        return m.kind() == Move::Kind::Castling &&
               (fileOf(m.to()) > fileOf(m.from())) == (*spec.castle == CastleSide::King);
    }
    if (index(m.to()) != spec.to) return false;
    if (spec.from_file >= 0 && fileOf(m.from()) != spec.from_file) return false;
    if (spec.from_rank >= 0 && rankOf(m.from()) != spec.from_rank) return false;
    const PieceType type = pos.pieceAt(m.from())->type;
    const bool coordinates = !spec.piece && spec.from_file >= 0 && spec.from_rank >= 0;  // UCI or "g1-f3"
    if (!coordinates && type != spec.piece.value_or(PieceType::Pawn)) return false;
    if (spec.promo && m.promotion() != spec.promo) return false;
    if (!spec.promo && m.kind() == Move::Kind::Promotion && m.promotion() != PieceType::Queen) return false;
    return true;
}

// Whether a piece of `type` on `from` could go to `to` by its movement rules, ignoring the king's safety.
bool pseudoReach(const Position& pos, PieceType type, int from, int to) {
    const Color us = pos.sideToMove();
    const Bitboard occ = pos.occupied();
    if (pos.pieces(us) & bit(to)) return false;
    switch (type) {
        case PieceType::Knight:
            return (attacks().knight[from] & bit(to)) != 0;
        case PieceType::Bishop:
            return (bishopAttacks(from, occ) & bit(to)) != 0;
        case PieceType::Rook:
            return (rookAttacks(from, occ) & bit(to)) != 0;
        case PieceType::Queen:
            return ((bishopAttacks(from, occ) | rookAttacks(from, occ)) & bit(to)) != 0;
        case PieceType::King:
            return (attacks().king[from] & bit(to)) != 0;
        case PieceType::Pawn:
            break;
    }
    const int up = us == Color::White ? 8 : -8;
    const auto ep = pos.epSquare();
    if (pawnAttacks(us, from) & bit(to)) return (pos.pieces(~us) & bit(to)) || (ep && index(*ep) == to);
    if (to == from + up) return !(occ & bit(to));
    const int start_rank = us == Color::White ? 1 : 6;
    return to == from + 2 * up && from / 8 == start_rank && !(occ & (bit(to) | bit(from + up)));
}

std::string castlingWhy(const Position& pos, CastleSide side) {
    const Color us = pos.sideToMove();
    const int rank = us == Color::White ? 0 : 56;
    const bool k = side == CastleSide::King;
    if (!pos.castling().has(us, side)) return N_("the right to castle on that side is lost (Art. 3.8.2.1)");
    const Bitboard between =
        k ? (bit(rank + 5) | bit(rank + 6)) : (bit(rank + 1) | bit(rank + 2) | bit(rank + 3));
    if (pos.occupied() & between) return N_("a piece stands between the king and the rook (Art. 3.8.2.2)");
    if (pos.inCheck()) return N_("the king is in check (Art. 3.8.2.2)");
    const Square pass = squareAt(k ? rank + 5 : rank + 3);
    if (pos.isAttacked(pass, ~us))
        return fmt::format(N_("the king would cross {}, which is attacked (Art. 3.8.2.2)"), squareName(pass));
    return fmt::format(N_("the king would be in check on {}"), squareName(squareAt(k ? rank + 6 : rank + 2)));
}

// Issue 22: "Bcc4" names a file no bishop stands on that reaches c4, though one elsewhere does: the
// extra letter is the mistake, not the move ("no bishop can reach c4" misled the operator).
std::string wrongOrigin(const MoveSpec& spec, std::string_view piece, const std::string& to) {
    if (spec.from_file >= 0 && spec.from_rank >= 0)
        return fmt::format(
            N_("the {} that can reach {} is not on {}: leave the square out or give the right one"), piece,
            to, squareName(makeSquare(spec.from_file, spec.from_rank)));
    if (spec.from_file >= 0)
        return fmt::format(
            N_("no {} on the {}-file can reach {}: leave the file letter out or give the right one"), piece,
            static_cast<char>('a' + spec.from_file), to);
    return fmt::format(N_("no {} on rank {} can reach {}: leave the rank out or give the right one"), piece,
                       spec.from_rank + 1, to);
}

std::string illegalWhy(const Position& pos, const MoveSpec& spec) {
    if (spec.castle) return castlingWhy(pos, *spec.castle);
    const Color us = pos.sideToMove();
    const std::string to = squareName(squareAt(spec.to));
    if (spec.from_file >= 0 && spec.from_rank >= 0) {
        const Square from = makeSquare(spec.from_file, spec.from_rank);
        const auto p = pos.pieceAt(from);
        if (!p) return fmt::format(N_("there is no piece on {}"), squareName(from));
        if (p->color != us)
            return fmt::format(N_("the piece on {} belongs to the opponent"), squareName(from));
        if (spec.piece && p->type != *spec.piece)
            return fmt::format(N_("the piece on {} is a {}, not a {}"), squareName(from), pieceName(p->type),
                               pieceName(*spec.piece));
    }
    if (pos.pieces(us) & bit(spec.to))
        return fmt::format(N_("{} is occupied by a piece of the side to move"), to);
    PieceType type = spec.piece.value_or(PieceType::Pawn);
    if (spec.from_file >= 0 && spec.from_rank >= 0)
        type = pos.pieceAt(makeSquare(spec.from_file, spec.from_rank))->type;
    bool reach = false, reach_elsewhere = false;
    for (Bitboard b = pos.pieces(us, type); b;) {
        const int from = popLsb(b);
        const bool named = (spec.from_file < 0 || from % 8 == spec.from_file) &&
                           (spec.from_rank < 0 || from / 8 == spec.from_rank);
        (named ? reach : reach_elsewhere) |= pseudoReach(pos, type, from, spec.to);
    }
    if (!reach && reach_elsewhere) return wrongOrigin(spec, pieceName(type), to);
    if (!reach) return fmt::format(N_("no {} can reach {}"), pieceName(type), to);
    const bool last_rank = spec.to / 8 == (us == Color::White ? 7 : 0);
    if (spec.promo && (type != PieceType::Pawn || !last_rank))
        return N_("only a pawn reaching the last rank is promoted");
    if (type == PieceType::King) return fmt::format(N_("the king would be in check on {}"), to);
    return pos.inCheck() ? N_("the king is in check and this move does not parry it")
                         : N_("the king would be in check");
}

// "ambiguous move 'Nd2': Nbd2 or Nfd2". The "or" stands in the whole message's pattern, so a Polish screen
// reads "lub" (issue 22); a pattern "{} or {}" of its own would also translate the "or" of any outside
// text read back through the catalogue ("No such file or directory").
std::string ambiguity(std::string_view text, const std::vector<std::string>& moves) {
    if (moves.size() == 2) return fmt::format(N_("ambiguous move '{}': {} or {}"), text, moves[0], moves[1]);
    std::string head = moves[0];
    for (std::size_t i = 1; i + 2 < moves.size(); ++i) head += ", " + moves[i];
    return fmt::format(N_("ambiguous move '{}': {}, {} or {}"), text, head, moves[moves.size() - 2],
                       moves.back());
}

}  // namespace

tl::expected<Move, MoveTextError> resolve(const Position& pos, const MoveSpec& spec, std::string_view text,
                                          Language lang) {
    MoveList legal;
    if (spec.castle)
        pos.legalMoves(legal);
    else
        pos.legalMovesTo(squareAt(spec.to), legal);
    MoveList found;  // on the stack: PGN import resolves millions of moves
    for (Move m : legal)
        if (matches(pos, spec, m)) found.push(m);
    if (found.size() == 1) {
        if (!spec.promo && found[0].kind() == Move::Kind::Promotion) {
            const std::string sq = squareName(found[0].to());
            const std::string_view q = pieceLetter(lang, PieceType::Queen),
                                   r = pieceLetter(lang, PieceType::Rook);
            const std::string_view b = pieceLetter(lang, PieceType::Bishop),
                                   n = pieceLetter(lang, PieceType::Knight);
            return tl::unexpected(MoveTextError{
                MoveTextError::Kind::Incomplete,
                fmt::format(N_("incomplete move '{0}': name the promotion piece, e.g. {1}{2}, {1}{3}, "
                               "{1}{4} or {1}{5} (Art. 3.7.3.3)"),
                            text, sq, q, r, b, n),
                {}});
        }
        return found[0];
    }
    if (found.empty())
        return tl::unexpected(
            MoveTextError{MoveTextError::Kind::Illegal,
                          fmt::format(N_("illegal move '{}': {}"), text, illegalWhy(pos, spec)),
                          {}});
    NotationStyle style;
    style.language = lang;
    style.check_marks = false;
    std::vector<std::string> texts;
    for (const Move m : found) texts.push_back(formatMove(pos, m, style));
    return tl::unexpected(MoveTextError{MoveTextError::Kind::Ambiguous, ambiguity(text, texts),
                                        std::vector<Move>(found.begin(), found.end())});
}

}  // namespace oc::rules::detail
