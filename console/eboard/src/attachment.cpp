#include "eboard/attachment.hpp"

#include <cstdlib>
#include <utility>

namespace oc::eboard {

using Stage = GameView::Stage;

Attachment::Attachment(Tracker& tracker, AttachmentSettings settings)
    : tracker_(tracker), settings_(settings) {}

bool Attachment::sameStage(const GameView& v) const {
    return have_view_ && v.stage == view_.stage && v.game.plies() == view_.game.plies() &&
           v.computer_move == view_.computer_move;
}

void Attachment::view(const GameView& v, TimePoint now) {
    const bool same = sameStage(v);
    const rules::ByColor<Ms> mirror = v.mirror;
    if (same) {
        view_.mirror = mirror;
        return;
    }
    view_ = v;
    have_view_ = true;
    proposal_.reset();
    early_press_.reset();
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

std::vector<Intent> Attachment::take(const std::vector<Event>& events) {
    std::vector<Intent> out;
    for (const Event& e : events) {
        if (const auto* p = std::get_if<ev::Proposed>(&e.what)) {
            proposal_ = p->move;
            mismatch_.reset();
            if (settings_.commit == CommitMode::Auto && view_.stage == Stage::HumanToMove)
                out.push_back(intent::HumanMove{p->move, std::nullopt});
            else
                pressedEarly(e.at, out);
        } else if (std::holds_alternative<ev::Withdrawn>(e.what)) {
            proposal_.reset();
        } else if (const auto* d = std::get_if<ev::BoardDiffers>(&e.what)) {
            mismatch_ = *d;
        } else if (std::holds_alternative<ev::BoardMatches>(e.what)) {
            mismatch_.reset();
        } else if (std::holds_alternative<ev::ComputerMoveMade>(e.what)) {
            mismatch_.reset();
            if (view_.stage == Stage::ComputerMoveShown && !made_sent_) out.push_back(intent::MadeOnBoard{});
            made_sent_ = true;
        } else if (const auto* l = std::get_if<ev::LeverPressed>(&e.what)) {
            lever(*l, e.at, out);
        } else if (const auto* r = std::get_if<ev::ClockReading>(&e.what)) {
            reading(*r, out);
        }
    }
    return out;
}

// The human's press completes the proposed move (commit: lever); the computer's side's press is the
// operator completing the computer's move, once the board shows it (nothing is committed before).
void Attachment::lever(const ev::LeverPressed& p, TimePoint at, std::vector<Intent>& out) {
    if (p.side == view_.human) {
        if (view_.stage != Stage::HumanToMove || settings_.commit != CommitMode::Lever) return;
        if (!proposal_) {
            early_press_ = at;  // the last piece's update may still be on its way
            return;
        }
        out.push_back(intent::HumanMove{*proposal_, at});
        proposal_.reset();
        return;
    }
    const bool computer_stage =
        view_.stage == Stage::ComputerMoveShown || view_.stage == Stage::ComputerMoveMade;
    if (computer_stage && made_sent_ && !mismatch_) out.push_back(intent::ClockPressed{at});
}

// A move that settles at most the settle time plus `late_piece` after the human's press was completed by
// it: its last piece was reported just after the press. Any later, the press belonged to nothing.
void Attachment::pressedEarly(TimePoint settled_at, std::vector<Intent>& out) {
    const std::optional<TimePoint> press = std::exchange(early_press_, std::nullopt);
    if (!press || settings_.commit != CommitMode::Lever || view_.stage != Stage::HumanToMove) return;
    if (settled_at > *press + tracker_.settings().settle + settings_.late_piece) return;
    out.push_back(intent::HumanMove{*proposal_, *press});
    proposal_.reset();
}

void Attachment::reading(const ev::ClockReading& r, std::vector<Intent>& out) {
    if (view_.stage == Stage::NotStarted || view_.stage == Stage::Over) return;
    if (synced_ply_ == view_.game.plies()) return;  // one sync per move at most
    const auto off = [&](rules::Color c) {
        return std::abs((r.remaining[c] - view_.mirror[c]).count()) > settings_.sync_threshold.count();
    };
    if (!off(rules::Color::White) && !off(rules::Color::Black)) return;
    synced_ply_ = view_.game.plies();
    out.push_back(intent::SyncClock{r.remaining});
}

std::optional<Intent> Attachment::enter() {
    if (settings_.commit != CommitMode::Enter || view_.stage != Stage::HumanToMove || !proposal_)
        return std::nullopt;
    const rules::Move m = *proposal_;
    proposal_.reset();
    return intent::HumanMove{m, std::nullopt};
}

}  // namespace oc::eboard
