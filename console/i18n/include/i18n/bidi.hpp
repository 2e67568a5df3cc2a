#pragma once
// Mixed-direction text in right-to-left UI languages (Persian; issue 26 item 2, docs/i18n.md).
//
// A left-to-right piece placed into a Persian sentence (a move, "12. Nf3", a result "1-0", a clock
// reading, a rating, a Latin name) must be isolated, or the Unicode bidi algorithm reorders it with the
// sentence around it: "1-0" would show as "0-1" and "O-O-O#" as "#O-O-O". The code isolates, never the
// translator: trf/trnf and translateMessage wrap every text argument in FSI…PDI when the UI language is
// right to left, and write integer arguments in Persian digits. Code that composes a sentence outside
// trf calls isolate() itself.

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>

namespace oc::i18n {

// FSI (U+2068) text PDI (U+2069): the piece takes its own direction from its first strong letter (LTR
// for "Nf3" or "Kowalski", RTL for a Persian word) and does not mix with the sentence around it. A piece
// without a letter ("1-0", "+10", "-۹۰۰", "1:29:58") gets LRI (U+2066) instead, which the algorithm
// makes of such an FSI anyway (isolateLtr). An empty text stays empty.
std::string isolate(std::string_view text);

// LRI (U+2066) LRM (U+200E) text PDI (U+2069): a piece that is left to right whatever it holds, for
// signed numbers and clock differences ("+2:00", "-۹۰۰", "+۲۲۲٫۰", issue 36 item 6). A sign is a weak
// character: unisolated in a right-to-left sentence it lands on the number's right ("۹۰۰-"); the LRM is
// for FriBidi, which got a letterless isolate wrong after an earlier one. An empty text stays empty.
std::string isolateLtr(std::string_view text);

// Whether the text holds a character with a direction of its own (a Latin, Persian, Cyrillic ... letter,
// an RLM); digits, signs, punctuation and spaces have none.
bool hasStrongLetter(std::string_view utf8);

// The columns a terminal gives the text: one per code point, none for the marks that take no room of
// their own (Arabic-script vowel marks, ZWNJ/ZWJ, the bidi marks and isolates). CLI11 pads by bytes, so
// a Persian placeholder («متن», 6 bytes, 3 columns) pushed the help's descriptions out of line.
std::size_t terminalColumns(std::string_view utf8);

// Whether a number's text carries a sign ('+', '-' or U+2212) at its start.
bool signedText(std::string_view text);

// ASCII digits 0-9 as Persian digits U+06F0-06F9 (bidi class EN; never the Arabic-Indic U+0660-0669,
// class AN, which reorders differently). Every other character is kept.
std::string persianDigits(std::string_view text);

// A number fmt wrote ("+222.0", "-900", "15") as a Persian sentence shows it: Persian digits, the
// decimal separator U+066B, and a signed one isolated left to right (isolateLtr).
std::string persianNumber(std::string_view text);

// A count or number the setup holds as text (a round "3", a board "12"), as the UI language writes it:
// Persian digits in Persian; a text with a letter ("A1") as given (issue 36 item 8: one rule for the
// screens and the papers).
std::string countText(std::string_view number);

// Whether the UI language in force is written right to left.
bool rightToLeftUi();

// What joins the items of a list the code builds ("(White, Smith)", "offer a draw, resign"): ", ", or
// in a right-to-left language the Arabic comma U+060C that Persian writes, "، " (issue 36 item 10: a
// Latin comma showed in «(سفید, رضایی، علی)»).
const char* listSeparator();
// What joins the clauses of a sentence the code builds from parts ("3 searches; 1 over the reserve"):
// "; ", or Persian's semicolon U+061B, "؛ ".
const char* clauseSeparator();

namespace detail {

// An integer argument of trf in a right-to-left language: formatted with the placeholder's own spec
// ("{:+}", "{:02}"), then in Persian digits, except in hexadecimal, binary and octal ("0x{:02X}").
template <typename T>
struct PersianInt {
    T value;
};

// A floating-point argument of trf in a right-to-left language: with its spec ("{:+.1f}"), then as
// persianNumber writes it (issue 36 item 6: "+222.0 s" showed as "۲۲۲٫۰+").
template <typename T>
struct PersianFloat {
    T value;
};

// What trf passes to fmt for one argument in a right-to-left language: text isolated, integers in
// Persian digits, floats as persianNumber writes them, anything else as it is.
template <typename T>
auto rtlArg(const T& arg) {
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, char>) {
        return PersianInt<T>{arg};
    } else if constexpr (std::is_floating_point_v<T>) {
        return PersianFloat<T>{arg};
    } else if constexpr (std::is_convertible_v<const T&, std::string_view>) {
        return isolate(std::string_view(arg));
    } else {
        return arg;
    }
}

}  // namespace detail
}  // namespace oc::i18n

template <typename T>
struct fmt::formatter<oc::i18n::detail::PersianInt<T>> {
    std::string spec = "{:";
    bool latin = false;  // a base other than ten keeps its Latin digits and letters

    auto parse(fmt::format_parse_context& ctx) {
        auto it = ctx.begin();
        while (it != ctx.end() && *it != '}') spec += *it++;
        spec += '}';
        const char type = spec.size() > 3 ? spec[spec.size() - 2] : '\0';
        latin = std::string_view("xXbBoc").find(type) != std::string_view::npos;
        return it;
    }

    template <typename Context>
    auto format(const oc::i18n::detail::PersianInt<T>& n, Context& ctx) const {
        const std::string text = fmt::format(fmt::runtime(spec), n.value);
        // A signed number stays in one left-to-right run, or its sign shows on the wrong side.
        const std::string shown = latin ? text
                                  : oc::i18n::signedText(text)
                                      ? oc::i18n::isolateLtr(oc::i18n::persianDigits(text))
                                      : oc::i18n::persianDigits(text);
        return std::copy(shown.begin(), shown.end(), ctx.out());
    }
};

template <typename T>
struct fmt::formatter<oc::i18n::detail::PersianFloat<T>> {
    std::string spec = "{:";

    auto parse(fmt::format_parse_context& ctx) {
        auto it = ctx.begin();
        while (it != ctx.end() && *it != '}') spec += *it++;
        spec += '}';
        return it;
    }

    template <typename Context>
    auto format(const oc::i18n::detail::PersianFloat<T>& n, Context& ctx) const {
        const std::string shown = oc::i18n::persianNumber(fmt::format(fmt::runtime(spec), n.value));
        return std::copy(shown.begin(), shown.end(), ctx.out());
    }
};
