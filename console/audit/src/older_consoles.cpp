#include "older_consoles.hpp"

#include <fmt/format.h>

#include "i18n/mark.hpp"
#include "release_rules.hpp"

namespace oc::audit::detail {

bool olderPlay(const Timeline& tl) {
    return tl.journal_version >= 1 && tl.journal_version <= 2 && tl.app == "operator-cli play";
}

namespace {

// operator-cli play of release 1.0.0 or before (or of a journal naming no console): defect 2 was fixed
// after it, in 741b2cff. A release after 1.0.0 is judged strictly.
bool playUpTo100(const Timeline& tl) {
    return tl.app == "operator-cli play" && tl.journal_version >= 1 && !releaseAfter(tl.written_by, "1.0.0");
}

}  // namespace

std::string setupChangeNotSent(std::size_t handshake, const std::string& line, std::size_t then_setup,
                               const std::string& locked_said) {
    return fmt::format(
        i18n::N_("record #{}: not judged: the engine was sent \"{}\" when it was started, as the setup in "
                 "force then (record #{}) gave it, and the setup was changed before the start ({}); "
                 "operator-cli play of journal versions 1 and 2 did not start its engine again for such a "
                 "change (fixed in 8f52173e), so whether the operator let the engine play with a setting "
                 "the event did not set cannot be judged (E.III 2.2)"),
        handshake, line, then_setup, locked_said);
}

std::optional<std::string> resumedAtTheSearchsStart(const Timeline& tl, std::size_t resumed) {
    if (!playUpTo100(tl) || tl.at(resumed).type != "console_resumed") return std::nullopt;
    std::size_t k = resumed - 1;
    while (k > 0 && tl.at(k).type == "engine_io") --k;
    // Only the killed process's engine I/O lies between: the resume took the time of the record before it.
    if (k + 1 == resumed || tl.at(k).mono != tl.at(resumed).mono) return std::nullopt;
    const auto& io = tl.at(resumed - 1);
    const auto early = io.mono - tl.at(resumed).mono;
    const std::string head = fmt::format(
        i18n::N_("record #{}: not judged: the console_resumed record's monotonic time {} is {} before that "
                 "of the engine I/O before it (#{}, {})"),
        resumed, clockText(tl.at(resumed).mono.count()), clockText(early.count()), resumed - 1,
        clockText(io.mono.count()));
    // The records after it: at the later time (only the record was early), or at its time (the clocks
    // went on from there too, as before 8f52173e).
    const bool went_on_later = resumed + 1 < tl.size() && tl.at(resumed + 1).mono >= io.mono;
    if (went_on_later)
        return head + "; " +
               fmt::format(
                   i18n::N_("operator-cli play up to release 1.0.0 (until 741b2cff) timed that record "
                            "at its last record other than engine I/O (#{}, {}), though the game went "
                            "on from the later time; whether records were moved cannot be judged "
                            "(E.III 1.1)"),
                   k, tl.at(k).type);
    return head + "; " +
           fmt::format(
               i18n::N_("operator-cli play up to release 1.0.0 resumed a game at the time of its last "
                        "record other than engine I/O (#{}, {}), and until 8f52173e its clocks went on "
                        "from there, so the computer's clock was not charged the {} its search took "
                        "there; whether records were moved cannot be judged (E.III 1.1)"),
               k, tl.at(k).type, clockText(early.count()));
}

}  // namespace oc::audit::detail
