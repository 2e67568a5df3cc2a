#pragma once
// One board as the public sees it, built from a journal's verified records. Only what a public display
// may show (decisions.md Q18): position, moves, clocks, players, status and result; never an evaluation,
// engine output or a sealed move.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "broadcast/journal_follower.hpp"
#include "rules/color.hpp"
#include "rules/pgn.hpp"

namespace oc::broadcast {

enum class Status { Waiting, Playing, Paused, Adjourned, Finished, JournalBroken };

// "waiting", "playing", "paused", "adjourned", "finished", "journal-broken".
const char* statusName(Status s);

struct PublicClocks {
    std::int64_t white_ms = 0, black_ms = 0;
    std::optional<rules::Color> running;  // the side whose clock runs at `as_of`
    journal::WallTime as_of{};            // when the reading was true
};

struct BoardView {
    int board = 1;  // 1-based, in the order the journals were given
    std::string white = "?", black = "?", event = "?";
    std::string language;  // the event's language for the page (ui_language, else notation); "" = unknown
    std::string fen;
    rules::PgnGame game;             // public tags, and the moves with their %clk only
    std::vector<std::string> moves;  // SAN
    PublicClocks clocks;
    Status status = Status::Waiting;
    std::string result = "*";
    std::string journal_id;                   // hash of the journal's header record: which journal this is
    std::string journal_head;                 // hash of the last record the view was built from
    std::uint64_t journal_seq = 0;            // its index
    std::optional<std::size_t> broken_index;  // JournalBroken: the first record that does not verify
    std::string problem;                      // why the board is broken or not yet shown
    // "waiting for the journal: ..." while the file shows less than was published (the board keeps what
    // it showed), or that another journal took the file's place (a new game on this board).
    std::string notice;
};

// The board as of `as_of`, from the first `count` verified records of `state` (count <= records.size()).
BoardView buildView(int board, const FollowState& state, std::size_t count, journal::WallTime as_of);

}  // namespace oc::broadcast
