#include "i18n/format.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/locale.hpp>
#include <charconv>
#include <chrono>
#include <sstream>

#include "i18n/bidi.hpp"

namespace oc::i18n {

namespace {

// ICU's Persian calendar through Boost.Locale's ICU backend (chosen explicitly: it is the only backend
// with calendars). The locale is built once; no system locale is needed (research/persian.md §5).
const std::locale& persianLocale() {
    static const std::locale locale = [] {
        boost::locale::localization_backend_manager backends =
            boost::locale::localization_backend_manager::global();
        backends.select("icu");
        boost::locale::generator generator(backends);
        return generator("fa_IR.UTF-8@calendar=persian");
    }();
    return locale;
}

// "۱۴۰۴/۰۹/۱۰" for 2025-12-01: noon UTC of the day, formatted in UTC, so no time zone moves the date.
std::string solarHijri(int year, unsigned month, unsigned day) {
    using namespace std::chrono;
    const sys_days date{std::chrono::year{year} / std::chrono::month{month} / std::chrono::day{day}};
    const auto noon =
        static_cast<double>(duration_cast<seconds>(date.time_since_epoch()).count() + 12 * 3600);
    std::ostringstream out;
    out.imbue(persianLocale());
    out << boost::locale::as::gmt << boost::locale::as::ftime("%Y/%m/%d") << noon;
    return out.str();
}

}  // namespace

std::string formatDate(UiLanguage lang, int year, unsigned month, unsigned day) {
    if (lang == UiLanguage::Pl) return fmt::format("{:02}.{:02}.{:04}", day, month, year);
    const std::string iso = fmt::format("{:04}-{:02}-{:02}", year, month, day);
    // Iranian documents are dated in the Solar Hijri calendar; the Gregorian date beside it ties the paper
    // to the journal and the PGN, which stay ISO.
    // The leading RLM (U+200F) makes the date right to left wherever it is isolated (trf's FSI): its
    // digits alone are weak, so a Persian reader would otherwise meet the Gregorian date first.
    if (lang == UiLanguage::Fa) return fmt::format("\u200F{} ({})", solarHijri(year, month, day), iso);
    return iso;
}

std::string formatDateTime(UiLanguage lang, int year, unsigned month, unsigned day, unsigned hour,
                           unsigned minute) {
    return fmt::format("{} {:02}:{:02}", formatDate(lang, year, month, day), hour, minute);
}

namespace {
bool number(std::string_view s, unsigned& out) {
    const auto* end = s.data() + s.size();
    return !s.empty() && std::from_chars(s.data(), end, out).ptr == end;
}
}  // namespace

std::string localizeIsoDate(UiLanguage lang, std::string_view iso) {
    unsigned y = 0, m = 0, d = 0;
    const bool shape = iso.size() == 10 && (iso[4] == '-' || iso[4] == '.') && iso[7] == iso[4];
    if (!shape || !number(iso.substr(0, 4), y) || !number(iso.substr(5, 2), m) ||
        !number(iso.substr(8, 2), d) || m < 1 || m > 12 || d < 1 || d > 31) {
        return std::string(iso);
    }
    return formatDate(lang, static_cast<int>(y), m, d);
}

std::string formatDecimal(UiLanguage lang, double value, int decimals) {
    return localizeDecimalText(lang, fmt::format("{:.{}f}", value, decimals));
}

std::string localizeDecimalText(UiLanguage lang, std::string text) {
    if (lang == UiLanguage::Pl) std::replace(text.begin(), text.end(), '.', ',');
    if (lang != UiLanguage::Fa) return text;
    // Persian digits U+06F0..U+06F9 (never the Arabic-Indic U+0660..) and the Arabic decimal separator
    // U+066B, as ICU's fa number format writes them ("۱۲٫۵"); a signed one in a left-to-right run, or its
    // sign lands on the wrong side in a Persian sentence (issue 36 item 6).
    if (!text.empty() && (text[0] == '+' || text[0] == '-'))
        return isolateLtr(localizeDecimalText(lang, text.substr(1)).insert(0, 1, text[0]));
    std::string out;
    for (const char c : text) {
        if (c >= '0' && c <= '9') {
            out += "\u06F0";  // two bytes, DB B0; the digit's code point is U+06F0 + d
            out.back() = static_cast<char>(out.back() + (c - '0'));
        } else if (c == '.') {
            out += "\u066B";
        } else {
            out += c;
        }
    }
    return out;
}

}  // namespace oc::i18n
