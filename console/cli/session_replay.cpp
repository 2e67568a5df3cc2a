// operator-cli journal replay: the game's timeline from a verified journal, and its PGN.
#include <fmt/format.h>

#include <fstream>
#include <iostream>

#include "clock/tc_format.hpp"
#include "print/documents.hpp"
#include "session/journal_sink.hpp"
#include "session/local_time.hpp"
#include "session/no_engine.hpp"
#include "session_cli.hpp"

namespace oc::cli {
namespace {

using nlohmann::json;

std::string stamp(std::int64_t ms) {
    return clock::formatClock(std::chrono::milliseconds{ms}, clock::ClockStyle::HmsMillis);
}

std::string ms(const json& v) {
    return v.is_null() ? "-" : stamp(v.get<std::int64_t>());
}

// Pondering on the human's time (audit only; the expected move is engine analysis, never public).
std::string describePonder(const std::string& type, const json& p) {
    if (type == "ponder_start")
        return fmt::format("ponder on {} (go ponder wtime {} btime {})", p["expected"].get<std::string>(),
                           p["wtime"].get<std::int64_t>(), p["btime"].get<std::int64_t>());
    if (type == "ponder_hit")
        return fmt::format("ponderhit: the human played {}", p["uci"].get<std::string>());
    if (type == "ponder_miss")
        return fmt::format("ponder miss: expected {}, played {}{}: stop, fresh search",
                           p["expected"].get<std::string>(), p["played"].get<std::string>(),
                           p.contains("reason") ? " (" + p["reason"].get<std::string>() + ")" : "");
    return fmt::format("ponder search stopped: {}", p.value("reason", ""));
}

// IRR-04 and CLK-08 records: what the arbiter ruled, in his words.
std::string describeArbiter(const std::string& type, const json& p) {
    if (type == "illegal_kind")
        return fmt::format("arbiter: illegal move by {} ({}{}){}", p["side"].get<std::string>(),
                           p["kind"].get<std::string>(),
                           p.contains("move") ? " " + p["move"].get<std::string>() : "",
                           p.contains("uci") ? ", stands as " + p["uci"].get<std::string>() : "");
    if (type == "arrival")
        return fmt::format("{} arrived {} after the start (default time {}){}", p["side"].get<std::string>(),
                           stamp(p["late_ms"].get<std::int64_t>()),
                           stamp(p["default_ms"].get<std::int64_t>()),
                           p["forfeit"].get<bool>() ? ": forfeit proposed" : "");
    return fmt::format("arbiter: forfeit of {} for late arrival {}", p["side"].get<std::string>(),
                       p["confirm"].get<bool>() ? "confirmed" : "overruled, play continues");
}

// QPF-02..04: the quickplay-finish events an arbiter audits; "" for other records.
std::string describeQuickplay(const std::string& type, const json& p) {
    if (type == "qpf_claim")
        return fmt::format(
            "{} claims a draw, quickplay finish (10.2 / III.5){}", p["claimant"].get<std::string>(),
            p.value("provisional", false) ? ": no arbiter in the venue, game ended pending arbiter "
                                            "(III.6 / App. D)"
                                          : ": clocks paused for the arbiter");
    if (type == "qpf_ruling") {
        std::string ruling = p["ruling"];
        if (ruling == "postpone")
            return fmt::format("arbiter postpones the quickplay claim, opponent {}",
                               p.value("add", false) ? "+2:00" : "+0");
        return ruling == "draw" ? "arbiter upholds the quickplay claim: draw"
                                : "arbiter rejects the quickplay claim (opponent +2:00 unless a flag fell)";
    }
    if (type == "increment_request")
        return fmt::format("{} asks for a 5 s increment for both (III.4), a draw offer",
                           p["requester"].get<std::string>());
    if (type == "increment_ruling")
        return p["grant"].get<bool>()
                   ? "arbiter grants the III.4 increment: +5 s per move for both, opponent +2:00"
                   : "arbiter refuses the III.4 increment";
    return {};
}

// One line per record: what happened, in the operator's words.
std::string describe(const std::string& type, const json& p, std::int64_t& engine_move_t) {
    std::int64_t t = p.value("t", std::int64_t{0});
    if (type == "human_move")
        return fmt::format("human move {} ({}), entered {} ms after the human pressed the clock{}",
                           p["text"].get<std::string>(), p["uci"].get<std::string>(),
                           t - p["pressed"].get<std::int64_t>(),
                           p.value("offer", false) ? ", draw offer (=)" : "");
    if (type == "engine_move") {
        engine_move_t = t;
        std::string score = p.contains("mate") ? fmt::format("mate {}", p["mate"].get<int>())
                            : p.contains("cp") ? fmt::format("{} cp", p["cp"].get<int>())
                                               : "no score";
        return fmt::format("engine move {} shown ({})", p["uci"].get<std::string>(), score);
    }
    if (type == "pressed")
        return fmt::format("computer's clock pressed; handling time {} ms",
                           p["at"].get<std::int64_t>() - engine_move_t);
    if (type == "go")
        return fmt::format("go wtime {} btime {} movestogo {}", p["wtime"].get<std::int64_t>(),
                           p["btime"].get<std::int64_t>(), p["movestogo"].get<int>());
    if (type == "sync")
        return fmt::format("official clock: white {} black {}", ms(p["white"]), ms(p["black"]));
    if (type == "engine_io") return fmt::format("engine I/O: {} lines", p["lines"].size());
    if (type.rfind("ponder_", 0) == 0) return describePonder(type, p);
    if (type == "illegal_kind" || type == "arrival" || type == "forfeit") return describeArbiter(type, p);
    if (type == "script_line")  // operator-cli play --human script:FILE (docs/cli-script-format.md)
        return fmt::format(
            "script line {}{}", p.value("line", 0),
            p.value("attempt", 0) > 0 ? fmt::format(" (retry {})", p.value("attempt", 0)) : "");
    if (auto q = describeQuickplay(type, p); !q.empty()) return q;
    if (type == "engine_request")  // E.III 3.4
        return fmt::format("engine instruction: set {} to {} - {}", p["name"].get<std::string>(),
                           p["value"].get<std::string>(),
                           p.value("allowed", false) ? "shown to the operator"
                                                     : "refused: " + p.value("reason", std::string()));
    if (type == "console_resumed")  // host::Game::open: the journal was reopened and continued
        return fmt::format("{} resumed the journal after record {}: re-synchronise to the table clock",
                           p.value("program", std::string("?")),
                           p.value("resumed_from_seq", std::uint64_t{0}));
    if (type == "module_change")
        return fmt::format("module change carried out by the operator: {} = {}", p["name"].get<std::string>(),
                           p["value"].get<std::string>());
    json rest = p;
    rest.erase("t");
    rest.erase("type");
    return rest.empty() ? type : type + " " + rest.dump();
}

// Guidelines I.2: the envelope's record of an adjourned journal, dated by the sealing record's time in the
// local zone (TZ); `resumption` fills field (g) (the resumption's date, time and venue; empty: left for
// the arbiter's hand).
int writeEnvelope(const session::Session& s, const session::JournalContents& contents, const std::string& out,
                  const std::string& resumption) {
    std::string at;
    for (const auto& r : contents.records)
        if (r.type == "sealed") at = session::formatLocalTime(r.wall);
    auto form = s.adjournmentForm(s.lastRecordTime(), resumption, at);
    if (!form) return std::cerr << "error: --envelope-pdf: the journal's game is not adjourned\n", 1;
    if (auto ok = print::writeSealedMoveFormPdf(*form, out); !ok)
        return std::cerr << ok.error().message << "\n", 1;
    return 0;
}

// QPF-04: the claim's export (PDF for a .pdf name, else text), dated by the claim record's UTC time.
int writeQuickplayClaim(const session::Session& s, const session::JournalContents& contents,
                        const std::string& out) {
    std::string at;
    for (const auto& r : contents.records)
        if (r.type == "qpf_claim") at = session::formatWallTime(r.wall);
    auto e = s.quickplayClaimExport(at);
    if (!e) return std::cerr << "error: --qpf-claim: the journal has no quickplay claim\n", 1;
    if (out.ends_with(".pdf")) {
        if (auto ok = print::writeQuickplayClaimPdf(*e, out); !ok)
            return std::cerr << ok.error().message << "\n", 1;
    } else if (!(std::ofstream(out) << print::quickplayClaimText(*e))) {
        return std::cerr << "error: cannot write " << out << "\n", 1;
    }
    return 0;
}

struct ReplayOutputs {
    std::string pgn, pdf, envelope, results, qpf, resumption;
};

int replay(const std::string& file, const ReplayOutputs& o) {
    const std::string &pgn_out = o.pgn, &pdf_out = o.pdf, &envelope_out = o.envelope, &qpf_out = o.qpf;
    auto contents = session::readJournal(file);
    if (!contents) {
        std::cerr << file << ": " << contents.error().message << "\n";
        return contents.error().code == session::JournalErrorCode::Unreadable ? 2 : 1;
    }
    for (const auto& w : contents->warnings) std::cerr << "warning: " << w << "\n";
    auto records = session::sessionRecords(*contents);
    std::int64_t origin = records.empty() ? 0 : records.front().value("t", std::int64_t{0}),
                 engine_t = origin;
    for (const auto& r : records) {
        std::int64_t t = r.value("t", std::int64_t{0});
        std::cout << fmt::format("{} {}\n", stamp(t - origin), describe(r["type"], r, engine_t));
    }
    session::MemorySink sink;
    session::NoEngine none;
    auto s = session::Session::restore(records, sink, none);
    if (!s) return std::cerr << file << ": " << s.error() << "\n", 1;
    auto snap = (*s)->snapshot((*s)->lastRecordTime());
    std::cout << (*s)->scoresheetText();
    std::cout << fmt::format("result {} termination {} plies {} engine_restarts {} computer_flags {}\n",
                             snap.result, terminationName(snap), snap.moves.size(), snap.engine_restarts,
                             snap.computer_flags);
    if (!pgn_out.empty()) std::ofstream(pgn_out) << (*s)->pgn();
    if (!o.results.empty()) std::ofstream(o.results) << (*s)->resultsJson().dump(2) << "\n";  // CMP-4
    if (!pdf_out.empty()) {
        auto data = (*s)->scoresheetData();
        data.footnote = "journal " + contents->records.back().hash;
        if (auto ok = print::writeScoresheetPdf(data, pdf_out); !ok)
            return std::cerr << ok.error().message << "\n", 1;
    }
    if (!envelope_out.empty()) return writeEnvelope(**s, *contents, envelope_out, o.resumption);
    if (!qpf_out.empty()) return writeQuickplayClaim(**s, *contents, qpf_out);
    return 0;
}

CLI::App* journalCommand(CLI::App& app) {
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
        if (sub->get_name() == "journal") return sub;
    CLI::App* journal = app.add_subcommand("journal", "Check and replay a game journal");
    journal->require_subcommand(1);
    return journal;
}

}  // namespace

void addReplayCommand(CLI::App& app, ExitCode& code) {
    CLI::App* r =
        journalCommand(app)->add_subcommand("replay", "Print a journal's timeline; --pgn writes the game");
    auto file = std::make_shared<std::string>();
    auto out = std::make_shared<ReplayOutputs>();
    r->add_option("FILE", *file, "The journal file")->required();
    r->add_option("--pgn", out->pgn, "Write the game's PGN here");
    r->add_option("--scoresheet-pdf", out->pdf, "Write the printable scoresheet (A4 PDF) here");
    CLI::Option* envelope = r->add_option(
        "--envelope-pdf", out->envelope,
        "Adjourned game: write the envelope's adjournment record (A4 PDF, never the sealed move)");
    r->add_option("--resumption", out->resumption,
                  "With --envelope-pdf: field (g), the resumption's date, time and venue, e.g. "
                  "\"2 Dec 2026, 10:00, Hall B\"")
        ->needs(envelope);
    r->add_option(
        "--qpf-claim", out->qpf,
        "Quickplay claim without an arbiter (III.6 / App. D): write its export here (.pdf or text)");
    r->add_option("--results-json", out->results,
                  "Write the result for pairing/prize software (JSON; the computer has is_computer: true)");
    r->callback([file, out, &code] { code.value = replay(*file, *out); });
}

}  // namespace oc::cli
