// Memory soak of the session (issue 27 item 6): many long games in simulated time through the whole
// session, each adjourned at ply 150 (the human's move sealed, Guidelines I.1), the console "closed" (the
// game rebuilt from its records by Session::restore, as after a restart), resumed with the sealed move
// and played on to 300 plies. The process's RSS is printed after each game; after the warm-up it must be
// flat: the slope (least squares over the games after the warm-up) is printed in kB per game.
// Usage: session_soak_bench [GAMES=40] [WARMUP=10]
#include <fmt/format.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "session/record_sink.hpp"
#include "sim/driver.hpp"
#include "sim/fake_engine.hpp"

namespace {

using namespace oc::session;
using namespace oc::sim;
using std::chrono::hours;

long rssKb() {
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("VmRSS:", 0) == 0) return std::strtol(line.c_str() + 6, nullptr, 10);
    return 0;
}

TimePoint play(Session& s, FakeEngine& engine, std::uint64_t seed, int max_plies, TimePoint now) {
    DriverOptions opt;
    opt.seed = seed;
    opt.max_plies = max_plies;
    opt.delay_median_s = 4;
    opt.delay_p99_s = 15;
    Driver driver(s, engine, opt, now);
    driver.run();
    return driver.now();
}

// The human's move is sealed (he is to move after an even number of plies: the computer has Black).
bool adjourn(Session& s, TimePoint& now) {
    if (s.snapshot(now).phase != Phase::HumanToMove) return false;
    now += std::chrono::seconds(30);
    return s.dispatch(cmd::RequestSeal{}, now) && s.dispatch(cmd::SealHumanMove{}, now);
}

struct GameFigures {
    bool ended_early = false;  // mate or a draw before ply 150: nothing to adjourn
    bool adjourned = false;
    bool resumed = false;
    std::size_t plies = 0;
    std::size_t records = 0;
};

// One game: ply 150, the seal, a restart from the records, the resumption, on to ply 300.
GameFigures oneGame(std::uint64_t seed) {
    oc::event::EventSetup setup;
    setup.engine.command = "fake";
    MemorySink first;
    FakeEngine engine(legalMovesAfter, seed);
    TimePoint now(hours(1));
    auto s = Session::create(setup, first, engine, now);
    if (!s) return {};
    now = play(**s, engine, seed, 150, now);
    GameFigures f;
    f.ended_early = (*s)->snapshot(now).phase == Phase::GameOver;
    f.adjourned = adjourn(**s, now);
    MemorySink second;
    FakeEngine engine2(legalMovesAfter, seed);
    auto r = Session::restore(first.records, second, engine2);
    if (!r) return f;
    const auto moves = (*r)->legalMoves();
    now += hours(20);  // the resumption session, the next day
    f.resumed =
        f.adjourned && !moves.empty() && (*r)->dispatch(cmd::Resume{now, "", moves.front()}, now).has_value();
    now = play(**r, engine2, seed, 300, now);
    f.plies = (*r)->snapshot(now).moves.size();
    f.records = first.records.size() + second.records.size();
    return f;
}

double slopeKbPerGame(const std::vector<long>& rss, std::size_t from) {
    double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (std::size_t i = from; i < rss.size(); ++i) {
        const double x = static_cast<double>(i), y = static_cast<double>(rss[i]);
        n += 1, sx += x, sy += y, sxx += x * x, sxy += x * y;
    }
    const double d = n * sxx - sx * sx;
    return d == 0 ? 0 : (n * sxy - sx * sy) / d;
}

}  // namespace

int main(int argc, char** argv) {
    const int games = argc > 1 ? std::atoi(argv[1]) : 40;
    const int warmup = argc > 2 ? std::atoi(argv[2]) : 10;
    std::vector<long> rss;
    int adjourned = 0, resumed = 0, early = 0;
    for (int g = 0; g < games; ++g) {
        const auto f = oneGame(static_cast<std::uint64_t>(g + 1));
        adjourned += f.adjourned;
        resumed += f.resumed;
        early += f.ended_early;
        rss.push_back(rssKb());
        fmt::print("game {:3} plies {:3} records {:5} adjourned {} resumed {} rss_kb {}\n", g + 1, f.plies,
                   f.records, f.adjourned, f.resumed, rss.back());
    }
    const auto from = static_cast<std::size_t>(std::min(warmup, games - 1));
    fmt::print(
        "games {} (ended before the seal {}) adjourned {} resumed {}; rss after warm-up {} kB -> {} kB; "
        "slope {:.1f} kB/game\n",
        games, early, adjourned, resumed, rss[from], rss.back(), slopeKbPerGame(rss, from));
    return adjourned + early == games && resumed == adjourned ? 0 : 1;
}
