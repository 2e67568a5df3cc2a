// The driver's script mode: operator actions from docs/cli-script-format.md, plus checks ("expect").
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <fstream>

#include "clock/tc_format.hpp"
#include "expectations.hpp"
#include "journal/journal.hpp"
#include "print/documents.hpp"
#include "sim/driver.hpp"

namespace oc::sim {
namespace {

// "key.sub=value" pairs onto the current setup; values are JSON when they parse, else strings.
tl::expected<event::EventSetup, std::string> patchedSetup(const event::EventSetup& base,
                                                          const std::vector<std::string>& args) {
    nlohmann::json j = event::toJson(base);
    for (const auto& a : args) {
        auto eq = a.find('=');
        if (eq == std::string::npos) return tl::make_unexpected("setup: expected key=value, got " + a);
        auto parsed = journal::parseJsonBounded(a.substr(eq + 1));  // bounded: no deep bomb
        nlohmann::json value = parsed ? std::move(*parsed) : nlohmann::json(a.substr(eq + 1));
        std::string path = "/" + a.substr(0, eq);
        std::replace(path.begin(), path.end(), '.', '/');
        j[nlohmann::json::json_pointer(path)] = value;
    }
    return event::eventSetupFromJson(j);
}

// Whether a setup line changed what the engine is started with (its program, arguments and settings).
bool sameEngine(const event::EngineSettings& a, const event::EngineSettings& b) {
    return a.command == b.command && a.args == b.args && a.options == b.options && a.ponder == b.ponder &&
           a.requestable_options == b.requestable_options;
}

}  // namespace

bool Driver::scriptStep() {
    const ScriptStep& st = opt_.script[next_step_];
    if (routine_due_) return retryAfterRoutine(st);
    if (!prepareLine(st)) return false;
    if (const auto* d = std::get_if<Directive>(&st.action); d && d->name != "setup") {
        nextStep();
        return directive(*d, st.line);
    }
    auto c = lineCommand(st);
    if (!c) return fail(st.line, c.error());
    return dispatchLine(st, *c);
}

// Resumed between a refusal and the routine step its retry waits for.
bool Driver::retryAfterRoutine(const ScriptStep& st) {
    routine_due_ = false;
    if (autoStep(session_.snapshot(now_))) return true;
    return fail(st.line, "refused: " + last_rejection_);
}

// The line's time ("@T", "+D", wait) and its script_line record: each once, even across a resume.
bool Driver::prepareLine(const ScriptStep& st) {
    if (!timing_applied_ && !applyTiming(st)) return false;
    timing_applied_ = true;
    if (!line_journalled_ && !journalLine(st)) return false;
    line_journalled_ = true;
    return true;
}

// The operator's command on this line; "setup key=value ..." patches the current setup.
tl::expected<Command, std::string> Driver::lineCommand(const ScriptStep& st) const {
    if (const auto* d = std::get_if<Directive>(&st.action)) {
        auto setup = patchedSetup(session_.snapshot(now_).setup, d->args);
        if (!setup) return tl::make_unexpected(setup.error());
        return Command{cmd::UpdateSetup{*setup}};
    }
    Command c = std::get<Command>(st.action);
    if (auto* m = std::get_if<cmd::HumanMove>(&c); m && st.pressed_before)
        m->pressed_at = now_ - *st.pressed_before;
    return c;
}

bool Driver::dispatchLine(const ScriptStep& st, const Command& c) {
    const event::EngineSettings engine_before = session_.snapshot(now_).setup.engine;
    auto r = session_.dispatch(c, now_);
    if (st.expect_rejection) {
        if (r)
            return fail(st.line,
                        fmt::format("\"{}\" was accepted, the script expected a refusal", commandName(c)));
        last_rejection_ = r.error().message;
    } else if (!r) {
        last_rejection_ = r.error().message;
        // Not yet possible: let the operator's routine (or the engine) move on, then try again.
        line_journalled_ = false;
        ++attempt_;
        if (autoStep(session_.snapshot(now_))) return true;
        return fail(st.line, fmt::format("\"{}\" refused: {}", commandName(c), r.error().message));
    }
    const auto* update = std::get_if<cmd::UpdateSetup>(&c);
    if (r && update && opt_.setup_changed && !sameEngine(update->setup.engine, engine_before)) {
        opt_.setup_changed(update->setup.engine, now_);
        awaitEngineHandshake();
    }
    nextStep();
    return true;
}

// The operator waits for the engine started again with a new setup before starting the game, as the
// window shows it (its handshake's options decide whether pondering can start). Bounded in real time.
void Driver::awaitEngineHandshake() {
    if (!opt_.wait_for_engine) return;
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!engine_.offersPonder() && std::chrono::steady_clock::now() < until) {
        opt_.wait_for_engine();
        session_.poll(now_);
    }
}

void Driver::nextStep() {
    ++next_step_;
    timing_applied_ = line_journalled_ = false;
    attempt_ = 0;
}

// "@T", "+D", and a "wait": time passes before the line's script_line record (a resumed run never
// lets it pass twice).
bool Driver::applyTiming(const ScriptStep& st) {
    if (st.at && start_ + *st.at > now_) now_ = start_ + *st.at;
    if (st.advance) advance(*st.advance);
    const auto* d = std::get_if<Directive>(&st.action);
    if (!d || d->name != "wait") return true;
    auto dur = d->args.empty() ? tl::expected<Ms, std::string>(tl::unexpect, "usage: wait DURATION")
                               : clock::parseDuration(d->args[0]);
    if (!dur) return fail(st.line, dur.error());
    advance(*dur);
    return true;
}

// The script's directives (docs/cli-script-format.md), one handler each; `engine` marks those that need
// the scripted engine (--engine fake).
struct Driver::DirectiveEntry {
    std::string_view name;
    bool (Driver::*handle)(const Args& a, int line);
    bool engine = false;
};

bool Driver::directive(const Directive& d, int line) {
    static constexpr DirectiveEntry kDirectives[] = {
        {"engine", &Driver::engineMove, true},
        {"engine-no-ponder", &Driver::engineNoPonder, true},
        {"engine-crash", &Driver::engineCrash, true},
        {"engine-request", &Driver::engineRequest, true},
        {"wait", &Driver::waitDone},
        {"until", &Driver::until},
        {"expect", &Driver::expect},
        {"qpf-export", &Driver::qpfExport},
        {"envelope-pdf", &Driver::envelopePdf},
    };
    const auto* entry = std::find_if(std::begin(kDirectives), std::end(kDirectives),
                                     [&](const DirectiveEntry& e) { return e.name == d.name; });
    if (entry == std::end(kDirectives)) return fail(line, "unknown directive " + d.name);
    if (entry->engine && !opt_.scripted_engine)
        return fail(line, fmt::format("\"{}\" needs the scripted engine (--engine fake)", d.name));
    return (this->*entry->handle)(d.args, line);
}

bool Driver::engineMove(const Args& a, int line) {
    const char* usage = "usage: engine UCI [cp N | mate N] [ponder UCI]";
    if (a.empty() || a.size() % 2 == 0) return fail(line, usage);
    int cp = 0;
    std::optional<int> mate;
    std::string ponder;
    for (std::size_t i = 1; i + 1 < a.size(); i += 2) {
        auto n = a[i] == "cp" || a[i] == "mate" ? parseInteger(a[i + 1]) : tl::expected<int, std::string>(0);
        if (!n) return fail(line, fmt::format("{} after \"{}\"; {}", n.error(), a[i], usage));
        if (a[i] == "cp")
            cp = *n;
        else if (a[i] == "mate")
            mate = *n;
        else if (a[i] == "ponder")
            ponder = a[i + 1];
        else
            return fail(line, usage);
    }
    opt_.scripted_engine->queueMove(a[0], cp, mate, ponder);
    return true;
}

bool Driver::engineNoPonder(const Args&, int) {
    opt_.scripted_engine->setOffersPonder(false);
    return true;
}

bool Driver::engineCrash(const Args&, int) {
    opt_.scripted_engine->queueCrash();
    return true;
}

// E.III 3.4: the engine asks for a resource change (docs/engine.md request-option).
bool Driver::engineRequest(const Args& a, int line) {
    if (a.size() < 2) return fail(line, "usage: engine-request NAME VALUE");
    opt_.scripted_engine->queueOptionRequest(a[0], joinedWords(a, 1));
    return true;
}

bool Driver::waitDone(const Args&, int) {
    return true;  // its time passed in applyTiming
}

bool Driver::until(const Args& a, int line) {
    for (int i = 0; i < 10000; ++i) {
        session_.poll(now_);
        Snapshot s = session_.snapshot(now_);
        if (!a.empty() && a[0] == phaseName(s.phase)) return true;
        if (!autoStep(s)) break;
    }
    return fail(line, fmt::format("phase {} not reached", a.empty() ? "?" : a[0]));
}

// QPF-04: the claim's export for the opponent's check; FILE.pdf as the scoresheet PDF, else text.
bool Driver::qpfExport(const Args& a, int line) {
    if (a.size() != 1) return fail(line, "usage: qpf-export FILE");
    auto e = session_.quickplayClaimExport();
    if (!e) return fail(line, "qpf-export: no quickplay claim was made");
    if (a[0].ends_with(".pdf")) {
        if (auto ok = print::writeQuickplayClaimPdf(*e, a[0]); !ok) return fail(line, ok.error().message);
    } else if (!(std::ofstream(a[0]) << print::quickplayClaimText(*e))) {
        return fail(line, "qpf-export: cannot write " + a[0]);
    }
    return true;
}

// Guidelines I.2: the printed record for the envelope; it never holds the sealed move.
// Field (g), the resumption's date, time and venue: "envelope-pdf FILE resumption TEXT".
bool Driver::envelopePdf(const Args& a, int line) {
    if (a.size() == 2 || (a.size() > 2 && a[1] != "resumption") || a.empty())
        return fail(line, "usage: envelope-pdf FILE [resumption DATE TIME VENUE]");
    // (g) is journalled like the console's field, so that a reprint from the journal has it too.
    if (a.size() > 2)
        if (auto ok = session_.dispatch(session::cmd::EnvelopeResumption{joinedWords(a, 2)}, now_); !ok)
            return fail(line, ok.error().message);
    auto form = session_.adjournmentForm(now_);
    if (!form) return fail(line, "envelope-pdf: the game is not adjourned (seal first)");
    if (auto ok = print::writeSealedMoveFormPdf(*form, a[0]); !ok) return fail(line, ok.error().message);
    return true;
}

bool Driver::expect(const std::vector<std::string>& a, int line) {
    if (a.size() < 2) return fail(line, "usage: expect WHAT VALUE");
    session_.poll(now_);
    const Snapshot s = session_.snapshot(now_);
    const ExpectContext ctx{a, session_, s, opt_.scripted_engine, last_rejection_, joinedWords(a, 1)};
    const auto check = evaluateExpectation(ctx);
    if (!check) return fail(line, "unknown expectation: " + joinedWords(a, 0));
    if (check->ok) return true;
    return fail(line, fmt::format("expected {} {}, got: {}", a[0], ctx.want, check->got));
}

}  // namespace oc::sim
