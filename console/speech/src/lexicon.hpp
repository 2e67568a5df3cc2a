#pragma once
// The words of each notation language, for spoken announcements (private to speech/).

#include <array>
#include <cstdint>

#include "speech/language.hpp"

namespace oc::speech {

// How a count picks its noun form: Western (1 / other), Polish (1 / 2-4 / other, 21 minut) or Russian
// (1, 21 / 2-4, 22-24 / other).
enum class PluralRule : std::uint8_t { Western, Polish, Russian };

// How a language writes what its voice reads: squares, numbers and the small joining words.
struct Spelling {
    std::array<const char*, 8> files;           // a..h as the square names them ("f3": "f")
    std::array<const char*, 8> phonetic_files;  // App. F 1: Anna, Bella, ... in the voice's script
    std::array<const char*, 10> digits;         // 0..9 (ranks, move numbers, clock readings)
    const char* square_gap;                     // between file and rank: "f3", or "اِف ۳"
    const char* comma;                          // before check or mate
    const char* and_word;                       // between a duration's parts: "1 hour 5 minutes"
};

// The order of a move's words, as fmt patterns with named arguments: {mover} (the piece as named, or a
// capturing pawn), {square} (the destination), {move} (the phrase so far), {piece}, {file}, {rank} and
// the lexicon's words {takes}, {en_passant}, {promotion}. A language whose sentence puts the verb last
// (Persian) says a move in another order than one that reads the notation left to right; the code that
// fills the patterns is the same for every language.
struct MovePatterns {
    const char* to;          // a piece moves: "{mover} {square}"
    const char* to_named;    // the same after a disambiguated piece ("rook a d1")
    const char* capture;     // "{mover} {takes} {square}"
    const char* en_passant;  // "{mover} {takes} {square} {en_passant}"
    const char* promotion;   // "{move} {promotion} {piece}"
    const char* pawn;        // a capturing pawn, known by its file: "{file}"
    const char* by_file;     // App. C.8 disambiguation: "{piece} {file}"
    const char* by_rank;     // "{piece} {rank}"
    const char* by_square;   // "{piece} {file} {rank}" (also given: {square})
};

// One language's words. Plural forms: [0] one, [1] few (Slavic 2-4), [2] many; languages with two forms
// repeat the plural.
struct Lexicon {
    std::array<const char*, 6> pieces;      // pawn knight bishop rook queen king (rules::PieceType order)
    std::array<const char*, 6> promote_to;  // the piece as the promotion phrase needs it (Polish accusative)
    const char* takes;
    const char* promotion;  // the words before the promotion piece ("promotes to")
    const char* en_passant;
    const char* check;
    const char* mate;
    const char* short_castling;
    const char* long_castling;
    std::array<const char*, 8> ranks;  // number words one .. eight (phonetic squares)
    std::array<const char*, 2> sides;  // White, Black (as a sentence's subject)
    const char* move;                  // "Move {n}."
    std::array<const char*, 3> hours, minutes, seconds;
    std::array<const char*, 5> events;   // "{side} offers a draw", ... in rules order of speech::Event
    std::array<const char*, 3> results;  // white wins, black wins, draw
    PluralRule plurals;
    const Spelling* spelling;
    const MovePatterns* patterns;
};

// The words for `lang`.
const Lexicon& lexicon(SpeechLanguage lang);

}  // namespace oc::speech
