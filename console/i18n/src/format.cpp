#include "i18n/format.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

namespace oc::i18n {

std::string formatDate(UiLanguage lang, int year, unsigned month, unsigned day) {
    if (lang == UiLanguage::Pl) return fmt::format("{:02}.{:02}.{:04}", day, month, year);
    return fmt::format("{:04}-{:02}-{:02}", year, month, day);
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
    return text;
}

}  // namespace oc::i18n
