// operator-cli play / journal replay: the session core without a window.
#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <thread>

#include "commands.hpp"
#include "host/bridge_engine_link.hpp"
#include "host/eboard_thread.hpp"
#include "host/game.hpp"
#include "host/input_file.hpp"
#include "host/trf_import.hpp"
#include "i18n/tr.hpp"
#include "journal/journal.hpp"
#include "play_progress.hpp"
#include "print/documents.hpp"
#include "session/journal_header.hpp"
#include "session/journal_sink.hpp"
#include "session_cli.hpp"
#include "sim/driver.hpp"
#include "ui_language.hpp"

namespace oc::cli {
namespace {

using i18n::tr;
using i18n::trf;
using session::TimePoint;

// Simulated time starts here (an arbitrary origin; only differences matter).
const TimePoint kSimStart = TimePoint(std::chrono::hours(1));

// The engine a game runs against: the built-in fake (its script directives need it) or a real engine
// through the bridge in simulated time. The host owns the link; these point into it.
struct EngineHandles {
    sim::FakeEngine* fake = nullptr;
    host::BridgeEngineLink* bridge = nullptr;
};

host::EngineStarter engineStarter(EngineHandles& handles, std::uint64_t seed, host::BridgeOptions options) {
    return [&handles, seed, options](const event::EngineSettings& s)
               -> tl::expected<std::unique_ptr<session::EngineLink>, std::string> {
        if (s.command == "fake") {
            auto fake = std::make_unique<sim::FakeEngine>(sim::legalMovesAfter, seed);
            handles.fake = fake.get();
            return fake;
        }
        auto b = host::BridgeEngineLink::startBlocking(s, options);
        if (!b) return tl::make_unexpected(b.error());
        handles.bridge = b->get();
        return std::unique_ptr<session::EngineLink>(std::move(*b));
    };
}

// The --setup file; --engine, which the command line always gives, stands for its engine.command, so
// the file need not name one (the flags override the file).
tl::expected<event::EventSetup, std::string> readSetupFile(const PlayArgs& a) {
    // Bounded in size and depth: a wrong file or one nested thousands deep is refused, not a crash.
    auto json = host::readSetupJson(a.setup_file);
    if (!json) return tl::make_unexpected(json.error());
    nlohmann::json& j = *json;
    if (!j.contains("engine")) j["engine"] = nlohmann::json::object();
    if (j["engine"].is_object()) j["engine"]["command"] = a.engine;
    auto parsed = event::eventSetupFromJson(j);
    if (!parsed)
        return tl::make_unexpected(
            fmt::format("{}: {}", a.setup_file, i18n::translateMessage(parsed.error())));
    return parsed;
}

// --trf: the round's pairing over the setup (issue 38); what it left is said on stderr. Without --trf,
// --engine-side is required; with it, a given --engine-side must agree with the pairing. Gives the TRF's
// time control when the console reads it.
tl::expected<std::string, std::string> takeTrf(const PlayArgs& a, event::EventSetup& s) {
    if (a.trf_file.empty()) {
        if (a.trf_round > 0 || !a.trf_player.empty())
            return tl::make_unexpected(tr("--round and --player go with --trf FILE"));
        if (a.engine_side.empty()) return tl::make_unexpected(tr("--engine-side is required (or --trf)"));
        return std::string();
    }
    s.engine.command = a.engine;  // the setup validated with the pairing names the engine
    auto import = host::importTrf({a.trf_file, a.trf_round, a.trf_player}, s);
    if (!import) return tl::make_unexpected(import.error());
    const char* colour = s.computer_side == rules::Color::White ? "white" : "black";
    if (!a.engine_side.empty() && a.engine_side != colour)
        return tl::make_unexpected(
            trf("--engine-side {}: the TRF pairs the computer's entry with {} in round {}; leave "
                "--engine-side out",
                a.engine_side, colour, a.trf_round));
    for (const auto& note : import->notes) std::cerr << trf("note: {}", note) << "\n";
    return import->pairing.time_control;
}

// --tc over everything; without it the setup's or the TRF's, but never the default unasked.
tl::expected<void, std::string> takeTimeControl(const PlayArgs& a, event::EventSetup& s,
                                                const std::string& trf_tc) {
    if (!a.tc.empty()) {
        s.time_control = a.tc;
    } else if (a.setup_file.empty() && trf_tc.empty()) {
        return tl::make_unexpected(
            a.trf_file.empty() ? tr("--tc is required (or a --setup or --trf that gives the time control)")
                               : tr("--tc: the TRF gives no time control the console reads; give --tc"));
    }
    return {};
}

tl::expected<event::EventSetup, std::string> buildSetup(const PlayArgs& a) {
    event::EventSetup s;
    if (!a.setup_file.empty()) {
        auto parsed = readSetupFile(a);
        if (!parsed) return parsed;
        s = *parsed;
    }
    auto trf_tc = takeTrf(a, s);
    if (!trf_tc) return tl::make_unexpected(trf_tc.error());
    if (auto ok = takeTimeControl(a, s, *trf_tc); !ok) return tl::make_unexpected(ok.error());
    if (a.trf_file.empty())
        s.computer_side = a.engine_side == "white" ? rules::Color::White : rules::Color::Black;
    // The setup's names go on the papers; only a side the setup leaves unnamed ("?") gets its role.
    std::string& computer = s.computer_side == rules::Color::White ? s.white : s.black;
    std::string& human = s.computer_side == rules::Color::White ? s.black : s.white;
    if (computer == "?") computer = "Computer";
    if (human == "?") human = "Human";
    s.engine.command = a.engine;
    s.engine.args = a.engine_args;
    if (a.engine != "fake" && !s.engine.options.count("Threads")) s.engine.options["Threads"] = "1";
    if (a.edition) {
        auto edition = event::editionFromYear(*a.edition);
        if (!edition) return tl::make_unexpected(trf("--edition: expected 2005 or 2023, got {}", *a.edition));
        s.edition = *edition;
    }
    if (!a.lang.empty()) s.language = a.lang;
    if (auto ok = event::validate(s); !ok) return tl::make_unexpected(i18n::translateMessage(ok.error()));
    return s;
}

// Simulated time, a fixed node count per search, and a real-time deadline for each: a hung engine is
// restarted with the whole game (journalled, counted in engine_restarts) instead of waiting forever.
host::BridgeOptions bridgeOptions(const PlayArgs& a) {
    host::BridgeOptions o;
    o.simulated = true;
    o.nodes = a.nodes;
    o.unclocked_deadline = std::chrono::milliseconds(std::llround(a.engine_deadline_s * 1000));
    return o;
}

int exitCode(host::OpenError::Kind kind) {
    switch (kind) {
        case host::OpenError::Kind::Refused:
            return 2;
        case host::OpenError::Kind::Journal:
            return 1;
        case host::OpenError::Kind::Engine:
            return 3;
    }
    return 1;
}

// Opens the journal (new, or resumed with the script's place in it) through the host.
tl::expected<std::unique_ptr<host::Game>, host::OpenError> openGame(const PlayArgs& a,
                                                                    const event::EventSetup& setup,
                                                                    sim::DriverOptions& opt,
                                                                    EngineHandles& engine) {
    host::OpenRequest req;
    req.journal = a.journal;
    req.resume = a.resume;
    req.app = "operator-cli play";
    req.setup = [&setup] { return tl::expected<event::EventSetup, std::string>(setup); };
    req.start_engine = engineStarter(engine, a.seed, bridgeOptions(a));
    req.check_resume = [&opt](const std::vector<nlohmann::json>& records) -> tl::expected<void, std::string> {
        auto point = resumePoint(records, opt);
        if (!point) return tl::make_unexpected(point.error());
        opt.resume = *point;
        return {};
    };
    return host::Game::open(req, kSimStart);
}

// The human's side played by a second engine (--human engine:CMD), if asked for.
tl::expected<std::unique_ptr<session::EngineLink>, std::string> humanEngine(const HumanSpec& human,
                                                                            const PlayArgs& a,
                                                                            EngineHandles& handles) {
    if (!human.engine_settings) return nullptr;
    auto he = engineStarter(handles, a.seed ^ 0x5eed, bridgeOptions(a))(*human.engine_settings);
    if (!he) return tl::make_unexpected(trf("human engine: {}", he.error()));
    return he;
}

void configureDriver(sim::DriverOptions& opt, const PlayArgs& a, host::Game& game,
                     const EngineHandles& engine, const EngineHandles& human) {
    opt.scripted_engine = engine.fake;
    opt.journal = &game.records();
    opt.seed = a.seed;
    opt.max_plies = a.max_plies;
    host::BridgeEngineLink* bridge = engine.bridge;
    host::BridgeEngineLink* hbridge = human.bridge;
    opt.setup_changed = [bridge](const event::EngineSettings& settings, TimePoint now) {
        if (bridge) bridge->reconfigure(settings, now);
    };
    opt.wait_for_engine = [bridge, hbridge] {
        if (bridge) bridge->waitForActivity(std::chrono::milliseconds(5));
        if (hbridge) hbridge->waitForActivity(std::chrono::milliseconds(5));
        if (!bridge && !hbridge) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    };
}

// The papers' fingerprint of the journal's signing key (issue 35); empty when it cannot be read.
std::string journalKey(const std::filesystem::path& journal) {
    auto contents = journal::readJournal(journal);
    return contents ? session::journalKeyFingerprint(*contents) : std::string();
}

// --pgn, --scoresheet-pdf, --envelope-pdf at the end of the run.
void writeDocuments(const PlayArgs& a, const session::Session& session, TimePoint now) {
    if (!a.pgn.empty()) std::ofstream(a.pgn) << session.pgn();
    const std::string key = a.pdf.empty() && a.envelope_pdf.empty() ? "" : journalKey(a.journal);
    auto sheet = session.scoresheetData();
    sheet.journal_key = key;
    if (!a.pdf.empty())
        if (auto ok = print::writeScoresheetPdf(sheet, a.pdf); !ok)
            std::cerr << trf("error: {}", i18n::translateMessage(ok.error().message)) << "\n";
    if (a.envelope_pdf.empty()) return;
    // Guidelines I.2: only an adjourned game has an envelope; the form never holds the sealed move.
    auto form = session.adjournmentForm(now);
    if (!form) std::cerr << tr("error: --envelope-pdf: the game is not adjourned") << "\n";
    if (form) form->journal_key = key;
    if (form)
        if (auto ok = print::writeSealedMoveFormPdf(*form, a.envelope_pdf); !ok)
            std::cerr << trf("error: {}", i18n::translateMessage(ok.error().message)) << "\n";
}

// The language of the event being played (--ui-lang first): a resumed game's is in its journal.
tl::expected<void, std::string> followPlayLanguage(const PlayArgs& a, const event::EventSetup& setup) {
    if (a.resume && std::filesystem::exists(a.journal)) return followJournalLanguage(a.journal);
    return followSetupLanguage(setup);
}

int fail(const std::string& message, int code) {
    std::cerr << trf("error: {}", message) << "\n";
    return code;
}

// The simulated time of the journal's last record, engine I/O included: the session's own records stop
// at the search's `go`, but its engine lines are written when the search ends. A console killed between
// those lines and the move resumes no earlier, as a real one would (its clock only goes on).
TimePoint lastJournalTime(const std::filesystem::path& journal, TimePoint from) {
    auto contents = journal::readJournal(journal);
    return contents ? std::max(from, session::latestRecordTime(*contents)) : from;
}

// Plays the opened game to its end.
int run(const PlayArgs& a, host::Game& game, const HumanSpec& human, sim::DriverOptions& opt,
        const EngineHandles& engine) {
    TimePoint now = kSimStart;
    // A script's resume point knows its own time (script_resume.cpp: a search in flight is due later).
    // A real engine's lines are journalled when its search ends: its game resumes no earlier than them.
    // The fake engine's game resumes exactly where it stopped, so that it replays the uninterrupted run.
    if (game.restoredRecords() > 0) {
        now = opt.resume ? opt.resume->now : game.session().lastRecordTime();
        if (!opt.resume && engine.bridge) now = lastJournalTime(a.journal, now);
    }
    EngineHandles human_handles;
    auto human_engine = humanEngine(human, a, human_handles);
    if (!human_engine) return fail(human_engine.error(), 3);
    opt.human_engine = human_engine->get();
    configureDriver(opt, a, game, engine, human_handles);
    session::Session& session = game.session();
    PlayProgress progress(session, std::cout);
    if (a.verbose) game.addOutput(progress);
    sim::Driver driver(session, game.engine(), opt, now);
    auto result = driver.run();
    if (a.verbose) progress.flush();
    auto snap = session.snapshot(driver.now());
    writeDocuments(a, session, driver.now());
    if (!result.ok) std::cerr << trf("error: {}", i18n::translateMessage(result.error)) << "\n";
    if (!snap.journal_failure.empty()) return 4;  // the journal is unwritable: stopped, exit 4
    std::cout << resultLine(snap) << "\n";
    return result.ok ? 0 : 1;
}

int play(const PlayArgs& a) {
    auto setup = buildSetup(a);
    if (!setup) return fail(setup.error(), 2);
    if (auto lang = followPlayLanguage(a, *setup); !lang) return fail(lang.error(), 2);
    if (a.human == "eboard") {
        if (a.eboard.empty() && !setup->eboard)
            return fail(tr("--human eboard needs --eboard PORT|auto (or the setup's eboard key)"), 2);
        if (auto board = host::eboardConfig(*setup, a.eboard, a.eboard_brand); !board)
            return fail(i18n::translateMessage(board.error()), 2);
        return playOnBoard(a, *setup);
    }
    if (!a.eboard.empty() || !a.eboard_brand.empty())
        return fail(tr("--eboard: the board plays the human's side; give --human eboard with it"), 2);
    auto human = parseHuman(a, setup->computer_side);
    if (!human) return fail(human.error(), 2);
    sim::DriverOptions opt = human->options;
    EngineHandles engine;
    auto game = openGame(a, *setup, opt, engine);
    if (!game) return fail(game.error().message, exitCode(game.error().kind));
    for (const auto& note : (*game)->notes()) std::cerr << trf("warning: {}", note) << "\n";
    return run(a, **game, *human, opt, engine);
}

}  // namespace

void addSessionCommands(CLI::App& app, ExitCode& code) {
    auto args = std::make_shared<PlayArgs>();
    CLI::App* p = app.add_subcommand("play", tr("Play a whole game headlessly (simulated time)"));
    addPlayOptions(*p, *args);
    p->callback([args, &code] { code.value = play(*args); });
    addReplayCommand(app, code);
}

}  // namespace oc::cli
