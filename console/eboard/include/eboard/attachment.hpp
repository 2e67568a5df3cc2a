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
    // The side whose time the console runs at the view's time: a reading taken later is compared with
    // that side's mirror less the time since (a view is published once a frame, less often when idle,
    // and later still on a loaded laptop; a stale mirror would look like a difference).
    std::optional<rules::Color> running;
    // The human's draw offer waits for the operator's answer: playing the computer's move would reject
    // it (Art. 9.1), which is the operator's decision, never the board's.
    bool offer_pending = false;
    int illegal_moves = 0;  // both sides' illegal moves ruled so far: a ruling moves the game on
};

// The human pressed the clock with no legal move on the board (Art. 7.5: the arbiter's matter): an
// illegal move completed, or a press with nothing moved. Never a session command: it is journalled and
// shown, and the arbiter rules.
struct StrayPress {
    TimePoint at{};
    std::string fen;                // the settled placement at the press, as the game sees it
    bool no_move = false;           // the board still showed the position before the move
    std::string move;               // the illegal move as the pieces show it ("f1b5"), "" if unclear
    std::vector<SquareDiff> diffs;  // the squares that differ from the position before the move
};

namespace intent {
struct HumanMove {
    rules::Move move;
    std::optional<TimePoint> pressed_at;
    bool recovered = false;   // pressed while the board was unplugged: found from the clock on its return
    bool rook_first = false;  // castling whose rook went first (Art. 4.4.2 / 2005 4.4(b)): the arbiter's
};
struct MadeOnBoard {};
struct ClockPressed {
    TimePoint at{};
};
struct SyncClock {
    rules::ByColor<Ms> remaining;
};
// Not a session command: the human's press that completed no move (see StrayPress).
struct PressWithoutMove {
    StrayPress press;
};
}  // namespace intent
using Intent = std::variant<intent::HumanMove, intent::MadeOnBoard, intent::ClockPressed, intent::SyncClock,
                            intent::PressWithoutMove>;

class Attachment {
  public:
    explicit Attachment(Tracker& tracker, AttachmentSettings settings = {});

    // The game changed (after every dispatch or poll): tells the tracker what to watch for.
    void view(const GameView& v, TimePoint now);
    // The tracker's events as intents for the session, in order; `now` runs the wait for a pressed move's
    // last piece (a press that completed nothing is reported once that wait is over).
    [[nodiscard]] std::vector<Intent> take(const std::vector<Event>& events, TimePoint now);
    // The board came back (or connected): its first clock reading says whose clock runs, and so whether a
    // press was made while it was away (issue 34 item 15).
    void reconnected() { check_lever_ = true; }
    // The operator's Enter (commit: enter): the standing proposal, if any.
    [[nodiscard]] std::optional<Intent> enter();

    [[nodiscard]] const std::optional<rules::Move>& proposal() const { return proposal_; }
    // The squares that differ now (empty when the board agrees), for the screen and the DGT 3000.
    [[nodiscard]] const std::optional<ev::BoardDiffers>& mismatch() const { return mismatch_; }
    // The computer's move stands on the board but waits for the operator's answer to the draw offer.
    [[nodiscard]] bool madeWaitsForAnswer() const { return made_waiting_; }
    // The human's last press that completed no move, until the game moves on (a move, a ruling).
    [[nodiscard]] const std::optional<StrayPress>& strayPress() const { return stray_; }
    // The standing proposal is castling whose rook the human moved first (issue 34 item 17).
    [[nodiscard]] bool rookFirst() const { return rook_first_; }

  private:
    void lever(const ev::LeverPressed& p, TimePoint at, std::vector<Intent>& out);
    void pressedEarly(TimePoint settled_at, std::vector<Intent>& out);
    void reading(const ev::ClockReading& r, TimePoint at, std::vector<Intent>& out);
    void recoverPress(rules::Color running, TimePoint at, std::vector<Intent>& out);
    void computerMade(std::vector<Intent>& out);
    void computerPressed(TimePoint at, std::vector<Intent>& out);
    void answered(const GameView& v);
    void pressedNothing(TimePoint now, std::vector<Intent>& out);
    void proposed(const ev::Proposed& p, TimePoint at, std::vector<Intent>& out);
    void awaitMove();
    [[nodiscard]] intent::HumanMove commit(std::optional<TimePoint> pressed_at, bool recovered = false);
    [[nodiscard]] StrayPress strayAt(TimePoint at, const Placement& shown) const;
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
    // The computer's move made on the board (and its press) while the draw offer waits for an answer.
    bool made_waiting_ = false;
    std::optional<TimePoint> press_waiting_;
    // A press of the computer's half seen in the first reading after a (re)connection, before the board's
    // first picture showed the computer's move: it completes that move once the board shows it.
    std::optional<TimePoint> recovered_press_;
    std::vector<Intent> queued_;  // released by the operator's answer, handed out by the next take()
    std::optional<StrayPress> stray_;
    // The last move the board proposed this turn (kept through a withdrawal), and whether the standing
    // proposal is castling that followed its own rook's move.
    std::optional<rules::Move> last_proposed_;
    bool rook_first_ = false;
    bool check_lever_ = false;      // the next reading with a side to move may show a press made while away
    bool early_recovered_ = false;  // early_press_ is such a press: its move may settle any time later
    // A press was just turned into a command: the console's clocks (and the increment the press earned)
    // are known only from a view that has the pressed move, so until one comes (more plies than this) a
    // reading is not compared with the old mirror.
    std::optional<std::size_t> await_plies_;
    TimePoint view_at_{};  // when the view's mirror was the console's clocks
};

}  // namespace oc::eboard
