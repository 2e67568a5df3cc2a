// The published ledger's files (issue 35 item 1): a crash between the records' append and the summary
// leaves lines the summary does not count, which are ignored and then overwritten; a ledger edited by
// hand is refused rather than trusted; the journals may be given in another order at the next start.
#include <gtest/gtest.h>

#include <fstream>

#include "broadcast/hub.hpp"
#include "journal_copy.hpp"

namespace oc::broadcast {
namespace {

using namespace std::chrono_literals;
const std::filesystem::path kData = OC_BROADCAST_DATA;

class LedgerFiles : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               (std::string("oc-ledger-") + ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::remove_all(dir_);
        std::filesystem::create_directories(dir_);
        a_ = dir_ / "a.journal";
        b_ = dir_ / "b.journal";
        std::filesystem::copy_file(kData / "finished.journal", a_);
        std::filesystem::copy_file(kData / "paused.journal", b_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    // Publishes both boards whole with a fresh hub over the ledger, as a start of the hub would.
    std::vector<BoardView> run(std::vector<std::filesystem::path> journals) {
        auto ledger = Ledger::open(dir_ / "state", journals);
        EXPECT_TRUE(ledger.has_value()) << (ledger ? "" : ledger.error());
        Hub hub(journals, 0s, std::move(*ledger));
        hub.refresh(journal::WallTime{} + 24h * 365 * 60);
        return hub.views();
    }
    std::filesystem::path recordsFile() const {
        for (const auto& e : std::filesystem::directory_iterator(dir_ / "state"))
            if (e.path().extension() == ".records" &&
                Ledger::open(dir_ / "state", {a_})->board(0).bytes == std::filesystem::file_size(e.path()))
                return e.path();
        return {};
    }
    std::filesystem::path dir_, a_, b_;
};

TEST_F(LedgerFiles, LinesPastTheSummaryAreIgnoredAndOverwritten) {
    test::copyJournal(
        kData / "finished.journal", a_, [](std::size_t, const journal::Record& r) { return r.wall; }, {}, 40);
    run({a_});
    const auto records = recordsFile();
    ASSERT_FALSE(records.empty());
    std::ofstream(records, std::ios::app) << "{\"hash\":\"torn";  // a crash before the summary
    EXPECT_EQ(Ledger::open(dir_ / "state", {a_})->board(0).records.size(), 40u);
    std::filesystem::copy_file(kData / "finished.journal", a_,
                               std::filesystem::copy_options::overwrite_existing);
    run({a_});
    // The published lines are the journal's own, byte for byte: the torn bytes were written over.
    EXPECT_EQ(std::filesystem::file_size(records), std::filesystem::file_size(a_));
    std::ofstream(a_, std::ios::trunc) << "";  // the journal emptied: waited for
    const auto views = run({a_});
    EXPECT_EQ(views[0].journal_seq, 50u);
    EXPECT_EQ(views[0].result, "1-0");
}

TEST_F(LedgerFiles, AnEditedLedgerIsRefusedNotTrusted) {
    run({a_});
    const auto records = recordsFile();
    std::string text;
    {
        std::ifstream in(records, std::ios::binary);
        text.assign(std::istreambuf_iterator<char>(in), {});
    }
    text[text.find("\"e2e4\"") + 2] = 'd';  // 1. d4 instead of 1. e4, hash left as it was
    std::ofstream(records, std::ios::binary | std::ios::trunc) << text;
    auto ledger = Ledger::open(dir_ / "state", {a_});
    ASSERT_FALSE(ledger.has_value());
    EXPECT_NE(ledger.error().find("does not verify"), std::string::npos) << ledger.error();
}

TEST_F(LedgerFiles, TheJournalsMayComeInAnotherOrder) {
    const auto first = run({a_, b_});
    std::filesystem::resize_file(a_, 0);
    std::filesystem::resize_file(b_, 0);
    const auto again = run({b_, a_});
    EXPECT_EQ(again[1].moves, first[0].moves);
    EXPECT_EQ(again[0].moves, first[1].moves);
    EXPECT_EQ(again[1].journal_id, first[0].journal_id);
}

}  // namespace
}  // namespace oc::broadcast
