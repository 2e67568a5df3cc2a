#pragma once
// The electronic board attached to the host both ways (issue 24): as an output it reads each snapshot
// to know what the board should show next (and what the DGT 3000 should display); as an input it gives
// the session commands HumanMove, MadeOnBoard, ClockPressed and SyncClock, which the program dispatches
// exactly as if the operator had typed them. Typing still works and always wins: a typed command changes
// the snapshot, and the board follows it.

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "eboard/attachment.hpp"
#include "eboard/board_link.hpp"
#include "host/game.hpp"

namespace oc::host {

// What the board is watched for, read from a snapshot (pure).
[[nodiscard]] eboard::GameView eboardView(const session::Snapshot& s);
// An intent as the command the operator would have typed (the move as UCI text); nullopt for what only
// the arbiter rules (a press that completed no move).
[[nodiscard]] std::optional<session::Command> eboardCommand(const eboard::Intent& intent);
// The board's commands mean nothing before the start or after the end (a press or a reading at
// checkmate): the program drops them without a refusal; their "eboard" records keep what the board did.
[[nodiscard]] bool boardCommandOutsideTheGame(const session::Snapshot& s);

// A typed move the board's settled picture contradicts (issue 24: typing always wins, but asks first).
struct TypedConflict {
    std::string typed_uci;
    std::string board_uci;                 // the other legal move the board shows; "" when none
    bool board_unchanged = false;          // the board still shows the position before the move
    std::vector<std::string> differences;  // no legal move shown: English sentences against the typed
                                           // move's position
    std::string board_fen;                 // the picture (the journal keeps it)
};
// What the board says against `typed` (pure). Nothing to ask (nullopt) when it is not the human's turn,
// no board is connected or its picture has not settled, the text is no legal move (the session refuses
// it anyway), or the board shows exactly the typed move.
[[nodiscard]] std::optional<TypedConflict> typedAgainstBoard(const session::Snapshot& s,
                                                             const session::EboardStatus& board,
                                                             const std::string& typed);
// The DGT 3000's 8 characters while the computer's move `move` (short form) is played wrongly: the move
// and the first wrong square, a square holding what it should not before one left empty ("Nf3 ?g1": the
// knight still stands on g1). The move is shortened when both do not fit. Pure.
[[nodiscard]] std::string clockMismatchText(const std::string& move,
                                            const std::vector<eboard::SquareDiff>& diffs);
// The computer's move as the DGT 3000 shows it: the short form in the event's notation, in English
// letters when the event's are not ASCII (the display has no others).
[[nodiscard]] std::string clockMoveText(const rules::Position& before, rules::Move move,
                                        const std::string& language);

// The journal's "eboard" record of a typed move entered over the board's contradiction.
[[nodiscard]] nlohmann::json overrideRecord(const TypedConflict& c);

class EboardInput : public Output {
  public:
    // `serial`: the board LiveChess offers ("" the only one); the serial brands ignore it.
    EboardInput(std::string port, eboard::TrackerSettings tracker = {},
                eboard::AttachmentSettings attach = {}, eboard::BoardBrand brand = eboard::BoardBrand::Dgt,
                std::string serial = {});

    void onRecord(const nlohmann::json&) override {}
    void onSnapshot(const session::Snapshot& snapshot, session::TimePoint now) override;
    // Reads the board for at most `max_wait`; the commands to dispatch, in order.
    [[nodiscard]] std::vector<session::Command> poll(eboard::Ms max_wait);
    // The operator's Enter with `commit: enter`: the proposed move, if the board shows one.
    [[nodiscard]] std::optional<session::Command> enter();
    // What happened to the link since the last call ("e-board lost: ...", "e-board connected: ..."), in
    // English for the journal and the screens' catalogue.
    [[nodiscard]] std::vector<std::string> takeNotices();

    // What the last poll read: the tracker's events and the link's notices (for the journal's records).
    [[nodiscard]] const eboard::PollResult& lastPoll() const { return last_; }
    // The intents of the last poll, in the order of poll's commands.
    [[nodiscard]] const std::vector<eboard::Intent>& lastIntents() const { return intents_; }

    [[nodiscard]] eboard::BoardLink& board() { return *board_; }
    [[nodiscard]] const eboard::Attachment& attachment() const { return attachment_; }
    // The computer's move the board is checked against (shown or made, not yet completed).
    [[nodiscard]] const std::optional<rules::Move>& computerMove() const { return computer_move_; }

  private:
    void showOnClock();

    std::unique_ptr<eboard::BoardLink> board_;
    eboard::Attachment attachment_;
    std::vector<std::string> notices_;
    eboard::PollResult last_;
    std::vector<eboard::Intent> intents_;
    std::string clock_text_;   // what the DGT 3000 was last asked to show ("" = the times)
    std::string clock_move_;   // the computer's move to show while it waits to be made ("" = the times)
    std::string clock_short_;  // the same, short, for a mismatch ("Nf3 ?g1")
    std::optional<rules::Move> computer_move_;
};

}  // namespace oc::host
