// Issue 37 items 1 and 6: the journal's header says which console wrote it and by which rules, and the
// audit judges the engine's time by that console's handling-reserve rule. A journal of an earlier console
// (no program, no rules in its header) is judged by the rule its go figures follow, or its budget is
// "not checked" - never a breach of the operator's.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <functional>
#include <memory>
#include <sstream>

#include "audit/audit.hpp"
#include "journal/journal.hpp"
#include "tamper.hpp"
#include "version/version.hpp"

namespace oc::audit {
namespace {

using test::json;

// The operator's first handling takes 12 s: rule 1 (consoles until 42adec1e) then held 12 s back per move,
// today's rule 5 s (the starting value; one slow handling is set aside).
constexpr const char* kScript = OC_AUDIT_SCRIPTS "/slow_first_handling.txt";

class Provenance : public ::testing::Test {
  protected:
    void SetUp() override { dir_ = test::testDir("oc_audit_provenance_"); }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    static const Check& check(const Report& r, const std::string& name) { return test::checkNamed(r, name); }

    // The journal as last month's console wrote it: no program and no rules in the header, and the go
    // figures of its rule 1. With 90m+30s (sudden death, 20 moves ahead, 2 safety moves) the engine is
    // told its time less 3 reserves and each increment less one: 7 s more reserve is 21 s and 7 s less.
    std::filesystem::path olderConsole(bool keep_rules = false) {
        return test::tampered(dir_, kScript, [&](std::vector<json>& records) {
            auto& header = records.front()["payload"];
            if (!keep_rules) {  // and unsigned: signatures came after the rules in the header
                header.erase("program");
                header.erase("rules");
                test::asVersion2(records);
            }
            for (std::size_t i = test::find(records, "pressed"); i < records.size(); ++i) {
                auto& p = records[i]["payload"];
                if (records[i]["type"] != "go") continue;
                p["btime"] = p["btime"].get<std::int64_t>() - 21000;
                p["binc"] = p["binc"].get<std::int64_t>() - 7000;
            }
        });
    }

    std::filesystem::path dir_;
};

TEST_F(Provenance, NewJournalNamesItsWriterAndRules) {
    const auto journal = test::playScript(dir_, kScript);
    const auto header = test::readRecords(journal).front()["payload"];
    EXPECT_EQ(header["program"]["name"], "operator-console");
    EXPECT_FALSE(header["program"]["version"].get<std::string>().empty());
    EXPECT_FALSE(header["program"]["commit"].get<std::string>().empty());
    EXPECT_EQ(header["rules"]["handling_reserve"]["rule"], 3);
    EXPECT_EQ(header["rules"]["budget"]["formula"], 1);
    auto report = auditJournal(journal);
    ASSERT_TRUE(report) << report.error();
    EXPECT_TRUE(report->passed()) << checkLines(*report);
    EXPECT_EQ(report->reserve_rule, 3);
    EXPECT_EQ(report->rules_from, "header");
    EXPECT_EQ(report->written_by.rfind("operator-console ", 0), 0u) << report->written_by;
    EXPECT_NE(check(*report, "integrity").evidence.find("written by operator-console "), std::string::npos);
    EXPECT_NE(check(*report, "faster-rate").evidence.find("judged by the handling-reserve rule 3 named in"),
              std::string::npos)
        << checkLines(*report);
    const json j = toJson(*report);
    EXPECT_EQ(j["written_by"], report->written_by);
    EXPECT_EQ(j["judged_by"]["reserve_rule"], 3);
    EXPECT_EQ(j["judged_by"]["from"], "header");
}

// The PDF's text in drawing order with every run of white space one space, so a wrapped line reads whole.
std::string pdfWords(const std::filesystem::path& pdf) {
    const std::string cmd = "pdftotext -raw '" + pdf.string() + "' - 2>&1";
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(::popen(cmd.c_str(), "r"), ::pclose);
    std::string raw;
    std::array<char, 4096> buf{};
    while (pipe && std::fgets(buf.data(), buf.size(), pipe.get()) != nullptr) raw += buf.data();
    std::istringstream in(raw);
    std::string out;
    for (std::string w; in >> w;) out += (out.empty() ? "" : " ") + w;
    return out;
}

// Issue 39 item 1: a journal this console writes is reported as written by this very release and commit
// (the same words as `--version`), in the audit's text, its JSON and its PDF.
TEST_F(Provenance, CurrentJournalIsWrittenByThisReleaseInEveryReport) {
    const auto journal = test::playScript(dir_, kScript);
    const auto json_out = dir_ / "audit.json", pdf_out = dir_ / "audit.pdf";
    std::string text;
    EXPECT_EQ(test::runCli("journal audit " + journal.string() + " --ui-lang en --json " + json_out.string() +
                               " --pdf " + pdf_out.string(),
                           &text),
              0)
        << text;
    const std::string written_by = "written by " + version::describe();
    EXPECT_NE(text.find(written_by), std::string::npos) << text;
    EXPECT_EQ(json::parse(std::ifstream(json_out))["written_by"], version::describe());
    EXPECT_NE(pdfWords(pdf_out).find(written_by), std::string::npos) << pdfWords(pdf_out);
}

// The issue's case: last month's console held 12 s back after one measured move; today's rule gives the
// engine 21 s more. Its journal is judged by its own rule, recognised from its go figures.
TEST_F(Provenance, OlderConsolesReserveRuleIsRecognisedNotABreach) {
    auto report = auditJournal(olderConsole());
    ASSERT_TRUE(report) << report.error();
    EXPECT_TRUE(report->passed()) << checkLines(*report);
    EXPECT_EQ(report->reserve_rule, 1);
    EXPECT_EQ(report->rules_from, "figures");
    EXPECT_TRUE(report->written_by.empty());
    EXPECT_NE(check(*report, "integrity").evidence.find("written by an older console (journal version 2)"),
              std::string::npos)
        << checkLines(*report);
    EXPECT_NE(
        check(*report, "faster-rate").evidence.find("judged by the handling-reserve rule 1, which the go"),
        std::string::npos)
        << checkLines(*report);
    EXPECT_TRUE(toJson(*report)["written_by"].is_null());
}

// The header's rule is the writer's word: the same figures under a header naming today's rule are a
// hidden faster rate.
TEST_F(Provenance, TheHeadersRuleIsNotOverriddenByTheFigures) {
    auto report = auditJournal(olderConsole(true));
    ASSERT_TRUE(report) << report.error();
    const Check& c = check(*report, "faster-rate");
    EXPECT_EQ(c.verdict, Verdict::Breach) << checkLines(*report);
    EXPECT_NE(c.evidence.find("less than the"), std::string::npos) << c.evidence;
}

// Figures no known rule gives, in a journal whose header names none: the budget is not judged, and the
// report says why; no breach.
TEST_F(Provenance, OlderJournalFollowingNoKnownRuleIsNotChecked) {
    const auto journal = test::tampered(dir_, kScript, [](std::vector<json>& records) {
        records.front()["payload"].erase("rules");
        records.front()["payload"].erase("program");
        test::asVersion2(records);
        auto& p = records[test::find(records, "go", test::find(records, "pressed"))]["payload"];
        p["btime"] = p["btime"].get<std::int64_t>() - 600000;
    });
    auto report = auditJournal(journal);
    ASSERT_TRUE(report) << report.error();
    for (const char* name : {"faster-rate", "handling-time"}) {
        const Check& c = check(*report, name);
        EXPECT_EQ(c.verdict, Verdict::NotChecked) << checkLines(*report);
        EXPECT_EQ(c.evidence.rfind("not checked: written by an older console (journal version 2", 0), 0u)
            << c.evidence;
    }
    EXPECT_EQ(report->reserve_rule, 0);
    EXPECT_TRUE(toJson(*report)["judged_by"]["reserve_rule"].is_null());
}

// Today's console names itself and its rules together: a header that names the program but not the
// rules was edited, and an operator who strips them does not turn a faster rate into "not checked".
TEST_F(Provenance, RulesStrippedFromANewJournalDoNotHideAFasterRate) {
    const auto journal = test::tampered(dir_, kScript, [](std::vector<json>& records) {
        records.front()["payload"].erase("rules");
        auto& p = records[test::find(records, "go", test::find(records, "pressed"))]["payload"];
        p["btime"] = p["btime"].get<std::int64_t>() - 600000;
    });
    auto report = auditJournal(journal);
    ASSERT_TRUE(report) << report.error();
    EXPECT_EQ(check(*report, "faster-rate").verdict, Verdict::Breach) << checkLines(*report);
    EXPECT_EQ(report->reserve_rule, 3);
}

// A journal of a later console, whose rule this audit does not know: its budget is not judged.
TEST_F(Provenance, NewerConsolesRuleIsNotChecked) {
    const auto journal = test::tampered(dir_, kScript, [](std::vector<json>& records) {
        records.front()["payload"]["rules"]["handling_reserve"]["rule"] = 4;
        records.front()["payload"]["program"]["version"] = "9.0.0";
    });
    auto report = auditJournal(journal);
    ASSERT_TRUE(report) << report.error();
    const Check& c = check(*report, "faster-rate");
    EXPECT_EQ(c.verdict, Verdict::NotChecked) << checkLines(*report);
    EXPECT_NE(c.evidence.find("written by a newer console"), std::string::npos) << c.evidence;
    EXPECT_EQ(check(*report, "integrity").verdict, Verdict::Ok) << checkLines(*report);
}

// A release never names rules newer than its own: rule 4 or budget formula 2 named for this very release
// (or for no console at all) were edited in, to turn a budget breach into "not checked". The integrity
// check says so, and the engine's time is judged by this release's rules: the breach stays a breach.
TEST_F(Provenance, RulesTheNamedReleaseCannotHaveAreAnIntegrityBreach) {
    const auto edits =
        std::vector<std::function<void(json&)>>{[](json& h) { h["rules"]["handling_reserve"]["rule"] = 4; },
                                                [](json& h) { h["rules"]["budget"]["formula"] = 2; },
                                                [](json& h) {
                                                    h["rules"]["handling_reserve"]["rule"] = 4;
                                                    h.erase("program");
                                                }};
    for (const auto& edit : edits) {
        const auto journal = test::tampered(dir_, kScript, [&](std::vector<json>& records) {
            edit(records.front()["payload"]);
            auto& p = records[test::find(records, "go", test::find(records, "pressed"))]["payload"];
            p["btime"] = p["btime"].get<std::int64_t>() + 30000;
        });
        auto report = auditJournal(journal);
        ASSERT_TRUE(report) << report.error();
        const Check& integrity = check(*report, "integrity");
        EXPECT_EQ(integrity.verdict, Verdict::Breach) << checkLines(*report);
        // (A header naming no program is a breach of its own too: its line comes first, then this one.)
        const auto named = std::find_if(
            integrity.details.begin(), integrity.details.end(),
            [](const std::string& d) { return d.rfind("record #0: names handling-reserve rule ", 0) == 0; });
        ASSERT_NE(named, integrity.details.end()) << checkLines(*report);
        EXPECT_NE(named->find("so the rules were edited in"), std::string::npos) << *named;
        EXPECT_EQ(check(*report, "handling-time").verdict, Verdict::Breach) << checkLines(*report);
        EXPECT_NE(
            check(*report, "handling-time").evidence.find("judged by this release's handling-reserve rule 3"),
            std::string::npos)
            << checkLines(*report);
        EXPECT_EQ(toJson(*report)["judged_by"]["from"], "release");
    }
}

// A game begun by a console of rule 1 (its header says so, its go figures follow it) and resumed by this
// console after two moves: from the resume on, the figures follow rule 3, as this console computes them.
// The resume's record names the console and its rules, and the audit judges each part by its own rule.
std::filesystem::path resumedByThisConsole(const std::filesystem::path& dir, bool name_the_console) {
    return test::tampered(dir, kScript, [&](std::vector<json>& records) {
        auto& header = records.front()["payload"];
        const json rules = header["rules"], console = header["program"];
        header["rules"]["handling_reserve"]["rule"] = 1;
        header["program"]["version"] = "0.0.9";
        const std::size_t resume = test::find(records, "recorded", test::find(records, "recorded") + 1) + 1;
        for (std::size_t i = test::find(records, "pressed"); i < resume; ++i) {
            auto& p = records[i]["payload"];
            if (records[i]["type"] != "go") continue;
            p["btime"] = p["btime"].get<std::int64_t>() - 21000;
            p["binc"] = p["binc"].get<std::int64_t>() - 7000;
        }
        json payload{{"program", "operator-cli play"}, {"resumed_from_seq", resume - 1}};
        if (name_the_console) payload["console"] = console, payload["rules"] = rules;
        test::insertBefore(records, resume, "console_resumed", payload);
    });
}

TEST_F(Provenance, AGameResumedByAnotherReleaseIsJudgedByEachOnesRule) {
    const auto journal = resumedByThisConsole(dir_, true);
    auto report = auditJournal(journal);
    ASSERT_TRUE(report) << report.error();
    EXPECT_TRUE(report->passed()) << checkLines(*report);
    ASSERT_EQ(report->resumed_by.size(), 1u);
    const std::size_t at = report->resumed_by.front().record;
    EXPECT_EQ(report->resumed_by.front().reserve_rule, 3);
    EXPECT_NE(check(*report, "integrity")
                  .evidence.find("resumed at record #" + std::to_string(at) + " by " + version::describe() +
                                 " (handling-reserve rule 3)"),
              std::string::npos)
        << checkLines(*report);
    EXPECT_NE(check(*report, "faster-rate")
                  .evidence.find(
                      "judged by the handling-reserve rule 1 named in the journal's header, from record #" +
                      std::to_string(at) + " by rule 3, named by the console that resumed the game"),
              std::string::npos)
        << checkLines(*report);
}

// A game resumed by a later console whose rule this audit does not know: its budget is not judged.
TEST_F(Provenance, AGameResumedByANewerConsoleIsNotChecked) {
    const auto journal = test::tampered(dir_, kScript, [](std::vector<json>& records) {
        const json& header = records.front()["payload"];
        json rules = header["rules"], console = header["program"];
        rules["handling_reserve"]["rule"] = 4;
        console["version"] = "9.0.0";
        const std::size_t resume = test::find(records, "recorded") + 1;
        test::insertBefore(records, resume, "console_resumed",
                           {{"program", "operator-cli play"},
                            {"resumed_from_seq", resume - 1},
                            {"console", console},
                            {"rules", rules}});
    });
    auto report = auditJournal(journal);
    ASSERT_TRUE(report) << report.error();
    const Check& c = check(*report, "faster-rate");
    EXPECT_EQ(c.verdict, Verdict::NotChecked) << checkLines(*report);
    EXPECT_NE(check(*report, "integrity").evidence.find("(handling-reserve rule 4)"), std::string::npos)
        << checkLines(*report);
    EXPECT_EQ(check(*report, "integrity").verdict, Verdict::Ok) << checkLines(*report);
}

// The same resume naming rule 4 for this very release: edited in, an integrity breach at the resume.
TEST_F(Provenance, AResumeNamingRulesItsReleaseCannotHaveIsAnIntegrityBreach) {
    std::size_t resume = 0;
    const auto journal = test::tampered(dir_, kScript, [&](std::vector<json>& records) {
        const json& header = records.front()["payload"];
        json rules = header["rules"];
        rules["handling_reserve"]["rule"] = 4;
        resume = test::find(records, "recorded") + 1;
        test::insertBefore(records, resume, "console_resumed",
                           {{"program", "operator-cli play"},
                            {"resumed_from_seq", resume - 1},
                            {"console", header["program"]},
                            {"rules", rules}});
    });
    auto report = auditJournal(journal);
    ASSERT_TRUE(report) << report.error();
    const Check& integrity = check(*report, "integrity");
    EXPECT_EQ(integrity.verdict, Verdict::Breach) << checkLines(*report);
    EXPECT_EQ(
        integrity.evidence.rfind(fmt::format("record #{}: names handling-reserve rule 4 for ", resume), 0),
        0u)
        << integrity.evidence;
    EXPECT_NE(check(*report, "faster-rate").verdict, Verdict::NotChecked) << checkLines(*report);
}

// This console's resume names it and its rules (host::Game::open through operator-cli play --resume).
TEST_F(Provenance, ThisConsolesResumeNamesItself) {
    const auto journal = test::playScript(dir_, kScript);
    auto records = test::readRecords(journal);
    records.resize(test::find(records, "recorded") + 1);
    test::writeRechained(dir_ / "cut.jsonl", records);
    std::string out;
    ASSERT_EQ(
        test::runCli("play --engine fake --engine-side black --tc 90m+30s --human script:" +
                         std::string(kScript) + " --journal " + (dir_ / "cut.jsonl").string() + " --resume",
                     &out),
        0)
        << out;
    const auto resumed = test::readRecords(dir_ / "cut.jsonl");
    const json& p = resumed[test::find(resumed, "console_resumed")]["payload"];
    EXPECT_EQ(p["console"]["name"], "operator-console");
    EXPECT_EQ(p["console"]["commit"], std::string(version::commit()));
    EXPECT_EQ(p["rules"]["handling_reserve"]["rule"], 3);
}

// A console before console_resumed existed, killed twice in its searches and resumed (corpus/README.md):
// the new engine's handshake and the search issued again are an older console's resume, said as such,
// never a setting changed during the game or a search cut short.
constexpr const char* kUnannounced = OC_AUDIT_CORPUS "/v1-dc9cb789-sf_kill_resume.jsonl";

TEST_F(Provenance, AnOlderConsolesUnannouncedResumeIsJudgedAsAResume) {
    auto report = auditJournal(kUnannounced);
    ASSERT_TRUE(report) << report.error();
    EXPECT_TRUE(report->passed()) << checkLines(*report);
    EXPECT_EQ(report->unannounced_resumes, (std::vector<std::size_t>{6, 15}));
    EXPECT_NE(
        check(*report, "integrity").evidence.find("resumed without a console_resumed record at #6, #15"),
        std::string::npos)
        << checkLines(*report);
}

// A version 1 header naming its program: consoles named themselves only since journal version 2, so a
// signed journal was made to look older and unsigned (the red team's F2c), or the header edited.
TEST_F(Provenance, AVersion1HeaderNamingItsProgramIsAnIntegrityBreach) {
    auto records = test::readRecords(kUnannounced);
    records.front()["payload"]["program"] = {
        {"name", "operator-console"}, {"version", "1.0.0"}, {"commit", "0123456789ab"}};
    test::writeRechained(dir_ / "edited.jsonl", records);
    auto report = auditJournal(dir_ / "edited.jsonl");
    ASSERT_TRUE(report) << report.error();
    const Check& integrity = check(*report, "integrity");
    EXPECT_EQ(integrity.verdict, Verdict::Breach) << checkLines(*report);
    EXPECT_EQ(integrity.evidence.rfind("record #0: a version 1 journal whose header names its program: ", 0),
              0u)
        << integrity.evidence;
}

// A signed journal's header with its program and rules stripped (the red team's F2f): no console signing its
// journals wrote it, and its go figures are not judged by an older console's rule.
TEST_F(Provenance, ASignedJournalWhoseHeaderNamesNoProgramIsAnIntegrityBreach) {
    const auto journal = test::tampered(dir_, kScript, [](std::vector<json>& records) {
        records.front()["payload"].erase("program");
        records.front()["payload"].erase("rules");
    });
    auto report = auditJournal(journal);
    ASSERT_TRUE(report) << report.error();
    const Check& integrity = check(*report, "integrity");
    EXPECT_EQ(integrity.verdict, Verdict::Breach) << checkLines(*report);
    EXPECT_EQ(
        integrity.evidence.rfind("record #0: a version 3 journal whose header does not name its program", 0),
        0u)
        << integrity.evidence;
    EXPECT_EQ(report->rules_from, "figures");
    EXPECT_EQ(report->reserve_rule, 3);
}

// The same handshake whose next search is not the one in flight counted again from 1 is no resume: its
// settings were sent during the game, and the search before it was cut short.
TEST_F(Provenance, AHandshakeWithoutTheSearchIssuedAgainIsNoResume) {
    auto records = test::readRecords(kUnannounced);
    records[7]["payload"]["search"] = 2;
    test::writeRechained(dir_ / "edited.jsonl", records);
    auto report = auditJournal(dir_ / "edited.jsonl");
    ASSERT_TRUE(report) << report.error();
    EXPECT_EQ(report->unannounced_resumes, (std::vector<std::size_t>{15}));
    EXPECT_EQ(check(*report, "faster-rate").verdict, Verdict::Breach) << checkLines(*report);
    EXPECT_EQ(check(*report, "no-forced-move").verdict, Verdict::Breach) << checkLines(*report);
    EXPECT_EQ(check(*report, "no-forced-move").records.front(), 7u) << checkLines(*report);
}

// A journal whose header names its console is of one that writes console_resumed: the same records are
// judged as they stand.
TEST_F(Provenance, ANamedConsolesHandshakeIsNeverAnUnannouncedResume) {
    auto records = test::readRecords(kUnannounced);
    records.front()["payload"]["program"] = {
        {"name", "operator-cli"}, {"version", "1.0.0"}, {"commit", "0123456789ab"}};
    test::writeRechained(dir_ / "named.jsonl", records);
    auto report = auditJournal(dir_ / "named.jsonl");
    ASSERT_TRUE(report) << report.error();
    EXPECT_TRUE(report->unannounced_resumes.empty());
    EXPECT_FALSE(report->passed()) << checkLines(*report);
}

}  // namespace
}  // namespace oc::audit
