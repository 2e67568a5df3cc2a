#pragma once
// The published documents: PGN (what broadcast platforms poll) and JSON (what the spectator page reads).

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "broadcast/board_view.hpp"

namespace oc::broadcast {

// One game in PGN export format: public tags, [JournalHead], SAN with a [%clk] comment after every move
// and nothing else in any comment; "*" while the game goes on.
std::string boardPgn(const BoardView& view);
// Every board's game, in board order, separated by a blank line.
std::string gamesPgn(const std::vector<BoardView>& views);

// One board: board, white, black, event, fen, moves, clocks, status, result, journal_head (+ the bad
// record's index when the journal is broken).
nlohmann::json boardJson(const BoardView& view);
// An array of every board's object.
std::string gamesJson(const std::vector<BoardView>& views);

}  // namespace oc::broadcast
