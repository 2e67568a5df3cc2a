// Issue 10 item 3: a journal that cannot be written stops the game. A sink that fails on its Nth write
// (and on every later one, as JournalWriter does after a failed write) at every point of a game: the
// command or engine event is refused with the reason, nothing changes afterwards, and what the session
// shows is exactly what the durable records replay to.
#include <gtest/gtest.h>

#include "session_test_util.hpp"

namespace oc::session {
namespace {

constexpr const char* kDiskFull = "journal g.jsonl: write failed: No space left on device";

class FailingSink : public RecordSink {
  public:
    explicit FailingSink(int fail_at) : fail_at_(fail_at) {}
    tl::expected<void, std::string> append(const nlohmann::json& record) override {
        if (++attempts >= fail_at_) return tl::make_unexpected(std::string(kDiskFull));
        return durable.append(record);
    }
    MemorySink durable;
    int attempts = 0;

  private:
    int fail_at_;
};

struct StoppedGame {
    FailingSink sink;
    FakeEngine engine{legalMovesAfter, 1};
    std::unique_ptr<Session> session;
    TimePoint now = testing::t0();
    DriverResult result;
    explicit StoppedGame(int fail_at) : sink(fail_at) {
        auto s = Session::create(testing::fakeSetup(), sink, engine, now);
        if (!s) {
            result = {false, s.error(), 0};
            return;
        }
        session = std::move(*s);
        DriverOptions opt;
        opt.human = HumanKind::Random;
        opt.seed = 7;
        opt.max_plies = 30;
        Driver d(*session, engine, opt, now);
        result = d.run();
        now = d.now();
    }
};

TEST(JournalFailure, CreateFailsWhenTheSetupCannotBeWritten) {
    StoppedGame g(1);
    EXPECT_FALSE(g.session);
    EXPECT_NE(g.result.error.find("No space left on device"), std::string::npos) << g.result.error;
}

class JournalFailsOnWrite : public ::testing::TestWithParam<int> {};

TEST_P(JournalFailsOnWrite, StopsTheGameAndShowsOnlyWhatIsOnDisk) {
    StoppedGame g(GetParam());
    ASSERT_TRUE(g.session);
    ASSERT_EQ(g.sink.attempts, GetParam()) << "the game ended before the failing write";
    // The driver stops with the reason; the snapshot carries it for the banner.
    EXPECT_FALSE(g.result.ok);
    EXPECT_NE(g.result.error.find("No space left on device"), std::string::npos) << g.result.error;
    Snapshot before = g.session->snapshot(g.now);
    EXPECT_NE(before.journal_failure.find("the journal could not be written"), std::string::npos);
    EXPECT_NE(before.journal_failure.find("call the arbiter"), std::string::npos);
    // Every command is refused with the reason and writes nothing; polling shows no engine news.
    for (const Command& c : std::vector<Command>{
             cmd::HumanMove{g.session->legalMoves().empty() ? "e4" : g.session->legalMoves().front()},
             cmd::MadeOnBoard{}, cmd::ClockPressed{}, cmd::ArbiterPause{},
             cmd::Resign{rules::Color::White}}) {
        auto r = g.session->dispatch(c, g.now + std::chrono::seconds(5));
        ASSERT_FALSE(r) << commandName(c);
        EXPECT_EQ(r.error().message, before.journal_failure) << commandName(c);
    }
    g.session->poll(g.now + std::chrono::minutes(10));
    EXPECT_EQ(g.sink.attempts, GetParam()) << "a write was tried after the failure";
    Snapshot after = g.session->snapshot(g.now);
    EXPECT_EQ(after.phase, before.phase);
    EXPECT_EQ(after.moves.size(), before.moves.size());
    EXPECT_EQ(after.records, before.records);
    // Nothing on screen that is not on disk: the durable records replay to what the session shows.
    MemorySink replay_sink;
    FakeEngine replay_engine(legalMovesAfter, 1);
    auto back = Session::restore(g.sink.durable.records, replay_sink, replay_engine);
    ASSERT_TRUE(back) << back.error();
    Snapshot replayed = (*back)->snapshot(g.now);
    EXPECT_EQ((*back)->pgn(), g.session->pgn());
    EXPECT_EQ(replayed.phase, after.phase);
    EXPECT_EQ(replayed.fen, after.fen);
    EXPECT_EQ(replayed.engine_move.has_value(), after.engine_move.has_value());
    EXPECT_EQ(replayed.records, after.records);
    EXPECT_TRUE(replayed.journal_failure.empty());
}

// Every write of a 30-ply game (106 writes): setup, start, each `go`, engine move, made, press, ...
INSTANTIATE_TEST_SUITE_P(EveryWrite, JournalFailsOnWrite, ::testing::Range(2, 107));

// Issue 10 item 2: records are parsed once into typed values; a bad one is an error value naming the
// record and the field, never an exception out of restore().
TEST(RecordReplay, BadRecordsAreErrorsNamingTheRecord) {
    using nlohmann::json;
    const json setup{{"type", "setup"}, {"setup", event::toJson(testing::fakeSetup())}, {"t", 0}};
    const json start{{"type", "start"}, {"at", 0}, {"t", 0}};
    const std::vector<std::pair<json, std::string>> cases{
        {{{"type", "bogus"}, {"t", 1}}, "record 2 cannot be replayed: unknown record type \"bogus\""},
        {{{"type", "human_move"}, {"pressed", 1}, {"t", 1}},
         "human_move: field \"uci\" is missing (expected a string)"},
        {{{"type", "human_move"}, {"uci", "e2e5"}, {"pressed", 1}, {"t", 1}}, "e2e5"},
        {{{"type", "pressed"}, {"at", "soon"}, {"t", 1}}, "field \"at\""},
        {{{"type", "resign"}, {"side", "green"}, {"t", 1}},
         "field \"side\": expected \"white\" or \"black\""},
        {{{"type", "made"}, {"uci", "e2e4"}, {"t", 1}}, "no engine move to execute"},
        {{{"type", "start"}, {"at", 0}}, "field \"t\""},
    };
    for (const auto& [bad, why] : cases) {
        MemorySink sink;
        FakeEngine engine(legalMovesAfter, 1);
        auto s = Session::restore({setup, start, bad}, sink, engine);
        ASSERT_FALSE(s) << bad.dump();
        EXPECT_NE(s.error().find(why), std::string::npos) << s.error();
    }
    MemorySink sink;
    FakeEngine engine(legalMovesAfter, 1);
    auto s = Session::restore({start}, sink, engine);
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error(), "the journal does not start with the event setup");
}

}  // namespace
}  // namespace oc::session
