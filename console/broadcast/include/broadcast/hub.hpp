#pragma once
// The event's hub: every journal it follows, the public view of each board, and the documents rendered
// from them. Time comes in as a parameter (tests pass literal times); one thread owns a Hub.

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "broadcast/board_view.hpp"
#include "broadcast/delay.hpp"
#include "broadcast/journal_follower.hpp"

namespace oc::broadcast {

class Hub {
  public:
    Hub(std::vector<std::filesystem::path> journals, Delay delay);

    // Reads what the journals gained and rebuilds the boards whose published part changed at `now`;
    // returns their indexes (0-based). The first call builds every board.
    std::vector<std::size_t> refresh(journal::WallTime now);

    const std::vector<BoardView>& views() const { return views_; }
    const std::string& pgn() const { return pgn_; }    // games.pgn
    const std::string& json() const { return json_; }  // games.json
    std::size_t boards() const { return followers_.size(); }

  private:
    struct Board {
        std::size_t count = 0;  // records the view was built from
        bool built = false;
        bool broken = false;
        std::uint64_t game = 0;  // FollowState::game the view was built from
        std::string notice;
    };
    bool refreshBoard(std::size_t i, journal::WallTime now);

    std::vector<JournalFollower> followers_;
    std::vector<std::unique_ptr<LiveBoard>> live_;  // each board's game, applied record by record
    std::vector<Board> boards_;
    std::vector<BoardView> views_;
    Delay delay_;
    std::string pgn_, json_;
};

}  // namespace oc::broadcast
