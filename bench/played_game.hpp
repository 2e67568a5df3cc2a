#pragma once
// A real session's records for the broadcast benches: a game played by the simulation driver against
// its fake engine, as a console would journal it.

#include <chrono>
#include <nlohmann/json.hpp>
#include <vector>

#include "session/record_sink.hpp"
#include "session/session.hpp"
#include "sim/driver.hpp"
#include "sim/fake_engine.hpp"

namespace oc::bench {

// A game of `plies` half-moves, with the operator's handling delays (median and p99 in seconds; 0: none).
inline std::vector<nlohmann::json> playGame(int plies, double delay_median_s = 0, double delay_p99_s = 0) {
    event::EventSetup setup;
    setup.engine.command = "fake";
    session::MemorySink sink;
    sim::FakeEngine engine(sim::legalMovesAfter, 1);
    const session::TimePoint t0(std::chrono::hours(1));
    auto s = session::Session::create(setup, sink, engine, t0);
    sim::DriverOptions opt;
    opt.seed = 1;
    opt.max_plies = plies;
    opt.delay_median_s = delay_median_s;
    opt.delay_p99_s = delay_p99_s;
    sim::Driver(**s, engine, opt, t0).run();
    return sink.records;
}

}  // namespace oc::bench
