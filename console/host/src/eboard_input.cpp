#include "host/eboard_input.hpp"

#include <fmt/format.h>

#include "i18n/mark.hpp"

namespace oc::host {

using eboard::GameView;
using i18n::N_;
using session::Phase;

namespace {

GameView::Stage stageOf(Phase p) {
    switch (p) {
        case Phase::Setup:
            return GameView::Stage::NotStarted;
        case Phase::HumanToMove:
            return GameView::Stage::HumanToMove;
        case Phase::EngineMoveShown:
            return GameView::Stage::ComputerMoveShown;
        case Phase::EngineMoveMade:
            return GameView::Stage::ComputerMoveMade;
        case Phase::GameOver:
            return GameView::Stage::Over;
        default:
            return GameView::Stage::EngineThinking;  // the board must show the game's position
    }
}

}  // namespace

GameView eboardView(const session::Snapshot& s) {
    GameView v;
    v.stage = stageOf(s.phase);
    const bool computer_stage =
        v.stage == GameView::Stage::ComputerMoveShown || v.stage == GameView::Stage::ComputerMoveMade;
    // Once made on the board, the computer's move is on the scoresheet already: it is still the move the
    // board is checked against until the clock is pressed.
    std::size_t count = s.moves.size();
    if (computer_stage && s.engine_move && count > 0 && s.moves.back().uci == s.engine_move->uci &&
        s.phase == Phase::EngineMoveMade)
        --count;
    for (std::size_t i = 0; i < count; ++i)
        if (auto move = rules::parseUci(v.game.current(), s.moves[i].uci)) v.game.playLegal(*move);
    if (computer_stage && s.engine_move)
        if (auto move = rules::parseUci(v.game.current(), s.engine_move->uci)) v.computer_move = *move;
    if (computer_stage && !v.computer_move)
        v.stage = GameView::Stage::EngineThinking;  // a withheld (sealed) move: only the position is checked
    v.human = ~s.setup.computer_side;
    v.mirror = s.remaining;
    return v;
}

session::Command eboardCommand(const eboard::Intent& intent) {
    return std::visit(
        [](const auto& i) -> session::Command {
            using T = std::decay_t<decltype(i)>;
            if constexpr (std::is_same_v<T, eboard::intent::HumanMove>)
                return session::cmd::HumanMove{rules::toUci(i.move), i.pressed_at, false};
            else if constexpr (std::is_same_v<T, eboard::intent::MadeOnBoard>)
                return session::cmd::MadeOnBoard{};
            else if constexpr (std::is_same_v<T, eboard::intent::ClockPressed>)
                return session::cmd::ClockPressed{i.at};
            else
                return session::cmd::SyncClock{i.remaining[rules::Color::White],
                                               i.remaining[rules::Color::Black]};
        },
        intent);
}

EboardInput::EboardInput(std::string port, eboard::TrackerSettings tracker, eboard::AttachmentSettings attach)
    : board_(std::move(port), tracker), attachment_(board_.tracker(), attach) {}

void EboardInput::onSnapshot(const session::Snapshot& snapshot, session::TimePoint now) {
    attachment_.view(eboardView(snapshot), now);
    showOnClock(snapshot);
}

// The computer's move on the DGT 3000 until it is made, then the times again (END).
void EboardInput::showOnClock(const session::Snapshot& s) {
    const bool show = s.phase == Phase::EngineMoveShown && s.engine_move;
    const std::string text = show ? s.engine_move->text.substr(0, 8) : std::string();
    if (text == clock_text_) return;
    clock_text_ = text;
    if (text.empty())
        board_.showTimes();
    else
        board_.showText(text);
}

std::vector<session::Command> EboardInput::poll(eboard::Ms max_wait) {
    eboard::PollResult r = board_.poll(max_wait);
    for (const eboard::LinkNotice& n : r.notices) {
        if (const auto* lost = std::get_if<eboard::link::Lost>(&n))
            notices_.push_back(fmt::format(N_("e-board lost: enter moves by hand ({})"), lost->reason));
        else
            notices_.push_back(fmt::format(N_("e-board connected: serial {}"),
                                           std::get<eboard::link::Connected>(n).identity.serial));
    }
    std::vector<session::Command> out;
    intents_ = attachment_.take(r.events);
    for (const eboard::Intent& i : intents_) out.push_back(eboardCommand(i));
    last_ = std::move(r);
    return out;
}

std::optional<session::Command> EboardInput::enter() {
    if (auto i = attachment_.enter()) return eboardCommand(*i);
    return std::nullopt;
}

std::vector<std::string> EboardInput::takeNotices() {
    return std::exchange(notices_, {});
}

}  // namespace oc::host
