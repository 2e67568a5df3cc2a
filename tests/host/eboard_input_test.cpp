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
        std::get<session::cmd::HumanMove>(*eboardCommand(eboard::intent::HumanMove{m, std::nullopt}));
    EXPECT_EQ(human.text, "g1f3");
    EXPECT_TRUE(
        std::holds_alternative<session::cmd::MadeOnBoard>(*eboardCommand(eboard::intent::MadeOnBoard{})));
    rules::ByColor<eboard::Ms> r;
    r[rules::Color::White] = 5min;
    r[rules::Color::Black] = 4min;
    const auto sync = std::get<session::cmd::SyncClock>(*eboardCommand(eboard::intent::SyncClock{r}));
    EXPECT_EQ(sync.white, 5min);
    EXPECT_EQ(sync.black, 4min);
    EXPECT_EQ(sync.from, session::cmd::ReadingFrom::Board) << "the journal tells the board's readings apart";
    // A press that completed no move is the arbiter's to rule: never a command.
    EXPECT_FALSE(eboardCommand(eboard::intent::PressWithoutMove{}));
}

// Issue 34 item 10: at checkmate the board's last press and reading come after the end; the program
// drops them instead of having them refused ("the clocks are not running").
TEST(EboardView, TheBoardsCommandsAfterTheEndAreDropped) {
    session::Snapshot s;
    for (auto phase : {session::Phase::GameOver, session::Phase::Setup}) {
        s.phase = phase;
        EXPECT_TRUE(boardCommandOutsideTheGame(s));
    }
    for (auto phase :
         {session::Phase::HumanToMove, session::Phase::EngineMoveMade, session::Phase::Adjourned}) {
        s.phase = phase;
        EXPECT_FALSE(boardCommandOutsideTheGame(s));
    }
}

// Issue 34 item 3: the view carries the pending offer (the board's move then waits for the answer) and
// the illegal moves ruled (a ruling moves the game on).
TEST(EboardView, TheViewCarriesThePendingOfferAndTheRulings) {
    session::Snapshot s;
    s.phase = session::Phase::HumanToMove;
    s.human_offer_pending = true;
    s.illegal_moves[rules::Color::White] = 1;
    s.illegal_moves[rules::Color::Black] = 2;
    const eboard::GameView v = eboardView(s);
    EXPECT_TRUE(v.offer_pending);
    EXPECT_EQ(v.illegal_moves, 3);
}

// Issue 24 item 3: a typed move the board's settled picture contradicts is asked about first.
session::Snapshot humanToMove() {
    session::Snapshot s;
    s.phase = session::Phase::HumanToMove;
    s.setup.computer_side = rules::Color::Black;
    s.fen = rules::Position::startpos().fen();
    return s;
}

session::EboardStatus showing(const std::string& uci) {
    session::EboardStatus b;
    b.connected = true;
    rules::Position p = rules::Position::startpos();
    if (!uci.empty()) p = p.play(*rules::parseUci(p, uci));
    b.board_fen = eboard::placementFen(eboard::placementOf(p));
    return b;
}

TEST(TypedAgainstBoard, AskedOnlyWhenTheSettledBoardShowsSomethingElse) {
    const session::Snapshot s = humanToMove();
    EXPECT_FALSE(typedAgainstBoard(s, showing("g1f3"), "Nf3")) << "the board shows the typed move";
    EXPECT_FALSE(typedAgainstBoard(s, showing("g1f3"), "g1f3")) << "in any notation the session reads";
    const auto other = typedAgainstBoard(s, showing("g1f3"), "Nc3");
    ASSERT_TRUE(other);
    EXPECT_EQ(other->typed_uci, "b1c3");
    EXPECT_EQ(other->board_uci, "g1f3");
    const auto before = typedAgainstBoard(s, showing(""), "e4");
    ASSERT_TRUE(before);
    EXPECT_TRUE(before->board_unchanged);
    EXPECT_TRUE(before->board_uci.empty());
    const nlohmann::json rec = overrideRecord(*other);
    EXPECT_EQ(rec["event"], "typed_override");
    EXPECT_EQ(rec["uci"], "b1c3");
    EXPECT_EQ(rec["board_uci"], "g1f3");
    EXPECT_EQ(rec["board"], "other-move");
}

TEST(TypedAgainstBoard, NothingToAskWithoutASettledConnectedBoardOrALegalMove) {
    const session::Snapshot s = humanToMove();
    session::EboardStatus moving = showing("g1f3");
    moving.board_fen.clear();  // pieces still moving: nothing settled to contradict
    EXPECT_FALSE(typedAgainstBoard(s, moving, "Nc3"));
    session::EboardStatus lost = showing("g1f3");
    lost.connected = false;
    EXPECT_FALSE(typedAgainstBoard(s, lost, "Nc3"));
    EXPECT_FALSE(typedAgainstBoard(s, showing("g1f3"), "Ke5")) << "the session refuses it anyway";
    session::Snapshot thinking = s;
    thinking.phase = session::Phase::EngineThinking;
    EXPECT_FALSE(typedAgainstBoard(thinking, showing("g1f3"), "Nc3"));
}

TEST(TypedAgainstBoard, APictureThatIsNoLegalMoveListsItsSquares) {
    const session::Snapshot s = humanToMove();
    session::EboardStatus b = showing("e2e4");
    auto p = *eboard::parsePlacementFen(b.board_fen);
    p[*rules::parseSquare("d2")] = eboard::Cell::Empty;
    b.board_fen = eboard::placementFen(p);
    const auto c = typedAgainstBoard(s, b, "e4");
    ASSERT_TRUE(c);
    EXPECT_TRUE(c->board_uci.empty());
    EXPECT_FALSE(c->board_unchanged);
    ASSERT_EQ(c->differences.size(), 1u);
    EXPECT_EQ(c->differences[0], "the white pawn on d2 is missing");
    EXPECT_EQ(overrideRecord(*c)["board"], "no-legal-move");
}

// Issue 24 item 4: the DGT 3000 names the first wrong square beside the move, in 8 characters.
TEST(ClockMismatch, TheMoveAndTheFirstWrongSquareInEightCharacters) {
    using eboard::Cell;
    const auto at = [](const char* name) { return *rules::parseSquare(name); };
    // Nf3 played as Nh3: f3 is empty (expected the knight), h3 holds it.
    const std::vector<eboard::SquareDiff> wrong{{at("f3"), Cell::WhiteKnight, Cell::Empty},
                                                {at("h3"), Cell::Empty, Cell::WhiteKnight}};
    EXPECT_EQ(clockMismatchText("Nf3", wrong), "Nf3 ?h3");
    EXPECT_EQ(clockMismatchText("exd8=Q", wrong), "exd8=?h3") << "the square keeps its room";
    EXPECT_LE(clockMismatchText("Ng1xf3+#", wrong).size(), 8u);
    // Only a piece missing: that square.
    EXPECT_EQ(clockMismatchText("Nf3", {{at("g1"), Cell::WhiteKnight, Cell::Empty}}), "Nf3 ?g1");
    const auto start = rules::Position::startpos();
    EXPECT_EQ(clockMoveText(start, *rules::parseUci(start, "g1f3"), "en"), "Nf3");
    EXPECT_EQ(clockMoveText(start, *rules::parseUci(start, "g1f3"), "pl"), "Sf3");
    EXPECT_EQ(clockMoveText(start, *rules::parseUci(start, "g1f3"), "ru"), "Nf3") << "the display is ASCII";
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

std::string fakeLog(const std::string& link) {
    std::ifstream in(link + ".log");
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

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
    // The DGT 3000 names the wrong square beside the move (the fake logs what its display shows).
    ASSERT_TRUE(pump(**game, input, [&](const session::Snapshot&) {
        return fakeLog(link).find("clock display: e5 ?d5") != std::string::npos;
    })) << fakeLog(link);
    // Put back: the display shows the move alone again.
    const auto wrong_at = fakeLog(link).find("clock display: e5 ?d5");
    fake.say("lift d5\nplace d7\n");
    ASSERT_TRUE(pump(**game, input, [&](const session::Snapshot&) {
        return fakeLog(link).find("clock display: e7-e5", wrong_at) != std::string::npos;
    })) << fakeLog(link);
    // Put right: made on board; the computer's press completes it.
    fake.say("lift e7\nplace e5\nwait 500ms\npress\n");
    ASSERT_TRUE(pump(**game, input,
                     [](const session::Snapshot& s) {
                         return s.phase == session::Phase::HumanToMove && s.moves.size() == 2;
                     }))
        << "the computer's move was not completed from the board: refusals: " << joined();
    EXPECT_FALSE(input.attachment().mismatch());
    // Made: the times again (END).
    ASSERT_TRUE(pump(**game, input, [&](const session::Snapshot&) {
        return fakeLog(link).find("clock display: times", wrong_at) != std::string::npos;
    })) << fakeLog(link);

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
