#pragma once
// The electronic board attached to the host both ways (issue 24): as an output it reads each snapshot
// to know what the board should show next (and what the DGT 3000 should display); as an input it gives
// the session commands HumanMove, MadeOnBoard, ClockPressed and SyncClock, which the program dispatches
// exactly as if the operator had typed them. Typing still works and always wins: a typed command changes
// the snapshot, and the board follows it.

#include <memory>
#include <string>
#include <vector>

#include "eboard/attachment.hpp"
#include "eboard/dgt_board.hpp"
#include "host/game.hpp"

namespace oc::host {

// What the board is watched for, read from a snapshot (pure).
[[nodiscard]] eboard::GameView eboardView(const session::Snapshot& s);
// An intent as the command the operator would have typed (the move as UCI text).
[[nodiscard]] session::Command eboardCommand(const eboard::Intent& intent);

class EboardInput : public Output {
  public:
    EboardInput(std::string port, eboard::TrackerSettings tracker = {},
                eboard::AttachmentSettings attach = {});

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

    [[nodiscard]] eboard::DgtBoard& board() { return board_; }
    [[nodiscard]] const eboard::Attachment& attachment() const { return attachment_; }

  private:
    void showOnClock(const session::Snapshot& s);

    eboard::DgtBoard board_;
    eboard::Attachment attachment_;
    std::vector<std::string> notices_;
    eboard::PollResult last_;
    std::vector<eboard::Intent> intents_;
    std::string clock_text_;  // what the DGT 3000 was last asked to show ("" = the times)
};

}  // namespace oc::host
