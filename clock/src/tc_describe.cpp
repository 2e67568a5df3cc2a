// describe(): a time control in words for operators and arbiters (`operator-cli tc describe`).
#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "clock/tc_format.hpp"
#include "i18n/mark.hpp"

namespace oc::clock {

using namespace std::chrono_literals;
using i18n::N_;

namespace {

std::string periodSpan(const TimeControl& tc, std::size_t i) {
    const Period& p = tc.periods[i];
    const int first_move = i == 0 ? 1 : tc.controlMove(i - 1) + 1;
    if (p.restOfGame())
        return fmt::format(N_("Period {} (from move {}): the rest of the game in {}"), i + 1, first_move,
                           formatDuration(p.base));
    if (i + 1 == tc.periods.size())
        return fmt::format(N_("Period {} (from move {}): {} moves in {}, repeated until the end of the game"),
                           i + 1, first_move, p.moves, formatDuration(p.base));
    return fmt::format(N_("Period {} (from move {}): {} moves in {}"), i + 1, first_move, p.moves,
                       formatDuration(p.base));
}

// Each extra a whole clause after "; " (the CLI reads the line back clause by clause to translate it).
std::string periodExtras(const Period& p, std::size_t i) {
    std::string out;
    if (p.increment > 0ms)
        out += "; " +
               fmt::format(N_("Fischer increment {} added after every move"), formatDuration(p.increment));
    if (p.delay_kind == DelayKind::Simple)
        out += "; " + fmt::format(N_("simple (US) delay {} per move: the main time only starts after it, and "
                                     "unused delay is lost (Art. 6.2(b) / 6.3.2)"),
                                  formatDuration(p.delay));
    if (p.delay_kind == DelayKind::Bronstein)
        out += "; " +
               fmt::format(N_("Bronstein delay {} per move (NOT defined in the FIDE Laws): time used up to "
                              "the delay is given back after the press"),
                           formatDuration(p.delay));
    if (i > 0)
        out += "; " + std::string(N_("time saved in earlier periods carries over (Art. 6.2(b) / 6.3.2)"));
    return out;
}

// The class as a word for people, marked so the screens translate it; toString's code word is the same
// English, which the journal and the setup keep.
const char* editionWords(Edition e) {
    return e == Edition::E2005 ? N_("E2005") : N_("E2023");
}

const char* classWord(GameClass c) {
    return c == GameClass::Rapid ? N_("rapid") : c == GameClass::Blitz ? N_("blitz") : N_("standard");
}

std::string classLine(const TimeControl& tc, Edition edition, ClassifyOptions options) {
    const Duration t = classificationTime(tc, options);
    const GameClass cls = classify(tc, edition, options);
    std::string out = fmt::format(N_("Classification under {}: {} (T = allotted time + 60 x increment = {})"),
                                  editionWords(edition), classWord(cls), formatDuration(t));
    const Edition other = edition == Edition::E2005 ? Edition::E2023 : Edition::E2005;
    const GameClass other_cls = classify(tc, other, options);
    if (other_cls != cls)
        out += "; " + fmt::format(N_("under {} it would be {}"), editionWords(other), classWord(other_cls));
    return out;
}

std::string recordingLine(const TimeControl& tc, Edition edition, ClassifyOptions options) {
    if (classify(tc, edition, options) != GameClass::Standard)
        return N_(
            "Recording: not required in rapid and blitz (E2005 App. B3/C2; E2023 A.2 keeps claim rights)");
    const auto generous = [](const Period& p) { return p.increment + p.delay >= 30s; };
    const auto count = std::count_if(tc.periods.begin(), tc.periods.end(), generous);
    if (count == static_cast<std::ptrdiff_t>(tc.periods.size()))
        return N_("Recording: obligatory throughout (30 s or more added per move, Art. 8.4)");
    if (count > 0)
        return N_(
            "Recording: a player below 5 minutes in a period with less than 30 s added per move may stop "
            "recording until the end of that period (Art. 8.4)");
    return N_(
        "Recording: a player below 5 minutes in a period may stop recording until the end of that period "
        "(Art. 8.4)");
}

}  // namespace

std::string describe(const TimeControl& tc, Edition edition, ClassifyOptions options) {
    switch (tc.kind) {
        case TimeControlKind::Untimed:
            return std::string(N_("No time control (PGN \"-\"): the game is played without a clock.")) + "\n";
        case TimeControlKind::Unknown:
            return std::string(N_("Unknown time control (PGN \"?\"): it cannot be used to set a clock.")) +
                   "\n";
        case TimeControlKind::Sandclock:
            return fmt::format(
                       N_("Sandclock (hourglass) of {} (PGN \"{}\"): the time one player uses is added to "
                          "the other's."),
                       formatDuration(tc.periodAt(0).base), formatPgn(tc)) +
                   "\n" + classLine(tc, edition, options) + "\n";
        case TimeControlKind::Periods:
            break;
    }
    std::string out =
        fmt::format(N_("Time control {} (PGN TimeControl \"{}\")"), formatHuman(tc), formatPgn(tc)) + "\n";
    for (std::size_t i = 0; i < tc.periods.size(); ++i)
        out += periodSpan(tc, i) + periodExtras(tc.periods[i], i) + "\n";
    out += classLine(tc, edition, options) + "\n";
    out += recordingLine(tc, edition, options) + "\n";
    return out;
}

}  // namespace oc::clock
