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
#include <string>
#include <string_view>
#include <type_traits>

namespace oc::i18n {

// FSI (U+2068) text PDI (U+2069): the piece takes its own direction from its first strong letter (LTR
// for "Nf3" or "Kowalski", RTL for a Persian word, LTR when it has none, such as "1-0") and does not mix
// with the sentence around it. An empty text stays empty.
std::string isolate(std::string_view text);

// ASCII digits 0-9 as Persian digits U+06F0-06F9 (bidi class EN; never the Arabic-Indic U+0660-0669,
// class AN, which reorders differently). Every other character is kept.
std::string persianDigits(std::string_view text);

// Whether the UI language in force is written right to left.
bool rightToLeftUi();

namespace detail {

// An integer argument of trf in a right-to-left language: formatted with the placeholder's own spec
// ("{:+}", "{:02}"), then in Persian digits, except in hexadecimal, binary and octal ("0x{:02X}").
template <typename T>
struct PersianInt {
    T value;
};

// What trf passes to fmt for one argument in a right-to-left language: text isolated, integers in
// Persian digits, anything else (floats, with the language's decimals elsewhere) as it is.
template <typename T>
auto rtlArg(const T& arg) {
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, char>) {
        return PersianInt<T>{arg};
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
        const std::string shown = latin ? text : oc::i18n::persianDigits(text);
        return std::copy(shown.begin(), shown.end(), ctx.out());
    }
};
