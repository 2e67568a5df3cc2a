#include "i18n/bidi.hpp"

#include "i18n/language.hpp"
#include "i18n/tr.hpp"

namespace oc::i18n {

std::string isolate(std::string_view text) {
    if (text.empty()) return {};
    std::string out;
    out.reserve(text.size() + 6);
    out += "\u2068";
    out += text;
    out += "\u2069";
    return out;
}

std::string persianDigits(std::string_view text) {
    std::string out;
    out.reserve(text.size() * 2);
    for (const char c : text) {
        if (c >= '0' && c <= '9') {
            // U+06F0 + d in UTF-8: 0xDB 0xB0+d.
            out += static_cast<char>(0xDB);
            out += static_cast<char>(0xB0 + (c - '0'));
        } else {
            out += c;
        }
    }
    return out;
}

bool rightToLeftUi() {
    return isRightToLeft(uiLanguage());
}

}  // namespace oc::i18n
