// E.III 1.1 (issue 37): the console's clocks are replayed from its records' times, and the arbiter reads
// when each thing happened from them. A program writes its records in the order of its own clocks, and
// neither its monotonic clock nor (but for a step of the PC's clock) its wall clock runs backwards: a
// record whose time is before the one it follows was moved, or its time edited.
#include <fmt/format.h>

#include "checks.hpp"
#include "i18n/mark.hpp"
#include "older_consoles.hpp"

namespace oc::audit::detail {
namespace {

// A wall clock may be stepped back a little while the console runs (an NTP correction); more is an edit.
constexpr std::chrono::milliseconds kWallStepBack{1000};

void monoOrder(const Timeline& tl, std::size_t i, Findings& f) {
    const journal::Record &r = tl.at(i), &prev = tl.at(i - 1);
    if (r.mono >= prev.mono) return;
    if (auto older = resumedAtTheSearchsStart(tl, i)) return f.cannotJudge(i, std::move(*older));
    f.breach(i,
             fmt::format(i18n::N_("record #{}: the {} record's monotonic time {} is {} before that of the "
                                  "record before it (#{}, {}, {}): a console's clock never runs backwards, "
                                  "so records were moved or their times edited (E.III 1.1)"),
                         i, r.type, clockText(r.mono.count()), clockText((prev.mono - r.mono).count()), i - 1,
                         prev.type, clockText(prev.mono.count())));
}

// How far the wall clock is ahead of the monotonic one at record `i`.
std::chrono::milliseconds wallAhead(const Timeline& tl, std::size_t i) {
    return tl.at(i).wall.time_since_epoch() - tl.at(i).mono;
}

// The PC's clock was set back (a hall laptop finding a time server mid-game): the wall clock then stays
// that much further behind the monotonic one for the records after, while a record whose time was edited
// stands alone. The last record has none after it, so it cannot be told apart and stays a breach.
bool pcClockSetBack(const Timeline& tl, std::size_t i) {
    if (i + 1 >= tl.size() || tl.at(i + 1).type == "console_resumed" || tl.at(i).mono < tl.at(i - 1).mono)
        return false;
    return std::chrono::abs(wallAhead(tl, i + 1) - wallAhead(tl, i)) <= kWallStepBack;
}

void wallOrder(const Timeline& tl, std::size_t i, Findings& f) {
    const journal::Record &r = tl.at(i), &prev = tl.at(i - 1);
    if (r.wall + kWallStepBack >= prev.wall) return;
    if (pcClockSetBack(tl, i))
        return f.note(i,
                      fmt::format(i18n::N_("record #{}: the PC's clock was set back by {} here (the records "
                                           "after it keep the step, and the monotonic clock runs on): the "
                                           "wall times before and after it differ by that much"),
                                  i, clockText((prev.wall - r.wall).count())));
    f.breach(i,
             fmt::format(i18n::N_("record #{}: the {} record was written at {} by the wall clock, {} "
                                  "before the record before it (#{}, {}, written at {}): a console's clock "
                                  "never runs backwards, so records were moved or their times edited "
                                  "(E.III 1.1)"),
                         i, r.type, journal::formatWallTime(r.wall), clockText((prev.wall - r.wall).count()),
                         i - 1, prev.type, journal::formatWallTime(prev.wall)));
}

}  // namespace

void timeOrder(const Timeline& tl, Findings& f) {
    for (std::size_t i = 1; i < tl.size(); ++i) {
        // A resumed console is another program, perhaps on another PC: its clocks are its own. It keeps
        // the monotonic time from going back (Game::resume, the window's catchUp); the wall clock is its
        // PC's.
        if (tl.at(i).type != "console_resumed") wallOrder(tl, i, f);
        monoOrder(tl, i, f);
    }
}

}  // namespace oc::audit::detail
