// Guidelines I.5, issue 37: the move opened at resumption is the one the computer's envelope holds. The
// journal never holds the arbiter's passphrase, so only an audit given it compares them; without it the
// sealed-move check says the comparison was not made. A forger who rewrites the opened move (and the move
// executed with it) is caught once the arbiter gives the passphrase.
#include <gtest/gtest.h>

#include <fstream>

#include "audit/audit.hpp"
#include "tamper.hpp"

namespace oc::audit {
namespace {

using test::json;

// The computer (Black) seals 1...e5 under "arbiter-secret"; the envelope is opened at resumption.
constexpr const char* kScript = "adj_computer_seals_resumed";

class SealOpen : public ::testing::Test {
  protected:
    void SetUp() override { dir_ = test::testDir("oc_audit_seal_open_"); }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    // The opened move and the move executed with it rewritten to 1...d5; the envelope left as it was.
    std::filesystem::path openedRewritten() {
        return test::tampered(dir_, kScript, [&](std::vector<json>& records) {
            resume_ = test::find(records, "resume");
            records[resume_]["payload"]["opened"] = "d7d5";
            records[test::find(records, "made", resume_)]["payload"]["uci"] = "d7d5";
        });
    }
    Report audited(const std::filesystem::path& journal, const std::string& passphrase) {
        auto report = auditJournal(journal, AuditOptions{passphrase});
        EXPECT_TRUE(report) << report.error();
        return report ? *report : Report{};
    }

    std::filesystem::path dir_;
    std::size_t resume_ = 0;
};

TEST_F(SealOpen, WithoutThePassphraseTheCheckSaysTheMoveWasNotCompared) {
    const Report r = audited(test::playScript(dir_, kScript), "");
    const Check& c = test::checkNamed(r, "sealed-move");
    EXPECT_EQ(c.verdict, Verdict::Ok) << checkLines(r);
    EXPECT_NE(
        c.evidence.find("was not compared with the envelope's: that needs the arbiter's passphrase, given"),
        std::string::npos)
        << c.evidence;
}

TEST_F(SealOpen, WithThePassphraseTheHonestEnvelopeHoldsTheMoveOpened) {
    const Report r = audited(test::playScript(dir_, kScript), "arbiter-secret");
    const Check& c = test::checkNamed(r, "sealed-move");
    EXPECT_EQ(c.verdict, Verdict::Ok) << checkLines(r);
    EXPECT_NE(c.evidence.find("is the envelope's (opened with the passphrase given)"), std::string::npos)
        << c.evidence;
    EXPECT_TRUE(r.passed()) << checkLines(r);
}

TEST_F(SealOpen, AnOpenedMoveOtherThanTheEnvelopesIsABreach) {
    const auto journal = openedRewritten();
    EXPECT_EQ(test::checkNamed(audited(journal, ""), "sealed-move").verdict, Verdict::Ok);  // cannot tell
    const Report r = audited(journal, "arbiter-secret");
    const Check& c = test::checkNamed(r, "sealed-move");
    EXPECT_EQ(c.verdict, Verdict::Breach) << checkLines(r);
    EXPECT_EQ(c.evidence,
              "record #" + std::to_string(resume_) +
                  ": the move opened at resumption, d7d5, is not the envelope's, e7e5 (Guidelines "
                  "I.5, E.III 3.5)");
    EXPECT_EQ(c.records.front(), resume_);
}

// A wrong passphrase is the auditor's mistake, not the operator's: not judged, never ok, never a breach.
TEST_F(SealOpen, AWrongPassphraseLeavesTheMoveNotJudged) {
    const Report r = audited(test::playScript(dir_, kScript), "not-the-secret");
    const Check& c = test::checkNamed(r, "sealed-move");
    EXPECT_EQ(c.verdict, Verdict::NotChecked) << checkLines(r);
    EXPECT_NE(c.evidence.find("the envelope could not be opened with the passphrase given"),
              std::string::npos)
        << c.evidence;
    EXPECT_FALSE(r.breached());
}

// The command reads the passphrase from a file (never from the command line, where the process list shows
// it): exit 0 for the honest journal, 1 for the rewritten one, 2 for a file it cannot use.
TEST_F(SealOpen, TheCommandTakesThePassphraseFromAFile) {
    const auto honest = test::playScript(dir_, kScript), forged = openedRewritten();
    const auto secret = dir_ / "passphrase.txt", empty = dir_ / "empty.txt";
    std::ofstream(secret) << "arbiter-secret\r\n";
    std::ofstream(empty) << "\n";
    const std::string with = " --ui-lang en --seal-passphrase-file ";
    std::string out;
    EXPECT_EQ(test::runCli("journal audit " + honest.string() + with + secret.string(), &out), 0) << out;
    EXPECT_EQ(test::runCli("journal audit " + forged.string() + with + secret.string(), &out), 1) << out;
    EXPECT_NE(out.find("sealed-move breach record #"), std::string::npos) << out;
    EXPECT_EQ(test::runCli("journal audit " + honest.string() + with + (dir_ / "none.txt").string()), 2);
    EXPECT_EQ(test::runCli("journal audit " + honest.string() + with + empty.string()), 2);
}

}  // namespace
}  // namespace oc::audit
