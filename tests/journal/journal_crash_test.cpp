// A process killed with SIGKILL while appending leaves a journal that verifies (possibly with a torn
// last record) and can be continued.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <thread>

#include "journal/journal.hpp"
#include "journal_test_util.hpp"

namespace oc::journal {
namespace {

namespace test = oc::session::test;  // the temporary directories and files (tests/session)

// Child: appends forever (records of varying length so kills land mid-line too).
[[noreturn]] void appendForever(const std::filesystem::path& path) {
    auto writer = JournalWriter::openForAppend(path);
    if (!writer) ::_exit(3);
    for (int i = 0;; ++i) {
        nlohmann::json payload = {
            {"dir", "in"},
            {"line", "info depth 18 pv " + std::string(static_cast<std::size_t>(i % 400), 'e')}};
        if (!writer->append("engine_line", payload, test::wallAt(i), test::monoAt(i))) ::_exit(4);
    }
}

// Waits until the file has grown by `bytes` (the child is appending), without a timing assertion.
// False if the child stopped by itself (it could not open the journal or an append failed).
bool waitForGrowth(pid_t child, const std::filesystem::path& path, std::uintmax_t from,
                   std::uintmax_t bytes) {
    while (std::filesystem::file_size(path) < from + bytes) {
        if (::waitpid(child, nullptr, WNOHANG) == child) return false;
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    return true;
}

TEST(JournalCrash, SigkillDuringAppendsLeavesAVerifiableJournal) {
    test::TempDir dir;
    const auto path = dir / "game.journal";
    test::writeJournal(path, 1);
    constexpr int kRounds = 20;
    std::size_t records = 2;
    int torn = 0;
    for (int round = 0; round < kRounds; ++round) {
        const auto size = std::filesystem::file_size(path);
        const pid_t child = ::fork();
        ASSERT_GE(child, 0);
        if (child == 0) appendForever(path);
        // Kill points vary from a few records to a few hundred, and land anywhere inside a line.
        const auto growth = 1500 + static_cast<std::uintmax_t>(round * 7919 % 60000);
        ASSERT_TRUE(waitForGrowth(child, path, size, growth)) << "the appending child stopped by itself";
        ASSERT_EQ(::kill(child, SIGKILL), 0);
        int status = 0;
        ASSERT_EQ(::waitpid(child, &status, 0), child);
        ASSERT_TRUE(WIFSIGNALED(status)) << "the child stopped by itself with status " << WEXITSTATUS(status);

        auto contents = readJournal(path);
        ASSERT_TRUE(contents) << "round " << round << ": " << contents.error().message;
        EXPECT_GT(contents->records.size(), records);
        EXPECT_LE(contents->warnings.size(), 1u);
        torn += contents->torn_tail_dropped ? 1 : 0;
        // Continue after the crash like a restarted console: the torn tail is cut, the chain goes on.
        auto resumed = JournalWriter::resume(path);
        ASSERT_TRUE(resumed) << resumed.error().message;
        ASSERT_TRUE(resumed->writer.append("resume", {{"round", round}}, test::wallAt(0), test::monoAt(0)));
        records = resumed->writer.nextSeq();
    }
    std::printf("%d of %d kills left a torn last record\n", torn, kRounds);
    auto final_contents = readJournal(path);
    ASSERT_TRUE(final_contents) << final_contents.error().message;
    EXPECT_EQ(final_contents->records.size(), records);
    EXPECT_FALSE(final_contents->torn_tail_dropped);
}

}  // namespace
}  // namespace oc::journal
