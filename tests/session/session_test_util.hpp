#pragma once
// Helpers for the session tests: an in-memory game with the fake engine and simulated time.

#include <memory>
#include <string>

#include "session/record_sink.hpp"
#include "session/session.hpp"
#include "sim/driver.hpp"
#include "sim/fake_engine.hpp"

namespace oc::session {
using namespace oc::sim;  // the simulated operator and engine drive the session tests
}  // namespace oc::session

namespace oc::session::testing {

inline TimePoint t0() {
    return TimePoint(std::chrono::hours(1000));
}

inline event::EventSetup fakeSetup(rules::Color computer = rules::Color::Black,
                                   const std::string& tc = "90m+30s") {
    event::EventSetup s;
    s.white = computer == rules::Color::White ? "Engine" : "Human";
    s.black = computer == rules::Color::Black ? "Engine" : "Human";
    s.computer_side = computer;
    s.time_control = tc;
    s.engine.command = "fake";
    return s;
}

struct Game {
    MemorySink sink;
    FakeEngine engine{legalMovesAfter, 1};
    std::unique_ptr<Session> session;
    explicit Game(const event::EventSetup& setup) {
        auto s = Session::create(setup, sink, engine, t0());
        if (s) session = std::move(*s);
    }
};

struct ScriptRun {
    DriverResult result;
    std::string scoresheet, pgn;
    Snapshot snapshot;
    std::vector<nlohmann::json> records;
};

// Runs a script (docs/cli-script-format.md) against a fresh game with the fake engine.
inline ScriptRun runScript(const std::string& text, const event::EventSetup& setup) {
    ScriptRun out;
    auto steps = parseScript(text, setup.computer_side);
    if (!steps) {
        out.result = {false, steps.error(), 0};
        return out;
    }
    Game g(setup);
    DriverOptions opt;
    opt.human = HumanKind::Script;
    opt.script = *steps;
    opt.scripted_engine = &g.engine;
    Driver d(*g.session, g.engine, opt, t0());
    out.result = d.run();
    out.scoresheet = g.session->scoresheetText();
    out.pgn = g.session->pgn();
    out.snapshot = g.session->snapshot(d.now());
    out.records = g.sink.records;
    return out;
}

}  // namespace oc::session::testing
