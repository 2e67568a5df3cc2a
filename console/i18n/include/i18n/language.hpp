#pragma once
// The language people read on screen and on paper (issue 12), independent of the notation language
// (rules::Language). English is the source language; every other one has a gettext catalogue.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tl/expected.hpp>

namespace oc::i18n {

enum class UiLanguage : std::uint8_t { En, Pl, Fa };

// Every language with a catalogue (English first: it needs none).
std::span<const UiLanguage> uiLanguages();

// "en", "pl" or "fa" (lower case) to a UiLanguage.
std::optional<UiLanguage> parseUiLanguage(std::string_view code);

std::string_view uiLanguageCode(UiLanguage lang);

// The language's own name, as a chooser lists it ("English", "Polski", "فارسی").
std::string_view uiLanguageName(UiLanguage lang);

// Persian is written right to left: its text is reordered and shaped before ImGui draws it, and every
// left-to-right piece placed in its sentences is isolated (docs/i18n.md).
bool isRightToLeft(UiLanguage lang);

// "en, pl, fa": for messages that say what would be right.
std::string uiLanguageList();

// The default when nothing chose one: the notation language if a catalogue exists for it, else English
// (a Polish event that writes Sf3 gets Polish screens without asking).
UiLanguage defaultUiLanguage(std::string_view notation_code);

// An explicit choice (`--ui-lang`, `ui_language`) when given, else the default above. An unknown code is
// an error that names the languages there are; nothing is chosen then.
tl::expected<UiLanguage, std::string> chooseUiLanguage(std::string_view explicit_code,
                                                       std::string_view notation_code);

}  // namespace oc::i18n
