#include "i18n/bidi.hpp"

#include "i18n/language.hpp"
#include "i18n/tr.hpp"

namespace oc::i18n {

namespace {

// The code point starting at utf8[i] (lead byte and continuation bytes; no validation needed here).
char32_t codePoint(std::string_view utf8, std::size_t& i) {
    const auto b = static_cast<unsigned char>(utf8[i]);
    const int extra = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : 0;
    char32_t c = extra == 0 ? b : b & (0x3F >> extra);
    for (int k = 0; k < extra && i + 1 < utf8.size(); ++k)
        c = (c << 6) | (static_cast<unsigned char>(utf8[++i]) & 0x3F);
    return c;
}

// Digits (Latin, Persian, Arabic-Indic), their separators, signs, spaces, punctuation and isolates:
// characters without a direction of their own. Everything else non-ASCII counts as a letter.
bool weak(char32_t c) {
    if (c < 0x80) return !((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'));
    return (c >= 0x0660 && c <= 0x066C) || (c >= 0x06F0 && c <= 0x06F9) || (c >= 0x2066 && c <= 0x2069) ||
           c == 0x2212 || c == 0x00A0 || c == 0x202F || c == 0x2009 || c == 0x00D7 || c == 0x2264;
}

// Code points drawn on the letter before them, or not at all.
bool zeroWidth(char32_t c) {
    return (c >= 0x0300 && c <= 0x036F) || (c >= 0x064B && c <= 0x065F) || c == 0x0670 ||
           (c >= 0x200B && c <= 0x200F) || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) ||
           c == 0xFEFF;
}

}  // namespace

std::size_t terminalColumns(std::string_view utf8) {
    std::size_t columns = 0;
    for (std::size_t i = 0; i < utf8.size(); ++i)
        if (!zeroWidth(codePoint(utf8, i))) ++columns;
    return columns;
}

bool hasStrongLetter(std::string_view utf8) {
    for (std::size_t i = 0; i < utf8.size(); ++i)
        if (!weak(codePoint(utf8, i))) return true;
    return false;
}

std::string isolate(std::string_view text) {
    if (text.empty()) return {};
    // Without a letter an FSI is an LRI by the bidi algorithm, but FriBidi (the screens' shaper) then
    // took the direction of the words around it when an isolate came before: "+10" showed as "10+"
    // (issue 36 item 6). isolateLtr says the same explicitly, and FriBidi follows that.
    if (!hasStrongLetter(text)) return isolateLtr(text);
    std::string out;
    out.reserve(text.size() + 6);
    out += "\u2068";
    out += text;
    out += "\u2069";
    return out;
}

std::string isolateLtr(std::string_view text) {
    if (text.empty()) return {};
    // The LRM inside makes the run's direction explicit for FriBidi too: after an earlier isolate in the
    // line, FriBidi 1.0 resolved a letterless LRI's "+10" right to left ("10+").
    return fmt::format("\u2066\u200E{}\u2069", text);
}

bool signedText(std::string_view text) {
    return text.starts_with('+') || text.starts_with('-') || text.starts_with("\u2212");
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

std::string persianNumber(std::string_view text) {
    std::string out;
    for (const char c : persianDigits(text)) {
        if (c == '.')
            out += "\u066B";
        else
            out += c;
    }
    return signedText(text) ? isolateLtr(out) : out;
}

std::string countText(std::string_view number) {
    if (uiLanguage() != UiLanguage::Fa || hasStrongLetter(number)) return std::string(number);
    return persianDigits(number);
}

bool rightToLeftUi() {
    return isRightToLeft(uiLanguage());
}

const char* listSeparator() {
    return rightToLeftUi() ? "\u060C " : ", ";
}

const char* clauseSeparator() {
    return rightToLeftUi() ? "\u061B " : "; ";
}

}  // namespace oc::i18n
