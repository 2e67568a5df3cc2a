#pragma once

#include <optional>
#include <string>
#include <vector>

#include "event/draw_policy.hpp"
#include "event/event_setup.hpp"
#include "rules/color.hpp"
#include "session/commands.hpp"

namespace oc::session {

enum class Phase {
    Setup,            // event setup editable; the clocks have not started
    HumanToMove,      // waiting for the operator to enter the human's move
    EngineThinking,   // the engine searches; nothing to do (no "move now", E.III 2.3)
    EngineMoveHeld,   // the engine has moved but the previous move is not recorded yet (REC-03)
    EngineMoveShown,  // the engine's move is shown: execute it on the board (E.III 1.4)
    EngineMoveMade,   // executed: press the clock
    ClaimPending,     // the human's incorrect claim: the operator may accept it as a draw offer (DRW-02)
    Adjourned,        // sealed; waiting for resumption
    GameOver,
};

const char* phaseName(Phase p);

// One half-move on the official scoresheet.
struct ScoresheetMove {
    int number = 1;  // full-move number
    rules::Color side = rules::Color::White;
    std::string uci, san;     // SAN in English (PGN)
    std::string text;         // in the event's language (scoresheet)
    bool draw_offer = false;  // "(=)"
    Ms clock_after{0};        // the mover's remaining time after the move (%clk)
    Ms elapsed{0};            // the time the move took (%emt)
};

// A move the operator may enter by clicking the drawn board: its UCI and its text in the event's notation
// (what the move box gets).
struct EntryMove {
    std::string uci, text;
};

struct PendingEngineMove {
    std::string uci;
    std::string text;                       // event language, long form with the departure square ("Sg1-f3")
    std::string san;                        // English SAN
    bool made = false;                      // executed on the board
    std::optional<event::Evaluation> eval;  // operator only (CFG-06); never on a print or public display
    std::string how;  // castling, en passant, promotion: the steps on the board (CMP-1.4)
};

// E.III 2.1: the computer's time held back for the operator's handling, and why (operator view only).
struct HandlingReserveView {
    Ms per_move{};                // the reserve per move now
    Ms held_back{};               // kept out of the engine's time in its next go
    int moves = 0;                // moves the reserve covers: to the control (or the horizon) + safety
    std::size_t samples = 0;      // handling times measured (engine's move shown -> clock pressed)
    std::optional<Ms> set_aside;  // one slow handling left out (the p95 of few samples would be it)
    bool starting_value = false;  // too few measurements: the setup's starting value rules
    Ms increment_held{};          // also kept out of each increment it is told (later moves' reserve)
};

// The electronic board (issue 24) as the screens show it: filled by the program from its board link
// (host::EboardThread), never by the session, and only when a board was asked for. Every text is an
// English message (N_ patterns) that the screens read back into their language.
struct EboardStatus {
    std::string port;
    bool connected = false;
    std::string serial, version;           // as the board said on connecting ("1.7")
    std::optional<bool> clock_present;     // nullopt until the clock answered or was found missing
    std::string clock_version;             // the DGT 3000's ("2.1"), when it answered
    std::optional<int> battery_percent;    // Bluetooth boards
    std::string lost;                      // why it is not connected (an English message), "" once it is
    std::string proposed_uci;              // the human's move the board shows, waiting for its commit
    std::string commit = "lever";          // what completes it: lever, enter or auto
    std::vector<std::string> differences;  // one English sentence per square ("e4 should be empty")
    bool computer_move_wrong = false;      // the computer's move is played wrongly: shown in red
    bool human_out_of_turn = false;        // ... because the human moved before it was played
    std::string fault;                     // why, for the computer's move (an English message)
    std::string board_fen;                 // the settled picture's placement ("" while pieces move)
    std::string waiting;      // why the computer's move made on the board is not yet taken (English)
    std::string stray_press;  // the human's press that completed no move (Art. 7.5), until ruled
    bool stray_press_no_move = false;
    bool rook_first = false;  // the proposal is castling whose rook went first (Art. 4.4.2)
    bool turned = false;  // the board stands turned (Black's side by the cable): read as the game sees it  //
                          // ... with the board unchanged (2023 7.5.3), else an illegal move
};

// Everything a view needs, copied out of the session: read every frame, never mutated by the view.
struct Snapshot {
    Phase phase = Phase::Setup;
    event::EventSetup setup;
    bool setup_locked = false;
    std::string fen;
    rules::Color to_move = rules::Color::White;
    int move_number = 1;
    std::vector<ScoresheetMove> moves;
    std::vector<std::string> scoresheet_lines;  // "12. Sf3 Sc6" in the event's language
    std::optional<PendingEngineMove> engine_move;
    bool previous_unrecorded = false;  // the computer's last move is not yet recorded (REC-03)
    rules::ByColor<Ms> remaining;      // console mirror of the clocks at the snapshot's time
    std::optional<rules::Color> clock_running;
    // Resumed after the computer sealed: both clocks stay stopped until its sealed move is made and the
    // clock pressed, which starts the human's (Guidelines I.9, ADJ-05).
    bool clock_waits_for_sealed_move = false;
    bool clock_paused = false;
    // The journal was resumed and no table-clock reading has been entered since (E.III 1.1).
    bool resync_needed = false;
    bool faster_rate = false;
    bool faster_rate_available = false;
    bool faster_rate_can_end = false;  // on, and the control it was kept for is passed (E.III 2.2)
    std::optional<HandlingReserveView> handling_reserve;  // timed games, once the setup is known
    std::optional<rules::Color> flag_reported;            // waiting for the arbiter (CLK-16)
    bool seal_requested = false;  // the arbiter asked for the move to be sealed (ADJ-01)
    std::optional<rules::Color> sealed_by;
    std::string envelope_resumption;  // Guidelines I.2(g) of the current adjournment, as journalled
    // The engine chose its move after the seal request: seal it now; the move itself is never shown.
    bool computer_move_withheld = false;
    // After a restart the withheld choice is gone (it lived in memory only): the engine chooses again.
    bool computer_move_rechoosing = false;
    bool human_offer_pending = false;
    bool computer_offer_pending = false;
    event::Indication indication;         // the locked policy's instructions (E.III 3.1-3.3)
    bool can_claim_for_computer = false;  // policy indicates and rules/ accept (CMP-3.3)
    std::vector<std::size_t>
        repetition_plies;  // plies (0 = start) where the current position occurred (DRW-04)
    // Issue 22, item 11: the human's legal moves while he has the move (empty otherwise), so the board
    // view can fill the move box from two clicks without knowing the rules.
    std::vector<EntryMove> entry_moves;
    std::string expected_human_move;  // after an incorrect claim: the written move must be made (9.5)
    rules::ByColor<int> illegal_moves;
    std::optional<rules::Color> forfeit_proposed;  // CLK-08: late arrival, waiting for the arbiter
    // CLK-08: an arrival can no longer be recorded "now" for a side already recorded as arrived, or one
    // that has pressed its clock in this session (it was at the board).
    rules::ByColor<bool> arrived{}, pressed_this_session{};
    std::string result = "*";
    std::string termination;  // "checkmate", "resignation", "time forfeit", ...
    int engine_restarts = 0;
    // The engine ponders on the human's time: operator view only, and never the move it expects (Q18).
    bool engine_pondering = false;
    int computer_flags = 0;
    std::string last_engine_fault;
    // Quickplay finish (QPF-01..04).
    bool qpf_applies = false;  // Art. 10 / Guidelines III govern the game now (for the side to move)
    rules::ByColor<bool> qpf_claim_available{};          // show the 10.2 / III.5 claim for this side
    rules::ByColor<bool> increment_request_available{};  // show the III.4 request for this side
    std::optional<rules::Color> qpf_claimant;            // an open claim
    bool qpf_postponed = false, qpf_provisional = false;
    bool qpf_decision_needed = false;  // a flag fell with the claim open: the arbiter decides, no auto-loss
    std::optional<rules::Color> increment_requester;  // an open III.4 request
    bool increment_awaits_arbiter = false;            // refused as a draw: the arbiter grants or refuses
    bool increment_granted = false;
    // E.III 3.4: the engine's instruction to change a resource option, until the operator carries it out.
    struct ModuleRequest {
        std::string name, value;
    };
    std::optional<ModuleRequest> module_request;
    std::vector<std::string> notices;  // recent messages for the operator, newest last
    // CLK-01: the last table clock reading differed from the mirror by more than the tolerance (2 s):
    // what and by how much, until the next reading or two clock presses. Empty otherwise.
    std::string clock_sync_warning;
    int clock_sync_warning_move = 0;  // the move number it was given at; it goes after two presses
    std::uint64_t records = 0;        // journal records so far
    // Set once a record could not be written: the game is stopped (every command refused, the engine's
    // moves not shown) until it is resumed from the journal; the view says so in red.
    std::string journal_failure;
    std::optional<EboardStatus> eboard;  // set by the program when an e-board is asked for
};

}  // namespace oc::session
