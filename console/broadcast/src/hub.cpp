#include "broadcast/hub.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "broadcast/render.hpp"

namespace oc::broadcast {
namespace {

// A game accepted after another on the same board (issue 35 item 2) gets tags of its own. lichess takes
// a source's game for the one it shows when Event and Site are the same, the Round's leading number is
// the same ("3.2" counts as round 3) and so are the players; it ignores Board. So the Round stays (a
// broadcast may take only round 3's games) and the Event says which game on the board this is; `Game`
// says it to every other reader.
void markNewGame(BoardView& view, std::uint64_t game) {
    if (game == 0) return;
    const std::string event = view.game.tag("Event").value_or("?");
    view.game.setTag("Event", fmt::format("{} (board {}, game {})", event, view.board, game + 1));
    view.game.setTag("Game", std::to_string(game + 1));
}

}  // namespace

Hub::Hub(std::vector<std::filesystem::path> journals, Delay delay, std::optional<Ledger> ledger)
    : delay_(delay), ledger_(std::move(ledger)) {
    for (auto& path : journals) {
        followers_.emplace_back(std::move(path));
        live_.push_back(std::make_unique<LiveBoard>());
        read_.emplace_back(delay);
    }
    boards_.resize(followers_.size());
    views_.resize(followers_.size());
    if (!ledger_) return;
    // A restart continues from what was published, whatever the files hold now.
    for (std::size_t i = 0; i < followers_.size(); ++i)
        if (!ledger_->board(i).records.empty())
            followers_[i].restore(ledger_->board(i).records, ledger_->board(i).game);
    // An acceptance is given for a board held now, never ahead for a replacement still to come.
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(ledger_->dir(), ec))
        if (entry.path().filename().string().starts_with("accept-board-"))
            std::filesystem::remove(entry.path(), ec);
}

std::filesystem::path Hub::acceptFile(std::size_t i) const {
    return ledger_->dir() / fmt::format("accept-board-{}", views_[i].board);
}

std::string Hub::heldNotice(std::size_t i, const FollowState& state) const {
    return fmt::format(
        "another journal ({}) replaced journal {} on this board; the published game is kept; to publish the "
        "new game as a new one: create the file {}",
        state.replaced_by, state.records[0].hash,
        ledger_ ? acceptFile(i).string() : std::string("accept-board-N in the hub's --state folder"));
}

// The operator's file is read only once the held board's freeze is public: under --delay the old game's
// last records are published on time first.
void Hub::acceptIfAsked(std::size_t i) {
    if (!ledger_ || boards_[i].held.empty()) return;
    std::error_code ec;
    if (!std::filesystem::exists(acceptFile(i), ec)) return;
    std::filesystem::remove(acceptFile(i), ec);
    followers_[i].acceptReplacement();
    messages_.push_back(fmt::format("board {}: the new journal is published as a new game", views_[i].board));
}

// Never fewer records than the ledger holds for this game: a restarted hub under --delay does not take
// back what the one before it had already published.
std::size_t Hub::publishedCount(std::size_t i, const FollowState& state, std::size_t count) const {
    if (!ledger_ || ledger_->board(i).game != state.game) return count;
    return std::clamp(ledger_->board(i).records.size(), count, state.records.size());
}

// The view is in the ledger before it is served; if the ledger cannot be written the board keeps its
// previous view (and says why), since a publication the next start would not know could be taken back.
bool Hub::publishView(std::size_t i, const FollowState& state, std::size_t count, BoardView view) {
    if (ledger_) {
        if (auto ok = ledger_->publish(i, state.game, state.records, count, view); !ok) {
            messages_.push_back("warning: the board's update is held back: " + ok.error());
            return false;
        }
    }
    views_[i] = std::move(view);
    return true;
}

// A board is rebuilt only when its published part grows, its journal breaks, is waited for or is
// replaced by another (held, then a new game): clocks in between are
// counted down by the readers from `as_of`, so an idle hub does no work.
bool Hub::refreshBoard(std::size_t i, journal::WallTime now) {
    acceptIfAsked(i);
    followers_[i].poll();
    const FollowState& state = followers_[i].state();
    read_[i].note(state, now);  // the hub's clock, never the console's (issue 35 items 3, 4)
    const journal::WallTime shown = shownTime(now, delay_);
    const std::size_t count = publishedCount(i, state, read_[i].recordsBy(shown));
    const bool broken = read_[i].brokenBy(shown) && count == state.records.size();
    const bool frozen = !state.replaced_by.empty() && count == state.records.size();
    const std::string held = frozen ? state.replaced_by : std::string();
    const std::string notice = read_[i].noticeAt(shown);
    Board& b = boards_[i];
    if (b.built && b.count == count && b.broken == broken && b.game == state.game && b.notice == notice &&
        b.held == held)
        return false;
    BoardView view = live_[i]->view(static_cast<int>(i) + 1, state, count, shown, &read_[i]);
    view.clocks.delay_ms = delay_.count();
    markNewGame(view, state.game);
    if (frozen) view.notice = heldNotice(i, state);
    if (!publishView(i, state, count, std::move(view))) return false;
    if (!held.empty() && b.held != held)
        messages_.push_back(fmt::format("board {}: {}", views_[i].board, views_[i].notice));
    // A record the journal's key did not sign, or a key change: the hub's operator hears it at once.
    if (broken && !b.broken && !state.broken_notice.empty())
        messages_.push_back(fmt::format("board {}: {}", views_[i].board, state.broken_notice));
    if (auto said = read_[i].sayOnce(views_[i].clock_notice))
        messages_.push_back(fmt::format("board {}: {}", views_[i].board, *said));
    b = Board{count, true, broken, state.game, notice, held};
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
