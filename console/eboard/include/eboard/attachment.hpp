#pragma once
// What the board's events mean for the game's session, brand- and session-independent: the host fills a
// GameView from its snapshot and turns the intents into session commands (HumanMove, MadeOnBoard,
// ClockPressed, SyncClock), dispatched exactly as if typed. Pure: virtual time, no I/O.
//  - The human's move is proposed when the board settles on it, and committed by the press of the lever
//    (the default: the press completes the move, Art. 6.2), by the operator's Enter, or at once.
//  - The computer's move on the board ticks "made on board" (E.III 1.4); the press of the computer's
//    half of the lever is "clock pressed".
//  - The table clock is authoritative (E.III 1.1): when it differs from the console's mirror by more than
//    the threshold, one sync per move, never one per second.

#include <optional>
#include <variant>
#include <vector>

#include "eboard/tracker.hpp"

namespace oc::eboard {

enum class CommitMode : std::uint8_t { Lever, Enter, Auto };

struct AttachmentSettings {
    CommitMode commit = CommitMode::Lever;
    Ms sync_threshold{2000};
    // A press may come this long before the last piece's update and still complete the move it shows.
    Ms late_piece{300};
};

// The game as the attachment needs it, filled by the host from the session's snapshot.
struct GameView {
    enum class Stage : std::uint8_t {
        NotStarted,
        HumanToMove,
        EngineThinking,
        ComputerMoveShown,
        ComputerMoveMade,
        Over
    };
    Stage stage = Stage::NotStarted;
    rules::Game game;                          // the moves completed so far
    std::optional<rules::Move> computer_move;  // shown or made, not yet completed
    rules::Color human = rules::Color::White;
    rules::ByColor<Ms> mirror{};  // the console's clocks at the view's time
};

namespace intent {
struct HumanMove {
    rules::Move move;
    std::optional<TimePoint> pressed_at;
};
struct MadeOnBoard {};
struct ClockPressed {
    TimePoint at{};
};
struct SyncClock {
    rules::ByColor<Ms> remaining;
};
}  // namespace intent
using Intent = std::variant<intent::HumanMove, intent::MadeOnBoard, intent::ClockPressed, intent::SyncClock>;

class Attachment {
  public:
    explicit Attachment(Tracker& tracker, AttachmentSettings settings = {});

    // The game changed (after every dispatch or poll): tells the tracker what to watch for.
    void view(const GameView& v, TimePoint now);
    // The tracker's events as intents for the session, in order.
    [[nodiscard]] std::vector<Intent> take(const std::vector<Event>& events);
    // The operator's Enter (commit: enter): the standing proposal, if any.
    [[nodiscard]] std::optional<Intent> enter();

    [[nodiscard]] const std::optional<rules::Move>& proposal() const { return proposal_; }
    // The squares that differ now (empty when the board agrees), for the screen and the DGT 3000.
    [[nodiscard]] const std::optional<ev::BoardDiffers>& mismatch() const { return mismatch_; }

  private:
    void lever(const ev::LeverPressed& p, TimePoint at, std::vector<Intent>& out);
    void pressedEarly(TimePoint settled_at, std::vector<Intent>& out);
    void reading(const ev::ClockReading& r, std::vector<Intent>& out);
    [[nodiscard]] bool sameStage(const GameView& v) const;

    Tracker& tracker_;
    AttachmentSettings settings_;
    GameView view_;
    bool have_view_ = false;
    std::optional<rules::Move> proposal_;
    std::optional<ev::BoardDiffers> mismatch_;
    bool made_sent_ = false;
    std::optional<std::size_t> synced_ply_;
    // The human's press that came before the last piece's update (a scan reports the squares out of
    // order): the move that settles just after it is the one the press completed.
    std::optional<TimePoint> early_press_;
};

}  // namespace oc::eboard
