// Replay of a 300-ply game: Session::restore over the game's records, as a ratio to re-serializing and
// re-parsing the same records (the bare cost of reading them) in the same process.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "../timing.hpp"
#include "session/record_sink.hpp"
#include "sim/driver.hpp"
#include "sim/fake_engine.hpp"

namespace {

using namespace oc::session;
using namespace oc::event;
using namespace oc::sim;

std::vector<nlohmann::json> playGame(int plies) {
    EventSetup setup;
    setup.engine.command = "fake";
    MemorySink sink;
    FakeEngine engine(legalMovesAfter, 1);
    TimePoint t0(std::chrono::hours(1));
    auto session = Session::create(setup, sink, engine, t0);
    DriverOptions opt;
    opt.seed = 1;
    opt.max_plies = plies;
    opt.delay_median_s = 4;
    opt.delay_p99_s = 15;
    Driver(**session, engine, opt, t0).run();
    return sink.records;
}

template <typename F>
double medianMs(F f, int runs) {
    const auto ms = oc::bench::sortedTimesMs(f, runs);
    return ms[ms.size() / 2];
}

}  // namespace

int main() {
    auto records = playGame(300);
    std::size_t plies = 0;
    double restore = medianMs(
        [&] {
            MemorySink sink;
            FakeEngine engine(legalMovesAfter, 1);
            auto s = Session::restore(records, sink, engine);
            plies = (*s)->snapshot((*s)->lastRecordTime()).moves.size();
        },
        21);
    double parse = medianMs(
        [&] {
            std::size_t n = 0;
            for (const auto& r : records) n += nlohmann::json::parse(r.dump()).size();
            if (n == 0) fmt::print("empty\n");
        },
        21);
    fmt::print("records {} plies {}\n", records.size(), plies);
    fmt::print("restore_ms {:.2f} parse_ms {:.2f} ratio {:.2f}\n", restore, parse, restore / parse);
}
