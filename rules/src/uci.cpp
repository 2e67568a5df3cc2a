// UCI coordinate notation ("e2e4", "e7e8q"; castling as the king's two-square move).
#include "rules/position.hpp"
#include "text.hpp"

namespace oc::rules {

namespace {

char promoChar(PieceType t) {
    return "pnbrqk"[static_cast<int>(t)];
}

}  // namespace

std::string toUci(Move m) {
    std::string s = squareName(m.from()) + squareName(m.to());
    if (auto p = m.promotion()) s += promoChar(*p);
    return s;
}

tl::expected<Move, std::string> parseUci(const Position& pos, std::string_view text) {
    if (text.size() < 4 || text.size() > 5)
        return tl::unexpected(detail::cat("'", text, "' is not a UCI move (expected e.g. e2e4 or e7e8q)"));
    const auto from = parseSquare(text.substr(0, 2));
    const auto to = parseSquare(text.substr(2, 2));
    if (!from || !to)
        return tl::unexpected(detail::cat("'", text, "' is not a UCI move (expected e.g. e2e4 or e7e8q)"));
    for (Move m : pos.legalMoves()) {
        if (m.from() != *from || m.to() != *to) continue;
        const auto promo = m.promotion();
        if (text.size() == 4 && !promo) return m;
        if (text.size() == 5 && promo && promoChar(*promo) == (text[4] | 0x20)) return m;
    }
    return tl::unexpected(detail::cat("'", text, "' is not a legal move in this position"));
}

}  // namespace oc::rules
