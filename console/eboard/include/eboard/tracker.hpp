#pragma once
// The board tracker: brand-independent. It takes the pieces a board reports (whole pictures and single
// squares) and the table clock's readings, each with a time (virtual in tests), and says what they mean
// for the game: a proposed human move, the computer's move made, the board differing (with the squares),
// a clock reading, a lever press. Only a picture that stayed unchanged for the settle time means
// anything: a board scan takes 200-250 ms and reports pieces in between. Nothing here commits a move:
// the press of the lever completes it (Art. 6.2), and that is the caller's business.

#include <chrono>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "eboard/placement.hpp"
#include "rules/color.hpp"
#include "rules/game.hpp"

namespace oc::eboard {

using Ms = std::chrono::milliseconds;
using TimePoint = std::chrono::steady_clock::time_point;

// A side of the table clock. Left and right stay where they are when the board is turned.
enum class Hand : std::uint8_t { Left, Right };

struct TrackerSettings {
    Ms settle{300};                // a picture means something once unchanged this long
    Ms grace{2000};                // a human-side picture that is no legal move is reported after this
    Hand white_hand = Hand::Left;  // which side of the clock is White's
};

// A table-clock reading, brand-independent.
struct ClockFace {
    Ms left{};
    Ms right{};
    bool running = false;
    bool lever_right_high = false;
    bool battery_low = false;
    std::optional<Hand> to_move;
};

// What the board is watched for.
enum class Watch : std::uint8_t {
    Position,  // before the start, after the end: the board must show the game's position
    Human,     // the human to move: a legal successor is proposed
    Computer,  // the computer's move is being played on the board: it must be exactly that move
};

// Why the board differs while the computer's move is played (None on the human's side).
enum class Fault : std::uint8_t {
    None,
    WrongMove,          // a wrong piece or square
    RookNotMoved,       // castling: the king went, the rook did not
    WrongPromotion,     // another piece (or the pawn itself) on the promotion square
    CaptureLeft,        // the captured piece is still on the board
    HumanPieceTouched,  // a piece of the human's moved meanwhile
    HumanOutOfTurn,     // the human made a move of his own before the computer's move was played
};

namespace ev {
// A settled picture that equals exactly one legal successor of the game's position.
struct Proposed {
    rules::Move move;
    std::string fen;  // the placement shown
};
// The picture no longer shows the proposed or made move (taken back, or something else now).
struct Withdrawn {
    std::string fen;
};
// The computer's move stands on the board.
struct ComputerMoveMade {
    rules::Move move;
    std::string fen;
};
// The settled picture is not what the game expects: the squares that differ from the expected placement.
struct BoardDiffers {
    std::vector<SquareDiff> diffs;
    std::string fen;
    Fault fault = Fault::None;
    std::optional<std::size_t> earlier_ply;  // the picture is the game's position after this many plies
};
// After a difference, the board shows the expected position again.
struct BoardMatches {
    std::string fen;
};
// The orientation was found: upright, or turned (every square read as 63 - square).
struct Orientation {
    bool turned = false;
};
struct ClockReading {
    rules::ByColor<Ms> remaining;
    bool running = false;
    std::optional<rules::Color> to_move;
    bool battery_low = false;
};
// The lever went down on `side`'s half: that side completed its move.
struct LeverPressed {
    rules::Color side = rules::Color::White;
};
// The board says no clock is connected.
struct ClockMissing {};
}  // namespace ev

using EventKind =
    std::variant<ev::Proposed, ev::Withdrawn, ev::ComputerMoveMade, ev::BoardDiffers, ev::BoardMatches,
                 ev::Orientation, ev::ClockReading, ev::LeverPressed, ev::ClockMissing>;
struct Event {
    TimePoint at{};
    EventKind what;
};

class Tracker {
  public:
    explicit Tracker(TrackerSettings settings = {});

    // What the game expects now: its record, what to watch for, and for Watch::Computer the engine's move
    // (legal in game.current()). Re-reads a settled picture at once.
    void expect(const rules::Game& game, Watch watch, std::optional<rules::Move> computer_move,
                TimePoint now);
    // A whole picture, in the board's own orientation (a board dump).
    void picture(const Placement& raw, TimePoint now);
    // One square changed, in the board's own orientation (a field update).
    void square(rules::Square raw_square, Cell cell, TimePoint now);
    // A table-clock reading; a lever change settles the picture at once (the press ends the turn).
    void clock(const ClockFace& face, TimePoint now);
    // The board says no clock is connected.
    void noClock(TimePoint now);
    // After a reconnect: the picture is unknown until the next dump; lever history is forgotten.
    void forgetPicture();
    // Runs the settle and grace timers up to `now`; returns everything that happened since the last call.
    [[nodiscard]] std::vector<Event> poll(TimePoint now);

    // When the picture will settle, or the grace end, whichever comes first (for the caller's timer).
    [[nodiscard]] std::optional<TimePoint> nextDeadline() const;
    [[nodiscard]] std::optional<bool> turned() const { return turned_; }
    // The picture as the game sees it (mapped if the board is turned).
    [[nodiscard]] std::optional<Placement> currentPicture() const;
    // The picture once it has settled and its orientation is known; nullopt while pieces are moving.
    [[nodiscard]] std::optional<Placement> settledPicture() const;
    // Whether the picture has settled (its orientation may still be unknown).
    [[nodiscard]] bool settled() const { return raw_ && settled_; }
    [[nodiscard]] const TrackerSettings& settings() const { return settings_; }

  private:
    enum class Outcome : std::uint8_t { Unknown, InStep, Proposed, Made, DiffersPending, DiffersShown };

    void changed(TimePoint now);
    void settle(TimePoint now);
    void findOrientation(TimePoint now);
    // The game's position, or a move from it, shows as `p`.
    [[nodiscard]] bool explains(const Placement& p) const;
    void evaluateHuman(const Placement& p, TimePoint now);
    void evaluateComputer(const Placement& p, TimePoint now);
    void evaluatePosition(const Placement& p, TimePoint now);
    void inStep(const Placement& p, TimePoint now);
    void differs(const Placement& expected, const Placement& p, Fault fault, TimePoint now,
                 bool lifted = false);
    [[nodiscard]] bool inTransit(const Placement& p) const;
    void putRight(const Placement& p, TimePoint now);
    [[nodiscard]] std::optional<std::size_t> earlierPly(const Placement& p) const;
    [[nodiscard]] Fault classify(const Placement& p) const;
    [[nodiscard]] rules::Color colorOf(Hand h) const;
    void emit(TimePoint at, EventKind what);

    TrackerSettings settings_;
    rules::Game game_;
    Watch watch_ = Watch::Position;
    std::optional<rules::Move> computer_move_;
    std::optional<Placement> raw_;
    TimePoint changed_at_{};
    bool settled_ = false;
    std::optional<bool> turned_;
    Outcome outcome_ = Outcome::Unknown;
    std::optional<rules::Move> standing_move_;  // the proposed or made move
    TimePoint differs_at_{};
    ev::BoardDiffers pending_;
    bool shown_ = false;  // a BoardDiffers went out and no BoardMatches has closed it yet
    std::optional<bool> lever_right_high_;
    bool clock_missing_ = false;
    std::vector<Event> events_;
};

// A DGT BWTIME with times as a brand-independent reading.
[[nodiscard]] ClockFace clockFaceOf(const dgt::ClockTimes& t);

}  // namespace oc::eboard
