// Issue 23 item 2: a restarted engine's handshake told apart from a mid-game setoption by the journal's own
// evidence. The bridge journals a note "# started <engine> (pid N)" right before each process's "> uci";
// only that makes the setoptions up to its "> isready" a handshake, and those must be the event's own
// settings (E.III 2.2). A real restart (Stockfish behind a relay that hangs on its third go, restarted on
// its deadline) audits clean; a "> uci" with setoptions added mid-game without the note, or a handshake
// whose option differs from the setup, is a faster-rate breach.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>

#include "audit/audit.hpp"
#include "journal/journal.hpp"
#include "tamper.hpp"

namespace oc::audit {
namespace {

using test::json;

constexpr const char* kStockfish = "/usr/games/stockfish";

class EngineRestart : public ::testing::Test {
  protected:
    static void SetUpTestSuite() {
        if (!std::filesystem::exists(kStockfish)) return;
        dir_ = std::filesystem::temp_directory_path() / ("oc_audit_restart_" + std::to_string(getpid()));
        std::filesystem::create_directories(dir_);
        game_ = dir_ / "restarted.jsonl";
        const int rc =
            test::runCli(std::string("play --engine ") + OC_HANG_ON_GO + " --engine-arg=--go " +
                         "--engine-arg=3 --engine-arg=--once --engine-arg=" + (dir_ / "hung").string() +
                         " --engine-arg=" + kStockfish +
                         " --engine-side black --tc 90m+30s --human random --seed 7 --max-plies 12 "
                         "--engine-deadline 1 --journal " +
                         game_.string());
        ASSERT_EQ(rc, 0);
        ASSERT_TRUE(std::filesystem::exists(dir_ / "hung")) << "the relay never hung: no restart to audit";
    }
    static void TearDownTestSuite() { std::filesystem::remove_all(dir_); }
    void SetUp() override {
        if (!std::filesystem::exists(kStockfish)) GTEST_SKIP() << kStockfish << " is not installed";
    }

    std::filesystem::path tampered(const std::function<void(std::vector<json>&)>& edit) {
        auto records = test::readRecords(game_);
        edit(records);
        auto out =
            dir_ / (std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + ".jsonl");
        test::writeRechained(out, records);
        EXPECT_TRUE(journal::readJournal(out)) << "the tampered journal must still verify";
        return out;
    }

    // The engine_io record that holds the restarted engine's "> uci": the last one (the first is the
    // engine's start before the game). It is journaled before the fault's record, with the lines of the
    // search that hung.
    static std::size_t restartIo(const std::vector<json>& r) {
        std::size_t found = r.size();
        for (std::size_t i = test::find(r, "go"); i < test::find(r, "engine_restart"); ++i)
            if (r[i]["type"] == "engine_io")
                for (const auto& l : r[i]["payload"]["lines"])
                    if (l == "> uci") found = i;
        if (found == r.size()) ADD_FAILURE() << "no handshake journaled for the restart";
        return found;
    }
    // The first engine_io record from `from` on holding `line`.
    static std::size_t ioWith(const std::vector<json>& r, std::size_t from, const std::string& line) {
        for (std::size_t i = from; i < r.size(); ++i)
            if (r[i]["type"] == "engine_io")
                for (const auto& l : r[i]["payload"]["lines"])
                    if (l == line) return i;
        ADD_FAILURE() << "no engine line " << line;
        return r.size();
    }

    static inline std::filesystem::path dir_, game_;
};

const Check& check(const Report& r, const std::string& name) {
    return *std::find_if(r.checks.begin(), r.checks.end(), [&](const Check& c) { return c.name == name; });
}

void expectFasterRateBreach(const std::filesystem::path& journal, std::size_t index, const std::string& why) {
    auto report = auditJournal(journal);
    ASSERT_TRUE(report) << report.error();
    const Check& c = check(*report, "faster-rate");
    ASSERT_EQ(c.verdict, Verdict::Breach) << checkLines(*report);
    EXPECT_EQ(c.records.front(), index) << c.evidence;
    EXPECT_NE(c.evidence.find(why), std::string::npos) << c.evidence;
}

TEST_F(EngineRestart, ARealRestartsHandshakeIsClean) {
    const auto r = test::readRecords(game_);
    const std::size_t io = restartIo(r);
    ASSERT_LT(io, r.size());
    const auto& lines = r[io]["payload"]["lines"];
    const auto uci = std::find(lines.begin(), lines.end(), json("> uci"));
    ASSERT_NE(uci, lines.begin());
    EXPECT_EQ(std::prev(uci)->get<std::string>().rfind("# started ", 0), 0u) << "the bridge's note";
    EXPECT_LT(ioWith(r, io, "> setoption name Threads value 1"), r.size())
        << "the restarted engine is given the setup's options again: nothing was exercised";
    auto report = auditJournal(game_);
    ASSERT_TRUE(report) << report.error();
    EXPECT_TRUE(report->passed()) << checkLines(*report);
}

// The old heuristic took any "> uci" for a restart: a setoption smuggled in behind one passed.
TEST_F(EngineRestart, AUciWithoutTheBridgesNoteIsNoRestart) {
    std::size_t at = 0;
    auto j = tampered([&](std::vector<json>& r) {
        at = test::find(r, "engine_io", test::find(r, "pressed", test::find(r, "engine_restart")));
        auto& lines = r[at]["payload"]["lines"];
        lines.insert(lines.begin(), {"> uci", "> setoption name Threads value 4", "> isready"});
    });
    expectFasterRateBreach(j, at,
                           "\"setoption name Threads value 4\" during the game without a module change");
}

// Inside a real restart's handshake, an option other than the event's setting is a change of settings.
TEST_F(EngineRestart, AHandshakeOptionOtherThanTheSetupsIsABreach) {
    std::size_t at = 0;
    auto j = tampered([&](std::vector<json>& r) {
        at = ioWith(r, restartIo(r), "> setoption name Threads value 1");
        for (auto& l : r[at]["payload"]["lines"])
            if (l == "> setoption name Threads value 1") l = "> setoption name Threads value 4";
    });
    expectFasterRateBreach(j, at, "the restarted engine was sent \"setoption name Threads value 4\"");
}

}  // namespace
}  // namespace oc::audit
