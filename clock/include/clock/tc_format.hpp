#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <tl/expected.hpp>

#include "clock/time_control.hpp"

namespace oc::clock {

// Where a time-control string went wrong: byte offset into the input, what was expected there, and
// what was found instead (empty at the end of the input).
struct ParseError {
    std::size_t offset = 0;
    std::string expected;
    std::string found;

    // "at character 9: expected a number of seconds, found 'x'".
    [[nodiscard]] std::string message() const;
    // Two lines: the input, then a caret under the bad character.
    [[nodiscard]] std::string pointer(std::string_view input) const;
};

// PGN TimeControl tag (PGN standard 9.6.1): "40/5400+30:1800+30", "900+10", "300", "*180", "-", "?".
// Console extensions: "300d5" simple delay, "300b5" Bronstein delay (seconds throughout).
[[nodiscard]] tl::expected<TimeControl, ParseError> parsePgnTimeControl(std::string_view text);

// Human form: periods separated by commas, "40/90m+30s, 30m+30s", "15m+10s", "5m d5s", "5m b5s",
// "1h30m", "*3m" (sandclock), "-" (untimed). Units h, m, s are required on every amount.
[[nodiscard]] tl::expected<TimeControl, ParseError> parseHumanTimeControl(std::string_view text);

// Either form: human when the text has a unit letter (h/m/s) or a comma, PGN otherwise.
[[nodiscard]] tl::expected<TimeControl, ParseError> parseTimeControl(std::string_view text);

// The PGN tag value (whole seconds; sub-second parts are dropped).
[[nodiscard]] std::string formatPgn(const TimeControl& tc);
// The human form, e.g. "40/90m+30s, 30m+30s".
[[nodiscard]] std::string formatHuman(const TimeControl& tc);
// A duration the way operators read it: "90m", "1m30s", "30s", "250ms".
[[nodiscard]] std::string formatDuration(Duration d);
// A typed duration: "90" (seconds), "90s", "500ms", "2m", "1m30s" (units h, m, s, ms in descending
// order) or a clock reading "1:30", "1:02:03"; a leading '-' negates. The error says what was wrong.
[[nodiscard]] tl::expected<Duration, std::string> parseDuration(std::string_view text);
// A clock reading "h:mm:ss", "m:ss" or "s"; the error names the accepted forms.
[[nodiscard]] tl::expected<Duration, std::string> parseClockReading(std::string_view text);
// How a clock reading is written. Every screen, paper and listing of the console writes clock times
// through formatClock, so that one reading looks the same everywhere (a negative reading gets a '-').
enum class ClockStyle {
    Display,    // as a table clock shows it: "4:59", "1:30:00", tenths below ten seconds ("0:09.5")
    Hms,        // whole seconds, hours always written: "0:04:59" (the papers an arbiter signs)
    HmsTenths,  // "0:04:59", and ".5" when the tenths are not zero (the audit, like PGN's %clk)
    HmsMillis,  // "0:04:59.250": journal listings, where a record's millisecond matters
};
[[nodiscard]] std::string formatClock(Duration d, ClockStyle style = ClockStyle::Display);

// Several lines explaining the control in words, with its classification under `edition`.
[[nodiscard]] std::string describe(const TimeControl& tc, Edition edition, ClassifyOptions options = {});

}  // namespace oc::clock
