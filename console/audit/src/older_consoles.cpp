#include "older_consoles.hpp"

#include <fmt/format.h>

#include "i18n/mark.hpp"

namespace oc::audit::detail {

bool olderPlay(const Timeline& tl) {
    return tl.journal_version >= 1 && tl.journal_version <= 2 && tl.app == "operator-cli play";
}

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
    if (!olderPlay(tl) || tl.at(resumed).type != "console_resumed") return std::nullopt;
    std::size_t k = resumed - 1;
    while (k > 0 && tl.at(k).type == "engine_io") --k;
    // Only the killed process's engine I/O lies between: the resume took the time of the record before it.
    if (k + 1 == resumed || tl.at(k).mono != tl.at(resumed).mono) return std::nullopt;
    const auto& io = tl.at(resumed - 1);
    return fmt::format(
        i18n::N_("record #{}: not judged: the console_resumed record's monotonic time {} is {} before that "
                 "of the engine I/O before it (#{}, {}); operator-cli play of journal versions 1 and 2 "
                 "resumed a game at the time of its last record other than engine I/O (#{}, {}), so the "
                 "computer's clock was not charged the {} its search took there (fixed in 8f52173e); "
                 "whether records were moved cannot be judged (E.III 1.1)"),
        resumed, clockText(tl.at(resumed).mono.count()), clockText((io.mono - tl.at(resumed).mono).count()),
        resumed - 1, clockText(io.mono.count()), k, tl.at(k).type,
        clockText((io.mono - tl.at(resumed).mono).count()));
}

}  // namespace oc::audit::detail
