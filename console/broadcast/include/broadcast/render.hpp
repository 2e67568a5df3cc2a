#pragma once
// The published documents: PGN (what broadcast platforms poll) and JSON (what the spectator page reads).

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "broadcast/board_view.hpp"

namespace oc::broadcast {

// One game in PGN export format: public tags, [JournalHead], SAN with a [%clk] comment after every move
// and nothing else in any comment; "*" while the game goes on. Termination holds one of the PGN
// standard's values (normal, time forfeit, rules infraction, adjudication, unterminated, ...) and
// TerminationDetails the console's own words when they say more.
std::string boardPgn(const BoardView& view);
// Every board's game, in board order, separated by a blank line; a board whose journal's setup is not
// read yet (no pairing) is left out.
std::string gamesPgn(const std::vector<BoardView>& views);

// One board: board, white, black, event, fen, moves, clocks, status, result, termination (the console's
// words), journal_head (+ the bad record's index when the journal is broken, board_pending while the
// setup that gives the board's number is not read yet).
nlohmann::json boardJson(const BoardView& view);
// An array of every board's object.
std::string gamesJson(const std::vector<BoardView>& views);

}  // namespace oc::broadcast
