// E.III 3.4: "memory modules" (books, tablebases, networks, hash files) change only on the computer's
// instruction. The engine asks with `info string request-option name N value V` (docs/engine.md); the
// console shows it to the operator as a mandatory instruction, the operator carries it out and confirms,
// and the option reaches the engine only while it is idle, before its next search. The operator can
// never start such a change himself.
#include <fmt/format.h>

#include <algorithm>

#include "i18n/mark.hpp"
#include "session_impl.hpp"

namespace oc::session {

using Impl = Session::Impl;

// Only the options the locked event setup lists may be requested; any other request is refused as an
// instruction (shown to the operator, logged for the arbiter) and never reaches the engine.
void engineRequest(Impl& s, const engine_event::OptionRequest& r, TimePoint now) {
    json rec{{"type", "engine_request"}, {"name", r.name}, {"value", r.value}, {"allowed", true}};
    const auto& allowed = s.setup.engine.requestable_options;
    if (std::find(allowed.begin(), allowed.end(), r.name) == allowed.end()) {
        rec["allowed"] = false;
        rec["reason"] =
            fmt::format(i18n::N_("{} is not in the event setup's engine.requestable_options ({})"), r.name,
                        allowed.empty() ? "none" : fmt::format("{}", fmt::join(allowed, ", ")));
    } else if (s.over()) {
        rec["allowed"] = false;
        rec["reason"] = "the game is over";
    }
    (void)s.commit(rec, now);
}

void on(Impl& s, const rec::EngineRequest& r, TimePoint) {
    const std::string &name = r.name, &value = r.value;
    if (!r.allowed)
        return s.notice(
            fmt::format(i18n::N_("the engine asked to set {} to {}: refused ({}); logged for the arbiter "
                                 "(E.III 3.4)"),
                        name, value, r.reason));
    s.engine_state.module_request = engine_event::OptionRequest{name, value};
    s.notice(
        fmt::format(i18n::N_("INSTRUCTION from the computer (E.III 3.4): set {} to {}; carry it out, then "
                             "confirm (module-change done)"),
                    name, value));
}

Outcome moduleChange(Impl& s, const cmd::ModuleChange& c, TimePoint now) {
    if (!s.engine_state.module_request)  // two whole patterns: with the operator's own change, and without
        return s.refuse("module-change",
                        c.name.empty()
                            ? std::string(i18n::N_("no instruction from the engine is pending: the operator "
                                                   "cannot change the opening book, tablebases, network or "
                                                   "hash file himself (E.III 3.4)"))
                            : fmt::format(i18n::N_("no instruction from the engine is pending: the operator "
                                                   "cannot change the opening book, tablebases, network or "
                                                   "hash file himself (E.III 3.4); refused: {} = {}"),
                                          c.name, c.value),
                        now);
    const auto& req = *s.engine_state.module_request;
    if (!c.name.empty() && (c.name != req.name || c.value != req.value))
        return s.refuse(
            "module-change",
            fmt::format(i18n::N_("the engine asked for {} = {}: carry out exactly that (E.III 3.4){}"),
                        req.name, req.value, fmt::format("; refused: {} = {}", c.name, c.value)),
            now);
    return s.commit({{"type", "module_change"}, {"name", req.name}, {"value", req.value}}, now);
}

// The recorded setup follows the change, so a resumed or replayed game starts its engine with it.
void on(Impl& s, const rec::ModuleChange& r, TimePoint) {
    const std::string &name = r.name, &value = r.value;
    s.setup.engine.options[name] = value;
    s.engine_state.options_to_send.push_back({name, value});
    s.engine_state.module_request.reset();
    s.notice(
        fmt::format(i18n::N_("module change carried out (E.III 3.4): {} = {}; the engine gets it before its "
                             "next search"),
                    name, value));
}

// Called only while no search of the engine's own runs (reconcile): never mid-search.
void sendChangedOptions(Impl& s, TimePoint now) {
    for (const auto& o : s.engine_state.options_to_send) s.engine.setOption(o.name, o.value, now);
    s.engine_state.options_to_send.clear();
}

}  // namespace oc::session
