// operator-cli play / journal replay: the session core without a window.
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include "commands.hpp"
#include "print/documents.hpp"
#include "session/journal_sink.hpp"
#include "session_cli.hpp"
#include "shell/bridge_engine_link.hpp"
#include "shell/wall_clock.hpp"
#include "sim/driver.hpp"

namespace oc::cli {
namespace {

using session::TimePoint;

// Simulated time starts here (an arbitrary origin; only differences matter).
const TimePoint kSimStart = TimePoint(std::chrono::hours(1));

struct Engines {
    std::unique_ptr<sim::FakeEngine> fake;
    std::unique_ptr<shell::BridgeEngineLink> bridge;
    session::EngineLink* link = nullptr;
};

tl::expected<Engines, std::string> startEngine(const session::EngineSettings& s, std::uint64_t seed,
                                               std::uint64_t nodes) {
    Engines e;
    if (s.command == "fake") {
        e.fake = std::make_unique<sim::FakeEngine>(sim::legalMovesAfter, seed);
        e.link = e.fake.get();
        return e;
    }
    auto b = shell::BridgeEngineLink::startBlocking(s, {true, nodes});
    if (!b) return tl::make_unexpected(b.error());
    e.bridge = std::move(*b);
    e.link = e.bridge.get();
    return e;
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
    if (a.edition) s.edition = *a.edition;
    if (!a.lang.empty()) s.language = a.lang;
    if (auto ok = session::validate(s); !ok) return tl::make_unexpected(ok.error());
    return s;
}

int play(const PlayArgs& a) {
    auto setup = buildSetup(a);
    if (!setup) return std::cerr << "error: " << setup.error() << "\n", 2;
    auto human = parseHuman(a, setup->computer_side);
    if (!human) return std::cerr << "error: " << human.error() << "\n", 2;
    auto engines = startEngine(setup->engine, a.seed, a.nodes);
    if (!engines) return std::cerr << "error: " << engines.error() << "\n", 3;
    session::Session* session = nullptr;
    std::unique_ptr<session::Session> owner;
    std::unique_ptr<session::JournalSink> sink;
    TimePoint now = kSimStart;
    // Nothing durable yet (killed while the journal was created): start afresh in the same file.
    bool resume = a.resume && !session::journalHoldsNoRecord(a.journal);
    if (a.resume && !resume && std::filesystem::exists(a.journal)) {
        std::cerr << "warning: " << a.journal
                  << " holds no complete record (the program stopped while creating it): starting afresh\n";
        std::filesystem::remove(a.journal);
    }
    sim::DriverOptions opt = human->options;
    if (resume) {
        // Checked before anything is written: a script that does not fit the journal changes nothing.
        auto point = resumePoint(a.journal, opt);
        if (!point) return std::cerr << "error: " << a.journal << ": " << point.error() << "\n", 2;
        opt.resume = *point;
        auto r = session::JournalWriter::resume(a.journal);
        if (!r) return std::cerr << "error: " << a.journal << ": " << r.error().message << "\n", 1;
        for (const auto& w : r->contents.warnings) std::cerr << "warning: " << w << "\n";
        auto records = session::sessionRecords(r->contents);
        sink = std::make_unique<session::JournalSink>(std::move(r->writer), shell::wallNow);
        // A crash right after the header: no game record is durable yet, so the game starts in this file.
        auto s = records.empty() ? session::Session::create(*setup, *sink, *engines->link, now)
                                 : session::Session::restore(records, *sink, *engines->link);
        if (!s) return std::cerr << "error: " << s.error() << "\n", 1;
        owner = std::move(*s);
        if (!records.empty()) now = opt.resume ? opt.resume->now : owner->lastRecordTime();
    } else {
        if (std::filesystem::exists(a.journal))
            return std::cerr << "error: " << a.journal << " exists; continue it with --resume\n", 2;
        auto w = session::JournalWriter::create(
            a.journal, {{"app", "operator-cli play"}}, shell::wallNow(),
            std::chrono::duration_cast<session::MonoTime>(now.time_since_epoch()));
        if (!w) return std::cerr << "error: " << w.error().message << "\n", 1;
        sink = std::make_unique<session::JournalSink>(std::move(*w), shell::wallNow);
        auto s = session::Session::create(*setup, *sink, *engines->link, now);
        if (!s) return std::cerr << "error: " << s.error() << "\n", 2;
        owner = std::move(*s);
    }
    session = owner.get();
    std::unique_ptr<Engines> human_engines;
    if (human->engine_settings) {
        auto he = startEngine(*human->engine_settings, a.seed ^ 0x5eed, a.nodes);
        if (!he) return std::cerr << "error: human engine: " << he.error() << "\n", 3;
        human_engines = std::make_unique<Engines>(std::move(*he));
        opt.human_engine = human_engines->link;
    }
    opt.scripted_engine = engines->fake.get();
    opt.journal = sink.get();
    opt.seed = a.seed;
    opt.max_plies = a.max_plies;
    if (a.verbose) opt.verbose = &std::cout;
    shell::BridgeEngineLink* bridge = engines->bridge.get();
    shell::BridgeEngineLink* hbridge = human_engines ? human_engines->bridge.get() : nullptr;
    opt.wait_for_engine = [bridge, hbridge] {
        if (bridge) bridge->waitForActivity(std::chrono::milliseconds(5));
        if (hbridge) hbridge->waitForActivity(std::chrono::milliseconds(5));
        if (!bridge && !hbridge) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    };
    sim::Driver driver(*session, *engines->link, opt, now);
    auto result = driver.run();
    auto snap = session->snapshot(driver.now());
    if (!a.pgn.empty()) std::ofstream(a.pgn) << session->pgn();
    if (!a.pdf.empty())
        if (auto ok = print::writeScoresheetPdf(session->scoresheetData(), a.pdf); !ok)
            std::cerr << "error: " << ok.error().message << "\n";
    if (!a.envelope_pdf.empty()) {
        // Guidelines I.2: only an adjourned game has an envelope; the form never holds the sealed move.
        auto form = session->adjournmentForm(driver.now());
        if (!form) std::cerr << "error: --envelope-pdf: the game is not adjourned\n";
        if (form)
            if (auto ok = print::writeSealedMoveFormPdf(*form, a.envelope_pdf); !ok)
                std::cerr << "error: " << ok.error().message << "\n";
    }
    if (!result.ok) std::cerr << "error: " << result.error << "\n";
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
