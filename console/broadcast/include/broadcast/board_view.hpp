#pragma once
// One board as the public sees it, built from a journal's verified records. Only what a public display
// may show (decisions.md Q18): position, moves, clocks, players, status and result; never an evaluation,
// engine output or a sealed move.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "broadcast/delay.hpp"
#include "broadcast/journal_follower.hpp"
#include "rules/color.hpp"
#include "rules/pgn.hpp"

namespace oc::broadcast {

// Sealing and Resumed follow the console's public display (Guidelines I.1-I.9): the seal is pending (the
// sealer's clock runs), and the envelope was opened and its move is being played (both clocks stopped).
enum class Status { Waiting, Playing, Paused, Sealing, Adjourned, Resumed, Finished, JournalBroken };

// "waiting", "playing", "paused", "sealing", "adjourned", "resumed", "finished", "journal-broken".
const char* statusName(Status s);

struct PublicClocks {
    std::int64_t white_ms = 0, black_ms = 0;
    std::optional<rules::Color> running;  // the side whose clock runs at `as_of`
    journal::WallTime as_of{};            // when, in the game, the reading was true
    std::int64_t delay_ms = 0;            // --delay: the reading is published this long after as_of
};

struct BoardView {
    int board = 1;  // the event's board number (setup "board"); the slot when the event gave none
    int slot = 1;   // 1-based, in the order the journals were given
    std::string white = "?", black = "?", event = "?";
    std::string language;  // the event's language for the page (ui_language, else notation); "" = unknown
    std::string fen;
    rules::PgnGame game;             // public tags, and the moves with their %clk only
    std::vector<std::string> moves;  // SAN
    PublicClocks clocks;
    Status status = Status::Waiting;
    std::string result = "*";
    std::string journal_id;         // hash of the journal's header record: which journal this is
    std::string journal_head;       // hash of the last record the view was built from
    std::uint64_t journal_seq = 0;  // its index
    // Why journal_head is empty although records were read: a version 1 journal's unsalted hash from
    // its sealed record on would give the sealed move away (issue 35 item 12); empty otherwise.
    std::string head_withheld;
    int journal_version = 0;  // the header's journal_version; 0 before the header is read
    std::string signing_key;  // the header's public key (hex); empty for an unsigned journal (version 1, 2)
    std::string signature_notice;             // says that the journal is unsigned, once its header is read
    std::optional<std::size_t> broken_index;  // JournalBroken: the first record that does not verify
    std::string problem;                      // why the board is broken or not yet shown
    // "waiting for the journal: ..." while the file shows less than was published (the board keeps what
    // it showed), or that another journal took the file's place (a new game on this board).
    std::string notice;
    // The console's clock behind the hub's (negative: ahead), measured by the hub; nullopt until known.
    // Past 2 s, clock_notice says so: that console's papers carry a wrong time (issue 35 item 3).
    std::optional<std::int64_t> clock_offset_ms;
    std::string clock_notice;
};

// The board as of `as_of`, from the first `count` verified records of `state` (count <= records.size()),
// replaying them all (the witness's check of one published state).
BoardView buildView(int slot, const FollowState& state, std::size_t count, journal::WallTime as_of);

// One board kept up to date record by record: each call applies only the records it has not applied
// yet, so a record costs the same at move 300 as at move 1 (issue 25 item 5). Another journal in the
// file (a new game) or fewer records than applied start it afresh.
class LiveBoard {
  public:
    LiveBoard();
    ~LiveBoard();
    LiveBoard(const LiveBoard&) = delete;
    LiveBoard& operator=(const LiveBoard&) = delete;
    // The same view as buildView(slot, state, count, as_of). With `read` (the hub's), the clocks run
    // from when the hub read the records, not from their `wall` (a console's PC clock may be off), and
    // the notice and the break are those `read` saw by as_of.
    BoardView view(int slot, const FollowState& state, std::size_t count, journal::WallTime as_of,
                   const ReadTimes* read = nullptr);
    std::size_t applied() const;  // records applied so far (header included)

    struct Game;  // the replaying session (board_view.cpp)

  private:
    std::unique_ptr<Game> game_;
};

}  // namespace oc::broadcast
