// Issue 37 item 1: what an earlier console is known to have written of itself is not judged, never a breach
// and never ok (console/audit/src/older_consoles.hpp). Three honest journals of an older operator-cli play
// (tests/audit/corpus) were accused for its two defects; each is recognised only in its own shape, in that
// play's journals: the same records in another program's journal, or one record off, stay breaches.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "audit/audit.hpp"
#include "tamper.hpp"

namespace oc::audit {
namespace {

using test::json;

constexpr const char* kSetupLineV1 = OC_AUDIT_CORPUS "/v1-1610ffd7-sf_ponder_hit_setup_line.jsonl";
constexpr const char* kSetupLineV2 = OC_AUDIT_CORPUS "/v2-0.1.0-e992afba-sf_ponder_hit_setup_line.jsonl";
constexpr const char* kMonoBack = OC_AUDIT_CORPUS "/v2-1.0.0-5bfa020f-sf_kill_resume_mono_back.jsonl";
constexpr const char* kRecordEarly =
    OC_AUDIT_CORPUS "/v3-1.0.0-2e62abcd-sf_kill_resume_ponder_record_early.jsonl";

class OlderConsoles : public ::testing::Test {
  protected:
    void SetUp() override { dir_ = test::testDir("oc_audit_older_"); }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    static const Check& check(const Report& r, const std::string& name) { return test::checkNamed(r, name); }
    // The audit of `path`'s records after `edit`, re-hashed as a forger would.
    Report edited(const std::filesystem::path& path, const std::function<void(std::vector<json>&)>& edit) {
        auto records = test::readRecords(path);
        edit(records);
        test::writeRechained(dir_ / "edited.jsonl", records);
        auto report = auditJournal(dir_ / "edited.jsonl");
        EXPECT_TRUE(report) << report.error();
        return report ? *report : Report{};
    }
    // Only `name` could not judge; no check is a breach.
    static void expectOnlyNotJudged(const Report& r, const std::string& name) {
        EXPECT_FALSE(r.breached()) << checkLines(r);
        EXPECT_FALSE(r.passed()) << checkLines(r);
        EXPECT_EQ(r.notChecked(), 1u) << checkLines(r);
        EXPECT_EQ(check(r, name).verdict, Verdict::NotChecked) << checkLines(r);
    }

    std::filesystem::path dir_;
};

// Defect 1: the engine was started with the setup in force then (record #1, Ponder false) and never given
// the setup line that turned pondering on before the start (record #5).
TEST_F(OlderConsoles, AnOlderPlaysSetupChangeNotSentToItsEngineIsNotJudged) {
    for (const char* journal : {kSetupLineV1, kSetupLineV2}) {
        auto report = auditJournal(journal);
        ASSERT_TRUE(report) << report.error();
        expectOnlyNotJudged(*report, "faster-rate");
        const Check& c = check(*report, "faster-rate");
        EXPECT_EQ(
            c.evidence,
            "record #3: not judged: the engine was sent \"setoption name Ponder value false\" when it was "
            "started, as the setup in force then (record #1) gave it, and the setup was changed before "
            "the start (the setup says true); operator-cli play of journal versions 1 and 2 did not "
            "start its engine again for such a change (fixed in 8f52173e), so whether the operator let "
            "the engine play with a setting the event did not set cannot be judged (E.III 2.2)")
            << journal;
        EXPECT_EQ(c.records.front(), 3u);
    }
}

// The window (operator-console) always started its engine again with a changed setup: in its journal the
// same handshake is a breach.
TEST_F(OlderConsoles, TheSameHandshakeInTheWindowsJournalIsABreach) {
    const Report r = edited(kSetupLineV1, [](std::vector<json>& records) {
        records.front()["payload"]["app"] = "operator-console";
    });
    EXPECT_EQ(check(r, "faster-rate").verdict, Verdict::Breach) << checkLines(r);
    EXPECT_NE(check(r, "faster-rate").evidence.find("which is not the event's setting"), std::string::npos);
}

// A value no setup record gave (Threads raised in the handshake) is no defect of that play's: a breach.
TEST_F(OlderConsoles, AHandshakeValueNoSetupGaveIsABreach) {
    const Report r = edited(kSetupLineV1, [](std::vector<json>& records) {
        for (auto& line : records[3]["payload"]["lines"])
            if (line == "> setoption name Threads value 1") line = "> setoption name Threads value 4";
    });
    const Check& c = check(r, "faster-rate");
    EXPECT_EQ(c.verdict, Verdict::Breach) << checkLines(r);
    EXPECT_NE(c.evidence.find("\"setoption name Threads value 4\""), std::string::npos) << c.evidence;
}

// Where a forger inserts a setup record before that play's handshake to match a raised setting, the
// journal cannot be told from the defect: the audit says it cannot judge, never ok. (In today's signed
// journals the same forgery is a breach: Facts.AForgedSetupRecordBeforeTheHandshakeCannotExcuseIt.)
TEST_F(OlderConsoles, AForgedSetupBeforeThatPlaysHandshakeIsNotJudgedNeverOk) {
    const Report r = edited(kSetupLineV1, [](std::vector<json>& records) {
        json forged = records[1]["payload"];
        forged["setup"]["engine"]["options"]["Threads"] = "4";
        test::insertBefore(records, 3, "setup", forged);
        for (auto& line : records[4]["payload"]["lines"])
            if (line == "> setoption name Threads value 1") line = "> setoption name Threads value 4";
    });
    const Check& c = check(r, "faster-rate");
    EXPECT_EQ(c.verdict, Verdict::NotChecked) << checkLines(r);
    EXPECT_NE(c.evidence.find("\"setoption name Threads value 4\" when it was started, as the setup in force "
                              "then (record #3)"),
              std::string::npos)
        << c.evidence;
}

// Defect 2: killed after the search's engine I/O was journaled (#109, at its end) and before its move, the
// play resumed at the time of the search's go (#108): the resume is 6.2 s "before" #109.
TEST_F(OlderConsoles, AnOlderPlaysResumeAtItsSearchsStartIsNotJudged) {
    auto report = auditJournal(kMonoBack);
    ASSERT_TRUE(report) << report.error();
    expectOnlyNotJudged(*report, "table-clock");
    const Check& c = check(*report, "table-clock");
    EXPECT_EQ(
        c.evidence,
        "record #110: not judged: the console_resumed record's monotonic time 1:04:48.7 is 0:00:06.2 "
        "before that of the engine I/O before it (#109, 1:04:55); operator-cli play up to release 1.0.0 "
        "resumed a game at the time of its last record other than engine I/O (#108, go), and until "
        "8f52173e its clocks went on from there, so the computer's clock was not charged the 0:00:06.2 "
        "its search took there; whether records were moved cannot be judged (E.III 1.1)");
    EXPECT_EQ(c.records.front(), 110u);
}

// The same defect in today's console until 741b2cff (release 1.0.0, journal version 3): its clocks went on
// from the engine lines' time, but the console_resumed record kept the earlier one (found by
// audit_kill_resume_stockfish_ponder in a clean clone; the journal is kept in the corpus).
TEST_F(OlderConsoles, ARelease100ResumeRecordTimedBeforeItsEngineLinesIsNotJudged) {
    auto report = auditJournal(kRecordEarly);
    ASSERT_TRUE(report) << report.error();
    expectOnlyNotJudged(*report, "table-clock");
    EXPECT_NE(
        check(*report, "table-clock")
            .evidence.find("operator-cli play up to release 1.0.0 (until 741b2cff) timed that record at "
                           "its last record other than engine I/O (#135, go), though the game went on from "
                           "the later time"),
        std::string::npos)
        << checkLines(*report);
    // A console of a later release does not do it: the same records are a breach. (Unsigned, as a version
    // 2 journal: the key that signed this one stayed on the computer that played it.)
    const Report later = edited(kRecordEarly, [](std::vector<json>& records) {
        test::asVersion2(records);
        records.front()["payload"]["program"]["version"] = "1.0.1";
    });
    EXPECT_EQ(check(later, "table-clock").verdict, Verdict::Breach) << checkLines(later);
}

// One millisecond before the go, or in another program's journal, the resume is moved: a breach.
TEST_F(OlderConsoles, AResumeOffItsSearchsStartOrInAnotherProgramIsABreach) {
    const Report earlier = edited(kMonoBack, [](std::vector<json>& records) {
        records[110]["mono_ms"] = records[110]["mono_ms"].get<std::int64_t>() - 1;
    });
    EXPECT_EQ(check(earlier, "table-clock").verdict, Verdict::Breach) << checkLines(earlier);
    const Report other = edited(kMonoBack, [](std::vector<json>& records) {
        records.front()["payload"]["app"] = "operator-console";
    });
    EXPECT_EQ(check(other, "table-clock").verdict, Verdict::Breach) << checkLines(other);
    EXPECT_NE(check(other, "table-clock").evidence.find("records were moved or their times edited"),
              std::string::npos);
}

// The command says it: exit 3 (no breach, a check could not judge), the JSON's outcome, and page 1 of the
// PDF in words an arbiter reads, not BREACH and not "No breach found: ... every check is ok".
TEST_F(OlderConsoles, TheCommandExitsThreeAndThePapersSayNotAllChecked) {
    const auto json_out = dir_ / "audit.json", pdf_out = dir_ / "audit.pdf";
    std::string out;
    EXPECT_EQ(test::runCli(std::string("journal audit ") + kMonoBack + " --ui-lang en --json " +
                               json_out.string() + " --pdf " + pdf_out.string(),
                           &out),
              3)
        << out;
    EXPECT_NE(out.find("table-clock not-checked record #110: not judged"), std::string::npos) << out;
    EXPECT_EQ(out.find(" breach "), std::string::npos) << out;
    const json j = json::parse(std::ifstream(json_out));
    EXPECT_EQ(j["outcome"], "not-all-checked");
    EXPECT_EQ(j["passed"], false);
    const auto text = dir_ / "p1.txt";
    ASSERT_EQ(std::system(("pdftotext -f 1 -l 1 " + pdf_out.string() + " " + text.string()).c_str()), 0);
    std::stringstream page;
    page << std::ifstream(text).rdbuf();
    EXPECT_NE(page.str().find("No breach found, but 1 check could not judge (not checked)"),
              std::string::npos)
        << page.str();
    EXPECT_EQ(page.str().find("BREACH"), std::string::npos) << page.str();
}

}  // namespace
}  // namespace oc::audit
