#pragma once
// Dates and numbers where people read them, in the UI language's own format (issue 12 item 6):
// 2026-11-30 in English (ISO, as the console always wrote), 30.11.2026 in Polish, with a decimal comma;
// in Persian the Solar Hijri date with the Gregorian beside it, "۱۴۰۴/۰۹/۱۰ (2025-12-01)" (issue 26), and
// Persian digits with the separator U+066B ("۵٫۰"). Journals and PGN never use these: they keep their
// standard formats.

#include <string>
#include <string_view>

#include "i18n/language.hpp"

namespace oc::i18n {

// A (Gregorian) calendar date; month 1-12.
std::string formatDate(UiLanguage lang, int year, unsigned month, unsigned day);
// A date and a time of day to the minute: "2026-11-30 03:10" / "30.11.2026 03:10".
std::string formatDateTime(UiLanguage lang, int year, unsigned month, unsigned day, unsigned hour,
                           unsigned minute);
// An ISO date "YYYY-MM-DD" (or "YYYY.MM.DD", as a PGN Date tag writes it) in the language's format;
// text that is not a whole date (a PGN "2026.??.??") is returned as it is.
std::string localizeIsoDate(UiLanguage lang, std::string_view iso);
// A number with `decimals` digits after the separator: "5.0" / "5,0" / "۵٫۰".
std::string formatDecimal(UiLanguage lang, double value, int decimals);
// A number already written with a decimal point ("2.5", as a core message formats it) with the
// language's separator (and digits): "2.5" / "2,5" / "۲٫۵".
std::string localizeDecimalText(UiLanguage lang, std::string text);

}  // namespace oc::i18n
