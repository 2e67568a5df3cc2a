#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tl/expected.hpp>
#include <vector>

#include "rules/position.hpp"

namespace oc::rules {

// Notation languages (FIDE App. C.2/C.3 piece letters). Never auto-detected: letters clash. Persian (Fa)
// has no letters of its own: Iranian scoresheets, the federation's material and lichess fa-IR write
// English SAN (K Q R B N, O-O; research/persian.md §4), so Fa reads and writes exactly as En. It exists so
// that an event can say it is Persian (its screens, papers and spoken moves) with its notation.
enum class Language : std::uint8_t { En, Pl, De, Fr, Es, Nl, Ru, Fa };

// "en", "pl", "de", "fr", "es", "nl", "ru", "fa" (lower case) to a Language.
std::optional<Language> parseLanguage(std::string_view code);
// Every notation language, in the order above.
std::span<const Language> languages();
// "en pl de fr es nl ru fa": for messages that say what would be right.
std::string languageList();
// The two-letter code of `lang`.
std::string_view languageCode(Language lang);
// The letters for K Q R B N in `lang`, space-separated (for messages).
std::string pieceLetters(Language lang);
// The piece letter of `type` in `lang` (UTF-8; empty for a pawn).
std::string_view pieceLetter(Language lang, PieceType type);

// How a move is written. Defaults give the FIDE scoresheet short form in English (App. C).
struct NotationStyle {
    Language language = Language::En;
    bool figurines = false;          // ♔♕♖♗♘ instead of letters (App. C.3)
    bool long_form = false;          // departure square too: "Ng1-f3", "e5xd6" (App. C.8)
    bool letter_o_castling = false;  // "O-O" (PGN) instead of "0-0" (App. C.13)
    bool promotion_equals = false;   // "e8=Q" (PGN) instead of "e8Q" (App. C.11)
    bool ep_suffix = false;          // append " e.p." to en-passant captures (App. C.9.3)
    bool check_marks = true;         // "+" for check, "#" for mate
};

// The PGN style: English letters, O-O, =Q, no e.p.
inline constexpr NotationStyle kPgnStyle{Language::En, false, false, true, true, false, true};

// Standard algebraic notation as PGN writes it ("Nf3", "exd6", "e8=Q+", "O-O", "Qxf7#"); `m` is legal.
std::string toSan(const Position& pos, Move m);
// `m` (legal in `pos`) written in `style`.
std::string formatMove(const Position& pos, Move m, const NotationStyle& style);

// Why move text was refused; nothing changes.
struct MoveTextError {
    enum class Kind : std::uint8_t { Unparseable, Illegal, Ambiguous, Incomplete };
    Kind kind = Kind::Unparseable;
    std::string message;           // says what was wrong and what would be right
    std::vector<Move> candidates;  // for Ambiguous: the moves the text could mean
};

// A move read from text, with the "(=)" draw-offer mark when it was written (App. C.12).
struct ParsedMoveText {
    Move move;
    bool draw_offer = false;
};

// Reads a move written in `lang`: SAN with or without x + # =, localized letters or figurines, castling with
// O or 0, long form with or without hyphen, UCI coordinates, optional "e.p." and "(=)".
[[nodiscard]] tl::expected<ParsedMoveText, MoveTextError> parseMoveText(const Position& pos,
                                                                        std::string_view text, Language lang);

// True when `text` ends with the draw-offer mark "(=)" (App. C.12), with or without a space before it and
// before or after check signs: what parseMoveText would read as an offer, without needing a position.
[[nodiscard]] bool hasDrawOfferMark(std::string_view text);

// Fast path for PGN import: English SAN only (as PGN requires), no localized letters.
[[nodiscard]] tl::expected<Move, MoveTextError> parseSan(const Position& pos, std::string_view san);

}  // namespace oc::rules
