// Typed durations (operator scripts, the GUI's clock fields): "1m30s", "90", "1:30".
#include <fmt/format.h>

#include <charconv>

#include "clock/tc_format.hpp"
#include "i18n/mark.hpp"

namespace oc::clock {
namespace {

// Bounds that keep the arithmetic in range (issue 27: "9999999999008000" seconds overflowed): an amount
// of at most a billion units, a duration of at most 10^15 ms (about 31,000 years).
constexpr long long kMaxAmount = 1'000'000'000;
constexpr Duration kMaxDuration{1'000'000'000'000'000};

tl::expected<long long, std::string> number(std::string_view s) {
    long long v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || p != s.data() + s.size() || s.empty())
        return tl::make_unexpected("\"" + std::string(s) + "\" is not a number");
    if (v < 0)
        return tl::make_unexpected("\"" + std::string(s) +
                                   "\" is negative (a leading '-' negates the whole)");
    if (v > kMaxAmount)
        return tl::make_unexpected("\"" + std::string(s) + "\" is too large (at most 1000000000)");
    return v;
}

tl::expected<Duration, std::string> unitAmount(long long n, std::string_view unit, std::string_view whole) {
    if (unit == "h") return Duration(n * 3600000);
    if (unit == "m") return Duration(n * 60000);
    if (unit == "s") return Duration(n * 1000);
    if (unit == "ms") return Duration(n);
    return tl::make_unexpected("bad duration \"" + std::string(whole) + "\": units are h, m, s, ms");
}

// "1m30s", "90s", "500ms", "2h" (units in descending order); a bare number is seconds.
tl::expected<Duration, std::string> unitDuration(std::string_view s) {
    if (auto n = number(s)) return Duration(*n * 1000);
    Duration total{0};
    std::size_t i = 0;
    while (i < s.size()) {
        std::size_t j = i;
        while (j < s.size() && s[j] >= '0' && s[j] <= '9') ++j;
        std::size_t k = j;
        while (k < s.size() && (s[k] < '0' || s[k] > '9')) ++k;
        auto n = number(s.substr(i, j - i));
        if (!n) return tl::make_unexpected("bad duration \"" + std::string(s) + "\": " + n.error());
        auto amount = unitAmount(*n, s.substr(j, k - j), s);
        if (!amount) return amount;
        total += *amount;
        if (total > kMaxDuration)
            return tl::make_unexpected("bad duration \"" + std::string(s) + "\": too long");
        i = k;
    }
    return total;
}

}  // namespace

tl::expected<Duration, std::string> parseClockReading(std::string_view s) {
    Duration total{0};
    std::size_t start = 0;
    for (int field = 1;; ++field) {
        std::size_t colon = s.find(':', start);
        if (field == 3 && colon != std::string_view::npos)
            return tl::make_unexpected(
                fmt::format(i18n::N_("bad clock reading \"{}\": use h:mm:ss or m:ss"), s));
        auto part = number(s.substr(start, colon == std::string_view::npos ? s.npos : colon - start));
        if (!part)
            return tl::make_unexpected(
                fmt::format(i18n::N_("bad clock reading \"{}\": use h:mm:ss or m:ss"), s));
        total = total * 60 + Duration(*part * 1000);
        if (colon == std::string_view::npos) return total;
        start = colon + 1;
    }
}

tl::expected<Duration, std::string> parseDuration(std::string_view text) {
    bool negative = !text.empty() && text[0] == '-';
    if (!text.empty() && (text[0] == '-' || text[0] == '+')) text.remove_prefix(1);
    auto d = text.find(':') != std::string_view::npos ? parseClockReading(text) : unitDuration(text);
    if (!d) return d;
    return negative ? -*d : *d;
}

}  // namespace oc::clock
