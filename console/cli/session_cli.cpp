#include "session_cli.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "host/script_file.hpp"
#include "i18n/tr.hpp"
#include "session/journal_sink.hpp"

namespace oc::cli {

using i18n::tr;

void addPlayOptions(CLI::App& p, PlayArgs& a) {
    p.add_option("--engine", a.engine,
                 tr("Engine command (\"fake\": the built-in deterministic test engine)"))
        ->required();
    p.add_option("--engine-arg", a.engine_args, tr("An argument for the engine (repeatable)"));
    // Required unless --trf gives them (checked in buildSetup).
    p.add_option("--engine-side", a.engine_side, tr("The computer's colour (required unless --trf gives it)"))
        ->check(CLI::IsMember({"white", "black"}));
    p.add_option("--tc", a.tc,
                 tr("Time control, e.g. \"40/90m+30s, 30m+30s\" or 15m+10s (required unless --setup or --trf "
                    "gives it)"));
    p.add_option("--human", a.human, tr("random | engine:CMD | script:FILE | eboard"))->required();
    p.add_option("--eboard", a.eboard,
                 tr("With --human eboard: the electronic board's serial port, or auto (the one DGT board in "
                    "/dev/serial/by-id/); over the setup's eboard key"));
    p.add_option(
        "--eboard-brand", a.eboard_brand,
        tr("With --human eboard: dgt, millennium (a Millennium ChessLink: no clock, give its port) or "
           "livechess (a board through DGT LiveChess: --eboard ws://HOST:1982/api/v1.0); over the setup's "
           "eboard.brand"));
    p.add_option("--operator-delay", a.operator_delay,
                 tr("Operator handling delays MEDIAN_S,P99_S (log-normal)"));
    p.add_option("--seed", a.seed, tr("Seed for every random choice (moves, delays)"));
    p.add_option("--max-plies", a.max_plies, tr("Stop after this many half-moves (result *)"));
    p.add_option("--journal", a.journal, tr("The game journal (created; with --resume continued)"))
        ->required();
    p.add_option("--pgn", a.pgn, tr("Write the game's PGN here at the end"));
    p.add_option("--scoresheet-pdf", a.pdf, tr("Write the printable scoresheet (A4 PDF) here at the end"));
    p.add_option("--envelope-pdf", a.envelope_pdf,
                 tr("If the game ends adjourned: write the envelope's adjournment record (A4 PDF) here"));
    p.add_flag("--resume", a.resume, tr("Continue the game the journal holds"));
    p.add_flag("--verbose", a.verbose, tr("Print each move as it is played"));
    p.add_option("--setup", a.setup_file, tr("Event setup JSON (docs/operator-guide.md); flags override it"));
    p.add_option("--trf", a.trf_file,
                 tr("The pairing program's TRF (FIDE Tournament Report File): the round's pairing fills the "
                    "setup after --setup (needs --round and --player)"));
    p.add_option("--round", a.trf_round, tr("With --trf: the round to play"))->check(CLI::Range(1, 999));
    p.add_option("--player", a.trf_player, tr("With --trf: the computer's entry, its name or start rank"));
    p.add_option("--edition", a.edition, tr("Laws of Chess edition: 2005 or 2023"));
    p.add_option("--lang", a.lang, tr("Notation language: en pl de fr es nl ru fa"));
    p.add_option("--engine-nodes", a.nodes, tr("Nodes per engine search in simulated time (deterministic)"));
    p.add_option("--engine-deadline", a.engine_deadline_s,
                 tr("Real seconds a search may take (plus 3 s) before the engine counts as hung and is "
                    "restarted with the whole game (default 10)"))
        ->check(CLI::Range(0.1, 3600.0));
}

tl::expected<HumanSpec, std::string> parseHuman(const PlayArgs& a, rules::Color computer) {
    HumanSpec h;
    if (!a.operator_delay.empty()) {
        double m = 0, p = 0;
        char comma = 0;
        std::istringstream in(a.operator_delay);
        if (!(in >> m >> comma >> p) || comma != ',' || m <= 0 || p < m)
            return tl::make_unexpected(
                tr("--operator-delay: expected MEDIAN_S,P99_S with 0 < median <= p99, e.g. 4,15"));
        // The driver draws every routine step's delay from these (E.III 2.1 handling times).
        h.options.delay_median_s = m;
        h.options.delay_p99_s = p;
    }
    if (a.human == "random") {
        h.options.human = sim::HumanKind::Random;
    } else if (a.human.rfind("engine:", 0) == 0) {
        h.options.human = sim::HumanKind::Engine;
        event::EngineSettings e;
        e.command = a.human.substr(7);
        if (e.command != "fake") e.options["Threads"] = "1";
        h.engine_settings = e;
    } else if (a.human.rfind("script:", 0) == 0) {
        auto script = host::loadScript(a.human.substr(7), computer);
        if (!script) return tl::make_unexpected(script.error());
        h.options.human = sim::HumanKind::Script;
        h.options.script = std::move(script->steps);
        h.options.script_digest = script->digest;  // --resume checks it is the same
    } else {
        return tl::make_unexpected(
            i18n::trf("--human \"{}\": expected random, engine:CMD, script:FILE or eboard", a.human));
    }
    return h;
}

tl::expected<std::optional<sim::ScriptResume>, std::string> resumePoint(
    const std::vector<nlohmann::json>& records, const sim::DriverOptions& options) {
    bool scripted = std::any_of(records.begin(), records.end(), [](const nlohmann::json& r) {
        return r.value("type", "") == sim::kScriptRecord;
    });
    if (options.human != sim::HumanKind::Script) {
        if (!scripted) return std::nullopt;
        return tl::make_unexpected(
            tr("the game is played from a script: resume it with --human script:FILE (the same file)"));
    }
    if (records.empty()) return std::nullopt;  // killed before the game's first record: start afresh
    auto point = sim::scriptResumePoint(records, options.script, options.script_digest);
    if (!point) return tl::make_unexpected(i18n::translateMessage(point.error()));
    return *point;
}

// Words of the final key/value line, which scripts read: never translated.
std::string terminationName(const session::Snapshot& s) {
    const std::string& t = s.termination;
    auto has = [&](const char* w) { return t.find(w) != std::string::npos; };
    if (s.result == "*") return s.phase == session::Phase::Adjourned ? "adjourned" : "unterminated";
    if (has("checkmate")) return "checkmate";
    if (has("stalemate")) return "stalemate";
    if (has("dead position")) return "dead-position";
    if (has("fivefold")) return "fivefold";
    if (has("seventy-five")) return "seventy-five";
    if (has("threefold")) return "threefold";
    if (has("fifty")) return "fifty-move";
    if (has("agreement")) return "agreement";
    if (has("resignation")) return "resignation";
    if (has("time forfeit")) return "time-forfeit";
    if (has("late arrival")) return "late-arrival";
    if (has("illegal move")) return "illegal-move";
    if (has("sealed")) return "defective-sealed-move";
    return "arbiter";
}

std::string resultLine(const session::Snapshot& s) {
    return fmt::format("result {} termination {} plies {} engine_restarts {} computer_flags {}", s.result,
                       terminationName(s), s.moves.size(), s.engine_restarts, s.computer_flags);
}

}  // namespace oc::cli
