// describe(): a time control in words for operators and arbiters (`operator-cli tc describe`).
#include <algorithm>
#include <string>

#include "clock/tc_format.hpp"

namespace oc::clock {

using namespace std::chrono_literals;

namespace {

std::string periodSpan(const TimeControl& tc, std::size_t i) {
    const Period& p = tc.periods[i];
    const int first_move = i == 0 ? 1 : tc.controlMove(i - 1) + 1;
    std::string out = "Period " + std::to_string(i + 1) + " (from move " + std::to_string(first_move) + "): ";
    if (p.restOfGame()) return out + "the rest of the game in " + formatDuration(p.base);
    out += std::to_string(p.moves) + " moves in " + formatDuration(p.base);
    if (i + 1 == tc.periods.size()) out += ", repeated until the end of the game";
    return out;
}

std::string periodExtras(const Period& p, std::size_t i) {
    std::string out;
    if (p.increment > 0ms)
        out += "; Fischer increment " + formatDuration(p.increment) + " added after every move";
    if (p.delay_kind == DelayKind::Simple)
        out +=
            "; simple (US) delay " + formatDuration(p.delay) +
            " per move: the main time only starts after it, and unused delay is lost (Art. 6.2(b) / 6.3.2)";
    if (p.delay_kind == DelayKind::Bronstein)
        out += "; Bronstein delay " + formatDuration(p.delay) +
               " per move (NOT defined in the FIDE Laws): time used up to the delay is given back after the "
               "press";
    if (i > 0) out += "; time saved in earlier periods carries over (Art. 6.2(b) / 6.3.2)";
    return out;
}

std::string classLine(const TimeControl& tc, Edition edition, ClassifyOptions options) {
    const Duration t = classificationTime(tc, options);
    const GameClass cls = classify(tc, edition, options);
    std::string out = "Classification under " + std::string(editionLabel(edition)) + ": " +
                      std::string(toString(cls)) +
                      " (T = allotted time + 60 x increment = " + formatDuration(t) + ")";
    const Edition other = edition == Edition::E2005 ? Edition::E2023 : Edition::E2005;
    const GameClass other_cls = classify(tc, other, options);
    if (other_cls != cls)
        out += "; under " + std::string(editionLabel(other)) + " it would be " +
               std::string(toString(other_cls));
    return out;
}

std::string recordingLine(const TimeControl& tc, Edition edition, ClassifyOptions options) {
    if (classify(tc, edition, options) != GameClass::Standard)
        return "Recording: not required in rapid and blitz (E2005 App. B3/C2; E2023 A.2 keeps claim rights)";
    const auto generous = [](const Period& p) { return p.increment + p.delay >= 30s; };
    const auto count = std::count_if(tc.periods.begin(), tc.periods.end(), generous);
    if (count == static_cast<std::ptrdiff_t>(tc.periods.size()))
        return "Recording: obligatory throughout (30 s or more added per move, Art. 8.4)";
    return std::string("Recording: a player below 5 minutes in a period") +
           (count > 0 ? " with less than 30 s added per move" : "") +
           " may stop recording until the end of that period (Art. 8.4)";
}

}  // namespace

std::string describe(const TimeControl& tc, Edition edition, ClassifyOptions options) {
    switch (tc.kind) {
        case TimeControlKind::Untimed:
            return "No time control (PGN \"-\"): the game is played without a clock.\n";
        case TimeControlKind::Unknown:
            return "Unknown time control (PGN \"?\"): it cannot be used to set a clock.\n";
        case TimeControlKind::Sandclock:
            return "Sandclock (hourglass) of " + formatDuration(tc.periodAt(0).base) + " (PGN \"" +
                   formatPgn(tc) + "\"): the time one player uses is added to the other's.\n" +
                   classLine(tc, edition, options) + "\n";
        case TimeControlKind::Periods:
            break;
    }
    std::string out = "Time control " + formatHuman(tc) + " (PGN TimeControl \"" + formatPgn(tc) + "\")\n";
    for (std::size_t i = 0; i < tc.periods.size(); ++i)
        out += periodSpan(tc, i) + periodExtras(tc.periods[i], i) + "\n";
    out += classLine(tc, edition, options) + "\n";
    out += recordingLine(tc, edition, options) + "\n";
    return out;
}

}  // namespace oc::clock
