// Move output: SAN for PGN and the FIDE scoresheet forms (App. C) in the event's language.
#include <array>

#include "attacks.hpp"
#include "rules/notation.hpp"

namespace oc::rules {

namespace {

struct LanguageInfo {
    std::string_view code;
    std::array<std::string_view, 6> letters;  // pawn (empty), N, B, R, Q, K
};

// FIDE App. C.2 (English), Polish App. C 2018, PGN-standard table and Russian practice (fide-requirements
// §13); Persian writes the English letters (research/persian.md §4: no Persian piece letters are in use).
constexpr std::array<LanguageInfo, 8> kLanguages{{
    {"en", {"", "N", "B", "R", "Q", "K"}},
    {"pl", {"", "S", "G", "W", "H", "K"}},
    {"de", {"", "S", "L", "T", "D", "K"}},
    {"fr", {"", "C", "F", "T", "D", "R"}},
    {"es", {"", "C", "A", "T", "D", "R"}},
    {"nl", {"", "P", "L", "T", "D", "K"}},
    {"ru", {"", "К", "С", "Л", "Ф", "Кр"}},
    {"fa", {"", "N", "B", "R", "Q", "K"}},
}};
constexpr std::array<Language, 8> kOrder{Language::En, Language::Pl, Language::De, Language::Fr,
                                         Language::Es, Language::Nl, Language::Ru, Language::Fa};
constexpr std::array<std::string_view, 6> kFigurines{"", "♘", "♗", "♖", "♕", "♔"};

const LanguageInfo& info(Language l) {
    return kLanguages[static_cast<std::size_t>(l)];
}

// File, rank or both, whichever singles out the moving piece (App. C.10; full square for 3+ pieces).
std::string disambiguation(const Position& pos, Move m, PieceType type) {
    bool clash = false, same_file = false, same_rank = false;
    MoveList moves;
    pos.legalMovesTo(m.to(), moves);
    for (Move o : moves) {
        if (o.to() != m.to() || o.from() == m.from() || pos.pieceAt(o.from())->type != type) continue;
        clash = true;
        same_file |= fileOf(o.from()) == fileOf(m.from());
        same_rank |= rankOf(o.from()) == rankOf(m.from());
    }
    if (!clash) return {};
    if (!same_file) return std::string(1, static_cast<char>('a' + fileOf(m.from())));
    if (!same_rank) return std::string(1, static_cast<char>('1' + rankOf(m.from())));
    return squareName(m.from());
}

std::string_view letterFor(const NotationStyle& st, PieceType t) {
    return st.figurines ? kFigurines[static_cast<std::size_t>(t)]
                        : info(st.language).letters[static_cast<std::size_t>(t)];
}

std::string castlingText(Move m, const NotationStyle& st) {
    const bool king_side = fileOf(m.to()) > fileOf(m.from());
    const char o = st.letter_o_castling ? 'O' : '0';
    std::string s{o, '-', o};
    if (!king_side) s += std::string{'-', o};
    return s;
}

std::string checkSuffix(const Position& pos, Move m) {
    const Position after = pos.play(m);
    if (!after.inCheck()) return {};
    return after.hasLegalMove() ? "+" : "#";
}

}  // namespace

std::optional<Language> parseLanguage(std::string_view code) {
    for (std::size_t i = 0; i < kLanguages.size(); ++i)
        if (kLanguages[i].code == code) return static_cast<Language>(i);
    return std::nullopt;
}

std::span<const Language> languages() {
    return kOrder;
}

std::string languageList() {
    std::string out;
    for (const auto& l : kLanguages) {
        if (!out.empty()) out += ' ';
        out += l.code;
    }
    return out;
}

std::string_view languageCode(Language lang) {
    return info(lang).code;
}

std::string_view pieceLetter(Language lang, PieceType type) {
    return info(lang).letters[static_cast<std::size_t>(type)];
}

std::string pieceLetters(Language lang) {
    std::string out;
    for (auto t :
         {PieceType::King, PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight}) {
        if (!out.empty()) out += ' ';
        out += pieceLetter(lang, t);
    }
    return out;
}

std::string formatMove(const Position& pos, Move m, const NotationStyle& st) {
    std::string out;
    if (m.kind() == Move::Kind::Castling) {
        out = castlingText(m, st);
    } else {
        const PieceType type = pos.pieceAt(m.from())->type;
        const bool capture = pos.isCapture(m);
        out += letterFor(st, type);
        if (st.long_form) {
            out += squareName(m.from());
            out += capture ? 'x' : '-';
        } else if (type == PieceType::Pawn) {
            if (capture) out += {static_cast<char>('a' + fileOf(m.from())), 'x'};
        } else {
            out += disambiguation(pos, m, type);
            if (capture) out += 'x';
        }
        out += squareName(m.to());
        if (auto promo = m.promotion()) {
            if (st.promotion_equals) out += '=';
            out += letterFor(st, *promo);
        }
    }
    if (st.check_marks) out += checkSuffix(pos, m);
    if (st.ep_suffix && m.kind() == Move::Kind::EnPassant) out += " e.p.";
    return out;
}

std::string toSan(const Position& pos, Move m) {
    return formatMove(pos, m, kPgnStyle);
}

}  // namespace oc::rules
