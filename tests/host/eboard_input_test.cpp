// The e-board attached to the host (issue 24): a game with the real session, journal and the in-process
// fake engine, and `operator-cli eboard fake` as a real process on a real pty. The human's move comes
// from the board and the lever; the computer's move is first played wrong on the fake board (flagged,
// nothing made), then put right (made on board), and its press completes it. Waits have generous
// deadlines; nothing asserts on how long anything took.
#include "host/eboard_input.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>

#include "sim/fake_engine.hpp"

namespace oc::host {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

TEST(EboardView, SnapshotToWhatTheBoardMustShow) {
    session::Snapshot s;
    s.phase = session::Phase::EngineMoveShown;
    s.setup.computer_side = rules::Color::Black;
    s.moves.push_back({1, rules::Color::White, "e2e4", "e4", "e4"});
    session::PendingEngineMove pending;
    pending.uci = "e7e5";
    s.engine_move = pending;
    const eboard::GameView v = eboardView(s);
    EXPECT_EQ(v.stage, eboard::GameView::Stage::ComputerMoveShown);
    EXPECT_EQ(v.game.plies(), 1u);
    ASSERT_TRUE(v.computer_move);
    EXPECT_EQ(rules::toUci(*v.computer_move), "e7e5");
    EXPECT_EQ(v.human, rules::Color::White);
    // Made on board: the move is on the scoresheet already, and still the one checked until the press.
    s.phase = session::Phase::EngineMoveMade;
    s.moves.push_back({1, rules::Color::Black, "e7e5", "e5", "e5"});
    const eboard::GameView made = eboardView(s);
    EXPECT_EQ(made.stage, eboard::GameView::Stage::ComputerMoveMade);
    EXPECT_EQ(made.game.plies(), 1u);
    ASSERT_TRUE(made.computer_move);
    EXPECT_EQ(rules::toUci(*made.computer_move), "e7e5");
    s.phase = session::Phase::EngineMoveShown;
    s.moves.pop_back();
    s.engine_move.reset();  // a move withheld for sealing: only the position is watched
    EXPECT_EQ(eboardView(s).stage, eboard::GameView::Stage::EngineThinking);
}

TEST(EboardView, IntentsAreTheTypedCommands) {
    const auto m = *rules::parseUci(rules::Position::startpos(), "g1f3");
    const auto human =
        std::get<session::cmd::HumanMove>(eboardCommand(eboard::intent::HumanMove{m, std::nullopt}));
    EXPECT_EQ(human.text, "g1f3");
    EXPECT_TRUE(
        std::holds_alternative<session::cmd::MadeOnBoard>(eboardCommand(eboard::intent::MadeOnBoard{})));
    rules::ByColor<eboard::Ms> r;
    r[rules::Color::White] = 5min;
    r[rules::Color::Black] = 4min;
    const auto sync = std::get<session::cmd::SyncClock>(eboardCommand(eboard::intent::SyncClock{r}));
    EXPECT_EQ(sync.white, 5min);
    EXPECT_EQ(sync.black, 4min);
}

class FakeBoardProcess {
  public:
    explicit FakeBoardProcess(const std::string& link) {
        pipe_ = ::popen((std::string(OC_OPERATOR_CLI) + " --ui-lang en eboard fake --clock --link " + link +
                         " > " + link + ".log 2>&1")
                            .c_str(),
                        "w");
        for (int i = 0; i < 200 && !fs::is_symlink(link); ++i) std::this_thread::sleep_for(25ms);
    }
    ~FakeBoardProcess() {
        say("quit\n");
        ::pclose(pipe_);
    }
    void say(const std::string& lines) {
        std::fputs(lines.c_str(), pipe_);
        std::fflush(pipe_);
    }

  private:
    FILE* pipe_ = nullptr;
};

class EboardGame : public ::testing::Test {
  protected:
    void SetUp() override {
        dir = fs::temp_directory_path() / ("host_eboard_" + std::to_string(::getpid()));
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    void TearDown() override {
        if (!HasFailure()) fs::remove_all(dir);
    }

    OpenRequest request() {
        OpenRequest r;
        r.journal = dir / "game.jsonl";
        r.app = "eboard_input_test";
        r.setup = [] {
            event::EventSetup s;
            s.computer_side = rules::Color::Black;
            s.time_control = "1m+0s";
            s.engine.command = "fake";
            return tl::expected<event::EventSetup, std::string>(s);
        };
        r.start_engine = [](const event::EngineSettings&)
            -> tl::expected<std::unique_ptr<session::EngineLink>, std::string> {
            auto engine = std::make_unique<sim::FakeEngine>(sim::legalMovesAfter, 1);
            engine->queueMove("e7e5");
            return std::unique_ptr<session::EngineLink>(std::move(engine));
        };
        return r;
    }

    // The program's loop: read the board, dispatch what it says, poll the session; until `done`.
    bool pump(Game& game, EboardInput& input, const std::function<bool(const session::Snapshot&)>& done) {
        const auto end = Clock::now() + 20s;
        while (Clock::now() < end) {
            for (const session::Command& c : input.poll(20ms)) {
                auto ok = game.dispatch(c, Clock::now());
                if (!ok) refusals.push_back(ok.error().message);
            }
            game.poll(Clock::now());
            if (done(game.session().snapshot(Clock::now()))) return true;
        }
        return false;
    }

    std::string joined() const {
        std::string out;
        for (const std::string& r : refusals) out += r + "; ";
        return out;
    }

    fs::path dir;
    std::vector<std::string> refusals;
};

TEST_F(EboardGame, MovesComeFromTheBoardAndAWrongComputerMoveIsHeldBack) {
    const std::string link = (dir / "dgt").string();
    FakeBoardProcess fake(link);
    fake.say("clock 0:01:00 0:01:00\n");  // the table clock shows the event's control (White on the left)
    auto game = Game::open(request(), Clock::now());
    ASSERT_TRUE(game) << game.error().message;
    EboardInput input(link);
    (*game)->addOutput(input);
    ASSERT_TRUE(pump(**game, input, [&](const session::Snapshot&) { return input.board().connected(); }));
    ASSERT_TRUE((*game)->dispatch(session::cmd::StartGame{}, Clock::now()));

    // The human's move: on the board, completed by the press of the lever.
    fake.say("lift e2\nplace e4\nwait 500ms\npress\n");
    ASSERT_TRUE(pump(**game, input,
                     [](const session::Snapshot& s) { return s.phase == session::Phase::EngineMoveShown; }))
        << "the human's move did not come from the board: phase "
        << session::phaseName((*game)->session().snapshot(Clock::now()).phase) << ", refusals: " << joined();
    auto snap = (*game)->session().snapshot(Clock::now());
    ASSERT_EQ(snap.moves.size(), 1u);
    EXPECT_EQ(snap.moves[0].uci, "e2e4");
    ASSERT_TRUE(snap.engine_move);
    EXPECT_EQ(snap.engine_move->uci, "e7e5");

    // The operator plays the wrong pawn: flagged, and nothing is made (the attachment's own tests cover a
    // press made meanwhile).
    fake.say("lift d7\nplace d5\n");
    ASSERT_TRUE(pump(**game, input,
                     [&](const session::Snapshot&) { return input.attachment().mismatch().has_value(); }));
    std::this_thread::sleep_for(300ms);
    (void)pump(**game, input, [](const session::Snapshot&) { return true; });
    EXPECT_EQ((*game)->session().snapshot(Clock::now()).phase, session::Phase::EngineMoveShown);
    // Put right: made on board; the computer's press completes it.
    fake.say("lift d5\nplace d7\nlift e7\nplace e5\nwait 500ms\npress\n");
    ASSERT_TRUE(pump(**game, input,
                     [](const session::Snapshot& s) {
                         return s.phase == session::Phase::HumanToMove && s.moves.size() == 2;
                     }))
        << "the computer's move was not completed from the board: refusals: " << joined();
    EXPECT_FALSE(input.attachment().mismatch());

    // The journal says the board showed the engine's own move (no breach) and the press came from it.
    std::ifstream journal(dir / "game.jsonl");
    const std::string text((std::istreambuf_iterator<char>(journal)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find("\"type\":\"made\""), std::string::npos);
    EXPECT_NE(text.find("\"breach\":false"), std::string::npos);
    EXPECT_NE(text.find("\"type\":\"pressed\""), std::string::npos);
    EXPECT_EQ(text.find("\"breach\":true"), std::string::npos);
    EXPECT_EQ(text.find("\"type\":\"sync\""), std::string::npos) << "the table clock agreed: no sync";
}

}  // namespace
}  // namespace oc::host
