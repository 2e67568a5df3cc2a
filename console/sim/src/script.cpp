#include "sim/script.hpp"

#include <fmt/format.h>

#include <charconv>
#include <functional>
#include <map>
#include <optional>
#include <sstream>

#include "clock/tc_format.hpp"

namespace oc::sim {
namespace {

using rules::Color;
using Words = std::vector<std::string>;
using Parsed = tl::expected<std::variant<Command, Directive>, std::string>;

Words split(std::string_view line) {
    std::istringstream in{std::string(line)};
    Words out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

tl::expected<Color, std::string> side(const std::string& w, Color computer) {
    if (w == "white" || w == "w") return Color::White;
    if (w == "black" || w == "b") return Color::Black;
    if (w == "computer") return computer;
    if (w == "human") return ~computer;
    return tl::make_unexpected(fmt::format("\"{}\": expected white, black, human or computer", w));
}

std::string join(const Words& w, std::size_t from) {
    std::string out;
    for (std::size_t i = from; i < w.size(); ++i) out += (out.empty() ? "" : " ") + w[i];
    return out;
}

Parsed need(const Words& w, std::size_t n, const char* usage) {
    if (w.size() < n) return tl::make_unexpected(fmt::format("usage: {}", usage));
    return Parsed{Directive{}};
}

Parsed humanMove(const Words& w) {
    if (auto ok = need(w, 2, "move TEXT [(=)] [pressed @T|+D] [offer]"); !ok) return ok;
    cmd::HumanMove m{w[1], std::nullopt, false};
    for (std::size_t i = 2; i < w.size(); ++i) {
        if (w[i] == "offer")
            m.draw_offer = true;
        else if (w[i] == "(=)")
            m.text += " (=)";  // the mark written with the move, as the operator types it (App. C.12)
        else if (w[i] == "pressed" && i + 1 < w.size())
            ++i;  // resolved by the driver (see movePressTime)
        else
            return tl::make_unexpected(fmt::format("move: unexpected \"{}\"", w[i]));
    }
    return Command{m};
}

Parsed syncClock(const Words& w, Color computer) {
    cmd::SyncClock s;
    if (w.size() != 3 && w.size() != 5) return tl::make_unexpected("usage: sync SIDE H:MM:SS [SIDE H:MM:SS]");
    for (std::size_t i = 1; i + 1 < w.size(); i += 2) {
        auto c = side(w[i], computer);
        auto t = clock::parseClockReading(w[i + 1]);
        if (!c) return tl::make_unexpected(c.error());
        if (!t) return tl::make_unexpected(t.error());
        (*c == Color::White ? s.white : s.black) = *t;
    }
    return Command{s};
}

Parsed claim(const Words& w, Color computer) {
    if (auto ok = need(w, 3, "claim SIDE threefold|fifty|quickplay [MOVE] [touched]"); !ok) return ok;
    auto c = side(w[1], computer);
    if (!c) return tl::make_unexpected(c.error());
    cmd::ClaimDraw cl{*c, cmd::ClaimKind::Threefold, std::nullopt, false};
    if (w[2] == "quickplay") {
        if (w.size() != 3) return tl::make_unexpected("usage: claim SIDE quickplay (no written move)");
        cl.kind = cmd::ClaimKind::Quickplay;
        return Command{cl};
    }
    if (w[2] == "fifty")
        cl.kind = cmd::ClaimKind::Fifty;
    else if (w[2] != "threefold")
        return tl::make_unexpected("claim: expected threefold, fifty or quickplay");
    for (std::size_t i = 3; i < w.size(); ++i) {
        if (w[i] == "touched")
            cl.touched = true;
        else
            cl.intended = w[i];
    }
    return Command{cl};
}

// IRR-04: "arbiter illegal-kind unpromoted SIDE MOVE | clock-without-move SIDE | two-hands SIDE |
// king-capture SIDE | board-move SIDE".
Parsed illegalKind(const Words& w, Color computer) {
    static const std::map<std::string, cmd::IllegalKind> kKinds{
        {"unpromoted", cmd::IllegalKind::UnpromotedPawn},
        {"clock-without-move", cmd::IllegalKind::ClockWithoutMove},
        {"two-hands", cmd::IllegalKind::TwoHands},
        {"king-capture", cmd::IllegalKind::KingCapture},
        {"board-move", cmd::IllegalKind::BoardMove}};
    const char* usage =
        "usage: arbiter illegal-kind unpromoted SIDE MOVE | clock-without-move SIDE | two-hands SIDE | "
        "king-capture SIDE | board-move SIDE";
    auto kind = w.size() >= 4 ? kKinds.find(w[2]) : kKinds.end();
    if (kind == kKinds.end()) return tl::make_unexpected(usage);
    bool unpromoted = kind->second == cmd::IllegalKind::UnpromotedPawn;
    if (w.size() != (unpromoted ? 5u : 4u)) return tl::make_unexpected(usage);
    auto c = side(w[3], computer);
    if (!c) return tl::make_unexpected(c.error());
    return Command{cmd::ArbiterIllegalKind{kind->second, *c, unpromoted ? w[4] : ""}};
}

// QPF-02/03: "arbiter qpf draw|postpone [+2]|reject", "arbiter increment grant|refuse".
Parsed quickplayRuling(const Words& w) {
    if (w[1] == "increment") {
        if (w.size() != 3 || (w[2] != "grant" && w[2] != "refuse"))
            return tl::make_unexpected("usage: arbiter increment grant|refuse");
        return Command{cmd::ArbiterIncrement{w[2] == "grant"}};
    }
    const char* usage = "usage: arbiter qpf draw|postpone [+2]|reject";
    if (w.size() < 3 || w.size() > 4) return tl::make_unexpected(usage);
    cmd::ArbiterQuickplay q;
    if (w[2] == "postpone")
        q.ruling = cmd::QuickplayRuling::Postpone;
    else if (w[2] == "reject")
        q.ruling = cmd::QuickplayRuling::Reject;
    else if (w[2] != "draw")
        return tl::make_unexpected(usage);
    if (w.size() == 4 && w[3] != "+2" && w[3] != "+0") return tl::make_unexpected(usage);
    q.add_two_minutes = w.size() == 4 && w[3] == "+2";
    return Command{q};
}

Parsed arbiter(const Words& w, Color computer) {
    if (auto ok = need(w, 2,
                       "arbiter pause|resume|adjust|illegal|illegal-kind|confirm-flag|forfeit|result|qpf|"
                       "increment ...");
        !ok)
        return ok;
    const std::string& what = w[1];
    if (what == "qpf" || what == "increment") return quickplayRuling(w);
    if (what == "illegal-kind") return illegalKind(w, computer);
    if (what == "forfeit") {
        if (w.size() != 3 || (w[2] != "confirm" && w[2] != "overrule"))
            return tl::make_unexpected("usage: arbiter forfeit confirm|overrule");
        return Command{cmd::ArbiterForfeit{w[2] == "confirm"}};
    }
    if (what == "pause") return Command{cmd::ArbiterPause{}};
    if (what == "resume") return Command{cmd::ArbiterResume{}};
    if (what == "illegal") {
        if (w.size() != 3) return tl::make_unexpected("usage: arbiter illegal PLY");
        auto n = parseInteger(w[2]);
        if (!n) return tl::make_unexpected(n.error());
        return Command{cmd::ArbiterIllegalMove{static_cast<int>(*n)}};
    }
    if (what == "result") {
        if (w.size() < 3) return tl::make_unexpected("usage: arbiter result 1-0|0-1|1/2-1/2 [REASON]");
        return Command{cmd::ArbiterResult{w[2], join(w, 3)}};
    }
    if (w.size() < 3) return tl::make_unexpected(fmt::format("usage: arbiter {} SIDE ...", what));
    auto c = side(w[2], computer);
    if (!c) return tl::make_unexpected(c.error());
    if (what == "confirm-flag") return Command{cmd::ArbiterConfirmFlag{*c}};
    if (what == "adjust" && w.size() >= 4) {
        auto d = clock::parseDuration(w[3]);
        if (!d) return tl::make_unexpected(d.error());
        return Command{cmd::ArbiterAdjustClock{*c, *d, join(w, 4)}};
    }
    return tl::make_unexpected(fmt::format("arbiter: unknown action \"{}\"", what));
}

Parsed sided(const Words& w, Color computer, const std::function<Command(Color)>& make) {
    if (w.size() != 2) return tl::make_unexpected(fmt::format("usage: {} SIDE", w[0]));
    auto c = side(w[1], computer);
    if (!c) return tl::make_unexpected(c.error());
    return make(*c);
}

Parsed simple(const Words& w) {
    static const std::map<std::string, Command> kSimple{{"start", cmd::StartGame{}},
                                                        {"pressed", cmd::ClockPressed{}},
                                                        {"recorded", cmd::Recorded{}},
                                                        {"offer", cmd::HumanOffersDraw{}},
                                                        {"accept", cmd::AnswerHumanOffer{true}},
                                                        {"decline", cmd::AnswerHumanOffer{false}},
                                                        {"computer-offer", cmd::ComputerOffersDraw{}},
                                                        {"human-accepts", cmd::HumanAnswersOffer{true}},
                                                        {"human-declines", cmd::HumanAnswersOffer{false}},
                                                        {"seal", cmd::RequestSeal{}},
                                                        {"seal-computer", cmd::SealComputerMove{}},
                                                        {"seal-human", cmd::SealHumanMove{}},
                                                        {"resume", cmd::Resume{}}};
    auto it = kSimple.find(w[0]);
    if (it == kSimple.end() || w.size() != 1) return tl::make_unexpected("");
    return Parsed{it->second};
}

// Adjournment, consultation and the engine's resources: the actions taking a fixed number of words.
std::optional<Parsed> sessionAction(const Words& w) {
    const std::string& verb = w[0];
    if (verb == "seal-human" && w.size() == 2) return Command{cmd::SealHumanMove{w[1]}};
    if (verb == "seal-computer" && w.size() == 2) return Command{cmd::SealComputerMove{w[1]}};
    if (verb == "seal-computer" && w.size() == 3 && w[2] == "fast")  // tests: a cheaper key derivation
        return Command{cmd::SealComputerMove{w[1], seal::KdfCost::Interactive}};
    if (verb == "resume" && w.size() == 2) return Command{cmd::Resume{std::nullopt, w[1]}};
    if (verb == "resume-human" && w.size() == 2) return Command{cmd::Resume{std::nullopt, "", w[1]}};
    if (verb == "consult")
        return Command{cmd::Consultation{w.size() > 1 && w[1] == "arbiter-present", join(w, 2)}};
    if (verb == "faster" && w.size() == 2 && (w[1] == "on" || w[1] == "off"))
        return Command{cmd::FasterRate{w[1] == "on"}};
    if (verb == "module-change" && w.size() == 2 && w[1] == "done") return Command{cmd::ModuleChange{}};
    if (verb == "module-change" && w.size() >= 3) return Command{cmd::ModuleChange{w[1], join(w, 2)}};
    return std::nullopt;
}

Parsed action(const Words& w, Color computer) {
    if (auto s = simple(w)) return s;
    if (auto s = sessionAction(w)) return *s;
    const std::string& verb = w[0];
    if (verb == "move") return humanMove(w);
    if (verb == "made") return Command{cmd::MadeOnBoard{w.size() > 1 ? std::optional(w[1]) : std::nullopt}};
    if (verb == "sync") return syncClock(w, computer);
    if (verb == "claim") return claim(w, computer);
    if (verb == "arbiter") return arbiter(w, computer);
    if (verb == "resign") return sided(w, computer, [](Color c) { return Command{cmd::Resign{c}}; });
    if (verb == "flag") return sided(w, computer, [](Color c) { return Command{cmd::ReportFlag{c}}; });
    if (verb == "arrive") return sided(w, computer, [](Color c) { return Command{cmd::Arrival{c}}; });
    if (verb == "request-increment")
        return sided(w, computer, [](Color c) { return Command{cmd::RequestIncrement{c}}; });
    if (verb == "correct" && w.size() >= 2)
        return Command{cmd::CorrectEntry{w[1], w.size() > 2 && w[2] == "confirmed"}};
    static const char* kDirectives[] = {
        "engine", "engine-crash", "engine-no-ponder", "engine-request", "expect", "wait",
        "setup",  "until",        "envelope-pdf",     "qpf-export"};
    for (const char* d : kDirectives)
        if (verb == d) return Directive{verb, Words(w.begin() + 1, w.end())};
    return tl::make_unexpected(fmt::format("unknown action \"{}\" (see docs/cli-script-format.md)", verb));
}

tl::expected<ScriptStep, std::string> step(Words w, int line, Color computer) {
    ScriptStep s;
    s.line = line;
    if (!w.empty() && (w[0][0] == '@' || w[0][0] == '+')) {
        auto d = clock::parseDuration(std::string_view(w[0]).substr(1));
        if (!d) return tl::make_unexpected(d.error());
        (w[0][0] == '@' ? s.at : s.advance) = *d;
        w.erase(w.begin());
    }
    if (w.empty()) return tl::make_unexpected("a time with no action");
    if (w[0][0] == '!') {
        s.expect_rejection = true;
        w[0].erase(0, 1);
    }
    auto a = action(w, computer);
    if (!a) return tl::make_unexpected(a.error());
    s.action = *a;
    for (std::size_t i = 2; w[0] == "move" && i + 1 < w.size(); ++i) {
        if (w[i] != "pressed") continue;
        auto d = clock::parseDuration(w[i + 1]);
        if (!d) return tl::make_unexpected(d.error());
        s.pressed_before = *d;
    }
    return s;
}

}  // namespace

tl::expected<int, std::string> parseInteger(std::string_view text) {
    int v = 0;
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc{} || p != text.data() + text.size() || text.empty())
        return tl::make_unexpected(fmt::format("\"{}\" is not a whole number", text));
    return v;
}

tl::expected<std::vector<ScriptStep>, std::string> parseScript(std::string_view text, Color computer) {
    std::vector<ScriptStep> steps;
    if (text.size() > kMaxScriptBytes)
        return tl::make_unexpected(
            fmt::format("line 1: the script is {} bytes long, more than the {} a script may have",
                        text.size(), kMaxScriptBytes));
    std::istringstream in{std::string(text)};
    int line_no = 0;
    for (std::string line; std::getline(in, line);) {
        ++line_no;
        if (line.size() > kMaxScriptLineBytes)
            return tl::make_unexpected(
                fmt::format("line {}: {} characters long, more than the {} a script line may have; write one "
                            "command per line",
                            line_no, line.size(), kMaxScriptLineBytes));
        if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
        Words w = split(line);
        if (w.empty()) continue;
        auto s = step(w, line_no, computer);
        if (!s) return tl::make_unexpected(fmt::format("line {}: {}", line_no, s.error()));
        steps.push_back(*s);
    }
    return steps;
}

}  // namespace oc::sim
