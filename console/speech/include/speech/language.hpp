#pragma once
// The language announcements are spoken in. It is the notation language's (Polish notation, Polish
// words; `fa` notation, which is English SAN as Iranian scoresheets write it, Persian words), or Persian
// when the event's screens are (an event may keep `en` notation with `ui_language` fa; docs/i18n.md
// "Spoken moves in Persian").

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "rules/notation.hpp"

namespace oc::speech {

enum class SpeechLanguage : std::uint8_t { En, Pl, De, Fr, Es, Nl, Ru, Fa };

// "en" .. "ru", "fa" (lower case) to a SpeechLanguage.
std::optional<SpeechLanguage> parseSpeechLanguage(std::string_view code);
// The two-letter code, which is also the espeak-ng voice's name.
std::string_view speechLanguageCode(SpeechLanguage lang);
// "en pl de fr es nl ru fa": for messages that say what would be right.
std::string speechLanguageList();

// The words of a notation language.
SpeechLanguage speechLanguageOf(rules::Language notation);
// The notation moves are read and written in for `lang`: its own (fa's is English SAN).
rules::Language notationOf(SpeechLanguage lang);

// The event's: Persian when the setup's `ui_language` is fa, else the notation language's words (Persian
// for `fa`, English when the code is unknown).
SpeechLanguage eventSpeechLanguage(std::string_view notation_code, std::string_view ui_language_code);

}  // namespace oc::speech
