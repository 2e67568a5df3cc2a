#pragma once
// The language announcements are spoken in. It is the notation language's (Polish notation, Polish
// words), plus Persian, which has no notation of its own: Iranian scoresheets write English SAN, so the
// notation cannot say that a Persian event wants Persian words (docs/i18n.md "Spoken moves in Persian").

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
// The notation moves are read and written in for `lang`: its own, English SAN for Persian.
rules::Language notationOf(SpeechLanguage lang);

// The event's: Persian when the setup's `ui_language` is fa (the event is Persian, its notation English
// SAN), else the notation language's words (English when the code is unknown).
SpeechLanguage eventSpeechLanguage(std::string_view notation_code, std::string_view ui_language_code);

}  // namespace oc::speech
