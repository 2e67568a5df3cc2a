// The broadcast's cost per journal record at record 50 and at record 550 of one game, as a ratio
// (issue 25 item 5): a board applies only its new records (LiveBoard), so the ratio should stay near 1.
// For comparison, the same figure for rebuilding the whole game per record (buildView), as before.
// Usage: broadcast_board_bench
#include <fmt/format.h>

#include <chrono>
#include <vector>

#include "../played_game.hpp"
#include "../timing.hpp"
#include "broadcast/board_view.hpp"

namespace {

using namespace oc;
using namespace std::chrono_literals;

// The records as a followed journal holds them: a header, then each record with its time.
broadcast::FollowState asJournal(const std::vector<nlohmann::json>& records) {
    broadcast::FollowState state;
    journal::Record header;
    header.type = "header";
    state.records.push_back(header);
    const journal::WallTime t0{std::chrono::sys_days{std::chrono::year{2026} / 12 / 1}};
    for (const auto& r : records) {
        journal::Record j;
        j.type = r.at("type");
        j.payload = r;
        j.payload.erase("type");
        j.mono = journal::MonoTime{r.value("t", std::int64_t{0})};
        j.wall = t0 + j.mono;
        j.seq = state.records.size();
        state.records.push_back(std::move(j));
    }
    return state;
}

// Median time of publishing record `at` to a board that has published every record before it.
double incrementalMs(const broadcast::FollowState& state, std::size_t at) {
    std::vector<double> ms;
    for (int run = 0; run < 15; ++run) {
        broadcast::LiveBoard board;
        (void)board.view(1, state, at, state.records[at - 1].wall);
        ms.push_back(
            bench::sortedTimesMs([&] { (void)board.view(1, state, at + 1, state.records[at].wall); }, 1)[0]);
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

double rebuildMs(const broadcast::FollowState& state, std::size_t at) {
    const auto ms = bench::sortedTimesMs(
        [&] { (void)broadcast::buildView(1, state, at + 1, state.records[at].wall); }, 15);
    return ms[ms.size() / 2];
}

}  // namespace

int main() {
    const auto state = asJournal(bench::playGame(400, 4, 15));
    if (state.records.size() < 600) {
        fmt::print("the simulated game has only {} records; 600 are needed\n", state.records.size());
        return 1;
    }
    const auto check = broadcast::buildView(1, state, 551, state.records[550].wall);
    if (check.status == broadcast::Status::JournalBroken) {
        fmt::print("the game does not replay: {}\n", check.problem);
        return 1;
    }
    fmt::print("game: {} records, {} plies at record 550\n", state.records.size(), check.moves.size());
    const double inc50 = incrementalMs(state, 50), inc550 = incrementalMs(state, 550);
    const double all50 = rebuildMs(state, 50), all550 = rebuildMs(state, 550);
    fmt::print(
        "per record, record by record (LiveBoard): {:.3f} ms at record 50, {:.3f} ms at record 550: "
        "ratio {:.2f}\n",
        inc50, inc550, inc550 / inc50);
    fmt::print(
        "per record, whole game rebuilt (before):  {:.3f} ms at record 50, {:.3f} ms at record 550: "
        "ratio {:.2f}\n",
        all50, all550, all550 / all50);
    fmt::print("record 550 costs {:.1f}x less than rebuilding the game\n", all550 / inc550);
    return 0;
}
