// The round's board order when the TRF has no board numbers (TRF-16 and TRF 2026 have none).
#include <algorithm>
#include <map>
#include <tuple>

#include "trf/pairing.hpp"

namespace oc::trf {
namespace {

// Default points of a result letter (TRF 2026's 162 defaults): W/1/+/F/U win, =/D/H draw.
int halfPoints(char result) {
    switch (result) {
        case '1':
        case '+':
        case 'W':
        case 'F':
        case 'U':
            return 2;
        case '=':
        case 'D':
        case 'H':
            return 1;
        default:
            return 0;
    }
}

// Half-points before `round` (the rounds' results written so far).
int scoreBefore(const Player& p, int round) {
    int half = 0;
    for (int r = 1; r < round && r <= static_cast<int>(p.rounds.size()); ++r)
        half += halfPoints(p.rounds[static_cast<std::size_t>(r - 1)].result);
    return half;
}

}  // namespace

std::vector<std::pair<int, int>> boardOrder(const Tournament& t, int round) {
    std::map<int, int> score;
    for (const Player& p : t.players) score[p.start_rank] = scoreBefore(p, round);
    // (higher score desc, sum desc, higher-ranked start rank asc) -> the pair, white first.
    std::vector<std::tuple<int, int, int, std::pair<int, int>>> games;
    for (const Player& p : t.players) {
        if (round < 1 || round > static_cast<int>(p.rounds.size())) continue;
        const RoundBlock& b = p.rounds[static_cast<std::size_t>(round - 1)];
        if (b.colour != 'w' || b.opponent <= 0 || !score.count(b.opponent)) continue;
        const int a = score[p.start_rank], o = score[b.opponent];
        games.emplace_back(-std::max(a, o), -(a + o), std::min(p.start_rank, b.opponent),
                           std::pair{p.start_rank, b.opponent});
    }
    std::sort(games.begin(), games.end());
    std::vector<std::pair<int, int>> order;
    for (const auto& g : games) order.push_back(std::get<3>(g));
    return order;
}

}  // namespace oc::trf
