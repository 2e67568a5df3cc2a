// Fault tests against real processes: tests/fakes/fake_engine misbehaves on purpose, and each fault
// must be detected, reported as a typed event and survived by a restart with the same options and
// the whole game. Timeouts are short so no test waits long.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <thread>

#include "engine_bridge/engine.hpp"
#include "process_helpers.hpp"

namespace oc::engine {
namespace {

using namespace std::chrono_literals;
using testing::Pump;

GoParams clocks(Millis wtime, Millis btime) {
    GoParams p;
    p.wtime = wtime;
    p.btime = btime;
    return p;
}

// Lines the fake received in its `n`-th run (0-based), from its --log file.
std::vector<std::string> run(const std::vector<std::string>& log, int n) {
    std::vector<std::string> out;
    int current = -1;
    for (const auto& line : log) {
        if (line.rfind("# started", 0) == 0)
            ++current;
        else if (current == n)
            out.push_back(line);
    }
    return out;
}

bool contains(const std::vector<std::string>& lines, const std::string& line) {
    return std::find(lines.begin(), lines.end(), line) != lines.end();
}

class EngineFaults : public ::testing::Test {
  protected:
    void TearDown() override {
        engine.reset();
        EXPECT_EQ(testing::zombieChildren(), 0);
        for (const auto& path : {once, log}) std::filesystem::remove(path);
    }

    void make(const std::string& mode, std::vector<std::string> extra = {}) {
        EngineSettings s;
        s.process.command = FAKE_ENGINE;
        s.process.args = {"--mode", mode, "--once", once, "--log", log, "--bestmove", "g1f3"};
        s.process.args.insert(s.process.args.end(), extra.begin(), extra.end());
        s.options = {{"Hash", "32"}, {"Style", "Risky"}};
        // Short enough to keep the suite fast, long enough for a loaded machine (or TSan) to answer.
        s.timeouts = {2000ms, 2000ms, 1000ms, 300ms, 700ms};
        engine = std::make_unique<Engine>(s, makeRulesValidator());
        pump = std::make_unique<Pump>(*engine);
    }

    void startAndGame() {
        ASSERT_TRUE(engine->start(SteadyClock::now()));
        ASSERT_TRUE(pump->untilEvent<ReadyEvent>(5s));
        ASSERT_TRUE(engine->newGame(SteadyClock::now()));
        ASSERT_TRUE(pump->untilEvent<ReadyEvent>(5s));
    }

    // The second run got the same options.
    void expectOptionsReplayed() {
        const auto second = run(testing::readLines(log), 1);
        EXPECT_TRUE(contains(second, "setoption name Hash value 32"));
        EXPECT_TRUE(contains(second, "setoption name Style value Risky"));
    }

    // The second run got the same options and the whole game.
    void expectReplayed(const GameRecord& played) {
        expectOptionsReplayed();
        const auto second = run(testing::readLines(log), 1);
        EXPECT_TRUE(contains(second, "ucinewgame"));
        EXPECT_TRUE(contains(second, *formatPosition(played)));
    }

    std::string once = testing::tempPath("once");
    std::string log = testing::tempPath("log");
    std::unique_ptr<Engine> engine;
    std::unique_ptr<Pump> pump;
    const GameRecord game{"", {"e2e4", "e7e5"}};
};

TEST_F(EngineFaults, CrashDuringHandshakeIsNamedAndRecovered) {
    make("crash-handshake");
    ASSERT_TRUE(engine->start(SteadyClock::now()));
    ASSERT_TRUE(pump->untilEvent<RestartedEvent>(5s));
    const auto crashes = pump->faults(FaultKind::Crash);
    ASSERT_EQ(crashes.size(), 1u);
    EXPECT_EQ(crashes[0].during, EngineState::Starting);
    EXPECT_EQ(crashes[0].exit, (ExitStatus{true, SIGABRT}));
    EXPECT_NE(crashes[0].detail.find("SIGABRT"), std::string::npos) << crashes[0].detail;
    EXPECT_EQ(engine->state(), EngineState::Idle);
    EXPECT_EQ(engine->identity().name, "Fake Engine");
    EXPECT_EQ(engine->downtimes().size(), 1u);
    expectOptionsReplayed();
}

TEST_F(EngineFaults, CrashDuringSearchResumesWithWholeGameAndTimeLeft) {
    make("crash-search");
    startAndGame();
    ASSERT_TRUE(engine->search(game, clocks(10s, 10s), SteadyClock::now()));
    ASSERT_TRUE(pump->untilEvent<BestMoveEvent>(5s));
    const auto crashes = pump->faults(FaultKind::Crash);
    ASSERT_EQ(crashes.size(), 1u);
    EXPECT_EQ(crashes[0].during, EngineState::Searching);
    EXPECT_EQ(describe(*crashes[0].exit), "killed by signal SIGSEGV (11)");
    const auto restarted = pump->all<RestartedEvent>();
    ASSERT_EQ(restarted.size(), 1u);
    EXPECT_TRUE(restarted[0].resumed_search);
    EXPECT_EQ(pump->all<BestMoveEvent>()[0].move, "g1f3");
    expectReplayed(game);
    const auto go = run(testing::readLines(log), 1).back();
    ASSERT_EQ(go.rfind("go wtime ", 0), 0u) << go;
    EXPECT_LT(std::stoi(go.substr(9)), 10000) << "white's clock ran during the restart: " << go;
}

TEST_F(EngineFaults, CrashRightAfterBestMoveKeepsTheMoveAndRestarts) {
    make("crash-after-bestmove");
    startAndGame();
    ASSERT_TRUE(engine->search(game, clocks(10s, 10s), SteadyClock::now()));
    ASSERT_TRUE(pump->untilEvent<RestartedEvent>(5s));
    ASSERT_EQ(pump->all<BestMoveEvent>().size(), 1u);
    const auto crashes = pump->faults(FaultKind::Crash);
    ASSERT_EQ(crashes.size(), 1u);
    EXPECT_EQ(crashes[0].during, EngineState::Idle);
    EXPECT_EQ(crashes[0].exit, (ExitStatus{false, 3}));
    EXPECT_FALSE(pump->all<RestartedEvent>()[0].resumed_search);
    EXPECT_TRUE(contains(run(testing::readLines(log), 1), "ucinewgame"));
    expectOptionsReplayed();
}

TEST_F(EngineFaults, HangInHandshakeIsDetectedAndRecovered) {
    make("hang-handshake");
    ASSERT_TRUE(engine->start(SteadyClock::now()));
    ASSERT_TRUE(pump->untilEvent<RestartedEvent>(6s));
    const auto hangs = pump->faults(FaultKind::Hang);
    ASSERT_EQ(hangs.size(), 1u);
    EXPECT_EQ(hangs[0].detail, "no uciok in time");
    EXPECT_EQ(hangs[0].during, EngineState::Starting);
    expectOptionsReplayed();
}

TEST_F(EngineFaults, NoReadyOkIsAHang) {
    make("hang-ready");
    ASSERT_TRUE(engine->start(SteadyClock::now()));
    ASSERT_TRUE(pump->untilEvent<RestartedEvent>(5s));
    const auto hangs = pump->faults(FaultKind::Hang);
    ASSERT_EQ(hangs.size(), 1u);
    EXPECT_EQ(hangs[0].detail, "no readyok in time");
    EXPECT_EQ(hangs[0].during, EngineState::Configuring);
    expectOptionsReplayed();
}

TEST_F(EngineFaults, HangInSearchIsDetectedAfterBudgetAndTheSearchResumes) {
    make("hang-search");
    startAndGame();
    GoParams p = clocks(10s, 10s);
    p.movetime = 100ms;
    ASSERT_TRUE(engine->search(game, p, SteadyClock::now()));
    ASSERT_TRUE(pump->untilEvent<BestMoveEvent>(5s));
    const auto hangs = pump->faults(FaultKind::Hang);
    ASSERT_EQ(hangs.size(), 1u);
    EXPECT_EQ(hangs[0].during, EngineState::Searching);
    EXPECT_EQ(hangs[0].detail, "no bestmove in time");
    expectReplayed(game);
}

TEST_F(EngineFaults, GarbageLinesAreLoggedAndSkipped) {
    make("garbage", {});
    startAndGame();
    ASSERT_TRUE(engine->search(game, clocks(10s, 10s), SteadyClock::now()));
    ASSERT_TRUE(pump->untilEvent<BestMoveEvent>(5s));
    EXPECT_GE(pump->faults(FaultKind::Garbage).size(), 3u);
    EXPECT_TRUE(pump->all<RestartedEvent>().empty());
    const auto log_entries = engine->takeLog();
    EXPECT_TRUE(std::any_of(log_entries.begin(), log_entries.end(),
                            [](const LogEntry& e) { return e.text == "hello from the fake"; }));
}

TEST_F(EngineFaults, MalformedBestMoveIsNeverDelivered) {
    make("illegal-bestmove", {"--bad-move", "zz99"});
    startAndGame();
    ASSERT_TRUE(engine->search(game, clocks(10s, 10s), SteadyClock::now()));
    ASSERT_TRUE(pump->untilEvent<BestMoveEvent>(5s));
    const auto bad = pump->faults(FaultKind::IllegalBestMove);
    ASSERT_EQ(bad.size(), 1u);
    EXPECT_NE(bad[0].detail.find("zz99"), std::string::npos);
    const auto moves = pump->all<BestMoveEvent>();
    ASSERT_EQ(moves.size(), 1u);
    EXPECT_EQ(moves[0].move, "g1f3");
    expectReplayed(game);
}

TEST_F(EngineFaults, IllegalBestMoveIsNeverDelivered) {
    make("illegal-bestmove", {"--bad-move", "e2e5"});  // well-formed, but e2 is empty after 1.e4
    startAndGame();
    ASSERT_TRUE(engine->search(game, clocks(10s, 10s), SteadyClock::now()));
    ASSERT_TRUE(pump->untilEvent<BestMoveEvent>(5s));
    const auto bad = pump->faults(FaultKind::IllegalBestMove);
    ASSERT_EQ(bad.size(), 1u);
    EXPECT_EQ(bad[0].detail.rfind("bestmove 'e2e5': ", 0), 0u) << bad[0].detail;
    const auto moves = pump->all<BestMoveEvent>();
    ASSERT_EQ(moves.size(), 1u);
    EXPECT_EQ(moves[0].move, "g1f3");
}

TEST_F(EngineFaults, SlowQuitIsKilledAfterGraceAndReaped) {
    make("slow-quit");
    ASSERT_TRUE(engine->start(SteadyClock::now()));
    ASSERT_TRUE(pump->untilEvent<ReadyEvent>(5s));
    const int pid = engine->pid();
    engine->shutdown(SteadyClock::now());
    ASSERT_TRUE(pump->untilEvent<StoppedEvent>(5s));
    EXPECT_EQ(pump->all<StoppedEvent>()[0].exit, (ExitStatus{true, SIGKILL}));
    EXPECT_TRUE(testing::reaped(pid));
    EXPECT_EQ(engine->state(), EngineState::Stopped);
}

TEST_F(EngineFaults, NormalQuitExitsCleanly) {
    make("normal");
    ASSERT_TRUE(engine->start(SteadyClock::now()));
    ASSERT_TRUE(pump->untilEvent<ReadyEvent>(5s));
    const int pid = engine->pid();
    engine->shutdown(SteadyClock::now());
    ASSERT_TRUE(pump->untilEvent<StoppedEvent>(5s));
    EXPECT_EQ(pump->all<StoppedEvent>()[0].exit, (ExitStatus{false, 0}));
    EXPECT_TRUE(testing::reaped(pid));
}

TEST_F(EngineFaults, StderrFloodDoesNotBlockTheProtocol) {
    make("stderr-flood");
    startAndGame();
    ASSERT_TRUE(engine->search(game, clocks(10s, 10s), SteadyClock::now()));
    ASSERT_TRUE(pump->untilEvent<BestMoveEvent>(10s));
    // The flood is read on its own thread and handed over when the pipe runs dry, which may be after the
    // protocol, on the other pipe, has reached its bestmove: it is waited for (up to 5 s), never lost.
    std::ptrdiff_t stderr_lines = 0;
    for (const auto until = SteadyClock::now() + 5s; stderr_lines <= 1000 && SteadyClock::now() < until;) {
        const auto entries = engine->takeLog();
        stderr_lines += std::count_if(entries.begin(), entries.end(),
                                      [](const LogEntry& e) { return e.kind == LogEntry::Kind::Stderr; });
        pump->until([](const EngineEvent&) { return false; }, 50ms);
    }
    EXPECT_GT(stderr_lines, 1000);
    EXPECT_TRUE(pump->all<FaultEvent>().empty());
}

TEST_F(EngineFaults, VeryLongLinesAreCutAndSkipped) {
    make("long-lines");
    startAndGame();
    ASSERT_TRUE(engine->search(game, clocks(10s, 10s), SteadyClock::now()));
    ASSERT_TRUE(pump->untilEvent<BestMoveEvent>(5s));
    const auto garbage = pump->faults(FaultKind::Garbage);
    ASSERT_GE(garbage.size(), 1u);
    EXPECT_NE(garbage[0].detail.find("longer than 64 KiB"), std::string::npos);
    EXPECT_LT(garbage[0].detail.size(), 300u);
    EXPECT_TRUE(pump->all<RestartedEvent>().empty());
}

TEST_F(EngineFaults, RepeatedCrashesGiveUpWithoutZombies) {
    make("crash-handshake");
    std::filesystem::remove(once);
    EngineSettings s = engine->settings();
    s.process.args = {"--mode", "crash-handshake"};
    s.max_restarts = 2;
    engine = std::make_unique<Engine>(s, makeRulesValidator());
    pump = std::make_unique<Pump>(*engine);
    ASSERT_TRUE(engine->start(SteadyClock::now()));
    ASSERT_TRUE(pump->until(
        [](const EngineEvent& e) {
            const auto* f = std::get_if<FaultEvent>(&e);
            return f && f->fault.kind == FaultKind::GaveUp;
        },
        10s));
    EXPECT_EQ(pump->faults(FaultKind::Crash).size(), 3u);
    EXPECT_EQ(engine->state(), EngineState::Failed);
}

TEST_F(EngineFaults, StartFailuresSayWhatWasWrong) {
    EngineSettings s;
    s.process.command = "/nonexistent/engine";
    Engine missing(s, makeRulesValidator());
    const auto error = missing.start(SteadyClock::now());
    ASSERT_FALSE(error);
    EXPECT_EQ(error.error(), "cannot execute '/nonexistent/engine': No such file or directory");
    s.process.command = "no-such-engine-xyz";
    Engine unknown(s, makeRulesValidator());
    EXPECT_EQ(unknown.start(SteadyClock::now()).error(),
              "engine 'no-such-engine-xyz' not found in PATH or /usr/games");
    s.process.command = FAKE_ENGINE;
    s.process.working_dir = "/nonexistent-dir";
    Engine bad_dir(s, makeRulesValidator());
    EXPECT_EQ(bad_dir.start(SteadyClock::now()).error(),
              "working directory '/nonexistent-dir' does not exist");
}

TEST(EngineTransport, ArgumentsWorkingDirectoryAndEnvironment) {
    auto t = spawnProcess({"/bin/sh",
                           {"-c", "pwd; echo \"$OC_TEST_VAR\"; echo to-stderr >&2"},
                           "/tmp",
                           {{"OC_TEST_VAR", "hello world"}}});
    ASSERT_TRUE(t) << t.error();
    std::vector<OutputLine> lines;
    for (int i = 0; i < 500 && (lines.size() < 3 || !(*t)->outputClosed()); ++i) {
        std::this_thread::sleep_for(5ms);
        for (auto& l : (*t)->takeLines()) lines.push_back(l);
    }
    ASSERT_EQ(lines.size(), 3u);
    std::vector<std::string> out;
    for (const auto& l : lines) {
        if (l.stream == Stream::Stdout) out.push_back(l.text);
    }
    EXPECT_EQ(out, (std::vector<std::string>{"/tmp", "hello world"}));
    const int pid = (*t)->pid();
    (*t)->kill();
    EXPECT_TRUE(testing::reaped(pid));
}

TEST(EngineTransport, WriteToADeadEngineIsAnErrorNotASignal) {
    // This test binary does not ignore SIGPIPE: the transport itself must keep the write from killing it.
    auto t = spawnProcess({"/bin/true", {}, "", {}});
    ASSERT_TRUE(t) << t.error();
    for (int i = 0; i < 500 && !(*t)->tryReap(); ++i) std::this_thread::sleep_for(5ms);
    ASSERT_TRUE((*t)->tryReap());
    EXPECT_EQ(*(*t)->tryReap(), (ExitStatus{false, 0}));
    const auto written = (*t)->writeLine("isready");
    ASSERT_FALSE(written);
    EXPECT_EQ(written.error(), "cannot write to the engine: Broken pipe");
}

TEST(EngineTransport, KillReapsARunningProcess) {
    auto t = spawnProcess({"sleep", {"30"}, "", {}});
    ASSERT_TRUE(t) << t.error();
    const int pid = (*t)->pid();
    EXPECT_FALSE((*t)->tryReap());
    EXPECT_EQ((*t)->kill(), (ExitStatus{true, SIGKILL}));
    EXPECT_TRUE(testing::reaped(pid));
    EXPECT_EQ(testing::zombieChildren(), 0);
}

}  // namespace
}  // namespace oc::engine
