// operator-cli play / journal replay: the session core without a window.
#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include "commands.hpp"
#include "host/bridge_engine_link.hpp"
#include "host/game.hpp"
#include "print/documents.hpp"
#include "session/journal_sink.hpp"
#include "session_cli.hpp"
#include "sim/driver.hpp"

namespace oc::cli {
namespace {

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
    return [&handles, seed, options](const session::EngineSettings& s)
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

tl::expected<session::EventSetup, std::string> buildSetup(const PlayArgs& a) {
    session::EventSetup s;
    if (!a.setup_file.empty()) {
        std::ifstream in(a.setup_file);
        auto j = nlohmann::json::parse(in, nullptr, false);
        if (j.is_discarded()) return tl::make_unexpected(a.setup_file + ": not valid JSON");
        auto parsed = session::eventSetupFromJson(j);
        if (!parsed) return tl::make_unexpected(a.setup_file + ": " + parsed.error());
        s = *parsed;
    }
    s.computer_side = a.engine_side == "white" ? rules::Color::White : rules::Color::Black;
    (s.computer_side == rules::Color::White ? s.white : s.black) = "Computer";
    (s.computer_side == rules::Color::White ? s.black : s.white) = "Human";
    s.time_control = a.tc;
    s.engine.command = a.engine;
    s.engine.args = a.engine_args;
    if (a.engine != "fake" && !s.engine.options.count("Threads")) s.engine.options["Threads"] = "1";
    if (a.edition) {
        auto edition = session::editionFromYear(*a.edition);
        if (!edition)
            return tl::make_unexpected(fmt::format("--edition: expected 2005 or 2023, got {}", *a.edition));
        s.edition = *edition;
    }
    if (!a.lang.empty()) s.language = a.lang;
    if (auto ok = session::validate(s); !ok) return tl::make_unexpected(ok.error());
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
                                                                    const session::EventSetup& setup,
                                                                    sim::DriverOptions& opt,
                                                                    EngineHandles& engine) {
    host::OpenRequest req;
    req.journal = a.journal;
    req.resume = a.resume;
    req.app = "operator-cli play";
    req.setup = [&setup] { return tl::expected<session::EventSetup, std::string>(setup); };
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
    if (!he) return tl::make_unexpected("human engine: " + he.error());
    return he;
}

void configureDriver(sim::DriverOptions& opt, const PlayArgs& a, host::Game& game,
                     const EngineHandles& engine, const EngineHandles& human) {
    opt.scripted_engine = engine.fake;
    opt.journal = &game.records();
    opt.seed = a.seed;
    opt.max_plies = a.max_plies;
    if (a.verbose) opt.verbose = &std::cout;
    host::BridgeEngineLink* bridge = engine.bridge;
    host::BridgeEngineLink* hbridge = human.bridge;
    opt.wait_for_engine = [bridge, hbridge] {
        if (bridge) bridge->waitForActivity(std::chrono::milliseconds(5));
        if (hbridge) hbridge->waitForActivity(std::chrono::milliseconds(5));
        if (!bridge && !hbridge) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    };
}

// --pgn, --scoresheet-pdf, --envelope-pdf at the end of the run.
void writeDocuments(const PlayArgs& a, const session::Session& session, TimePoint now) {
    if (!a.pgn.empty()) std::ofstream(a.pgn) << session.pgn();
    if (!a.pdf.empty())
        if (auto ok = print::writeScoresheetPdf(session.scoresheetData(), a.pdf); !ok)
            std::cerr << "error: " << ok.error().message << "\n";
    if (a.envelope_pdf.empty()) return;
    // Guidelines I.2: only an adjourned game has an envelope; the form never holds the sealed move.
    auto form = session.adjournmentForm(now);
    if (!form) std::cerr << "error: --envelope-pdf: the game is not adjourned\n";
    if (form)
        if (auto ok = print::writeSealedMoveFormPdf(*form, a.envelope_pdf); !ok)
            std::cerr << "error: " << ok.error().message << "\n";
}

int play(const PlayArgs& a) {
    auto setup = buildSetup(a);
    if (!setup) return std::cerr << "error: " << setup.error() << "\n", 2;
    auto human = parseHuman(a, setup->computer_side);
    if (!human) return std::cerr << "error: " << human.error() << "\n", 2;
    sim::DriverOptions opt = human->options;
    EngineHandles engine, human_handles;
    auto game = openGame(a, *setup, opt, engine);
    if (!game) return std::cerr << "error: " << game.error().message << "\n", exitCode(game.error().kind);
    for (const auto& note : (*game)->notes()) std::cerr << "warning: " << note << "\n";
    TimePoint now = kSimStart;
    if ((*game)->restoredRecords() > 0)
        now = opt.resume ? opt.resume->now : (*game)->session().lastRecordTime();
    auto human_engine = humanEngine(*human, a, human_handles);
    if (!human_engine) return std::cerr << "error: " << human_engine.error() << "\n", 3;
    opt.human_engine = human_engine->get();
    configureDriver(opt, a, **game, engine, human_handles);
    session::Session& session = (*game)->session();
    sim::Driver driver(session, (*game)->engine(), opt, now);
    auto result = driver.run();
    auto snap = session.snapshot(driver.now());
    writeDocuments(a, session, driver.now());
    if (!result.ok) std::cerr << "error: " << result.error << "\n";
    if (!snap.journal_failure.empty()) return 4;  // the journal is unwritable: stopped, exit 4
    std::cout << fmt::format("result {} termination {} plies {} engine_restarts {} computer_flags {}\n",
                             snap.result, terminationName(snap), snap.moves.size(), snap.engine_restarts,
                             snap.computer_flags);
    return result.ok ? 0 : 1;
}

}  // namespace

void addSessionCommands(CLI::App& app, ExitCode& code) {
    auto args = std::make_shared<PlayArgs>();
    CLI::App* p = app.add_subcommand("play", "Play a whole game headlessly (simulated time)");
    addPlayOptions(*p, *args);
    p->callback([args, &code] { code.value = play(*args); });
    addReplayCommand(app, code);
}

}  // namespace oc::cli
