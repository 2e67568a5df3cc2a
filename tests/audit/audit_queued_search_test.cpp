// Issue 37: a search replaced before its `position` line was sent is no gap in the engine I/O. Real
// Stockfish behind a relay that holds the new game's `readyok` back two seconds (tests/fakes/slow_ready.py):
// meanwhile the human's move is corrected, or ruled illegal and played again, so the console drops the
// queued search and sends only the next one. The audit reported the dropped search as "no engine I/O"
// (E.III 2.3), and with the same game in both, matched the line to the dropped one and reported the real.
#include <gtest/gtest.h>
#include <unistd.h>

#include "audit/audit.hpp"
#include "tamper.hpp"

namespace oc::audit {
namespace {

constexpr const char* kStockfish = "/usr/games/stockfish";

class QueuedSearch : public ::testing::TestWithParam<const char*> {
  protected:
    void SetUp() override {
        if (!std::filesystem::exists(kStockfish)) GTEST_SKIP() << kStockfish << " is not installed";
        dir_ = test::testDir("oc_audit_queued_");
    }
    void TearDown() override {
        if (!dir_.empty()) std::filesystem::remove_all(dir_);
    }
    std::filesystem::path dir_;
};

TEST_P(QueuedSearch, ReplacedBeforeItsPositionWasSentIsNoGap) {
    const auto journal = dir_ / "game.jsonl";
    const int rc =
        test::runCli(std::string("play --engine ") + OC_SLOW_READY +
                     " --engine-arg=--ready --engine-arg=2 --engine-arg=--delay --engine-arg=2 "
                     "--engine-arg=" +
                     kStockfish + " --engine-side black --tc 90m+30s --human script:" + OC_AUDIT_SCRIPTS +
                     "/" + GetParam() + ".txt --journal " + journal.string());
    ASSERT_EQ(rc, 0);
    // The journal holds two searches and one position line: the queued one was dropped.
    const auto records = test::readRecords(journal);
    int gos = 0, positions = 0;
    for (const auto& r : records) {
        gos += r["type"] == "go" ? 1 : 0;
        if (r["type"] == "engine_io")
            for (const auto& l : r["payload"]["lines"])
                positions += l.get<std::string>().rfind("> position ", 0) == 0 ? 1 : 0;
    }
    ASSERT_EQ(gos, 2) << "the script no longer replaces the first search";
    ASSERT_EQ(positions, 1) << "the relay's late readyok no longer holds the first search back";
    auto report = auditJournal(journal);
    ASSERT_TRUE(report) << report.error();
    EXPECT_TRUE(report->passed()) << checkLines(*report);
}

INSTANTIATE_TEST_SUITE_P(Scripts, QueuedSearch,
                         ::testing::Values("correction_while_engine_readies", "ruling_while_engine_readies"));

}  // namespace
}  // namespace oc::audit
