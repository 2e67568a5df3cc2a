// QPF-01..03: availability of the quickplay-finish claim and the III.4 request.
#include "session/quickplay.hpp"

#include <fmt/format.h>

#include "i18n/mark.hpp"

namespace oc::session {
namespace {

using namespace std::chrono_literals;

// QPF-01 for each edition; the first reason found, "" when the rules govern the game now.
std::string notApplying(const QuickplayFacts& f) {
    const bool e2005 = f.edition == rules::Edition::E2005;
    if (e2005 && f.game_class == "blitz") return i18n::N_("E2005: Art. 10 does not apply to blitz (App. C)");
    if (!e2005 && f.announced == "none")
        return i18n::N_("E2023: Guidelines III were not announced for this event (setup quickplay_finish)");
    if (!e2005 && f.game_class == "blitz")
        return i18n::N_("E2023 III.2.2: Guidelines III never apply to blitz");
    if (f.increment_granted)
        return i18n::N_("a III.4 increment was introduced: no III.5 claim any more (Q8)");
    if (f.increment > 0ms)
        return e2005 ? i18n::N_("E2005 Art. 10: with an increment the remaining time is not limited")
                     : i18n::N_("E2023 III.2.2: Guidelines III apply only to games without increment");
    if (!e2005 && f.delay > 0ms)
        return i18n::N_("E2023 III.2.2: not with a delay (the delay counts like an increment)");
    // 10.1 / III.1: the quickplay finish is the phase in which all remaining moves are due.
    if (!f.final_period)
        return i18n::N_("not in the final period: the quickplay finish is the last period (10.1 / III.1)");
    return {};
}

}  // namespace

bool quickplayFinishApplies(const QuickplayFacts& f) {
    QuickplayFacts base = f;
    base.increment_granted = false;  // a granted increment shows in `increment`
    return notApplying(base).empty();
}

std::string quickplayUnavailable(const QuickplayFacts& f, QuickplayAct act) {
    const bool request = act == QuickplayAct::IncrementRequest;
    if (request && f.edition == rules::Edition::E2005)
        return i18n::N_("E2005 has no increment request (III.4 is new in 2023)");
    if (f.edition == rules::Edition::E2023 && f.announced != "none" && f.announced != "both") {
        if (request && f.announced != "increment")
            return i18n::N_(
                "the event offers the III.5 claim, not the III.4 increment request (setup "
                "quickplay_finish)");
        if (!request && f.announced != "claim")
            return i18n::N_(
                "the event offers the III.4 increment request, not the III.5 claim (setup "
                "quickplay_finish)");
    }
    return notApplying(f);
}

}  // namespace oc::session
