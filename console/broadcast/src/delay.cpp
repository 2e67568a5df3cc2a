#include "broadcast/delay.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <string>

#include "i18n/mark.hpp"

namespace oc::broadcast {
namespace {

std::optional<std::chrono::milliseconds> unitMs(std::string_view unit) {
    if (unit == "ms") return std::chrono::milliseconds(1);
    if (unit == "s") return std::chrono::milliseconds(1000);
    if (unit == "m" || unit == "min") return std::chrono::milliseconds(60'000);
    if (unit == "h") return std::chrono::milliseconds(3'600'000);
    return std::nullopt;
}

// A broadcast delayed by more than a day would publish nothing of the event it serves, and an
// absurd one ("999999999h") put as_of in the year 19019 (issue 35 item 11).
tl::unexpected<std::string> tooLong(std::string_view text) {
    return tl::unexpected(
        fmt::format(i18n::N_("--delay \"{}\": longer than a day; give at most 24h, e.g. 15m"), text));
}

}  // namespace

tl::expected<Delay, std::string> parseDelay(std::string_view text) {
    const std::string bad = fmt::format(
        i18n::N_("--delay \"{}\": expected a duration such as 0, 90s, 15m, 1h or 1h30m (units ms, s, m, h)"),
        text);
    if (text == "0") return Delay{0};
    if (text.empty()) return tl::make_unexpected(bad);
    Delay total{0};
    std::size_t i = 0;
    while (i < text.size()) {
        std::size_t digits = i;
        while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
        std::size_t letters = digits;
        while (letters < text.size() && std::isalpha(static_cast<unsigned char>(text[letters]))) ++letters;
        auto unit = unitMs(text.substr(digits, letters - digits));
        if (digits == i || digits - i > 9 || !unit) return tl::make_unexpected(bad);
        total += std::stoll(std::string(text.substr(i, digits - i))) * *unit;
        // Checked after each part, so that no sum of parts can overflow either.
        if (total > kMaxDelay) return tooLong(text);
        i = letters;
    }
    return total;
}

journal::WallTime shownTime(journal::WallTime now, Delay delay) {
    return now - delay;
}

std::size_t recordsBy(const std::vector<journal::Record>& records, journal::WallTime shown, Delay delay) {
    if (delay == Delay{0}) return records.size();
    // Journal records are in time order; the first one written after `shown` ends the published part.
    auto later = std::find_if(records.begin(), records.end(), [&](const auto& r) { return r.wall > shown; });
    return static_cast<std::size_t>(later - records.begin());
}

}  // namespace oc::broadcast
