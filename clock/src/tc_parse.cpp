// Parsers for the PGN TimeControl tag and the human form; every error names its offset and what was due.
#include <fmt/format.h>

#include <cctype>
#include <cstdint>

#include "clock/tc_format.hpp"
#include "i18n/mark.hpp"

namespace oc::clock {

using i18n::N_;

using namespace std::chrono_literals;

namespace {

constexpr std::int64_t kMaxNumber = 100'000'000;  // far beyond any real control, far from overflow

class Cursor {
  public:
    explicit Cursor(std::string_view text) : text_(text) {}

    [[nodiscard]] bool atEnd() const { return pos_ >= text_.size(); }
    [[nodiscard]] char peek() const { return atEnd() ? '\0' : text_[pos_]; }
    [[nodiscard]] std::size_t pos() const { return pos_; }
    [[nodiscard]] bool peekDigit() const { return std::isdigit(static_cast<unsigned char>(peek())) != 0; }
    bool eat(char c) {
        if (peek() != c || atEnd()) return false;
        ++pos_;
        return true;
    }
    bool eat(std::string_view word) {
        if (text_.substr(pos_, word.size()) != word) return false;
        pos_ += word.size();
        return true;
    }
    void skipSpaces() {
        while (!atEnd() && std::isspace(static_cast<unsigned char>(peek())) != 0) ++pos_;
    }
    [[nodiscard]] ParseError error(std::string expected) const {
        std::string found = atEnd() ? std::string{} : std::string(1, text_[pos_]);
        return ParseError{pos_, std::move(expected), std::move(found)};
    }
    [[nodiscard]] tl::expected<std::int64_t, ParseError> number(const std::string& what) {
        if (!peekDigit()) return tl::unexpected(error(what));
        std::int64_t value = 0;
        while (peekDigit()) {
            value = value * 10 + (peek() - '0');
            if (value > kMaxNumber)
                return tl::unexpected(error(fmt::format(N_("{} of a sensible size"), what)));
            ++pos_;
        }
        return value;
    }

  private:
    std::string_view text_;
    std::size_t pos_ = 0;
};

// A period that parsed but cannot be played: point at its whole text.
tl::expected<Period, ParseError> playable(Period p, std::string_view text, std::size_t start,
                                          std::size_t end) {
    if (p.base == 0ms && p.increment == 0ms && p.delay == 0ms)
        return tl::unexpected(ParseError{start, N_("a period that gives some time"),
                                         std::string(text.substr(start, end - start))});
    return p;
}

// After a rest-of-game period nothing can follow.
tl::expected<void, ParseError> canFollow(const TimeControl& tc, std::size_t at, char separator) {
    if (!tc.periods.empty() && tc.periods.back().restOfGame())
        return tl::unexpected(
            ParseError{at, N_("the end: a period without a move count lasts the rest of the game"),
                       std::string(1, separator)});
    return {};
}

// --- PGN -------------------------------------------------------------------------------------------

tl::expected<Duration, ParseError> pgnSeconds(Cursor& in, const std::string& what) {
    auto n = in.number(what);
    if (!n) return tl::unexpected(n.error());
    return std::chrono::seconds{*n};
}

// Optional "+inc" then optional "dN" (simple delay) or "bN" (Bronstein); console extensions for delays.
tl::expected<void, ParseError> pgnExtras(Cursor& in, Period& p) {
    if (in.eat('+')) {
        auto inc = pgnSeconds(in, N_("the increment in seconds after '+'"));
        if (!inc) return tl::unexpected(inc.error());
        p.increment = *inc;
    }
    const bool simple = in.peek() == 'd';
    if (simple || in.peek() == 'b') {
        in.eat(in.peek());
        auto delay = pgnSeconds(in, N_("the delay in seconds"));
        if (!delay) return tl::unexpected(delay.error());
        p.delay = *delay;
        p.delay_kind = simple ? DelayKind::Simple : DelayKind::Bronstein;
    }
    return {};
}

tl::expected<Period, ParseError> pgnField(Cursor& in) {
    Period p;
    const std::size_t start = in.pos();
    auto first = in.number(N_("a number of seconds, 'moves/seconds', '*seconds', '-' or '?'"));
    if (!first) return tl::unexpected(first.error());
    if (in.eat('/')) {
        if (*first == 0) return tl::unexpected(ParseError{start, N_("a number of moves of at least 1"), "0"});
        p.moves = static_cast<int>(*first);
        auto base = pgnSeconds(in, N_("the period's time in seconds after '/'"));
        if (!base) return tl::unexpected(base.error());
        p.base = *base;
    } else {
        p.base = std::chrono::seconds{*first};
    }
    if (auto extras = pgnExtras(in, p); !extras) return tl::unexpected(extras.error());
    return p;
}

// --- Human -----------------------------------------------------------------------------------------

// "1h30m", "90m", "30s", "250ms": one or more number+unit pairs, units required.
tl::expected<Duration, ParseError> humanDuration(Cursor& in, const std::string& what) {
    Duration total{};
    bool any = false;
    while (in.peekDigit() || !any) {
        auto n = in.number(what);
        if (!n) return tl::unexpected(n.error());
        if (in.eat("ms")) {
            total += Duration{*n};
        } else if (in.eat('h')) {
            total += std::chrono::hours{*n};
        } else if (in.eat('m')) {
            total += std::chrono::minutes{*n};
        } else if (in.eat('s')) {
            total += std::chrono::seconds{*n};
        } else {
            return tl::unexpected(in.error(N_("a unit after the number: h, m, s or ms (e.g. 90m, 30s)")));
        }
        any = true;
        // The sum too: written back in minutes or seconds it must read again (issue 27: "9999999h92m" was
        // accepted and written as "600000032m", which no reader accepts).
        if (total > std::chrono::seconds{kMaxNumber})
            return tl::unexpected(in.error(fmt::format(N_("{} of a sensible size"), what)));
    }
    return total;
}

tl::expected<void, ParseError> humanExtras(Cursor& in, Period& p) {
    in.skipSpaces();
    if (in.eat('+')) {
        in.skipSpaces();
        auto inc = humanDuration(in, N_("the increment after '+', e.g. +30s"));
        if (!inc) return tl::unexpected(inc.error());
        p.increment = *inc;
        in.skipSpaces();
    }
    const bool simple = in.peek() == 'd';
    if (simple || in.peek() == 'b') {
        in.eat(in.peek());
        auto delay = humanDuration(
            in, simple ? N_("the delay after 'd', e.g. d5s") : N_("the delay after 'b', e.g. b5s"));
        if (!delay) return tl::unexpected(delay.error());
        p.delay = *delay;
        p.delay_kind = simple ? DelayKind::Simple : DelayKind::Bronstein;
        in.skipSpaces();
    }
    return {};
}

tl::expected<Period, ParseError> humanPeriod(Cursor& in) {
    Period p;
    in.skipSpaces();
    const Cursor start = in;
    auto n = in.number(N_("a time such as 90m, or moves/time such as 40/90m"));
    if (!n) return tl::unexpected(n.error());
    if (in.eat('/')) {
        if (*n == 0)
            return tl::unexpected(ParseError{start.pos(), N_("a number of moves of at least 1"), "0"});
        p.moves = static_cast<int>(*n);
    } else {
        in = start;  // no '/': the number begins the period's time
    }
    auto base = humanDuration(in, N_("the period's time, e.g. 90m or 1h30m"));
    if (!base) return tl::unexpected(base.error());
    p.base = *base;
    if (auto extras = humanExtras(in, p); !extras) return tl::unexpected(extras.error());
    return p;
}

bool looksHuman(std::string_view text) {
    return text.find_first_of("hms,") != std::string_view::npos;
}

// After '*' and its time: nothing may follow, and the time must be playable.
tl::expected<TimeControl, ParseError> sandclockEnd(const Cursor& in,
                                                   const tl::expected<Duration, ParseError>& base,
                                                   std::string_view text) {
    if (!base) return tl::unexpected(base.error());
    if (!in.atEnd()) return tl::unexpected(in.error(N_("the end of a sandclock control")));
    auto p = playable(Period{0, *base}, text, 1, in.pos());
    if (!p) return tl::unexpected(p.error());
    return TimeControl::sandclock(*base);
}

// Periods separated by `separator` up to the end (both notations share the checks); `field` reads one
// and may move `start` past leading spaces.
template <class ReadPeriod>
tl::expected<TimeControl, ParseError> periodList(Cursor& in, std::string_view text, char separator,
                                                 const std::string& expected, ReadPeriod field) {
    TimeControl tc;
    while (true) {
        std::size_t start = in.pos();
        auto period = field(in, start).and_then([&](Period p) { return playable(p, text, start, in.pos()); });
        if (!period) return tl::unexpected(period.error());
        tc.periods.push_back(*period);
        if (in.atEnd()) break;
        if (in.peek() == separator) {
            if (auto ok = canFollow(tc, in.pos(), in.peek()); !ok) return tl::unexpected(ok.error());
        }
        if (!in.eat(separator)) return tl::unexpected(in.error(expected));
    }
    return tc;
}

}  // namespace

tl::expected<TimeControl, ParseError> parsePgnTimeControl(std::string_view text) {
    if (text == "-") return TimeControl::untimed();
    if (text == "?") return TimeControl::unknown();
    Cursor in(text);
    if (in.eat('*')) {
        auto base = pgnSeconds(in, N_("the sandclock's time in seconds after '*'"));
        return sandclockEnd(in, base, text);
    }
    return periodList(in, text, ':', N_("':' between periods, '+' increment or the end"),
                      [](Cursor& c, std::size_t&) { return pgnField(c); });
}

tl::expected<TimeControl, ParseError> parseHumanTimeControl(std::string_view text) {
    Cursor in(text);
    in.skipSpaces();
    if (in.eat('-')) {
        in.skipSpaces();
        if (!in.atEnd()) return tl::unexpected(in.error(N_("nothing after '-' (untimed)")));
        return TimeControl::untimed();
    }
    if (in.eat('*')) {
        auto base = humanDuration(in, N_("the sandclock's time after '*', e.g. *3m"));
        in.skipSpaces();
        return sandclockEnd(in, base, text);
    }
    return periodList(in, text, ',',
                      N_("',' before the next period, '+' increment, 'd'/'b' delay or the end"),
                      [](Cursor& c, std::size_t& start) {
                          c.skipSpaces();
                          start = c.pos();
                          return humanPeriod(c);
                      });
}

tl::expected<TimeControl, ParseError> parseTimeControl(std::string_view text) {
    return looksHuman(text) ? parseHumanTimeControl(text) : parsePgnTimeControl(text);
}

std::string ParseError::message() const {
    if (found.empty())
        return fmt::format(N_("at character {}: expected {}, found the end of the text"), offset + 1,
                           expected);
    return fmt::format(N_("at character {}: expected {}, found '{}'"), offset + 1, expected, found);
}

std::string ParseError::pointer(std::string_view input) const {
    return std::string(input) + "\n" + std::string(offset, ' ') + "^";
}

}  // namespace oc::clock
