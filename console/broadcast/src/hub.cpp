#include "broadcast/hub.hpp"

#include "broadcast/render.hpp"

namespace oc::broadcast {

Hub::Hub(std::vector<std::filesystem::path> journals, Delay delay) : delay_(delay) {
    for (auto& path : journals) {
        followers_.emplace_back(std::move(path));
        live_.push_back(std::make_unique<LiveBoard>());
    }
    boards_.resize(followers_.size());
    views_.resize(followers_.size());
}

// A board is rebuilt only when its published part grows, its journal breaks, is waited for or is
// replaced by another (a new game): clocks in between are
// counted down by the readers from `as_of`, so an idle hub does no work.
bool Hub::refreshBoard(std::size_t i, journal::WallTime now) {
    followers_[i].poll();
    const FollowState& state = followers_[i].state();
    const journal::WallTime shown = shownTime(now, delay_);
    const std::size_t count = recordsBy(state.records, shown, delay_);
    const bool broken = state.broken_index.has_value() && count == state.records.size();
    const std::string& notice = !state.waiting.empty() ? state.waiting : state.replaced;
    Board& b = boards_[i];
    if (b.built && b.count == count && b.broken == broken && b.game == state.game && b.notice == notice)
        return false;
    b = Board{count, true, broken, state.game, notice};
    views_[i] = live_[i]->view(static_cast<int>(i) + 1, state, count, shown);
    views_[i].clocks.delay_ms = delay_.count();
    return true;
}

std::vector<std::size_t> Hub::refresh(journal::WallTime now) {
    std::vector<std::size_t> changed;
    for (std::size_t i = 0; i < followers_.size(); ++i)
        if (refreshBoard(i, now)) changed.push_back(i);
    if (!changed.empty()) {
        pgn_ = gamesPgn(views_);
        json_ = gamesJson(views_);
    }
    return changed;
}

}  // namespace oc::broadcast
