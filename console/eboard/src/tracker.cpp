#include "eboard/tracker.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>
#include <utility>

namespace oc::eboard {

using rules::Color;
using rules::Move;
using rules::Position;

namespace {

// The placement after `m`, for each legal move of `pos` whose result is `p`.
std::vector<Move> movesShowing(const Position& pos, const Placement& p) {
    std::vector<Move> out;
    for (Move m : pos.legalMoves())
        if (placementOf(pos.play(m)) == p) out.push_back(m);
    return out;
}

// The squares the move `m` changes (from, to, the rook's squares, an e.p. victim's).
std::vector<rules::Square> touched(const Position& before, Move m) {
    std::vector<rules::Square> out;
    for (const SquareDiff& d : differences(placementOf(before), placementOf(before.play(m))))
        out.push_back(d.square);
    return out;
}

bool contains(const std::vector<rules::Square>& squares, rules::Square s) {
    return std::find(squares.begin(), squares.end(), s) != squares.end();
}

// The same position with the other side to move (no en-passant square): what the board shows when the
// side not to move makes a move out of turn. Nullopt when that position cannot be (the other king in check).
std::optional<Position> otherSideToMove(const Position& pos) {
    std::istringstream fields(pos.fen());
    std::string placement, side, castling, ep, halfmoves, fullmoves;
    fields >> placement >> side >> castling >> ep >> halfmoves >> fullmoves;
    const char* other = pos.sideToMove() == Color::White ? "b" : "w";
    auto flipped =
        Position::fromFen(fmt::format("{} {} {} - {} {}", placement, other, castling, halfmoves, fullmoves));
    return flipped ? std::optional<Position>(*flipped) : std::nullopt;
}

bool isColor(Cell c, Color color) {
    const auto piece = pieceOf(c);
    return piece && piece->color == color;
}

}  // namespace

Tracker::Tracker(TrackerSettings settings) : settings_(settings) {}

void Tracker::expect(const rules::Game& game, Watch watch, std::optional<Move> computer_move, TimePoint now) {
    // The same computer move watched again (it was made: the session now waits for its press) is no news:
    // the board made it once, and says so once (issue 34 item 11).
    const bool made_again = outcome_ == Outcome::Made && watch == Watch::Computer &&
                            watch_ == Watch::Computer && computer_move == computer_move_ &&
                            game.plies() == game_.plies();
    game_ = game;
    watch_ = watch;
    computer_move_ = watch == Watch::Computer ? computer_move : std::nullopt;
    if (watch_ == Watch::Computer && !computer_move_) watch_ = Watch::Position;
    if (made_again) return;
    standing_move_.reset();
    const bool was_differing = outcome_ == Outcome::DiffersShown;
    outcome_ = was_differing ? Outcome::DiffersShown : Outcome::Unknown;
    if (raw_ && now - changed_at_ >= settings_.settle) settle(now);
}

void Tracker::picture(const Placement& raw, TimePoint now) {
    if (raw_ && *raw_ == raw) return;  // a dump that confirms the picture does not restart the timer
    raw_ = raw;
    changed(now);
}

void Tracker::square(rules::Square raw_square, Cell cell, TimePoint now) {
    if (!raw_ || (*raw_)[raw_square] == cell) return;  // updates before the first dump mean nothing
    (*raw_)[raw_square] = cell;
    changed(now);
}

// A change restarts the settle time, and a difference not yet shown waits for the next settled picture:
// the player is still busy on the board.
void Tracker::changed(TimePoint now) {
    changed_at_ = now;
    settled_ = false;
    if (outcome_ == Outcome::DiffersPending) outcome_ = Outcome::Unknown;
}

void Tracker::clock(const ClockFace& face, TimePoint now) {
    clock_missing_ = false;
    const bool lever_moved = lever_right_high_ && *lever_right_high_ != face.lever_right_high;
    lever_right_high_ = face.lever_right_high;
    if (lever_moved) {
        if (raw_ && !settled_) settle(now);  // the press declares the move complete: no more waiting
        // The half that went down is the presser's: right high means the left player pressed.
        emit(now, ev::LeverPressed{colorOf(face.lever_right_high ? Hand::Left : Hand::Right)});
    }
    ev::ClockReading reading;
    reading.remaining[colorOf(Hand::Left)] = face.left;
    reading.remaining[colorOf(Hand::Right)] = face.right;
    reading.running = face.running;
    if (face.to_move) reading.to_move = colorOf(*face.to_move);
    reading.battery_low = face.battery_low;
    emit(now, reading);
}

void Tracker::noClock(TimePoint now) {
    lever_right_high_.reset();
    if (!clock_missing_) emit(now, ev::ClockMissing{});
    clock_missing_ = true;
}

void Tracker::forgetPicture() {
    raw_.reset();
    settled_ = false;
    lever_right_high_.reset();
}

std::vector<Event> Tracker::poll(TimePoint now) {
    if (raw_ && !settled_ && now - changed_at_ >= settings_.settle) settle(changed_at_ + settings_.settle);
    if (outcome_ == Outcome::DiffersPending && now >= differs_at_ + settings_.grace) {
        outcome_ = Outcome::DiffersShown;
        shown_ = true;
        emit(differs_at_ + settings_.grace, pending_);
    }
    return std::exchange(events_, {});
}

std::optional<TimePoint> Tracker::nextDeadline() const {
    if (raw_ && !settled_) return changed_at_ + settings_.settle;
    if (outcome_ == Outcome::DiffersPending) return differs_at_ + settings_.grace;
    return std::nullopt;
}

std::optional<Placement> Tracker::currentPicture() const {
    if (!raw_) return std::nullopt;
    return turned_.value_or(false) ? eboard::turned(*raw_) : *raw_;
}

std::optional<Placement> Tracker::settledPicture() const {
    if (!settled_ || !turned_) return std::nullopt;
    return currentPicture();
}

void Tracker::settle(TimePoint now) {
    settled_ = true;
    if (!turned_) findOrientation(now);
    const Placement p = *currentPicture();
    switch (watch_) {
        case Watch::Human:
            return evaluateHuman(p, now);
        case Watch::Computer:
            return evaluateComputer(p, now);
        case Watch::Position:
            return evaluatePosition(p, now);
    }
}

// A board shows the game's position upright or turned, or (when the player moved before the start
// position had settled) a legal successor of it. Only a picture that exactly one orientation explains
// decides: an arbitrary position cannot tell the two apart reliably, so it leaves the orientation open.
void Tracker::findOrientation(TimePoint now) {
    const bool upright = explains(*raw_);
    const bool turned = explains(eboard::turned(*raw_));
    if (upright == turned) return;
    turned_ = turned;
    emit(now, ev::Orientation{*turned_});
}

bool Tracker::explains(const Placement& p) const {
    const Position& cur = game_.current();
    if (p == placementOf(cur) || (watch_ == Watch::Human && movesShowing(cur, p).size() == 1)) return true;
    if (!computer_move_) return false;
    const Position after = cur.play(*computer_move_);
    return p == placementOf(after) || !movesShowing(after, p).empty();
}

void Tracker::evaluateHuman(const Placement& p, TimePoint now) {
    const Position& cur = game_.current();
    if (p == placementOf(cur)) return inStep(p, now);
    const std::vector<Move> moves = movesShowing(cur, p);
    if (moves.size() != 1) return differs(placementOf(cur), p, Fault::None, now);
    if (outcome_ == Outcome::Proposed && standing_move_ == moves.front()) return;
    putRight(p, now);
    outcome_ = Outcome::Proposed;
    standing_move_ = moves.front();
    emit(now, ev::Proposed{moves.front(), placementFen(p)});
}

void Tracker::evaluateComputer(const Placement& p, TimePoint now) {
    const Position& cur = game_.current();
    const Position after = cur.play(*computer_move_);
    if (p == placementOf(cur)) return inStep(p, now);
    // The move itself, or the move already answered by the human (a fast reply inside one settle time):
    // either way the computer's move stands on the board.
    if (p == placementOf(after) || !movesShowing(after, p).empty()) {
        if (outcome_ == Outcome::Made) return;
        putRight(p, now);
        outcome_ = Outcome::Made;
        standing_move_ = computer_move_;
        emit(now, ev::ComputerMoveMade{*computer_move_, placementFen(p)});
        return;
    }
    differs(placementOf(after), p, classify(p), now, inTransit(p));
}

// Issue 34 item 9: the operator holds the computer's piece in the air (or has lifted the piece it
// captures): the board shows the position before the move less pieces on the move's own squares. That is
// the move being played, not a wrong one; it is shown only if it stays so past the grace.
bool Tracker::inTransit(const Placement& p) const {
    const Position& cur = game_.current();
    const std::vector<rules::Square> own = touched(cur, *computer_move_);
    const std::vector<SquareDiff> diffs = differences(placementOf(cur), p);
    return std::all_of(diffs.begin(), diffs.end(), [&](const SquareDiff& d) {
        return d.actual == Cell::Empty && contains(own, d.square);
    });
}

void Tracker::evaluatePosition(const Placement& p, TimePoint now) {
    if (p == placementOf(game_.current())) return inStep(p, now);
    differs(placementOf(game_.current()), p, Fault::None, now);
}

// The board shows the game's position: a standing proposal or made move is withdrawn, a difference is
// put right.
void Tracker::inStep(const Placement& p, TimePoint now) {
    if (outcome_ == Outcome::Proposed || outcome_ == Outcome::Made) emit(now, ev::Withdrawn{placementFen(p)});
    putRight(p, now);
    outcome_ = Outcome::InStep;
    standing_move_.reset();
}

// A wrong computer move is shown at once (nothing may be committed); on the human's side the player may
// still be busy adjusting, so the difference waits for the grace time.
void Tracker::differs(const Placement& expected, const Placement& p, Fault fault, TimePoint now,
                      bool lifted) {
    if (outcome_ == Outcome::Proposed || outcome_ == Outcome::Made) emit(now, ev::Withdrawn{placementFen(p)});
    standing_move_.reset();
    ev::BoardDiffers d{differences(expected, p), placementFen(p), fault, earlierPly(p)};
    const bool at_once =
        (watch_ == Watch::Computer && !lifted) || watch_ == Watch::Position || settings_.grace <= Ms{0};
    const bool same = outcome_ == Outcome::DiffersShown && pending_.fen == d.fen;
    pending_ = d;
    if (same) return;
    if (at_once) {
        outcome_ = Outcome::DiffersShown;
        shown_ = true;
        emit(now, std::move(d));
        return;
    }
    outcome_ = Outcome::DiffersPending;
    differs_at_ = now;
}

// Every difference that was shown is closed when the board agrees again, even when another wrong picture
// came and went in between, shorter than the grace (issue 34: the amber line stayed up).
void Tracker::putRight(const Placement& p, TimePoint now) {
    if (!std::exchange(shown_, false)) return;
    emit(now, ev::BoardMatches{placementFen(p)});
}

std::optional<std::size_t> Tracker::earlierPly(const Placement& p) const {
    const auto& positions = game_.positions();
    for (std::size_t i = positions.size() - 1; i-- > 0;)
        if (placementOf(positions[i]) == p) return i;
    return std::nullopt;
}

// What went wrong with the computer's move, most specific first.
Fault Tracker::classify(const Placement& p) const {
    const Position& cur = game_.current();
    const Move m = *computer_move_;
    const Placement before = placementOf(cur);
    const Placement target = placementOf(cur.play(m));
    if (m.kind() == Move::Kind::Castling) {
        Placement king_only = before;
        king_only[m.to()] = before[m.from()];
        king_only[m.from()] = Cell::Empty;
        if (p == king_only) return Fault::RookNotMoved;
    }
    const std::vector<SquareDiff> diffs = differences(target, p);
    if (m.kind() == Move::Kind::Promotion && diffs.size() == 1 && diffs.front().square == m.to())
        return Fault::WrongPromotion;
    const std::vector<rules::Square> own = touched(cur, m);
    const bool move_right = std::none_of(diffs.begin(), diffs.end(),
                                         [&](const SquareDiff& d) { return contains(own, d.square); });
    if (cur.isCapture(m)) {
        const auto victim = m.kind() == Move::Kind::EnPassant
                                ? rules::makeSquare(rules::fileOf(m.to()), rules::rankOf(m.from()))
                                : m.to();
        const Cell victim_cell = before[victim];
        const bool left = std::all_of(diffs.begin(), diffs.end(), [&](const SquareDiff& d) {
            return d.expected == Cell::Empty && d.actual == victim_cell;
        });
        if (left) return Fault::CaptureLeft;
    }
    const Color human = ~cur.sideToMove();
    // Issue 34 item 8: a legal move of the human's own, with the computer's move not yet played, is the
    // human moving out of turn, not the operator misplaying the computer's move.
    if (const auto flipped = otherSideToMove(cur); flipped && !movesShowing(*flipped, p).empty())
        return Fault::HumanOutOfTurn;
    if (move_right && std::any_of(diffs.begin(), diffs.end(), [&](const SquareDiff& d) {
            return isColor(d.expected, human) || isColor(d.actual, human);
        }))
        return Fault::HumanPieceTouched;
    return Fault::WrongMove;
}

Color Tracker::colorOf(Hand h) const {
    return h == settings_.white_hand ? Color::White : Color::Black;
}

void Tracker::emit(TimePoint at, EventKind what) {
    events_.push_back({at, std::move(what)});
}

ClockFace clockFaceOf(const dgt::ClockTimes& t) {
    ClockFace f;
    f.left = Ms{t.left.totalSeconds() * 1000};
    f.right = Ms{t.right.totalSeconds() * 1000};
    f.running = t.running();
    f.lever_right_high = t.leverRightHigh();
    f.battery_low = t.batteryLow();
    if (t.leftToMove()) f.to_move = Hand::Left;
    if (t.rightToMove()) f.to_move = Hand::Right;
    return f;
}

}  // namespace oc::eboard
