// operator-cli play --human eboard --eboard PORT|auto: a live game on an electronic board (issue 24), in
// real time. The board gives the human's moves (committed by the lever, Enter is not available here, or
// at once), the computer's move made on the board and the press of its clock; the CLI does the
// operator's remaining routine step (the scoresheet's "recorded"). Without a window, the board's status
// goes to the standard error as it changes.
#include <fmt/format.h>

#include <atomic>
#include <csignal>
#include <fstream>
#include <iostream>
#include <thread>

#include "host/bridge_engine_link.hpp"
#include "host/eboard_thread.hpp"
#include "host/game.hpp"
#include "i18n/tr.hpp"
#include "play_progress.hpp"
#include "session_cli.hpp"
#include "sim/fake_engine.hpp"

namespace oc::cli {
namespace {

using i18n::tr;
using i18n::trf;
using session::Phase;
using Clock = std::chrono::steady_clock;

std::atomic<bool> g_interrupted{false};

host::EngineStarter realTimeEngine(host::BridgeEngineLink*& bridge, std::uint64_t seed) {
    return [&bridge, seed](const event::EngineSettings& s)
               -> tl::expected<std::unique_ptr<session::EngineLink>, std::string> {
        if (s.command == "fake")
            return std::unique_ptr<session::EngineLink>(
                std::make_unique<sim::FakeEngine>(sim::legalMovesAfter, seed));
        auto b = host::BridgeEngineLink::startBlocking(s, host::BridgeOptions{});
        if (!b) return tl::make_unexpected(b.error());
        bridge = b->get();
        return std::unique_ptr<session::EngineLink>(std::move(*b));
    };
}

// The board's status as one line of text in the UI language.
std::string statusLine(const session::EboardStatus& b) {
    if (!b.connected) return trf("e-board not connected: {}", i18n::translateMessage(b.lost));
    if (!b.stray_press.empty()) return i18n::translateMessage(b.stray_press);
    if (!b.waiting.empty()) return i18n::translateMessage(b.waiting);
    std::string diffs;
    for (const std::string& d : b.differences)
        diffs += (diffs.empty() ? "" : ", ") + i18n::translateMessage(d);
    if (b.computer_move_wrong)
        return trf("e-board: the computer's move is wrong on the board ({}): {}",
                   i18n::translateMessage(b.fault), diffs);
    if (!diffs.empty()) return trf("e-board: the board differs from the game: {}", diffs);
    if (!b.proposed_uci.empty()) return trf("e-board shows {}", b.proposed_uci);
    if (b.version.empty())  // a board through DGT LiveChess: LiveChess names no version
        return trf("e-board connected on {}: serial {}", b.port, b.serial);
    return trf("e-board connected on {}: serial {}, version {}", b.port, b.serial, b.version);
}

struct BoardLoop {
    host::Game& game;
    host::EboardThread& board;
    host::BridgeEngineLink* bridge = nullptr;
    std::string last_line;
};

// What the board said: its records journalled, its commands dispatched as if typed.
void follow(BoardLoop& loop, session::TimePoint now) {
    for (host::EboardItem& item : loop.board.take(now)) {
        if (auto* record = std::get_if<nlohmann::json>(&item)) {
            if (auto ok = loop.game.session().recordEboard(*record, now); !ok)
                std::cerr << trf("error: {}", i18n::translateMessage(ok.error().message)) << "\n";
            continue;
        }
        // After the end (a press at checkmate) the board's commands mean nothing: dropped, not refused.
        if (host::boardCommandOutsideTheGame(loop.game.session().snapshot(now))) continue;
        if (auto ok = loop.game.dispatch(std::get<session::Command>(item), now); !ok)
            std::cerr << trf("refused: {}", i18n::translateMessage(ok.error().message)) << "\n";
    }
}

// The operator's steps the board cannot give: the computer's move written on the scoresheet (REC-03),
// and, on a board without a clock (a Millennium ChessLink), the press of the console's clock once the
// board shows the computer's move made (there is no lever to press, and the console's is the only clock).
void routine(BoardLoop& loop, const session::Snapshot& s, session::TimePoint now) {
    if (s.phase == Phase::Setup) (void)loop.game.dispatch(session::cmd::StartGame{}, now);
    if (s.previous_unrecorded && (s.phase == Phase::HumanToMove || s.phase == Phase::EngineMoveHeld))
        (void)loop.game.dispatch(session::cmd::Recorded{}, now);
    if (s.phase == Phase::EngineMoveMade && loop.board.status().clock_present == false)
        (void)loop.game.dispatch(session::cmd::ClockPressed{}, now);
}

bool finished(const PlayArgs& a, const session::Snapshot& s) {
    if (s.phase == Phase::GameOver || !s.journal_failure.empty()) return true;
    // A computer move on the scoresheet is complete once its clock is pressed.
    const bool pressed = s.phase != Phase::EngineMoveMade && s.phase != Phase::EngineMoveShown;
    return a.max_plies > 0 && static_cast<int>(s.moves.size()) >= a.max_plies && pressed;
}

int run(const PlayArgs& a, BoardLoop& loop) {
    while (!g_interrupted) {
        const session::TimePoint now = Clock::now();
        follow(loop, now);
        loop.game.poll(now);
        const session::Snapshot s = loop.game.session().snapshot(now);
        routine(loop, s, now);
        if (std::string line = statusLine(loop.board.status()); line != loop.last_line)
            std::cerr << (loop.last_line = line) << "\n";
        if (finished(a, s)) break;
        if (loop.bridge)
            loop.bridge->waitForActivity(std::chrono::milliseconds(50));
        else
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    const session::Snapshot s = loop.game.session().snapshot(Clock::now());
    if (!a.pgn.empty()) std::ofstream(a.pgn) << loop.game.session().pgn();
    if (!s.journal_failure.empty()) return 4;
    std::cout << resultLine(s) << "\n";
    return 0;
}

}  // namespace

int playOnBoard(const PlayArgs& a, const event::EventSetup& setup) {
    std::signal(SIGINT, [](int) { g_interrupted = true; });
    std::signal(SIGTERM, [](int) { g_interrupted = true; });
    host::BridgeEngineLink* bridge = nullptr;
    host::OpenRequest req;
    req.journal = a.journal;
    req.resume = a.resume;
    req.app = "operator-cli play";
    req.setup = [&setup] { return tl::expected<event::EventSetup, std::string>(setup); };
    req.start_engine = realTimeEngine(bridge, a.seed);
    auto game = host::Game::open(req, Clock::now());
    if (!game) return std::cerr << trf("error: {}", game.error().message) << "\n", 2;
    auto config =
        host::eboardConfig((*game)->session().snapshot(Clock::now()).setup, a.eboard, a.eboard_brand);
    if (!config || !*config)  // the journal's setup (on resume) may differ from the one checked first
        return std::cerr << trf("error: {}",
                                config ? std::string("eboard") : i18n::translateMessage(config.error()))
                         << "\n",
               2;
    if (!(*config)->note.empty()) std::cerr << i18n::translateMessage((*config)->note) << "\n";
    if ((*config)->attach.commit == eboard::CommitMode::Enter) {
        // Without a window nobody presses Enter: the board's move is entered at once instead.
        (*config)->attach.commit = eboard::CommitMode::Auto;
        std::cerr
            << tr("without a window there is no Enter: the board's moves are entered at once (commit: auto)")
            << "\n";
    }
    host::EboardThread board(std::move(**config), {});
    PlayProgress progress((*game)->session(), std::cout);
    if (a.verbose) (*game)->addOutput(progress);
    (*game)->addOutput(board);
    (*game)->publish(Clock::now());
    BoardLoop loop{**game, board, bridge, {}};
    const int code = run(a, loop);
    if (a.verbose) progress.flush();
    if (bridge) bridge->shutdown(Clock::now());
    return code;
}

}  // namespace oc::cli
