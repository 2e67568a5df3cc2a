// Issue 23 item 2 / item 4: a search whose engine I/O is larger than one journal record holds (1 MiB) is
// split into several engine_io records, and the audit reads all of them as one stream. Real Stockfish
// plays; verbose_engine.py in front of it adds 1.2 MB of `info string` lines to each search (no real
// engine says that much in a short search).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>

#include "audit/audit.hpp"
#include "journal/journal.hpp"
#include "tamper.hpp"

namespace oc::audit {
namespace {

using test::json;

constexpr std::size_t kMiB = std::size_t{1} << 20;

std::size_t bytesOf(const json& record) {
    std::size_t n = 0;
    for (const auto& l : record["payload"]["lines"]) n += l.get<std::string>().size();
    return n;
}

class EngineIoSplit : public ::testing::Test {
  protected:
    static void SetUpTestSuite() {
        dir_ = std::filesystem::temp_directory_path() / ("oc_audit_io_split_" + std::to_string(getpid()));
        std::filesystem::create_directories(dir_);
        game_ = dir_ / "verbose.jsonl";
        setenv("OC_VERBOSE_ENGINE", "/usr/games/stockfish", 1);
        setenv("OC_VERBOSE_PAD", "1200000", 1);
        const int rc = test::runCli(std::string("play --engine ") + OC_VERBOSE_ENGINE +
                                    " --engine-nodes 5000 --engine-side black --tc 15m+10s --human random "
                                    "--seed 1 --max-plies 4 --journal " +
                                    game_.string());
        ASSERT_EQ(rc, 0);
    }
    static void TearDownTestSuite() { std::filesystem::remove_all(dir_); }

    // The engine_io records of the first search (between its go and its engine_move).
    static std::vector<std::size_t> firstSearchIo(const std::vector<json>& r) {
        std::vector<std::size_t> out;
        for (std::size_t i = test::find(r, "go") + 1; i < r.size() && r[i]["type"] != "engine_move"; ++i)
            if (r[i]["type"] == "engine_io") out.push_back(i);
        return out;
    }

    std::filesystem::path tampered(const std::string& name,
                                   const std::function<void(std::vector<json>&)>& edit) {
        auto records = test::readRecords(game_);
        edit(records);
        auto out = dir_ / (name + ".jsonl");
        test::writeRechained(out, records);
        EXPECT_TRUE(journal::readJournal(out)) << "the tampered journal must still verify";
        return out;
    }

    static void expectBreachAt(const std::filesystem::path& j, const std::string& name, std::size_t at) {
        auto report = auditJournal(j);
        ASSERT_TRUE(report) << report.error();
        auto c = std::find_if(report->checks.begin(), report->checks.end(),
                              [&](const Check& k) { return k.name == name; });
        ASSERT_NE(c, report->checks.end());
        EXPECT_EQ(c->verdict, Verdict::Breach) << checkLines(*report);
        ASSERT_FALSE(c->records.empty());
        EXPECT_EQ(c->records.front(), at) << c->evidence;
    }

    static inline std::filesystem::path dir_, game_;
};

// The search's lines went out in records of at most 1 MiB, more than 1 MiB in all, and the audit of
// the whole game is clean: the bestmove, in the last record, is among the lines it checked.
TEST_F(EngineIoSplit, ALongSearchIsSplitAndTheAuditReadsItWhole) {
    auto records = test::readRecords(game_);
    auto io = firstSearchIo(records);
    ASSERT_GE(io.size(), 2u);
    std::size_t total = 0;
    for (std::size_t i : io) {
        EXPECT_LE(bytesOf(records[i]), kMiB) << "record " << i;
        total += bytesOf(records[i]);
    }
    EXPECT_GT(total, kMiB);
    const auto& last = records[io.back()]["payload"]["lines"];
    EXPECT_EQ(last.back().get<std::string>().rfind("< bestmove ", 0), 0u) << last.back();
    auto report = auditJournal(game_);
    ASSERT_TRUE(report) << report.error();
    EXPECT_TRUE(report->passed()) << checkLines(*report);
    auto moves = std::find_if(report->checks.begin(), report->checks.end(),
                              [](const Check& c) { return c.name == "moves-recorded"; });
    ASSERT_NE(moves, report->checks.end());
    EXPECT_NE(moves->evidence.find("2 of them checked against the engine's own bestmove line"),
              std::string::npos)
        << moves->evidence;
}

// A line edited in the first record or in the last is found in either: the audit reads every part.
TEST_F(EngineIoSplit, AnEditInTheFirstPartIsCaught) {
    std::size_t at = 0;
    auto j = tampered("first", [&](std::vector<json>& r) {
        at = firstSearchIo(r).front();
        for (auto& l : r[at]["payload"]["lines"])
            if (l.get<std::string>().rfind("> position ", 0) == 0) l = "> position startpos moves e2e4";
    });
    expectBreachAt(j, "moves-recorded", at);
}

TEST_F(EngineIoSplit, AnEditInTheLastPartIsCaught) {
    std::size_t at = 0;
    auto j = tampered("last", [&](std::vector<json>& r) {
        at = firstSearchIo(r).back();
        auto& lines = r[at]["payload"]["lines"];
        lines.insert(lines.end() - 1, "> setoption name Contempt value 100");
    });
    expectBreachAt(j, "faster-rate", at);
}

}  // namespace
}  // namespace oc::audit
