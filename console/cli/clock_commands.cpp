// operator-cli tc describe|simulate|check: time controls, the budget simulation, the handling check.
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include "clock/budget.hpp"
#include "clock/simulation.hpp"
#include "clock/tc_format.hpp"
#include "commands.hpp"
#include "i18n/tr.hpp"
#include "simulation_report.hpp"

namespace oc::cli {

namespace {

using clock::Duration;
using i18n::tr;
using i18n::trf;

struct TcOptions {
    std::string tc;
    std::string edition = "2023";
    int games = 1000;
    double delay_median = 4.0;
    double delay_p99 = 15.0;
    double reserve_start = -1.0;  // default: the p99 given
    double reserve = 10.0;
    std::uint64_t seed = 1;
};

Duration secondsArg(double s) {
    return Duration{static_cast<Duration::rep>(std::llround(s * 1000.0))};
}

// The clock's texts (describe, the feasibility check) are English lines; each is shown through the
// catalogue on its own, so that every sentence the clock marks can be translated.
std::string translateLines(const std::string& text) {
    std::string out;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        const std::string line = text.substr(start, end - start);
        out += i18n::translateMessage(line);
        if (end < text.size()) out += '\n';
        start = end + 1;
    }
    return out;
}

// Parses the control or prints where it went wrong (exit 2).
std::optional<clock::TimeControl> parseOrReport(const std::string& text, ExitCode& code) {
    auto tc = clock::parseTimeControl(text);
    if (tc) return *tc;
    fmt::print(stderr, "{}\n{}\n", trf("bad time control: {}", i18n::translateMessage(tc.error().message())),
               tc.error().pointer(text));
    fmt::print(stderr, "{}\n",
               tr("examples: \"40/90m+30s, 30m+30s\", \"15m+10s\", \"5m d5s\", PGN \"40/5400+30:1800+30\""));
    code.value = 2;
    return std::nullopt;
}

std::optional<clock::Edition> editionOrReport(const std::string& text, ExitCode& code) {
    if (auto e = clock::parseEdition(text)) return e;
    fmt::print(stderr, "{}\n", trf("bad edition '{}': expected 2005 or 2023", text));
    code.value = 2;
    return std::nullopt;
}

void describeCommand(const TcOptions& o, ExitCode& code) {
    const auto edition = editionOrReport(o.edition, code);
    if (!edition) return;
    if (const auto tc = parseOrReport(o.tc, code))
        fmt::print("{}", translateLines(clock::describe(*tc, *edition)));
}

bool checkSimulationArgs(const TcOptions& o, ExitCode& code) {
    if (o.games >= 1 && o.delay_median > 0 && o.delay_p99 >= o.delay_median) return true;
    fmt::print(stderr, "{}\n",
               tr("bad simulation arguments: need --games >= 1 and 0 < --delay-median <= --delay-p99"));
    code.value = 2;
    return false;
}

void simulateCommand(const TcOptions& o, ExitCode& code) {
    const auto tc = parseOrReport(o.tc, code);
    if (!tc || !checkSimulationArgs(o, code)) return;
    if (tc->kind != clock::TimeControlKind::Periods) {
        fmt::print(stderr, "{}\n",
                   trf("bad time control: the simulation needs a control with periods, not '{}'", o.tc));
        code.value = 2;
        return;
    }
    clock::SimulationConfig cfg;
    cfg.tc = *tc;
    cfg.games = o.games;
    cfg.delay_median = secondsArg(o.delay_median);
    cfg.delay_p99 = secondsArg(o.delay_p99);
    cfg.seed = o.seed;
    cfg.reserve.initial = o.reserve_start > 0 ? secondsArg(o.reserve_start) : cfg.delay_p99;
    fmt::print("{}", simulationReport(cfg, clock::simulate(cfg)));
}

void checkCommand(const TcOptions& o, ExitCode& code) {
    const auto tc = parseOrReport(o.tc, code);
    if (!tc) return;
    const clock::Feasibility f = clock::checkFeasibility(*tc, secondsArg(o.reserve));
    fmt::print("{}", translateLines(f.message));
    if (f.verdict == clock::Verdict::Unplayable) code.value = 1;
}

}  // namespace

void addClockCommands(CLI::App& app, ExitCode& code) {
    auto opts = std::make_shared<TcOptions>();
    CLI::App* tc =
        app.add_subcommand("tc", tr("time controls: describe, simulate the time budget, check handling"));
    tc->require_subcommand(1);

    CLI::App* describe =
        tc->add_subcommand("describe", tr("explain a time control in words, with its classification"));
    describe->add_option("TC", opts->tc, tr("PGN (40/5400+30:1800+30) or human (40/90m+30s, 30m+30s) form"))
        ->required();
    describe->add_option("--edition", opts->edition, tr("FIDE Laws edition: 2005 or 2023"))
        ->capture_default_str();
    describe->callback([opts, &code] { describeCommand(*opts, code); });

    CLI::App* simulate =
        tc->add_subcommand("simulate", tr("play games in simulated time: budget versus naive GUI"));
    simulate->add_option("--tc", opts->tc, tr("time control"))->required();
    simulate->add_option("--games", opts->games, tr("number of games"))->capture_default_str();
    simulate->add_option("--delay-median", opts->delay_median, tr("operator handling median, seconds"))
        ->capture_default_str();
    simulate->add_option("--delay-p99", opts->delay_p99, tr("operator handling 99th percentile, seconds"))
        ->capture_default_str();
    simulate->add_option("--seed", opts->seed, tr("random seed"))->capture_default_str();
    simulate->add_option("--reserve-start", opts->reserve_start,
                         tr("configured starting reserve, seconds (default: p99)"));
    simulate->callback([opts, &code] { simulateCommand(*opts, code); });

    CLI::App* check =
        tc->add_subcommand("check", tr("can the control be played with this operator's handling time?"));
    check->add_option("--tc", opts->tc, tr("time control"))->required();
    check->add_option("--reserve", opts->reserve, tr("handling reserve per move, seconds"))
        ->capture_default_str();
    check->callback([opts, &code] { checkCommand(*opts, code); });
}

}  // namespace oc::cli
