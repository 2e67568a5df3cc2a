// E.III 1.1 (issue 37): the console's clocks are replayed from its records' times, and the arbiter reads
// when each thing happened from them. A program writes its records in the order of its own clocks, and
// neither its monotonic clock nor (but for a step of the PC's clock) its wall clock runs backwards: a
// record whose time is before the one it follows was moved, or its time edited.
#include <fmt/format.h>

#include <cstdlib>
#include <optional>
#include <utility>

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

// The times a record's payload names, by which the session replays the clocks (issue 37: the checks above
// read only the records' own times, so a payload time moved alone passed). The console takes one reading
// of its clock for a record: its "t" is its monotonic time, and a time it names (the clocks' start, a
// press, the resumption) was read at or before it, never before the event the command must follow
// (session.cpp refuses such a time). Every journal of every version in tests/audit/corpus holds these,
// the older consoles' resumed and e-board games included (a press entered from the board is dated a few
// ms before its record): no older console wrote otherwise, so none is excused here.
struct PayloadWalk {
    // The last event each kind of press must follow: its record and its time.
    std::optional<std::pair<std::size_t, std::int64_t>> shown;  // the computer's move shown
    std::optional<std::pair<std::size_t, std::int64_t>> turn;   // the human's turn began
    bool unmade = false;  // an engine move not yet executed: a `recorded` now shows the held move (REC-03)
};

std::optional<std::int64_t> payloadTime(const json& payload, const char* key) {
    const auto it = payload.find(key);
    if (it == payload.end() || !it->is_number_integer()) return std::nullopt;
    return it->get<std::int64_t>();
}

void payloadT(const Timeline& tl, std::size_t i, std::int64_t t, Findings& f) {
    const journal::Record& r = tl.at(i);
    if (t == r.mono.count()) return;
    f.breach(i, fmt::format(i18n::N_("record #{}: the {} record's time {} (its \"t\", by which the console's "
                                     "clocks are replayed) differs from its monotonic time {} by {}: the "
                                     "console writes both from one reading of its clock, so the time was "
                                     "edited (E.III 1.1)"),
                            i, r.type, clockText(t), clockText(r.mono.count()),
                            clockText(std::abs(t - r.mono.count()))));
}

// The time `at` that record `i` names for `what` lies no later than the record itself, and (`after`) no
// earlier than the event it must follow (`since`: what that event was).
void namedTime(const Timeline& tl, std::size_t i, std::int64_t t, std::int64_t at, const char* what,
               const std::optional<std::pair<std::size_t, std::int64_t>>& after, const char* since,
               Findings& f) {
    const std::string& type = tl.at(i).type;
    if (at > t)
        return f.breach(i,
                        fmt::format(i18n::N_("record #{}: the {} record says {} at {}, {} after the record "
                                             "itself was written ({}): a console records what has "
                                             "happened, so that time was edited (E.III 1.1)"),
                                    i, type, what, clockText(at), clockText(at - t), clockText(t)));
    if (after && at < after->second)
        f.breach(i, fmt::format(i18n::N_("record #{}: the {} record says {} at {}, {} before {} (record #{}, "
                                         "at {}): the console refuses such a time, so it was edited "
                                         "(E.III 1.1)"),
                                i, type, what, clockText(at), clockText(after->second - at), since,
                                after->first, clockText(after->second)));
}

// The session's own bounds (session.cpp: start, humanMove, pressed; session_apply.cpp: when the computer's
// move counts as shown and the human's turn as begun).
void payloadTimes(const Timeline& tl, std::size_t i, PayloadWalk& w, Findings& f) {
    const journal::Record& r = tl.at(i);
    const auto t = payloadTime(r.payload, "t");
    if (!t) return;  // the header and the journal's own records have none; the replay refuses others
    payloadT(tl, i, *t, f);
    const std::string& type = r.type;
    if (type == "engine_move" || type == "engine_move_withheld" || (type == "recorded" && w.unmade))
        w.shown = std::pair{i, *t};
    if (type == "engine_move") w.unmade = true;
    if (type == "made") w.unmade = false;
    const char* key = type == "start" || type == "pressed" || type == "resume" ? "at"
                      : type == "human_move"                                   ? "pressed"
                                                                               : nullptr;
    const auto at = key ? payloadTime(r.payload, key) : std::nullopt;
    if (!at) return;
    if (type == "start") namedTime(tl, i, *t, *at, i18n::N_("the clocks were started"), {}, "", f);
    if (type == "resume") namedTime(tl, i, *t, *at, i18n::N_("the game was resumed"), {}, "", f);
    if (type == "pressed")
        namedTime(tl, i, *t, *at, i18n::N_("the computer's clock was pressed"), w.shown,
                  i18n::N_("the computer's move was shown"), f);
    if (type == "human_move")
        namedTime(tl, i, *t, *at, i18n::N_("the human's clock was pressed"), w.turn,
                  i18n::N_("the human's turn began"), f);
    // A sealed computer move counts as shown when the envelope is opened (session_apply.cpp, Resume).
    if (type == "resume") w.shown = std::pair{i, *at};
    if (type == "start" || type == "pressed" || type == "resume") w.turn = std::pair{i, *at};
}

}  // namespace

void timeOrder(const Timeline& tl, Findings& f) {
    PayloadWalk w;
    for (std::size_t i = 1; i < tl.size(); ++i) {
        // A resumed console is another program, perhaps on another PC: its clocks are its own. It keeps
        // the monotonic time from going back (Game::resume, the window's catchUp); the wall clock is its
        // PC's.
        if (tl.at(i).type != "console_resumed") wallOrder(tl, i, f);
        monoOrder(tl, i, f);
        payloadTimes(tl, i, w, f);
    }
}

}  // namespace oc::audit::detail
