#pragma once
// The event's hub: every journal it follows, the public view of each board, and the documents rendered
// from them. Time comes in as a parameter (tests pass literal times); one thread owns a Hub.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "broadcast/board_view.hpp"
#include "broadcast/delay.hpp"
#include "broadcast/journal_follower.hpp"
#include "broadcast/ledger.hpp"

namespace oc::broadcast {

class Hub {
  public:
    // With a ledger (--state), every board continues from what it published before, and a view is
    // written to the ledger before refresh() returns it; the ledger's folder also holds the operator's
    // control files (accept-board-N).
    Hub(std::vector<std::filesystem::path> journals, Delay delay, std::optional<Ledger> ledger = {});

    // Reads what the journals gained and rebuilds the boards whose published part changed at `now`;
    // returns their indexes (0-based). The first call builds every board.
    std::vector<std::size_t> refresh(journal::WallTime now);

    const std::vector<BoardView>& views() const { return views_; }
    const std::string& pgn() const { return pgn_; }    // games.pgn
    const std::string& json() const { return json_; }  // games.json
    std::size_t boards() const { return followers_.size(); }
    // What the hub's operator must be told (a board held back, the ledger not written), once each;
    // taking them empties the list.
    std::vector<std::string> takeMessages() { return std::exchange(messages_, {}); }

  private:
    struct Board {
        std::size_t count = 0;  // records the view was built from
        bool built = false;
        bool broken = false;
        std::uint64_t game = 0;  // FollowState::game the view was built from
        std::string notice;
        std::string held;  // the journal_id held back (FollowState::replaced_by) once its freeze shows
    };
    bool refreshBoard(std::size_t i, journal::WallTime now);
    void acceptIfAsked(std::size_t i);
    std::filesystem::path acceptFile(std::size_t i) const;
    std::string heldNotice(std::size_t i, const FollowState& state) const;
    std::size_t publishedCount(std::size_t i, const FollowState& state, std::size_t count) const;
    bool publishView(std::size_t i, const FollowState& state, std::size_t count, BoardView view);

    std::vector<JournalFollower> followers_;
    std::vector<std::unique_ptr<LiveBoard>> live_;  // each board's game, applied record by record
    std::vector<ReadTimes> read_;                   // when the hub read each journal's records
    std::vector<Board> boards_;
    std::vector<BoardView> views_;
    Delay delay_;
    std::optional<Ledger> ledger_;
    std::vector<std::string> messages_;
    std::string pgn_, json_;
};

}  // namespace oc::broadcast
