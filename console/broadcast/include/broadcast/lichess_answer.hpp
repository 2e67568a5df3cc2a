#pragma once
// The lichess push's two ends that need no network: the PGN pushed (the published games, rendered as
// games.pgn renders them) and lichess's answer (per game: its tags, then the moves read or an error),
// with each game's error said once per change.

#include <cstddef>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <tl/expected.hpp>
#include <vector>

#include "broadcast/board_view.hpp"

namespace oc::broadcast {

inline constexpr std::size_t kLichessMaxGames = 64;  // lichess keeps at most 64 games (chapters) a round

struct PushPgn {
    std::string pgn;
    std::size_t games = 0;     // in `pgn`
    std::size_t left_out = 0;  // boards of the round past kLichessMaxGames
};
// The boards whose Round is `round_filter` (or a part of it: "3" takes "3.2"), every board when it is
// empty; boards whose setup is not read yet are left out as in games.pgn. Each game is boardPgn's, so the
// delay, the sealed move and the never-withdraw rule hold as they do for games.pgn.
PushPgn pushPgn(const std::vector<BoardView>& views, const std::string& round_filter);

struct PushedGame {
    std::string white, black, round, board;
    std::optional<long long> moves;  // the moves lichess read
    std::string error;               // what lichess refused; empty: the game was taken
};
// {"games":[{"tags":{...},"moves":N} | {"tags":{...},"error":"..."}]}; an answer of another shape as a
// message (the body is lichess's, never the request's).
[[nodiscard]] tl::expected<std::vector<PushedGame>, std::string> parsePushAnswer(std::string_view body);

// The games' errors, each said when it appears, changes or goes away, never again at every push.
class GameNotices {
  public:
    // The lines to say for this answer.
    std::vector<std::string> update(const std::vector<PushedGame>& games);
    // The last answer's games for /status: white, black, round, board, and moves or error.
    nlohmann::json json() const { return last_; }

  private:
    std::map<std::string, std::string> errors_;  // a game's name -> its error
    nlohmann::json last_ = nlohmann::json::array();
};

}  // namespace oc::broadcast
