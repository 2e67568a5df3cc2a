#include "eboard/attachment.hpp"

#include <cstdlib>
#include <optional>
#include <utility>

namespace oc::eboard {

using Stage = GameView::Stage;

Attachment::Attachment(Tracker& tracker, AttachmentSettings settings)
    : tracker_(tracker), settings_(settings) {}

bool Attachment::sameStage(const GameView& v) const {
    return have_view_ && v.stage == view_.stage && v.game.plies() == view_.game.plies() &&
           v.computer_move == view_.computer_move && v.illegal_moves == view_.illegal_moves;
}

void Attachment::view(const GameView& v, TimePoint now) {
    // Only a view that has the pressed move has the console's clocks after the press (a view of the stage
    // before it, still in the mailbox when the press came, does not).
    if (await_plies_ && v.game.plies() > *await_plies_) await_plies_.reset();
    view_at_ = now;
    if (sameStage(v)) {
        view_.mirror = v.mirror;
        view_.running = v.running;
        answered(v);
        return;
    }
    // The operator made the move himself ("Made on board", confirmed): the press the lever gave meanwhile
    // still completes it.
    if (press_waiting_ && v.stage == Stage::ComputerMoveMade && v.game.plies() == view_.game.plies())
        queued_.push_back(intent::ClockPressed{*press_waiting_});
    view_ = v;
    have_view_ = true;
    proposal_.reset();
    early_press_.reset();
    stray_.reset();
    early_recovered_ = false;
    last_proposed_.reset();
    rook_first_ = false;
    made_waiting_ = false;
    press_waiting_.reset();
    recovered_press_.reset();
    made_sent_ = v.stage == Stage::ComputerMoveMade;
    switch (v.stage) {
        case Stage::HumanToMove:
            return tracker_.expect(v.game, Watch::Human, std::nullopt, now);
        case Stage::ComputerMoveShown:
        case Stage::ComputerMoveMade:
            return tracker_.expect(v.game, Watch::Computer, v.computer_move, now);
        default:
            return tracker_.expect(v.game, Watch::Position, std::nullopt, now);
    }
}

// The operator answered the draw offer (declined: play goes on): the move the board made meanwhile, and
// its press, go to the session now, in their order.
void Attachment::answered(const GameView& v) {
    const bool was_pending = std::exchange(view_.offer_pending, v.offer_pending);
    if (!was_pending || v.offer_pending || !made_waiting_) return;
    made_waiting_ = false;
    made_sent_ = true;
    queued_.push_back(intent::MadeOnBoard{});
    if (press_waiting_) queued_.push_back(intent::ClockPressed{*std::exchange(press_waiting_, std::nullopt)});
}

std::vector<Intent> Attachment::take(const std::vector<Event>& events, TimePoint now) {
    std::vector<Intent> out = std::exchange(queued_, {});
    for (const Event& e : events) {
        if (const auto* p = std::get_if<ev::Proposed>(&e.what)) {
            proposed(*p, e.at, out);
        } else if (std::holds_alternative<ev::Withdrawn>(e.what)) {
            proposal_.reset();
            made_waiting_ = false;  // the move waiting for the answer is no longer on the board
            press_waiting_.reset();
        } else if (const auto* d = std::get_if<ev::BoardDiffers>(&e.what)) {
            mismatch_ = *d;
            made_waiting_ = false;
            press_waiting_.reset();
            recovered_press_.reset();  // a press over a wrong move completes nothing
        } else if (std::holds_alternative<ev::BoardMatches>(e.what)) {
            mismatch_.reset();
        } else if (std::holds_alternative<ev::ComputerMoveMade>(e.what)) {
            mismatch_.reset();
            computerMade(out);
        } else if (const auto* l = std::get_if<ev::LeverPressed>(&e.what)) {
            lever(*l, e.at, out);
        } else if (const auto* r = std::get_if<ev::ClockReading>(&e.what)) {
            reading(*r, e.at, out);
        }
    }
    pressedNothing(now, out);
    return out;
}

namespace {

// Whether `earlier` is the rook's own move of the castling `m` (h1-f1 before e1-g1, a8-d8 before e8-c8).
bool castlingRookMove(rules::Move m, rules::Move earlier) {
    if (m.kind() != rules::Move::Kind::Castling) return false;
    const int rank = rules::rankOf(m.from());
    const bool king_side = rules::fileOf(m.to()) == 6;
    return earlier.from() == rules::makeSquare(king_side ? 7 : 0, rank) &&
           earlier.to() == rules::makeSquare(king_side ? 5 : 3, rank);
}

}  // namespace

// Art. 4.4.2 (2005: 4.4(b)): a rook touched first forbids castling with it this move. The board cannot
// tell a touch from a move, so the rook's own move proposed before the castling is taken as the rook
// touched first: the castling stands as played (data capture; the arbiter rules if it is claimed), and
// the screen and the journal say so.
void Attachment::proposed(const ev::Proposed& p, TimePoint at, std::vector<Intent>& out) {
    rook_first_ = last_proposed_ && castlingRookMove(p.move, *last_proposed_);
    last_proposed_ = p.move;
    proposal_ = p.move;
    mismatch_.reset();
    if (settings_.commit == CommitMode::Auto && view_.stage == Stage::HumanToMove)
        out.push_back(commit(std::nullopt));
    else
        pressedEarly(at, out);
}

void Attachment::awaitMove() {
    await_plies_ = view_.game.plies();
}

intent::HumanMove Attachment::commit(std::optional<TimePoint> pressed_at, bool recovered) {
    intent::HumanMove m{*std::exchange(proposal_, std::nullopt), pressed_at, recovered, rook_first_};
    if (pressed_at) awaitMove();
    return m;
}

// Art. 9.1: making the computer's move rejects the human's pending offer. That is the operator's answer
// to give (the "Made on board" button asks first), so while the offer waits the board's move waits too.
void Attachment::computerMade(std::vector<Intent>& out) {
    if (view_.stage != Stage::ComputerMoveShown || made_sent_) return;
    if (view_.offer_pending) {
        made_waiting_ = true;
    } else {
        out.push_back(intent::MadeOnBoard{});
        made_sent_ = true;
    }
    if (recovered_press_) computerPressed(*std::exchange(recovered_press_, std::nullopt), out);
}

// The human's press completes the proposed move (commit: lever); the computer's side's press is the
// operator completing the computer's move, once the board shows it (nothing is committed before).
void Attachment::lever(const ev::LeverPressed& p, TimePoint at, std::vector<Intent>& out) {
    if (p.side != view_.human) return computerPressed(at, out);
    if (view_.stage != Stage::HumanToMove || settings_.commit != CommitMode::Lever) return;
    if (!proposal_) {
        early_press_ = at;  // the last piece's update may still be on its way
        return;
    }
    out.push_back(commit(at));
}

void Attachment::computerPressed(TimePoint at, std::vector<Intent>& out) {
    const bool computer_stage =
        view_.stage == Stage::ComputerMoveShown || view_.stage == Stage::ComputerMoveMade;
    if (!computer_stage || mismatch_) return;
    if (made_waiting_) {
        press_waiting_ = at;
        awaitMove();  // the clock added the increment at this press; the console adds it later
        return;
    }
    if (!made_sent_) return;
    out.push_back(intent::ClockPressed{at});
    awaitMove();
}

// A move that settles at most the settle time plus `late_piece` after the human's press was completed by
// it: its last piece was reported just after the press. Any later, the press belonged to nothing.
void Attachment::pressedEarly(TimePoint settled_at, std::vector<Intent>& out) {
    const std::optional<TimePoint> press = std::exchange(early_press_, std::nullopt);
    const bool recovered = std::exchange(early_recovered_, false);
    if (!press || settings_.commit != CommitMode::Lever || view_.stage != Stage::HumanToMove) return;
    if (!recovered && settled_at > *press + tracker_.settings().settle + settings_.late_piece) return;
    out.push_back(commit(*press, recovered));
}

// Art. 7.5: a press that no legal move followed within the wait for its last piece completed an illegal
// move (or none). The board's settled picture then says which; the arbiter rules, so nothing is entered.
void Attachment::pressedNothing(TimePoint now, std::vector<Intent>& out) {
    if (!early_press_ || proposal_ || view_.stage != Stage::HumanToMove) return;
    const Ms wait = tracker_.settings().settle * 2 + settings_.late_piece;
    if (now < *early_press_ + wait) return;
    if (!tracker_.settled()) return;  // pieces still moving: the picture they settle on decides
    // An illegal first move leaves the board's orientation unknown: the picture is then read upright.
    const std::optional<Placement> shown = tracker_.currentPicture();
    stray_ = strayAt(*std::exchange(early_press_, std::nullopt), *shown);
    out.push_back(intent::PressWithoutMove{*stray_});
}

namespace {

// The move the pieces show, when one piece of the side to move left one square for another: "f1b5".
std::string movedPiece(const rules::Position& before, const std::vector<SquareDiff>& diffs) {
    std::optional<SquareDiff> from, to;
    for (const SquareDiff& d : diffs) {
        const auto expected = pieceOf(d.expected);
        const bool own_left = d.actual == Cell::Empty && expected && expected->color == before.sideToMove();
        if (own_left && !from)
            from = d;
        else if (d.actual != Cell::Empty && !to)
            to = d;
        else
            return "";
    }
    if (!from || !to || from->expected != to->actual) return "";
    return rules::squareName(from->square) + rules::squareName(to->square);
}

}  // namespace

StrayPress Attachment::strayAt(TimePoint at, const Placement& shown) const {
    const rules::Position& before = view_.game.current();
    StrayPress s;
    s.at = at;
    s.fen = placementFen(shown);
    s.diffs = differences(placementOf(before), shown);
    s.no_move = s.diffs.empty();
    s.move = movedPiece(before, s.diffs);
    return s;
}

// Issue 34 item 15: a press made while the board was unplugged left the table clock running the other
// side. On its return the first reading shows it: the human's press completes the move the board shows (or
// none, which is then reported as such); the operator's completes the computer's move made on the board.
void Attachment::recoverPress(rules::Color running, TimePoint at, std::vector<Intent>& out) {
    if (view_.stage == Stage::HumanToMove && running != view_.human &&
        settings_.commit == CommitMode::Lever) {
        if (!proposal_) {
            early_press_ = at;
            early_recovered_ = true;
            return;
        }
        out.push_back(commit(at, true));
        return;
    }
    const bool computer_stage =
        view_.stage == Stage::ComputerMoveShown || view_.stage == Stage::ComputerMoveMade;
    if (!computer_stage || running != view_.human) return;
    // The board's first picture may come after this reading (after a restart of the console, too): the
    // press then waits for the computer's move to be seen on the board.
    if (!made_sent_ && !made_waiting_) {
        recovered_press_ = at;
        return;
    }
    computerPressed(at, out);
}

void Attachment::reading(const ev::ClockReading& r, TimePoint at, std::vector<Intent>& out) {
    if (check_lever_ && r.to_move) {
        check_lever_ = false;
        recoverPress(*r.to_move, at, out);
    }
    if (view_.stage == Stage::NotStarted || view_.stage == Stage::Over) return;
    // Right after a press the console has not yet added its increment (nor taken the move, while the press
    // waits for its last piece); after a press that completed no move the table clock runs the wrong side
    // until the arbiter rules: no sync over any of them.
    if (await_plies_ || early_press_ || stray_) return;
    if (synced_ply_ == view_.game.plies()) return;  // one sync per move at most
    const auto off = [&](rules::Color c) {
        const Ms ran = view_.running == c ? std::chrono::duration_cast<Ms>(at - view_at_) : Ms{0};
        return std::abs((r.remaining[c] - (view_.mirror[c] - ran)).count()) >
               settings_.sync_threshold.count();
    };
    if (!off(rules::Color::White) && !off(rules::Color::Black)) return;
    synced_ply_ = view_.game.plies();
    out.push_back(intent::SyncClock{r.remaining});
}

std::optional<Intent> Attachment::enter() {
    if (settings_.commit != CommitMode::Enter || view_.stage != Stage::HumanToMove || !proposal_)
        return std::nullopt;
    return commit(std::nullopt);
}

}  // namespace oc::eboard
