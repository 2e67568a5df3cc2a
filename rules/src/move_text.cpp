// Move input (App. C): the event language's letters are first mapped to English ones, then one grammar
// covers SAN, long form and UCI. Rejections say why (unparseable / illegal / ambiguous / incomplete).
#include <fmt/format.h>

#include <array>

#include "i18n/mark.hpp"
#include "move_text_detail.hpp"
#include "rules/notation.hpp"
#include "text.hpp"

namespace oc::rules {

using detail::cat;
using i18n::N_;

namespace {

struct Token {
    std::string_view text;
    char english;
};

// Localized piece letters and accepted look-alikes, longest first (Russian "Кр" before "К").
std::vector<Token> tokensFor(Language lang) {
    std::vector<Token> t;
    if (lang == Language::Ru) {
        // Latin homoglyphs typed on a Latin layout are normalised only inside Russian (fide-requirements
        // §13).
        t = {{"Кр", 'K'}, {"Kp", 'K'}, {"Кp", 'K'}, {"Kр", 'K'}, {"К", 'N'}, {"K", 'N'},
             {"Ф", 'Q'},  {"Л", 'R'},  {"С", 'B'},  {"C", 'B'},  {"а", 'a'}, {"с", 'c'},
             {"е", 'e'},  {"х", 'x'},  {"О", 'O'},  {"о", 'O'}};
    } else {
        for (auto type :
             {PieceType::King, PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight})
            t.push_back({pieceLetter(lang, type), pieceLetter(Language::En, type)[0]});
    }
    const std::array<std::pair<std::string_view, char>, 10> figurines{{{"♔", 'K'},
                                                                       {"♕", 'Q'},
                                                                       {"♖", 'R'},
                                                                       {"♗", 'B'},
                                                                       {"♘", 'N'},
                                                                       {"♚", 'K'},
                                                                       {"♛", 'Q'},
                                                                       {"♜", 'R'},
                                                                       {"♝", 'B'},
                                                                       {"♞", 'N'}}};
    for (auto [s, c] : figurines) t.push_back({s, c});
    return t;
}

// The letters a pawn would have in `lang`; writing one is an error (App. C.4).
bool isPawnLetter(Language lang, std::string_view s) {
    auto starts = [&](std::string_view p) { return s.substr(0, p.size()) == p; };
    switch (lang) {
        case Language::De:
            return starts("B");  // Bauer; the German bishop is L
        case Language::Nl:
            return starts("p");
        case Language::Ru:
            return starts("п") || starts("П");
        default:
            return starts("P") || starts("p");
    }
}

bool endsWith(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
        s.remove_suffix(1);
    return s;
}

}  // namespace

namespace detail {

// Removes trailing marks that carry no move information: check/mate signs, annotations, "e.p.", "(=)".
std::string_view stripSuffixes(std::string_view s, bool& draw_offer, bool& ep_mark) {
    for (bool changed = true; changed;) {
        changed = false;
        s = trim(s);
        for (std::string_view suf : {"(=)", "e.p.", "ep", "++", "+", "#", "!", "?", "×", "‡"}) {
            if (!endsWith(s, suf) || s.size() == suf.size()) continue;
            if (suf == "(=)") draw_offer = true;
            if (suf == "e.p." || suf == "ep") ep_mark = true;
            s.remove_suffix(suf.size());
            changed = true;
        }
    }
    return s;
}

std::optional<CastleSide> castlingOf(std::string_view s) {
    int os = 0;
    for (char c : s) {
        if (c == 'O' || c == '0' || c == 'o')
            ++os;
        else if (c != '-')
            return std::nullopt;
    }
    if (os == 2) return CastleSide::King;
    if (os == 3) return CastleSide::Queen;
    return std::nullopt;
}

tl::expected<std::string, std::string> toEnglish(std::string_view s, Language lang) {
    if (isPawnLetter(lang, s))
        return tl::unexpected(std::string(N_("pawns carry no letter (App. C.4): write e.g. e5 or exd5")));
    static const std::vector<std::vector<Token>> kTokens = [] {
        std::vector<std::vector<Token>> a;
        for (Language l : languages()) a.push_back(tokensFor(l));
        return a;
    }();
    const auto& tokens = kTokens.at(static_cast<std::size_t>(lang));
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        bool matched = false;
        for (const auto& t : tokens) {
            if (s.substr(i, t.text.size()) != t.text) continue;
            out += t.english;
            i += t.text.size();
            matched = true;
            break;
        }
        if (matched) continue;
        const char c = s[i];
        if ((c >= 'a' && c <= 'z') || (c >= '1' && c <= '8') || c == 'x' || c == ':' || c == '-' ||
            c == '=' || c == '/' || c == '(' || c == ')' || c == ' ') {
            if (c != ' ') out += c;
            ++i;
            continue;
        }
        if (c >= 'A' && c <= 'Z')
            return tl::unexpected(fmt::format(N_("'{}' is not a piece letter in {}"),
                                              std::string_view(&s[i], 1), languageCode(lang)));
        return tl::unexpected(fmt::format(N_("unexpected character at position {}"), i + 1));
    }
    return out;
}

}  // namespace detail

tl::expected<ParsedMoveText, MoveTextError> parseMoveText(const Position& pos, std::string_view text,
                                                          Language lang) {
    ParsedMoveText result;
    bool ep_mark = false;
    const std::string_view body = detail::stripSuffixes(text, result.draw_offer, ep_mark);
    auto fail = [&](std::string why) {
        return tl::unexpected(MoveTextError{MoveTextError::Kind::Unparseable,
                                            fmt::format(N_("cannot read '{}': {}; expected e.g. {}"),
                                                        trim(text), why, detail::exampleMoves(lang)),
                                            {}});
    };
    if (body.empty()) return fail(i18n::N_("no move given"));
    std::string canonical;
    if (auto side = detail::castlingOf(body)) {
        canonical = *side == CastleSide::King ? "O-O" : "O-O-O";
    } else {
        auto english = detail::toEnglish(body, lang);
        if (!english) return fail(english.error());
        canonical = std::move(*english);
    }
    auto spec = detail::parseCanonical(canonical);
    if (!spec) return fail(spec.error());
    spec->ep_mark = ep_mark;
    auto move = detail::resolve(pos, *spec, trim(text), lang);
    if (!move) return tl::unexpected(move.error());
    result.move = *move;
    return result;
}

bool hasDrawOfferMark(std::string_view text) {
    bool draw_offer = false, ep_mark = false;
    (void)detail::stripSuffixes(text, draw_offer, ep_mark);
    return draw_offer;
}

tl::expected<Move, MoveTextError> parseSan(const Position& pos, std::string_view san) {
    bool draw = false, ep = false;
    const std::string_view body = detail::stripSuffixes(san, draw, ep);
    auto spec = detail::parseCanonical(body);
    if (!spec) {
        return tl::unexpected(MoveTextError{MoveTextError::Kind::Unparseable,
                                            fmt::format(N_("cannot read '{}': {}"), san, spec.error()),
                                            {}});
    }
    return detail::resolve(pos, *spec, san, Language::En);
}

}  // namespace oc::rules
