// The host around a game, with real journal files and the in-process fake engine: a new game, the
// outputs that follow it (records once durable, snapshots after each step), resuming, and refusals.
#include "host/game.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "sim/fake_engine.hpp"

namespace oc::host {
namespace {

namespace fs = std::filesystem;
const session::TimePoint kT0 = session::TimePoint{} + std::chrono::hours(1);

struct Recorder : Output {
    std::vector<std::string> types;
    int snapshots = 0;
    std::size_t last_moves = 0;
    void onRecord(const nlohmann::json& r) override { types.push_back(r.value("type", "")); }
    void onSnapshot(const session::Snapshot& s, session::TimePoint) override {
        ++snapshots;
        last_moves = s.moves.size();
    }
};

class GameTest : public ::testing::Test {
  protected:
    void SetUp() override {
        dir = fs::temp_directory_path() / ("host_game_" + std::to_string(::getpid()) + "_" +
                                           ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    void TearDown() override { fs::remove_all(dir); }

    OpenRequest request(bool resume) {
        OpenRequest r;
        r.journal = dir / "game.jsonl";
        r.resume = resume;
        r.app = "game_test";
        r.setup = [] {
            event::EventSetup s;
            s.white = "Human";
            s.black = "Engine";
            s.computer_side = rules::Color::Black;
            s.time_control = "90m+30s";
            s.engine.command = "fake";
            return tl::expected<event::EventSetup, std::string>(s);
        };
        r.start_engine = [](const event::EngineSettings&)
            -> tl::expected<std::unique_ptr<session::EngineLink>, std::string> {
            return std::make_unique<sim::FakeEngine>(sim::legalMovesAfter, 1);
        };
        return r;
    }

    // Starts the game and plays 1.e4 through the host; returns it.
    std::unique_ptr<Game> playFirstMove(Recorder& out) {
        auto game = Game::open(request(false), kT0);
        EXPECT_TRUE(game) << game.error().message;
        (*game)->addOutput(out);
        EXPECT_TRUE((*game)->dispatch(session::cmd::StartGame{}, kT0));
        EXPECT_TRUE((*game)->dispatch(session::cmd::HumanMove{"e4"}, kT0 + std::chrono::seconds(5)));
        return std::move(*game);
    }

    fs::path dir;
};

TEST_F(GameTest, OutputsReceiveEveryDurableRecordAndASnapshotAfterEachStep) {
    Recorder out;
    auto game = playFirstMove(out);
    ASSERT_FALSE(out.types.empty());
    EXPECT_EQ(out.snapshots, 2);
    EXPECT_EQ(out.last_moves, 1u);
    // What the outputs saw is what the journal holds (after its header and the setup written before
    // the output was registered).
    auto contents = journal::readJournal(game->journalPath());
    ASSERT_TRUE(contents);
    const auto records = session::sessionRecords(*contents);
    ASSERT_GE(records.size(), out.types.size());
    EXPECT_EQ(records.back().value("type", ""), out.types.back());
}

TEST_F(GameTest, ResumesTheGameTheJournalHolds) {
    Recorder out;
    playFirstMove(out).reset();
    auto again = Game::open(request(true), kT0);
    ASSERT_TRUE(again) << again.error().message;
    EXPECT_GT((*again)->restoredRecords(), 0u);
    EXPECT_EQ((*again)->session().snapshot(kT0 + std::chrono::seconds(6)).moves.size(), 1u);
}

// Issue 15: every resume is in the journal (program, the record resumed after, the wall time), the
// replayed game accepts it, and the window asks for the table clock until a reading is entered.
TEST_F(GameTest, EveryResumeWritesAConsoleResumedRecordAndAsksForTheTableClock) {
    Recorder out;
    playFirstMove(out).reset();
    const auto before = journal::readJournal(dir / "game.jsonl");
    ASSERT_TRUE(before);
    const std::uint64_t last_seq = before->records.back().seq;
    for (int resume = 0; resume < 2; ++resume) {
        auto again = Game::open(request(true), kT0);
        ASSERT_TRUE(again) << again.error().message;
        EXPECT_TRUE((*again)->session().snapshot(kT0).resync_needed);
    }
    const auto after = journal::readJournal(dir / "game.jsonl");
    ASSERT_TRUE(after);
    std::vector<journal::Record> resumed;
    for (const auto& r : after->records)
        if (r.type == "console_resumed") resumed.push_back(r);
    ASSERT_EQ(resumed.size(), 2u);
    EXPECT_EQ(resumed[0].payload.value("program", ""), "game_test");
    EXPECT_EQ(resumed[0].payload.value("resumed_from_seq", std::uint64_t{0}), last_seq);
    EXPECT_EQ(resumed[1].payload.value("resumed_from_seq", std::uint64_t{0}), resumed[0].seq);
    EXPECT_GT(resumed[0].wall.time_since_epoch().count(), 0);

    auto game = Game::open(request(true), kT0);
    ASSERT_TRUE(game) << game.error().message;
    EXPECT_EQ((*game)->session().snapshot(kT0).moves.size(), 1u) << "the game is unchanged by resumes";
    ASSERT_TRUE((*game)->dispatch(session::cmd::SyncClock{std::chrono::minutes(89), std::nullopt}, kT0));
    EXPECT_FALSE((*game)->session().snapshot(kT0).resync_needed) << "a table-clock reading answers it";
}

// A search's engine lines are journalled when it ends, after the session's own last record (its go): a
// console killed between them and the move resumes no earlier than those lines (the audit's time order:
// a console's clock never runs backwards; audit_kill_resume_stockfish_ponder found it once in many runs).
TEST_F(GameTest, AResumeIsNeverTimedBeforeTheJournalsLastEngineLines) {
    Recorder out;
    playFirstMove(out).reset();
    const auto lines_at = kT0 + std::chrono::seconds(60);
    {
        auto writer = journal::JournalWriter::openForAppend(dir / "game.jsonl");
        ASSERT_TRUE(writer) << writer.error().message;
        const auto mono = std::chrono::duration_cast<journal::MonoTime>(lines_at.time_since_epoch());
        ASSERT_TRUE(writer->append("engine_io", {{"lines", {"> isready", "< readyok"}}, {"t", mono.count()}},
                                   journal::WallTime{} + std::chrono::hours(1), mono));
    }
    auto again = Game::open(request(true), kT0);
    ASSERT_TRUE(again) << again.error().message;
    const auto after = journal::readJournal(dir / "game.jsonl");
    ASSERT_TRUE(after);
    EXPECT_EQ(after->records.back().type, "console_resumed");
    EXPECT_EQ(after->records.back().mono,
              std::chrono::duration_cast<journal::MonoTime>(lines_at.time_since_epoch()));
}

TEST_F(GameTest, RefusesToOverwriteAJournalAndSaysHowToContinueIt) {
    std::ofstream(dir / "game.jsonl") << "x";
    auto game = Game::open(request(false), kT0);
    ASSERT_FALSE(game);
    EXPECT_EQ(game.error().kind, OpenError::Kind::Refused);
    EXPECT_NE(game.error().message.find("continue it with --resume"), std::string::npos);
}

TEST_F(GameTest, AJournalCutBeforeItsFirstRecordStartsAfresh) {
    std::ofstream(dir / "game.jsonl") << "{\"seq\":0,\"type\":\"hea";  // torn while being created
    auto game = Game::open(request(true), kT0);
    ASSERT_TRUE(game) << game.error().message;
    ASSERT_EQ((*game)->notes().size(), 1u);
    EXPECT_NE((*game)->notes()[0].find("a new game starts in it"), std::string::npos);
    EXPECT_EQ((*game)->restoredRecords(), 0u);
}

TEST_F(GameTest, AnEngineThatCannotStartLeavesNoJournal) {
    auto req = request(false);
    req.start_engine =
        [](const event::EngineSettings&) -> tl::expected<std::unique_ptr<session::EngineLink>, std::string> {
        return tl::make_unexpected(std::string("no such engine"));
    };
    auto game = Game::open(req, kT0);
    ASSERT_FALSE(game);
    EXPECT_EQ(game.error().kind, OpenError::Kind::Engine);
    EXPECT_FALSE(fs::exists(dir / "game.jsonl"));
}

}  // namespace
}  // namespace oc::host
