#include "clock/tc_format.hpp"

#include <cstdlib>
#include <string>

namespace oc::clock {

using namespace std::chrono_literals;

namespace {

std::string pgnPeriod(const Period& p) {
    std::string out;
    if (!p.restOfGame()) out += std::to_string(p.moves) + "/";
    out += std::to_string(std::chrono::duration_cast<std::chrono::seconds>(p.base).count());
    if (p.increment > 0ms)
        out += "+" + std::to_string(std::chrono::duration_cast<std::chrono::seconds>(p.increment).count());
    if (p.delay_kind != DelayKind::None) {
        out += p.delay_kind == DelayKind::Simple ? "d" : "b";
        out += std::to_string(std::chrono::duration_cast<std::chrono::seconds>(p.delay).count());
    }
    return out;
}

std::string humanPeriod(const Period& p) {
    std::string out;
    if (!p.restOfGame()) out += std::to_string(p.moves) + "/";
    out += formatDuration(p.base);
    if (p.increment > 0ms) out += "+" + formatDuration(p.increment);
    if (p.delay_kind != DelayKind::None)
        out += (p.delay_kind == DelayKind::Simple ? " d" : " b") + formatDuration(p.delay);
    return out;
}

std::string twoDigits(unsigned long long v) {
    return (v < 10 ? "0" : "") + std::to_string(v);
}

// |d| in milliseconds. Computed unsigned: negating the smallest duration overflows (a journal edited to
// hold -9223372036854775808 ms once made the formatters recurse until the stack ran out).
unsigned long long magnitude(Duration d) {
    const auto ms = static_cast<unsigned long long>(d.count());
    return d < 0ms ? 0ULL - ms : ms;
}

}  // namespace

std::string formatDuration(Duration d) {
    if (d == 0ms) return "0s";
    const unsigned long long ms = magnitude(d);
    std::string out = d < 0ms ? "-" : "";
    if (ms % 3'600'000 == 0) return out + std::to_string(ms / 3'600'000) + "h";
    if (ms % 60'000 == 0) return out + std::to_string(ms / 60'000) + "m";
    if (ms >= 60'000) out += std::to_string(ms / 60'000) + "m";
    if ((ms % 60'000) / 1000 != 0) out += std::to_string((ms % 60'000) / 1000) + "s";
    if (ms % 1000 != 0) out += std::to_string(ms % 1000) + "ms";
    return out;
}

std::string formatClock(Duration d, ClockStyle style) {
    const unsigned long long ms = magnitude(d);
    const unsigned long long h = ms / 3'600'000;
    const unsigned long long m = (ms / 60'000) % 60;
    const unsigned long long s = (ms / 1000) % 60;
    const bool hours = h > 0 || style != ClockStyle::Display;
    std::string out = d < 0ms ? "-" : "";
    out += hours ? std::to_string(h) + ":" + twoDigits(m) : std::to_string(m);
    out += ":" + twoDigits(s);
    const unsigned long long frac = ms % 1000;
    switch (style) {
        case ClockStyle::Display:  // below ten seconds the tenths matter (a table clock shows them too)
            if (ms < 10'000) out += "." + std::to_string(frac / 100);
            break;
        case ClockStyle::HmsTenths:
            if (frac / 100 != 0) out += "." + std::to_string(frac / 100);
            break;
        case ClockStyle::HmsMillis:
            out += "." + std::string(frac < 100 ? "0" : "") + (frac < 10 ? "0" : "") + std::to_string(frac);
            break;
        case ClockStyle::Hms:
            break;
    }
    return out;
}

namespace {

// Both notations write "-" untimed, "?" unknown, "*<time>" a sandclock and the periods joined by
// `separator`; they differ only in how a duration and a period are written.
template <class SandclockTime, class PeriodText>
std::string formatWith(const TimeControl& tc, SandclockTime sandclock_time, PeriodText period_text,
                       const char* separator) {
    switch (tc.kind) {
        case TimeControlKind::Untimed:
            return "-";
        case TimeControlKind::Unknown:
            return "?";
        case TimeControlKind::Sandclock:
            return "*" + sandclock_time(tc.periodAt(0).base);
        case TimeControlKind::Periods:
            break;
    }
    std::string out;
    for (const Period& p : tc.periods) out += (out.empty() ? "" : separator) + period_text(p);
    return out;
}

}  // namespace

std::string formatPgn(const TimeControl& tc) {
    return formatWith(
        tc,
        [](Duration base) {
            return std::to_string(std::chrono::duration_cast<std::chrono::seconds>(base).count());
        },
        pgnPeriod, ":");
}

std::string formatHuman(const TimeControl& tc) {
    return formatWith(tc, formatDuration, humanPeriod, ", ");
}

}  // namespace oc::clock
