// The driver's script mode: operator actions from docs/cli-script-format.md, plus checks ("expect").
#include <fmt/format.h>

#include <algorithm>
#include <fstream>

#include "clock/tc_format.hpp"
#include "print/documents.hpp"
#include "sim/driver.hpp"

namespace oc::sim {
namespace {

std::string joined(const std::vector<std::string>& v, std::size_t from) {
    std::string out;
    for (std::size_t i = from; i < v.size(); ++i) out += (i > from ? " " : "") + v[i];
    return out;
}

std::optional<rules::Color> sideWord(const std::string& w, rules::Color computer) {
    if (w == "white") return rules::Color::White;
    if (w == "black") return rules::Color::Black;
    if (w == "computer") return computer;
    if (w == "human") return ~computer;
    return std::nullopt;
}

// "key.sub=value" pairs onto the current setup; values are JSON when they parse, else strings.
tl::expected<EventSetup, std::string> patchedSetup(const EventSetup& base,
                                                   const std::vector<std::string>& args) {
    nlohmann::json j = toJson(base);
    for (const auto& a : args) {
        auto eq = a.find('=');
        if (eq == std::string::npos) return tl::make_unexpected("setup: expected key=value, got " + a);
        nlohmann::json value = nlohmann::json::parse(a.substr(eq + 1), nullptr, false);
        if (value.is_discarded()) value = a.substr(eq + 1);
        std::string path = "/" + a.substr(0, eq);
        std::replace(path.begin(), path.end(), '.', '/');
        j[nlohmann::json::json_pointer(path)] = value;
    }
    return eventSetupFromJson(j);
}

std::string clockSeconds(Ms ms) {
    auto s = std::max<std::int64_t>(0, ms.count() / 1000);
    return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
}

bool yes(const std::string& w) {
    return w == "yes" || w == "true";
}

// QPF checks: "qpf-claim SIDE yes|no", "increment-request SIDE yes|no", "qpf-decision yes|no",
// "paused yes|no", "qpf-export TEXT" (substring of the text export). nullopt: not one of them.
std::optional<std::pair<bool, std::string>> expectQuickplay(const Snapshot& s,
                                                            const std::vector<std::string>& a,
                                                            rules::Color sd, bool side) {
    auto flag = [&](bool v, const std::string& want) {
        return std::pair{v == yes(want), std::string(v ? "yes" : "no")};
    };
    if (a[0] == "qpf-claim" && side) return flag(s.qpf_claim_available[sd], a[2]);
    if (a[0] == "increment-request" && side) return flag(s.increment_request_available[sd], a[2]);
    if (a[0] == "qpf-decision") return flag(s.qpf_decision_needed, a[1]);
    if (a[0] == "paused") return flag(s.clock_paused, a[1]);
    return std::nullopt;
}

}  // namespace

bool Driver::scriptStep() {
    const ScriptStep& st = opt_.script[next_step_];
    if (routine_due_) {  // resumed between a refusal and the routine step its retry waits for
        routine_due_ = false;
        if (autoStep(session_.snapshot(now_))) return true;
        return fail(st.line, "refused: " + last_rejection_);
    }
    if (!timing_applied_ && !applyTiming(st)) return false;
    timing_applied_ = true;
    if (!line_journalled_ && !journalLine(st)) return false;
    line_journalled_ = true;
    Command c;
    if (const auto* d = std::get_if<Directive>(&st.action)) {
        if (d->name != "setup") {
            nextStep();
            return directive(*d, st.line);
        }
        auto setup = patchedSetup(session_.snapshot(now_).setup, d->args);
        if (!setup) return fail(st.line, setup.error());
        c = cmd::UpdateSetup{*setup};
    } else {
        c = std::get<Command>(st.action);
    }
    if (auto* m = std::get_if<cmd::HumanMove>(&c); m && st.pressed_before)
        m->pressed_at = now_ - *st.pressed_before;
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
    nextStep();
    return true;
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

bool Driver::directive(const Directive& d, int line) {
    const auto& a = d.args;
    if (d.name == "engine") {
        if (!opt_.scripted_engine) return fail(line, "\"engine\" needs the scripted engine (--engine fake)");
        const char* usage = "usage: engine UCI [cp N | mate N] [ponder UCI]";
        if (a.empty() || a.size() % 2 == 0) return fail(line, usage);
        int cp = 0;
        std::optional<int> mate;
        std::string ponder;
        for (std::size_t i = 1; i + 1 < a.size(); i += 2) {
            auto n =
                a[i] == "cp" || a[i] == "mate" ? parseInteger(a[i + 1]) : tl::expected<int, std::string>(0);
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
    if (d.name == "engine-no-ponder") {
        if (!opt_.scripted_engine) return fail(line, "\"engine-no-ponder\" needs the scripted engine");
        opt_.scripted_engine->setOffersPonder(false);
        return true;
    }
    if (d.name == "engine-crash") {
        if (!opt_.scripted_engine) return fail(line, "\"engine-crash\" needs the scripted engine");
        opt_.scripted_engine->queueCrash();
        return true;
    }
    if (d.name == "engine-request") {
        // E.III 3.4: the engine asks for a resource change (docs/engine.md request-option).
        if (!opt_.scripted_engine) return fail(line, "\"engine-request\" needs the scripted engine");
        if (a.size() < 2) return fail(line, "usage: engine-request NAME VALUE");
        opt_.scripted_engine->queueOptionRequest(a[0], joined(a, 1));
        return true;
    }
    if (d.name == "wait") return true;  // its time passed in applyTiming
    if (d.name == "until") {
        for (int i = 0; i < 10000; ++i) {
            session_.poll(now_);
            Snapshot s = session_.snapshot(now_);
            if (!a.empty() && a[0] == phaseName(s.phase)) return true;
            if (!autoStep(s)) break;
        }
        return fail(line, fmt::format("phase {} not reached", a.empty() ? "?" : a[0]));
    }
    if (d.name == "expect") return expect(a, line);
    if (d.name == "qpf-export") {
        // QPF-04: the claim's export for the opponent's check; FILE.pdf as the scoresheet PDF, else text.
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
    if (d.name == "envelope-pdf") {
        // Guidelines I.2: the printed record for the envelope; it never holds the sealed move.
        // Field (g), the resumption's date, time and venue: "envelope-pdf FILE resumption TEXT".
        if (a.size() == 2 || (a.size() > 2 && a[1] != "resumption") || a.empty())
            return fail(line, "usage: envelope-pdf FILE [resumption DATE TIME VENUE]");
        auto form = session_.adjournmentForm(now_, a.size() > 2 ? joined(a, 2) : std::string());
        if (!form) return fail(line, "envelope-pdf: the game is not adjourned (seal first)");
        if (auto ok = print::writeSealedMoveFormPdf(*form, a[0]); !ok) return fail(line, ok.error().message);
        return true;
    }
    return fail(line, "unknown directive " + d.name);
}

bool Driver::expect(const std::vector<std::string>& a, int line) {
    if (a.size() < 2) return fail(line, "usage: expect WHAT VALUE");
    session_.poll(now_);
    Snapshot s = session_.snapshot(now_);
    const std::string& what = a[0];
    std::string want = joined(a, 1);
    rules::Color computer = s.setup.computer_side;
    auto check = [&](bool ok, const std::string& got) {
        return ok ? true : fail(line, fmt::format("expected {} {}, got: {}", what, want, got));
    };
    auto contains = [&](const std::string& hay) { return hay.find(want) != std::string::npos; };
    if (what == "phase") return check(want == phaseName(s.phase), phaseName(s.phase));
    if (what == "result") return check(want == s.result, s.result + " (" + s.termination + ")");
    if (what == "termination") return check(contains(s.termination), s.termination);
    if (what == "fen") return check(want == s.fen, s.fen);
    if (what == "scoresheet") return check(contains(session_.scoresheetText()), session_.scoresheetText());
    if (what == "pgn") return check(contains(session_.pgn()), session_.pgn());
    if (what == "qpf-export") {
        auto e = session_.quickplayClaimExport();
        std::string text = e ? print::quickplayClaimText(*e) : "(no quickplay claim)";
        return check(contains(text), text);
    }
    if (what == "results")
        return check(contains(session_.resultsJson().dump()), session_.resultsJson().dump());
    if (what == "rejected") return check(contains(last_rejection_), last_rejection_);
    if (what == "plies") return check(want == std::to_string(s.moves.size()), std::to_string(s.moves.size()));
    if (what == "restarts")
        return check(want == std::to_string(s.engine_restarts), std::to_string(s.engine_restarts));
    if (what == "locked") return check(yes(want) == s.setup_locked, s.setup_locked ? "yes" : "no");
    if (what == "engine-move")
        return check(s.engine_move && s.engine_move->text == want,
                     s.engine_move ? s.engine_move->text : "none");
    if (what == "engine-how")  // CMP-1.4: how the shown move is executed (castling, e.p., promotion)
        return check(s.engine_move && contains(s.engine_move->how),
                     s.engine_move ? s.engine_move->how : "none");
    if (what == "notice") {
        bool found = std::any_of(s.notices.begin(), s.notices.end(), contains);
        return check(found, joined(s.notices, 0));
    }
    if (what == "indication" && a.size() == 3) {
        const Indication& i = s.indication;
        bool v = a[1] == "offer"       ? i.offer_draw
                 : a[1] == "claim"     ? i.claim_draw
                 : a[1] == "accept"    ? i.accept_draw
                 : a[1] == "quickplay" ? i.claim_quickplay
                                       : i.resign;
        return check(v == yes(a[2]), fmt::format("{} ({})", v ? "yes" : "no", i.reason));
    }
    if (what == "offer" && a.size() == 3) {
        bool v = a[1] == "human" ? s.human_offer_pending : s.computer_offer_pending;
        return check(v == yes(a[2]), v ? "yes" : "no");
    }
    std::optional<rules::Color> side_word = a.size() == 3 ? sideWord(a[1], computer) : std::nullopt;
    bool side = side_word.has_value();
    rules::Color sd = side_word.value_or(rules::Color::White);
    const FakeEngine* fake = opt_.scripted_engine;
    if (what == "pondering") return check(yes(want) == s.engine_pondering, s.engine_pondering ? "yes" : "no");
    // `stops` counts stops of the computer's own search (E.III 2.3); ended ponder searches count apart.
    if (what == "stops" && fake)
        return check(want == std::to_string(fake->stops()), std::to_string(fake->stops()));
    if (what == "ponder-stops" && fake)
        return check(want == std::to_string(fake->ponderStops()), std::to_string(fake->ponderStops()));
    if (what == "ponder-hits" && fake)
        return check(want == std::to_string(fake->ponderHits()), std::to_string(fake->ponderHits()));
    if (what == "module-request") {
        std::string got = s.module_request ? s.module_request->name + " " + s.module_request->value : "none";
        return check(got == want, got);
    }
    if (what == "engine-option" && a.size() >= 3 && fake) {
        auto it = fake->options().find(a[1]);
        std::string got = it == fake->options().end() ? "none" : it->second;
        return check(got == joined(a, 2), got);
    }
    if (what == "setup-option" && a.size() >= 3) {
        auto it = s.setup.engine.options.find(a[1]);
        std::string got = it == s.setup.engine.options.end() ? "none" : it->second;
        return check(got == joined(a, 2), got);
    }
    if (what == "go" && side && fake && fake->lastSearch()) {
        const GoParams& g = fake->lastSearch()->go;
        std::string got = clockSeconds(sd == rules::Color::White ? g.wtime : g.btime);
        return check(got == a[2], got);
    }
    if (auto q = expectQuickplay(s, a, sd, side); q) return check(q->first, q->second);
    if (what == "go-inc" && side && fake && fake->lastSearch()) {
        const GoParams& g = fake->lastSearch()->go;
        std::string got = clockSeconds(sd == rules::Color::White ? g.winc : g.binc);
        return check(got == a[2], got);
    }
    if (what == "clock" && side)
        return check(clockSeconds(s.remaining[sd]) == a[2], clockSeconds(s.remaining[sd]));
    if (what == "illegal" && side)
        return check(std::to_string(s.illegal_moves[sd]) == a[2], std::to_string(s.illegal_moves[sd]));
    return fail(line, "unknown expectation: " + joined(a, 0));
}

}  // namespace oc::sim
