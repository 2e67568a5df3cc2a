#include "host/eboard_input.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "eboard/typed_move.hpp"
#include "i18n/mark.hpp"
#include "rules/notation.hpp"

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
    v.running = s.clock_running;
    v.offer_pending = s.human_offer_pending;
    v.illegal_moves = s.illegal_moves[rules::Color::White] + s.illegal_moves[rules::Color::Black];
    return v;
}

std::optional<session::Command> eboardCommand(const eboard::Intent& intent) {
    return std::visit(
        [](const auto& i) -> std::optional<session::Command> {
            using T = std::decay_t<decltype(i)>;
            if constexpr (std::is_same_v<T, eboard::intent::HumanMove>)
                return session::cmd::HumanMove{rules::toUci(i.move), i.pressed_at, false};
            else if constexpr (std::is_same_v<T, eboard::intent::MadeOnBoard>)
                return session::cmd::MadeOnBoard{};
            else if constexpr (std::is_same_v<T, eboard::intent::ClockPressed>)
                return session::cmd::ClockPressed{i.at};
            else if constexpr (std::is_same_v<T, eboard::intent::SyncClock>)
                return session::cmd::SyncClock{i.remaining[rules::Color::White],
                                               i.remaining[rules::Color::Black],
                                               session::cmd::ReadingFrom::Board};
            else
                return std::nullopt;  // the arbiter's matter: journalled and shown, never entered
        },
        intent);
}

bool boardCommandOutsideTheGame(const session::Snapshot& s) {
    return s.phase == Phase::GameOver || s.phase == Phase::Setup;
}

namespace {

// The verdict as the conflict the operator is asked about; nullopt when the board agrees.
std::optional<TypedConflict> conflictOf(const eboard::TypedVerdict& verdict, const rules::Move typed,
                                        const std::string& fen) {
    if (std::holds_alternative<eboard::typed::Agrees>(verdict)) return std::nullopt;
    TypedConflict c;
    c.typed_uci = rules::toUci(typed);
    c.board_fen = fen;
    if (const auto* other = std::get_if<eboard::typed::OtherMove>(&verdict))
        c.board_uci = rules::toUci(other->move);
    c.board_unchanged = std::holds_alternative<eboard::typed::NoMove>(verdict);
    if (const auto* none = std::get_if<eboard::typed::NoSuccessor>(&verdict))
        for (const eboard::SquareDiff& d : none->diffs) c.differences.push_back(eboard::describe(d));
    return c;
}

}  // namespace

std::optional<TypedConflict> typedAgainstBoard(const session::Snapshot& s, const session::EboardStatus& board,
                                               const std::string& typed) {
    if (s.phase != Phase::HumanToMove || !board.connected || board.board_fen.empty()) return std::nullopt;
    const auto shown = eboard::parsePlacementFen(board.board_fen);
    const auto before = rules::Position::fromFen(s.fen);
    if (!shown || !before) return std::nullopt;
    const auto lang = rules::parseLanguage(s.setup.language).value_or(rules::Language::En);
    const auto move = rules::parseMoveText(*before, typed, lang);
    if (!move) return std::nullopt;
    return conflictOf(eboard::judgeTyped(*before, move->move, *shown), move->move, board.board_fen);
}

std::string clockMismatchText(const std::string& move, const std::vector<eboard::SquareDiff>& diffs) {
    if (diffs.empty()) return move.substr(0, 8);
    auto wrong = std::find_if(diffs.begin(), diffs.end(),
                              [](const eboard::SquareDiff& d) { return d.actual != eboard::Cell::Empty; });
    if (wrong == diffs.end()) wrong = diffs.begin();
    const std::string square = "?" + rules::squareName(wrong->square);
    if (move.size() + 1 + square.size() <= 8) return move + " " + square;
    return move.substr(0, 8 - square.size()) + square;
}

std::string clockMoveText(const rules::Position& before, rules::Move move, const std::string& language) {
    rules::NotationStyle style;
    style.language = rules::parseLanguage(language).value_or(rules::Language::En);
    style.check_marks = false;
    std::string text = rules::formatMove(before, move, style);
    const bool ascii = std::all_of(text.begin(), text.end(), [](char c) { return (c & 0x80) == 0; });
    if (ascii) return text;
    style.language = rules::Language::En;
    return rules::formatMove(before, move, style);
}

nlohmann::json overrideRecord(const TypedConflict& c) {
    const char* shown = !c.board_uci.empty() ? "other-move" : c.board_unchanged ? "no-move" : "no-legal-move";
    nlohmann::json rec{
        {"event", "typed_override"}, {"uci", c.typed_uci}, {"board", shown}, {"fen", c.board_fen}};
    if (!c.board_uci.empty()) rec["board_uci"] = c.board_uci;
    if (!c.differences.empty()) rec["squares"] = c.differences;
    return rec;
}

EboardInput::EboardInput(std::string port, eboard::TrackerSettings tracker, eboard::AttachmentSettings attach,
                         eboard::BoardBrand brand, std::string serial)
    : board_(eboard::makeBoard(brand, std::move(port), tracker, {}, std::move(serial))),
      attachment_(board_->tracker(), attach) {}

void EboardInput::onSnapshot(const session::Snapshot& snapshot, session::TimePoint now) {
    const GameView view = eboardView(snapshot);
    attachment_.view(view, now);
    computer_move_ = view.computer_move;
    const bool show = snapshot.phase == Phase::EngineMoveShown && snapshot.engine_move;
    clock_move_ = show ? snapshot.engine_move->text.substr(0, 8) : std::string();
    clock_short_ = show && view.computer_move
                       ? clockMoveText(view.game.current(), *view.computer_move, snapshot.setup.language)
                       : std::string();
    showOnClock();
    // A board with LEDs (the ChessLink) shows the move's squares until it is made; one without ignores it.
    if (show && view.computer_move)
        board_->showSquares(std::pair{view.computer_move->from(), view.computer_move->to()});
    else
        board_->showSquares(std::nullopt);
}

// The computer's move on the DGT 3000 until it is made, then the times again (END). Played wrongly, the
// display names the first wrong square beside the move, and the move alone again once it is put right.
void EboardInput::showOnClock() {
    std::string text = clock_move_;
    const auto& mismatch = attachment_.mismatch();
    if (!clock_short_.empty() && mismatch && mismatch->fault != eboard::Fault::None)
        text = clockMismatchText(clock_short_, mismatch->diffs);
    if (text == clock_text_) return;
    clock_text_ = text;
    if (text.empty())
        board_->showTimes();
    else
        board_->showText(text);
}

std::vector<session::Command> EboardInput::poll(eboard::Ms max_wait) {
    eboard::PollResult r = board_->poll(max_wait);
    for (const eboard::LinkNotice& n : r.notices) {
        if (const auto* lost = std::get_if<eboard::link::Lost>(&n)) {
            notices_.push_back(fmt::format(N_("e-board lost: enter moves by hand ({})"), lost->reason));
            continue;
        }
        attachment_.reconnected();  // its first reading shows a press made while it was away
        const eboard::BoardIdentity& id = std::get<eboard::link::Connected>(n).identity;
        if (id.brand == eboard::BoardBrand::Dgt)
            notices_.push_back(fmt::format(N_("e-board connected: serial {}"), id.serial));
        else if (id.brand == eboard::BoardBrand::LiveChess)
            notices_.push_back(
                fmt::format(N_("e-board connected: board {} through DGT LiveChess"), id.serial));
        else
            notices_.push_back(fmt::format(
                N_("e-board connected: Millennium ChessLink, version {}"),
                id.version ? fmt::format("{}.{}", id.version->major, id.version->minor) : std::string("-")));
    }
    std::vector<session::Command> out;
    intents_ = attachment_.take(r.events, std::chrono::steady_clock::now());
    showOnClock();
    for (const eboard::Intent& i : intents_)
        if (auto c = eboardCommand(i)) out.push_back(std::move(*c));
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
