// The script's checks, one small function each, found by name (docs/cli-script-format.md).
#include "expectations.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <sstream>

#include "print/documents.hpp"

namespace oc::sim {
namespace {

using session::Snapshot;
using Result = std::optional<Check>;
using Fn = Result (*)(const ExpectContext&);

std::vector<std::string> words(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

bool yes(const std::string& w) {
    return w == "yes" || w == "true";
}
const char* yesNo(bool v) {
    return v ? "yes" : "no";
}

bool contains(const std::string& hay, const std::string& needle) {
    return hay.find(needle) != std::string::npos;
}

// A substring check: the expectation is found anywhere in `text`.
Check substring(const ExpectContext& c, const std::string& text) {
    return {contains(text, c.want), text};
}
Check equal(const ExpectContext& c, const std::string& got) {
    return {c.want == got, got};
}
Check flag(const ExpectContext& c, bool v) {
    return {v == yes(c.want), yesNo(v)};
}

std::optional<rules::Color> sideWord(const std::string& w, rules::Color computer) {
    if (w == "white") return rules::Color::White;
    if (w == "black") return rules::Color::Black;
    if (w == "computer") return computer;
    if (w == "human") return ~computer;
    return std::nullopt;
}

// "WHAT SIDE VALUE" checks: the side, or nullopt when the arguments are not of that form.
std::optional<rules::Color> sideArg(const ExpectContext& c) {
    if (c.args.size() != 3) return std::nullopt;
    return sideWord(c.args[1], c.snap.setup.computer_side);
}

std::string clockSeconds(session::Ms ms) {
    auto s = std::max<std::int64_t>(0, ms.count() / 1000);
    return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
}

// --- the game's record -----------------------------------------------------------------------------

Result scoresheet(const ExpectContext& c) {
    const std::string sheet = c.session.scoresheetText();
    return Check{scoresheetHas(sheet, c.want), sheet};
}
Result phase(const ExpectContext& c) {
    return equal(c, session::phaseName(c.snap.phase));
}
Result result(const ExpectContext& c) {
    return Check{c.want == c.snap.result, c.snap.result + " (" + c.snap.termination + ")"};
}
Result termination(const ExpectContext& c) {
    return substring(c, c.snap.termination);
}
Result fen(const ExpectContext& c) {
    return equal(c, c.snap.fen);
}
Result pgn(const ExpectContext& c) {
    return substring(c, c.session.pgn());
}
Result qpfExport(const ExpectContext& c) {
    auto e = c.session.quickplayClaimExport();
    return substring(c, e ? print::quickplayClaimText(*e) : "(no quickplay claim)");
}
Result results(const ExpectContext& c) {
    return substring(c, c.session.resultsJson().dump());
}
Result rejected(const ExpectContext& c) {
    return substring(c, c.last_rejection);
}
Result plies(const ExpectContext& c) {
    return equal(c, std::to_string(c.snap.moves.size()));
}
Result restarts(const ExpectContext& c) {
    return equal(c, std::to_string(c.snap.engine_restarts));
}
Result locked(const ExpectContext& c) {
    return flag(c, c.snap.setup_locked);
}
Result engineMove(const ExpectContext& c) {
    const auto& m = c.snap.engine_move;
    return Check{m && m->text == c.want, m ? m->text : "none"};
}
// CMP-1.4: how the shown move is executed (castling, e.p., promotion).
Result engineHow(const ExpectContext& c) {
    const auto& m = c.snap.engine_move;
    return Check{m && contains(m->how, c.want), m ? m->how : "none"};
}
Result notice(const ExpectContext& c) {
    const auto& n = c.snap.notices;
    const bool found = std::any_of(n.begin(), n.end(), [&](const auto& s) { return contains(s, c.want); });
    return Check{found, joinedWords(n, 0)};
}
Result moduleRequest(const ExpectContext& c) {
    const auto& r = c.snap.module_request;
    return equal(c, r ? r->name + " " + r->value : "none");
}
Result setupOption(const ExpectContext& c) {
    if (c.args.size() < 3) return std::nullopt;
    const auto& o = c.snap.setup.engine.options;
    auto it = o.find(c.args[1]);
    const std::string got = it == o.end() ? "none" : it->second;
    return Check{got == joinedWords(c.args, 2), got};
}

// --- draws ---------------------------------------------------------------------------------------------

Result indication(const ExpectContext& c) {
    if (c.args.size() != 3) return std::nullopt;
    const event::Indication& i = c.snap.indication;
    const std::string& kind = c.args[1];
    const bool v = kind == "offer"       ? i.offer_draw
                   : kind == "claim"     ? i.claim_draw
                   : kind == "accept"    ? i.accept_draw
                   : kind == "quickplay" ? i.claim_quickplay
                                         : i.resign;
    return Check{v == yes(c.args[2]), fmt::format("{} ({})", yesNo(v), i.reason)};
}
Result offer(const ExpectContext& c) {
    if (c.args.size() != 3) return std::nullopt;
    const bool v = c.args[1] == "human" ? c.snap.human_offer_pending : c.snap.computer_offer_pending;
    return Check{v == yes(c.args[2]), yesNo(v)};
}

// --- quickplay finish (QPF) ------------------------------------------------------------------------------

Result qpfClaim(const ExpectContext& c) {
    auto side = sideArg(c);
    if (!side) return std::nullopt;
    const bool v = c.snap.qpf_claim_available[*side];
    return Check{v == yes(c.args[2]), yesNo(v)};
}
Result incrementRequest(const ExpectContext& c) {
    auto side = sideArg(c);
    if (!side) return std::nullopt;
    const bool v = c.snap.increment_request_available[*side];
    return Check{v == yes(c.args[2]), yesNo(v)};
}
Result qpfDecision(const ExpectContext& c) {
    return flag(c, c.snap.qpf_decision_needed);
}
Result paused(const ExpectContext& c) {
    return flag(c, c.snap.clock_paused);
}

// --- the engine and the clock -----------------------------------------------------------------------------

Result pondering(const ExpectContext& c) {
    return flag(c, c.snap.engine_pondering);
}
// `stops` counts stops of the computer's own search (E.III 2.3); ended ponder searches count apart.
Result stops(const ExpectContext& c) {
    if (!c.fake) return std::nullopt;
    return equal(c, std::to_string(c.fake->stops()));
}
Result ponderStops(const ExpectContext& c) {
    if (!c.fake) return std::nullopt;
    return equal(c, std::to_string(c.fake->ponderStops()));
}
Result ponderHits(const ExpectContext& c) {
    if (!c.fake) return std::nullopt;
    return equal(c, std::to_string(c.fake->ponderHits()));
}
Result engineOption(const ExpectContext& c) {
    if (c.args.size() < 3 || !c.fake) return std::nullopt;
    auto it = c.fake->options().find(c.args[1]);
    const std::string got = it == c.fake->options().end() ? "none" : it->second;
    return Check{got == joinedWords(c.args, 2), got};
}
// The last search's go parameters for a side: its time (`go`) or its increment (`go-inc`).
Result goField(const ExpectContext& c, bool increment) {
    auto side = sideArg(c);
    if (!side || !c.fake || !c.fake->lastSearch()) return std::nullopt;
    const session::GoParams& g = c.fake->lastSearch()->go;
    const bool white = *side == rules::Color::White;
    const session::Ms v = increment ? (white ? g.winc : g.binc) : (white ? g.wtime : g.btime);
    const std::string got = clockSeconds(v);
    return Check{got == c.args[2], got};
}
Result go(const ExpectContext& c) {
    return goField(c, false);
}
Result goInc(const ExpectContext& c) {
    return goField(c, true);
}
Result clockOf(const ExpectContext& c) {
    auto side = sideArg(c);
    if (!side) return std::nullopt;
    const std::string got = clockSeconds(c.snap.remaining[*side]);
    return Check{got == c.args[2], got};
}
Result illegal(const ExpectContext& c) {
    auto side = sideArg(c);
    if (!side) return std::nullopt;
    const std::string got = std::to_string(c.snap.illegal_moves[*side]);
    return Check{got == c.args[2], got};
}

const std::map<std::string, Fn>& checks() {
    static const std::map<std::string, Fn> kChecks{
        {"phase", phase},
        {"result", result},
        {"termination", termination},
        {"fen", fen},
        {"scoresheet", scoresheet},
        {"pgn", pgn},
        {"qpf-export", qpfExport},
        {"results", results},
        {"rejected", rejected},
        {"plies", plies},
        {"restarts", restarts},
        {"locked", locked},
        {"engine-move", engineMove},
        {"engine-how", engineHow},
        {"notice", notice},
        {"indication", indication},
        {"offer", offer},
        {"pondering", pondering},
        {"stops", stops},
        {"ponder-stops", ponderStops},
        {"ponder-hits", ponderHits},
        {"module-request", moduleRequest},
        {"engine-option", engineOption},
        {"setup-option", setupOption},
        {"go", go},
        {"go-inc", goInc},
        {"qpf-claim", qpfClaim},
        {"increment-request", incrementRequest},
        {"qpf-decision", qpfDecision},
        {"paused", paused},
        {"clock", clockOf},
        {"illegal", illegal},
    };
    return kChecks;
}

}  // namespace

std::optional<Check> evaluateExpectation(const ExpectContext& ctx) {
    auto it = checks().find(ctx.args.front());
    if (it == checks().end()) return std::nullopt;
    return it->second(ctx);
}

bool scoresheetHas(const std::string& sheet, const std::string& want) {
    const std::vector<std::string> expected = words(want);
    if (expected.empty()) return false;
    std::istringstream lines(sheet);
    for (std::string line; std::getline(lines, line);) {
        const std::vector<std::string> got = words(line);
        if (got.size() >= expected.size() && std::equal(expected.begin(), expected.end(), got.begin()))
            return true;
    }
    return false;
}

std::string joinedWords(const std::vector<std::string>& v, std::size_t from) {
    std::string out;
    for (std::size_t i = from; i < v.size(); ++i) out += (i > from ? " " : "") + v[i];
    return out;
}

}  // namespace oc::sim
