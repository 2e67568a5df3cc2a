#pragma once
// Translation of every text a person reads: tr("Start the game") returns the current UI language's
// text, or the English msgid itself when the catalogue has none. Catalogues are gettext .mo files read
// with Boost.Locale (no system locale needed); xgettext extracts the keywords tr, trc, trf, trn, trnf.
//
// Messages are whole sentences with fmt placeholders ({}), never pieces glued together: word order
// differs between languages (docs/i18n.md).

#include <fmt/format.h>

#include <string>
#include <tl/expected.hpp>

#include "i18n/bidi.hpp"
#include "i18n/language.hpp"

namespace oc::i18n {

// Switches the process to `lang`, loading its catalogue once (kept for the process's life, so the
// pointers tr() returned stay valid). An error names the missing file and where it was looked for; the
// language in force is unchanged then.
[[nodiscard]] tl::expected<void, std::string> setUiLanguage(UiLanguage lang);
UiLanguage uiLanguage();

// The translation of msgid, or msgid itself when untranslated (or in English). Never null.
const char* tr(const char* msgid);
// With a context, for words English writes alike ("Black" the side, "black" the square).
const char* trc(const char* context, const char* msgid);
// The plural form for n, by the language's rule (Polish has three).
const char* trn(const char* singular, const char* plural, long n);

// A message another part wrote in English (a refusal from the session, an engine or clock error): the
// journal keeps it in English, the screen shows it in the UI language when the catalogue knows it.
std::string translateMessage(const std::string& english);

namespace detail {
// fmt::format of a translated pattern; a translation whose placeholders do not fit the arguments falls
// back to the English pattern (the catalogue test forbids that, this only keeps a slip off the screen).
std::string formatTranslated(const char* translated, const char* english, fmt::format_args args);
}  // namespace detail

// tr + fmt::format: trf("White's move {}", n).
// In a right-to-left language every text argument is isolated and every integer written in Persian
// digits (i18n/bidi.hpp); English and Polish get exactly what fmt writes.
template <typename... Args>
std::string trf(const char* msgid, const Args&... args) {
    if (rightToLeftUi())
        return detail::formatTranslated(tr(msgid), msgid, fmt::make_format_args(detail::rtlArg(args)...));
    return detail::formatTranslated(tr(msgid), msgid, fmt::make_format_args(args...));
}

// trn + fmt::format: trnf("{} move", "{} moves", n, n).
template <typename... Args>
std::string trnf(const char* singular, const char* plural, long n, const Args&... args) {
    const char* english = n == 1 ? singular : plural;
    if (rightToLeftUi())
        return detail::formatTranslated(trn(singular, plural, n), english,
                                        fmt::make_format_args(detail::rtlArg(args)...));
    return detail::formatTranslated(trn(singular, plural, n), english, fmt::make_format_args(args...));
}

}  // namespace oc::i18n
