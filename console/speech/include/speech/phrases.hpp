#pragma once
// What is spoken, as text: pure functions, no audio. The phrases follow the conventions of the Laws'
// appendix for blind and visually handicapped players (2005 Laws App. F / Handbook E.II; 2023 App. D).

#include <chrono>
#include <string>
#include <string_view>

#include "rules/color.hpp"
#include "rules/position.hpp"
#include "speech/language.hpp"

namespace oc::speech {

struct PhraseOptions {
    SpeechLanguage language = SpeechLanguage::En;
    // App. F 1: files as Anna, Bella, Cesar, ... and ranks as number words, instead of letters and digits.
    bool phonetic = false;
};

// `m` (legal in `pos`) as it is announced: piece name, capture, square, promotion piece, en passant,
// castling, check or mate ("Knight takes f3, check", "e takes d6 en passant", "short castling"), in the
// language's order (Persian puts the verb last: "knight, f3 takes, check"), with the squares spelled
// for the voice (Persian script for the fa voice).
std::string movePhrase(const rules::Position& pos, rules::Move m, const PhraseOptions& opt);

// App. F 9.4: the number of the move and both players' clock times ("Move 12. White 1 hour 5 minutes. ...").
std::string clockPhrase(int move_number, std::chrono::milliseconds white, std::chrono::milliseconds black,
                        SpeechLanguage lang);

// What happens at the board besides moves.
enum class Event : std::uint8_t { DrawOffer, DrawClaim, FlagReported, ClocksPaused, ClocksResumed };

// `event` made by (or concerning) `side`; the clocks' events ignore `side`.
std::string eventPhrase(Event event, rules::Color side, SpeechLanguage lang);

// "White wins", "Black wins" or "Draw" for a PGN result ("1-0", "0-1", "1/2-1/2"); empty for "*".
std::string resultPhrase(std::string_view result, SpeechLanguage lang);

// The espeak-ng voice for `lang` ("en", "pl", ..., "fa").
std::string_view voiceName(SpeechLanguage lang);

}  // namespace oc::speech
