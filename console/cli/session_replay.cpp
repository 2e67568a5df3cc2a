// operator-cli journal replay: the game's timeline from a verified journal, and its PGN.
#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <map>

#include "clock/tc_format.hpp"
#include "i18n/mark.hpp"
#include "i18n/tr.hpp"
#include "print/documents.hpp"
#include "session/journal_header.hpp"
#include "session/journal_sink.hpp"
#include "session/local_time.hpp"
#include "session/no_engine.hpp"
#include "session_cli.hpp"
#include "ui_language.hpp"

namespace oc::cli {
namespace {

using i18n::tr;
using i18n::trf;
using nlohmann::json;

std::string stamp(std::int64_t ms) {
    return clock::formatClock(std::chrono::milliseconds{ms}, clock::ClockStyle::HmsMillis);
}

std::string ms(const json& v) {
    return v.is_null() ? "-" : stamp(v.get<std::int64_t>());
}

// A message the session journalled in English, in the UI language ("" when the field is no string).
std::string said(const json& p, const char* key) {
    return i18n::translateMessage(journal::payloadText(p, key));
}

// A side as the journal writes it ("white", "black"), in the UI language; other words as they are.
std::string side(const json& v) {
    const std::string word = v.get<std::string>();
    if (word == "white") return i18n::trc("side", "white");
    if (word == "black") return i18n::trc("side", "black");
    return word;
}

// A journal's code in the UI language; English, and a code not in `words`, keep the journal's word.
std::string wordFor(const std::map<std::string, const char*>& words, const std::string& code) {
    const auto it = words.find(code);
    if (it == words.end() || i18n::uiLanguage() == i18n::UiLanguage::En) return code;
    return tr(it->second);
}

// A refused command's code word (the script language's, docs/cli-script-format.md) as the operator's
// action in the UI language; English keeps the code word, which the scripts and the journal use.
std::string commandWords(const std::string& code) {
    static const std::map<std::string, const char*> kWords{
        {"setup", i18n::N_("change the event setup")},
        {"start", i18n::N_("start the game")},
        {"move", i18n::N_("the human's move")},
        {"made", i18n::N_("the computer's move made on the board")},
        {"pressed", i18n::N_("the computer's clock pressed")},
        {"recorded", i18n::N_("the computer's move recorded")},
        {"computer-offer", i18n::N_("the computer's draw offer")},
        {"confirm-flag", i18n::N_("confirm the fallen flag")},
        {"consult", i18n::N_("consultation")},
        {"correct", i18n::N_("correction of the human's move")},
        {"faster", i18n::N_("the faster rate")},
        {"forfeit", i18n::N_("forfeit for late arrival")},
        {"arrive", i18n::N_("arrival of a player")},
        {"illegal-kind", i18n::N_("the arbiter's illegal-move ruling")},
        {"module-change", i18n::N_("change of an engine module")},
        {"request-increment", i18n::N_("request for the III.4 increment")},
        {"arbiter increment", i18n::N_("the arbiter's ruling on the III.4 increment")},
        {"claim quickplay", i18n::N_("quickplay-finish claim")},
        {"claim threefold", i18n::N_("threefold repetition claim")},
        {"claim fifty", i18n::N_("fifty-move claim")},
        {"resume", i18n::N_("resumption")},
        {"seal-computer", i18n::N_("the computer's sealed move")},
        {"seal-human", i18n::N_("the human's sealed move")},
        {"seal", i18n::N_("request for the sealed move")},
        {"resign", i18n::N_("resignation")},
        {"flag", i18n::N_("a fallen flag pointed out")},
        {"sync", i18n::N_("table clock reading")}};
    return wordFor(kWords, code);
}

// IRR-04's kinds as the journal writes them, in the UI language (English keeps the journal's word).
std::string irregularityWords(const std::string& code) {
    static const std::map<std::string, const char*> kWords{
        {"unpromoted", i18n::N_("pawn left unpromoted")},
        {"clock_without_move", i18n::N_("clock pressed without a move")},
        {"two_hands", i18n::N_("move made with two hands")},
        {"king_capture", i18n::N_("king captured")},
        {"board_move", i18n::N_("move made on the board")}};
    return wordFor(kWords, code);
}

// Pondering on the human's time (audit only; the expected move is engine analysis, never public).
std::string describePonder(const std::string& type, const json& p) {
    if (type == "ponder_start")
        return trf("ponder on {} (go ponder wtime {} btime {})", p["expected"].get<std::string>(),
                   p["wtime"].get<std::int64_t>(), p["btime"].get<std::int64_t>());
    if (type == "ponder_hit") return trf("ponderhit: the human played {}", p["uci"].get<std::string>());
    if (type == "ponder_miss" && p.contains("reason"))
        return trf("ponder miss: expected {}, played {} ({}): stop, fresh search",
                   p["expected"].get<std::string>(), p["played"].get<std::string>(),
                   p["reason"].get<std::string>());
    if (type == "ponder_miss")
        return trf("ponder miss: expected {}, played {}: stop, fresh search",
                   p["expected"].get<std::string>(), p["played"].get<std::string>());
    return trf("ponder search stopped: {}", said(p, "reason"));
}

// IRR-04 and CLK-08 records: what the arbiter ruled, in his words.
std::string describeArbiter(const std::string& type, const json& p) {
    if (type == "illegal_kind")  // the kind is the journal's code word, the moves are notation
        return trf("arbiter: illegal move by {} ({}{}){}", side(p["side"]),
                   irregularityWords(p["kind"].get<std::string>()),
                   p.contains("move") ? " " + p["move"].get<std::string>() : "",
                   p.contains("uci") ? trf(", stands as {}", p["uci"].get<std::string>()) : "");
    if (type == "arrival") {
        const std::string late = stamp(p["late_ms"].get<std::int64_t>()),
                          allowed = stamp(p["default_ms"].get<std::int64_t>());
        return p["forfeit"].get<bool>()
                   ? trf("{} arrived {} after the start (default time {}): forfeit proposed", side(p["side"]),
                         late, allowed)
                   : trf("{} arrived {} after the start (default time {})", side(p["side"]), late, allowed);
    }
    return p["confirm"].get<bool>()
               ? trf("arbiter: forfeit of {} for late arrival confirmed", side(p["side"]))
               : trf("arbiter: forfeit of {} for late arrival overruled, play continues", side(p["side"]));
}

std::string describeQuickplayRuling(const json& p) {
    const std::string ruling = p["ruling"];
    if (ruling == "postpone")
        return p.value("add", false) ? tr("arbiter postpones the quickplay claim, opponent +2:00")
                                     : tr("arbiter postpones the quickplay claim, opponent +0");
    return ruling == "draw" ? tr("arbiter upholds the quickplay claim: draw")
                            : tr("arbiter rejects the quickplay claim (opponent +2:00 unless a flag fell)");
}

// QPF-02..04: the quickplay-finish events an arbiter audits; "" for other records.
std::string describeQuickplay(const std::string& type, const json& p) {
    if (type == "qpf_claim")
        return p.value("provisional", false)
                   ? trf("{} claims a draw, quickplay finish (10.2 / III.5): no arbiter in the venue, game "
                         "ended pending arbiter (III.6 / App. D)",
                         side(p["claimant"]))
                   : trf("{} claims a draw, quickplay finish (10.2 / III.5): clocks paused for the arbiter",
                         side(p["claimant"]));
    if (type == "qpf_ruling") return describeQuickplayRuling(p);
    if (type == "increment_request")
        return trf("{} asks for a 5 s increment for both (III.4), a draw offer", side(p["requester"]));
    if (type == "increment_ruling")
        return p["grant"].get<bool>()
                   ? tr("arbiter grants the III.4 increment: +5 s per move for both, opponent +2:00")
                   : tr("arbiter refuses the III.4 increment");
    return {};
}

std::string describeHumanMove(const json& p, std::int64_t t) {
    const auto text = p["text"].get<std::string>(), uci = p["uci"].get<std::string>();
    const std::int64_t entered = t - p["pressed"].get<std::int64_t>();
    return p.value("offer", false)
               ? trf("human move {} ({}), entered {} ms after the human pressed the clock, draw offer (=)",
                     text, uci, entered)
               : trf("human move {} ({}), entered {} ms after the human pressed the clock", text, uci,
                     entered);
}

// E.III 3.2-3.3: an answer to a draw offer; the computer's with the indication and whether it was followed.
std::string describeDrawAnswer(const json& p) {
    const bool accept = p.value("answer", "") == "accept", by_move = p.value("how", "") == "move";
    std::string what = p.value("offer", "") == "claim"               ? tr("the claim taken as a draw offer")
                       : p.value("offer", "") == "increment-request" ? tr("the III.4 request (a draw offer)")
                                                                     : tr("the draw offer");
    if (p.value("answer", "") == "lapsed")
        return p.value("how", "") == "game-over"
                   ? trf("{} by {} lapsed: the game ended (Art. 9.1)", what, side(p["offer_by"]))
                   : trf("{} by {} lapsed: the position before it was reinstated (Art. 7.5)", what,
                         side(p["offer_by"]));
    if (!p.contains("indication"))
        return accept    ? trf("the human ({}) accepts {}", side(p["by"]), what)
               : by_move ? trf("the human ({}) declines {} by playing a move (Art. 9.1)", side(p["by"]), what)
                         : trf("the human ({}) declines {}", side(p["by"]), what);
    const std::string indication =
        p.value("indication", "") == "accept" ? tr("indication ACCEPT") : tr("indication DECLINE");
    const std::string followed = p.value("followed", false) ? tr("followed") : tr("NOT followed");
    return accept ? trf("the computer ({}) accepts {}: {}, {} (E.III 3.2)", side(p["by"]), what, indication,
                        followed)
           : by_move ? trf("the computer ({}) declines {} by playing its move (Art. 9.1): {}, {} (E.III 3.2)",
                           side(p["by"]), what, indication, followed)
                     : trf("the computer ({}) declines {}: {}, {} (E.III 3.2)", side(p["by"]), what,
                           indication, followed);
}

std::string describeEngineMove(const json& p) {
    const std::string score = p.contains("mate") ? trf("mate {}", p["mate"].get<int>())
                              : p.contains("cp") ? trf("{} cp", p["cp"].get<int>())
                                                 : std::string(tr("no score"));
    return trf("engine move {} shown ({})", p["uci"].get<std::string>(), score);
}

// The operator's records around the game: scripts, E.III 3.4 instructions, resumes, module changes.
std::string describeOperator(const std::string& type, const json& p) {
    if (type == "script_line") {  // operator-cli play --human script:FILE (docs/cli-script-format.md)
        const int attempt = p.value("attempt", 0);
        return attempt > 0 ? trf("script line {} (retry {})", p.value("line", 0), attempt)
                           : trf("script line {}", p.value("line", 0));
    }
    if (type == "engine_request")  // E.III 3.4
        return p.value("allowed", false)
                   ? trf("engine instruction: set {} to {} - shown to the operator",
                         p["name"].get<std::string>(), p["value"].get<std::string>())
                   : trf("engine instruction: set {} to {} - refused: {}", p["name"].get<std::string>(),
                         p["value"].get<std::string>(), said(p, "reason"));
    if (type == "console_resumed")  // host::Game::open: the journal was reopened and continued
        return trf("{} resumed the journal after record {}: re-synchronise to the table clock",
                   p.value("program", std::string("?")), p.value("resumed_from_seq", std::uint64_t{0}));
    if (type == "signing_key_changed")  // journal::JournalWriter: resumed without the journal's key
        return trf("the journal's signing key changed to {} ({})",
                   journal::keyFingerprint(p.value("signing_key", std::string())), said(p, "reason"));
    if (type == "refused")  // the command's code word; the session's reason (English) in the UI language
        return trf("refused {}: {}", commandWords(p.value("command", std::string("?"))), said(p, "reason"));
    if (type == "engine_fault") return trf("engine fault: {}", said(p, "what"));
    if (type == "module_change")
        return trf("module change carried out by the operator: {} = {}", p["name"].get<std::string>(),
                   p["value"].get<std::string>());
    return {};
}

// The computer's move cycle (E.III 1.4, 2.1, 3.1): shown, executed, pressed, recorded; "" for others.
std::string describeComputerMove(const std::string& type, const json& p, std::int64_t& engine_move_t) {
    if (type == "engine_move") {
        engine_move_t = p.value("t", std::int64_t{0});
        return describeEngineMove(p);
    }
    if (type == "made")
        return p.value("breach", false)
                   ? trf("computer's move {} executed on the board: not the move shown (E.III 3.1 breach)",
                         p.value("uci", std::string("?")))
                   : trf("computer's move {} executed on the board", p.value("uci", std::string("?")));
    if (type == "pressed")
        return trf("computer's clock pressed; handling time {} ms",
                   p["at"].get<std::int64_t>() - engine_move_t);
    if (type == "recorded") return tr("the computer's move is recorded on the scoresheet");
    return {};
}

// The arbiter's and the players' own acts (issue 36: these were printed as their English code words).
std::string describeActs(const std::string& type, const json& p) {
    if (type == "resign") return trf("{} resigns", side(p["side"]));
    if (type == "flag_reported") return trf("the flag of {} is pointed out", side(p["side"]));
    if (type == "flag_confirmed") return trf("the arbiter confirms the fallen flag of {}", side(p["side"]));
    if (type == "pause") return tr("the arbiter stops the clocks");
    if (type == "unpause") return tr("the arbiter restarts the clocks");
    if (type == "adjust")
        return trf("the arbiter adjusts the clock of {} by {} s: {}", side(p["side"]),
                   fmt::format("{:+}", p.value("delta", std::int64_t{0}) / 1000), p.value("reason", ""));
    if (type == "illegal")
        return trf("the arbiter rules the move at half-move {} illegal", p.value("ply", 0));
    if (type == "correct")
        return trf("the human's move {} corrected to {} ({})", p.value("old", ""), p.value("text", ""),
                   p.value("uci", ""));
    if (type == "consultation") return tr("the operator consults the nominated person (E.III 3.2)");
    if (type == "faster")
        return p.value("on", false) ? tr("the faster rate is switched on (E.III 2.2)")
                                    : tr("the faster rate is switched off (E.III 2.2)");
    return {};
}

// Offers, claims and answers: who, and what the session ruled.
std::string describeOffers(const std::string& type, const json& p) {
    if (type == "human_offer") return tr("the human offers a draw");
    if (type == "computer_offer") return tr("the computer offers a draw (E.III 3.3)");
    if (type == "answer_human" || type == "answer_computer")
        return p.value("accept", false) ? tr("the offer is accepted") : tr("the offer is declined");
    if (type == "claim") return trf("{} claims a draw: {}", side(p["claimant"]), said(p, "detail"));
    return {};
}

// The adjournment (Guidelines I.1-I.5) and the engine's restarts; the sealed move itself never shown.
std::string describeAdjournment(const std::string& type, const json& p) {
    if (type == "seal_requested") return tr("the arbiter asks for the move to be sealed");
    if (type == "sealed")
        return trf("{} sealed the move, envelope {}", side(p["by"]), p.value("fingerprint", ""));
    if (type == "resume") return tr("the game is resumed: the envelope is opened");
    if (type == "engine_move_withheld") return tr("the engine's move is held back for the envelope");
    if (type == "engine_restart")
        return trf("the engine is restarted ({} ms without it)", p.value("downtime_ms", std::int64_t{0}));
    if (type == "setup") return trf("event setup: {}", p.value("setup", json::object()).dump());
    if (type == "script") return trf("the operator's script: {} steps", p.value("steps", 0));
    return {};
}

// One line per record: what happened, in the operator's words (records without words: as journalled).
std::string describe(const std::string& type, const json& p, std::int64_t& engine_move_t) {
    if (type == "human_move") return describeHumanMove(p, p.value("t", std::int64_t{0}));
    if (auto c = describeComputerMove(type, p, engine_move_t); !c.empty()) return c;
    if (type == "start") return tr("the game starts: the clocks run");
    if (type == "draw_answer") return describeDrawAnswer(p);
    if (type == "go")  // the UCI command's own words
        return fmt::format("go wtime {} btime {} movestogo {}", p["wtime"].get<std::int64_t>(),
                           p["btime"].get<std::int64_t>(), p["movestogo"].get<int>());
    if (type == "sync" && p.contains("source") && p["source"] == "board")
        return trf("official clock, read by the board: white {} black {}", ms(p["white"]), ms(p["black"]));
    if (type == "sync") return trf("official clock: white {} black {}", ms(p["white"]), ms(p["black"]));
    if (type == "engine_io") {
        const auto n = static_cast<long>(p["lines"].size());
        return i18n::trnf("engine I/O: {} line", "engine I/O: {} lines", n, n);
    }
    if (type.rfind("ponder_", 0) == 0) return describePonder(type, p);
    if (type == "illegal_kind" || type == "arrival" || type == "forfeit") return describeArbiter(type, p);
    if (auto q = describeQuickplay(type, p); !q.empty()) return q;
    if (auto o = describeOperator(type, p); !o.empty()) return o;
    for (auto* words : {describeActs, describeOffers, describeAdjournment})
        if (auto w = words(type, p); !w.empty()) return w;
    // A record this program has no words for: the journal's own JSON (its type inside), which stays
    // as written in every language.
    json rest = p;
    rest.erase("t");
    return trf("record: {}", rest.dump());
}

// Guidelines I.2: one adjournment's envelope record, from the session as it stood while adjourned (the
// records from the start to the resumption, `end` excluded), dated by its sealing record's time in the
// local zone (TZ).
std::optional<session::AdjournmentFormData> envelopeAt(const std::vector<json>& records, std::size_t end,
                                                       const std::string& resumption, const std::string& at) {
    session::MemorySink sink;
    session::NoEngine none;
    auto s = session::Session::restore({records.begin(), records.begin() + static_cast<std::ptrdiff_t>(end)},
                                       sink, none);
    if (!s) return std::nullopt;
    return (*s)->adjournmentForm((*s)->lastRecordTime(), resumption, at);
}

// An archive needs every envelope of the game: one page per adjournment, numbered, each with the field
// (g) journalled for it; `resumption` fills (g) of the last one (the one still adjourned, or the last).
int writeEnvelopes(const std::vector<json>& records, const journal::JournalContents& contents,
                   const std::string& out, const std::string& resumption) {
    std::vector<std::size_t> sealed;  // session record indices; journal record i + 1 (after the header)
    for (std::size_t i = 0; i < records.size(); ++i)
        if (records[i].value("type", "") == "sealed") sealed.push_back(i);
    std::vector<session::AdjournmentFormData> forms;
    for (std::size_t k = 0; k < sealed.size(); ++k) {
        std::size_t end = sealed[k] + 1;
        while (end < records.size() && records[end].value("type", "") != "resume") ++end;
        const bool last = k + 1 == sealed.size();
        auto form = envelopeAt(records, end, last ? resumption : "",
                               session::formatLocalTime(contents.records[sealed[k] + 1].wall));
        if (!form) continue;
        form->adjournments = static_cast<int>(sealed.size());
        form->journal_key = session::journalKeyFingerprint(contents);
        forms.push_back(*form);
    }
    if (forms.empty())
        return std::cerr << tr("error: --envelope-pdf: the journal's game was never adjourned") << "\n", 1;
    if (auto ok = print::writeSealedMoveFormsPdf(forms, out); !ok)
        return std::cerr << i18n::translateMessage(ok.error().message) << "\n", 1;
    return 0;
}

// QPF-04: the claim's export (PDF for a .pdf name, else text), dated by the claim record's UTC time.
int writeQuickplayClaim(const session::Session& s, const journal::JournalContents& contents,
                        const std::string& out) {
    std::string at;
    for (const auto& r : contents.records)
        if (r.type == "qpf_claim") at = journal::formatWallTime(r.wall);
    auto e = s.quickplayClaimExport(at);
    if (!e) return std::cerr << tr("error: --qpf-claim: the journal has no quickplay claim") << "\n", 1;
    if (out.ends_with(".pdf")) {
        if (auto ok = print::writeQuickplayClaimPdf(*e, out); !ok)
            return std::cerr << i18n::translateMessage(ok.error().message) << "\n", 1;
    } else if (!(std::ofstream(out) << print::quickplayClaimText(*e))) {
        return std::cerr << trf("error: cannot write {}", out) << "\n", 1;
    }
    return 0;
}

struct ReplayOutputs {
    std::string pgn, pdf, envelope, results, qpf, resumption;
};

// The timeline: one line per record, its time from the game's first record.
void printTimeline(const std::vector<json>& records) {
    std::int64_t origin = records.empty() ? 0 : records.front().value("t", std::int64_t{0}),
                 engine_t = origin;
    for (const auto& r : records) {
        std::int64_t t = r.value("t", std::int64_t{0});
        std::cout << fmt::format("{} {}\n", stamp(t - origin), describe(r["type"], r, engine_t));
    }
}

// --pgn, --results-json, --scoresheet-pdf, then the envelope or the quickplay claim.
int writeOutputs(const session::Session& s, const journal::JournalContents& contents,
                 const std::vector<json>& records, const ReplayOutputs& o) {
    if (!o.pgn.empty()) std::ofstream(o.pgn) << s.pgn();
    if (!o.results.empty()) std::ofstream(o.results) << s.resultsJson().dump(2) << "\n";  // CMP-4
    if (!o.pdf.empty()) {
        auto data = s.scoresheetData();
        data.footnote = trf("journal {}", contents.records.back().hash);
        data.journal_key = session::journalKeyFingerprint(contents);  // beside the hash (issue 35)
        if (auto ok = print::writeScoresheetPdf(data, o.pdf); !ok)
            return std::cerr << i18n::translateMessage(ok.error().message) << "\n", 1;
    }
    if (!o.envelope.empty()) return writeEnvelopes(records, contents, o.envelope, o.resumption);
    if (!o.qpf.empty()) return writeQuickplayClaim(s, contents, o.qpf);
    return 0;
}

int replay(const std::string& file, const ReplayOutputs& o) {
    if (auto lang = followJournalLanguage(file); !lang)
        return std::cerr << trf("error: {}", lang.error()) << "\n", 2;
    auto contents = journal::readJournal(file);
    if (!contents) {
        std::cerr << file << ": " << i18n::translateMessage(contents.error().message) << "\n";
        return contents.error().code == journal::JournalErrorCode::Unreadable ? 2 : 1;
    }
    for (const auto& w : contents->warnings)
        std::cerr << trf("warning: {}", i18n::translateMessage(w)) << "\n";
    auto records = session::sessionRecords(*contents);
    printTimeline(records);
    session::MemorySink sink;
    session::NoEngine none;
    auto s = session::Session::restore(records, sink, none);
    if (!s) return std::cerr << file << ": " << i18n::translateMessage(s.error()) << "\n", 1;
    std::cout << (*s)->scoresheetText();
    std::cout << resultLine((*s)->snapshot((*s)->lastRecordTime())) << "\n";
    return writeOutputs(**s, *contents, records, o);
}

CLI::App* journalCommand(CLI::App& app) {
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
        if (sub->get_name() == "journal") return sub;
    CLI::App* journal = app.add_subcommand("journal", tr("Check and replay a game journal"));
    journal->require_subcommand(1);
    return journal;
}

}  // namespace

void addReplayCommand(CLI::App& app, ExitCode& code) {
    CLI::App* r = journalCommand(app)->add_subcommand(
        "replay", tr("Print a journal's timeline; --pgn writes the game"));
    auto file = std::make_shared<std::string>();
    auto out = std::make_shared<ReplayOutputs>();
    r->add_option("FILE", *file, tr("The journal file"))->required();
    r->add_option("--pgn", out->pgn, tr("Write the game's PGN here"));
    r->add_option("--scoresheet-pdf", out->pdf, tr("Write the printable scoresheet (A4 PDF) here"));
    CLI::Option* envelope = r->add_option(
        "--envelope-pdf", out->envelope,
        tr("Write the envelope's adjournment record of every adjournment of the game, one numbered page "
           "each (A4 PDF, never the sealed move)"));
    r->add_option(
         "--resumption", out->resumption,
         tr("With --envelope-pdf: field (g) of the last adjournment, the resumption's date, time and "
            "venue, e.g. \"2 Dec 2026, 10:00, Hall B\" (else the text journalled for it)"))
        ->needs(envelope);
    r->add_option(
        "--qpf-claim", out->qpf,
        tr("Quickplay claim without an arbiter (III.6 / App. D): write its export here (.pdf or text)"));
    r->add_option(
        "--results-json", out->results,
        tr("Write the result for pairing/prize software (JSON; the computer has is_computer: true)"));
    r->callback([file, out, &code] { code.value = replay(*file, *out); });
}

}  // namespace oc::cli
