// Announcements as text. The shape follows the notation the operator writes (App. C short form), read
// aloud with the words of App. F: the piece's name, "takes", the square, the promotion piece, then check;
// each language puts them in its own order (MovePatterns, lexicon.cpp).
#include "speech/phrases.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <vector>

#include "lexicon.hpp"

namespace oc::speech {
namespace {

using rules::Move;
using rules::PieceType;
using rules::Position;
using rules::Square;

std::string fileWord(int file, const Lexicon& lex, bool phonetic) {
    const auto& files = phonetic ? lex.spelling->phonetic_files : lex.spelling->files;
    return files[static_cast<std::size_t>(file)];
}

// `n` in the language's digits ("12", "۱۲").
std::string numberText(long long n, const Lexicon& lex) {
    std::string out;
    for (char c : std::to_string(n)) {
        if (c >= '0' && c <= '9')
            out += lex.spelling->digits[static_cast<std::size_t>(c - '0')];
        else
            out += c;
    }
    return out;
}

std::string rankWord(int rank, const Lexicon& lex, bool phonetic) {
    if (phonetic) return lex.ranks[static_cast<std::size_t>(rank)];
    return numberText(rank + 1, lex);
}

// "f3", or "Felix three" with the phonetic option (App. F 1); Persian "اِف ۳" and "فِلیکْس سه".
std::string squareWords(Square s, const Lexicon& lex, bool phonetic) {
    const char* gap = phonetic ? " " : lex.spelling->square_gap;
    return fileWord(rules::fileOf(s), lex, phonetic) + gap + rankWord(rules::rankOf(s), lex, phonetic);
}

// App. C.8: which of the departure's coordinates tells the piece from a like one reaching the same square.
enum class Clash : std::uint8_t { None, File, Rank, Square };

// The departure file, else the rank, else both.
Clash disambiguation(const Position& pos, Move m, PieceType type) {
    bool clash = false, same_file = false, same_rank = false;
    for (Move other : pos.legalMoves()) {
        if (other.to() != m.to() || other.from() == m.from()) continue;
        if (pos.pieceAt(other.from())->type != type) continue;
        clash = true;
        same_file = same_file || rules::fileOf(other.from()) == rules::fileOf(m.from());
        same_rank = same_rank || rules::rankOf(other.from()) == rules::rankOf(m.from());
    }
    if (!clash) return Clash::None;
    if (!same_file) return Clash::File;
    if (!same_rank) return Clash::Rank;
    return Clash::Square;
}

// Who moves, as the patterns name it: "" for a pawn that does not capture (App. C.4: not named), the
// file of one that does ("e"), the piece ("knight"), or the piece and where it stands ("rook a").
struct Mover {
    std::string text;
    bool disambiguated = false;
};

Mover mover(const Position& pos, Move m, const Lexicon& lex, bool phonetic) {
    const PieceType type = pos.pieceAt(m.from())->type;
    const MovePatterns& p = *lex.patterns;
    const std::string file = fileWord(rules::fileOf(m.from()), lex, phonetic);
    if (type == PieceType::Pawn)
        return {pos.isCapture(m) ? fmt::format(fmt::runtime(p.pawn), fmt::arg("file", file)) : std::string{}};
    const char* piece = lex.pieces[static_cast<std::size_t>(type)];
    const Clash clash = disambiguation(pos, m, type);
    if (clash == Clash::None) return {piece};
    const char* pattern = clash == Clash::File ? p.by_file : clash == Clash::Rank ? p.by_rank : p.by_square;
    return {fmt::format(fmt::runtime(pattern), fmt::arg("piece", piece), fmt::arg("file", file),
                        fmt::arg("rank", rankWord(rules::rankOf(m.from()), lex, phonetic)),
                        fmt::arg("square", squareWords(m.from(), lex, phonetic))),
            true};
}

// Mover and destination in the language's order: "knight f3", "bishop takes c6", "e takes d6 en passant";
// a pawn that does not capture is its square alone.
std::string arrival(const Position& pos, Move m, const Lexicon& lex, bool phonetic) {
    const Mover who = mover(pos, m, lex, phonetic);
    const std::string square = squareWords(m.to(), lex, phonetic);
    const MovePatterns& p = *lex.patterns;
    const char* pattern = who.disambiguated ? p.to_named : p.to;
    if (m.kind() == Move::Kind::EnPassant)
        pattern = p.en_passant;
    else if (pos.isCapture(m))
        pattern = p.capture;
    else if (who.text.empty())
        return square;
    return fmt::format(fmt::runtime(pattern), fmt::arg("mover", who.text), fmt::arg("square", square),
                       fmt::arg("takes", lex.takes), fmt::arg("en_passant", lex.en_passant));
}

// The move itself without check: castling by name (App. F 1), everything else mover, capture, square,
// then the promotion piece.
std::string bodyWords(const Position& pos, Move m, const Lexicon& lex, bool phonetic) {
    if (m.kind() == Move::Kind::Castling)
        return rules::fileOf(m.to()) > rules::fileOf(m.from()) ? lex.short_castling : lex.long_castling;
    std::string text = arrival(pos, m, lex, phonetic);
    if (auto promo = m.promotion())
        text = fmt::format(fmt::runtime(lex.patterns->promotion), fmt::arg("move", text),
                           fmt::arg("promotion", lex.promotion),
                           fmt::arg("piece", lex.promote_to[static_cast<std::size_t>(*promo)]));
    return text;
}

// Polish: 1 / 2-4 except 12-14 / other; Russian: 1 and 21, 31 ... / 2-4, 22-24 ... / other.
std::size_t pluralForm(long long n, PluralRule rule) {
    if (rule == PluralRule::Western) return n == 1 ? 0 : 1;
    const long long tens = n % 100, units = n % 10;
    const bool teen = tens >= 12 && tens <= 14;
    if (rule == PluralRule::Polish && n == 1) return 0;
    if (rule == PluralRule::Russian && units == 1 && tens != 11) return 0;
    if (units >= 2 && units <= 4 && !teen) return 1;
    return 2;
}

std::string countWords(long long n, const std::array<const char*, 3>& forms, const Lexicon& lex) {
    return fmt::format("{} {}", numberText(n, lex), forms[pluralForm(n, lex.plurals)]);
}

// "1 hour 5 minutes 3 seconds" (Persian joins the parts with و); parts that are zero are left out, and no
// time at all is "0 seconds".
std::string durationWords(std::chrono::milliseconds t, const Lexicon& lex) {
    const long long total = std::max<long long>(0, t.count()) / 1000;
    const long long h = total / 3600, min = total / 60 % 60, s = total % 60;
    std::vector<std::string> parts;
    if (h > 0) parts.push_back(countWords(h, lex.hours, lex));
    if (min > 0) parts.push_back(countWords(min, lex.minutes, lex));
    if (s > 0 || parts.empty()) parts.push_back(countWords(s, lex.seconds, lex));
    return fmt::format("{}", fmt::join(parts, lex.spelling->and_word));
}

}  // namespace

std::string movePhrase(const Position& pos, Move m, const PhraseOptions& opt) {
    const Lexicon& lex = lexicon(opt.language);
    std::string text = bodyWords(pos, m, lex, opt.phonetic);
    const Position after = pos.play(m);
    if (after.inCheck())
        text += fmt::format("{}{}", lex.spelling->comma, after.hasLegalMove() ? lex.check : lex.mate);
    return text;
}

std::string clockPhrase(int move_number, std::chrono::milliseconds white, std::chrono::milliseconds black,
                        SpeechLanguage lang) {
    const Lexicon& lex = lexicon(lang);
    return fmt::format("{} {}. {} {}. {} {}.", lex.move, numberText(move_number, lex), lex.sides[0],
                       durationWords(white, lex), lex.sides[1], durationWords(black, lex));
}

std::string eventPhrase(Event event, rules::Color side, SpeechLanguage lang) {
    const Lexicon& lex = lexicon(lang);
    const char* pattern = lex.events[static_cast<std::size_t>(event)];
    return fmt::format(fmt::runtime(pattern), lex.sides[static_cast<std::size_t>(rules::index(side))]);
}

std::string resultPhrase(std::string_view result, SpeechLanguage lang) {
    const Lexicon& lex = lexicon(lang);
    if (result == "1-0") return lex.results[0];
    if (result == "0-1") return lex.results[1];
    if (result == "1/2-1/2") return lex.results[2];
    return {};
}

std::string_view voiceName(SpeechLanguage lang) {
    return speechLanguageCode(lang);  // espeak-ng names its voices by the same ISO 639-1 codes
}

}  // namespace oc::speech
