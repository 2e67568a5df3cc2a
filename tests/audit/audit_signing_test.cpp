// Issue 35: the audit names who signed the journal. A signed journal's integrity check names its key's
// fingerprint (as the scoresheet and `journal verify` do); a key change (the console resumed on another
// computer without its key) is shown with its record and reason, and is a breach where the console cannot
// have written it; a version 1 or 2 journal says it is unsigned and what that cannot prove. Text, JSON
// and PDF.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>

#include "audit/audit.hpp"
#include "journal/journal.hpp"
#include "tamper.hpp"

namespace oc::audit {
namespace {

using test::json;

constexpr const char* kScript = OC_AUDIT_SCRIPTS "/slow_first_handling.txt";

// The PDF's words in drawing order, every run of white space one space.
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

class AuditSigning : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = test::testDir("oc_audit_signing_");
        const char* keys = std::getenv("OC_JOURNAL_KEYS");
        keys_ = keys ? keys : "";
    }
    void TearDown() override {
        restoreKeys();
        std::filesystem::remove_all(dir_);
    }
    void restoreKeys() const {
        if (keys_.empty())
            ::unsetenv("OC_JOURNAL_KEYS");
        else
            ::setenv("OC_JOURNAL_KEYS", keys_.c_str(), 1);
    }

    static const Check& integrity(const Report& r) { return r.checks.front(); }

    // A played game written again by the journal itself up to and including record `cut`, then resumed
    // on "another computer" (another key folder) that continues with the game's remaining records after
    // its console_resumed: what a console resumed on a spare laptop writes. Returns the journal.
    std::filesystem::path resumedElsewhere(std::size_t& cut) {
        auto records = test::readRecords(test::playScript(dir_, kScript));
        cut = test::find(records, "pressed");
        const auto path = dir_ / "resumed.jsonl";
        auto at = [&](const json& r) {
            return std::make_pair(*journal::parseWallTime(r["wall"].get<std::string>()),
                                  journal::MonoTime{r["mono_ms"].get<std::int64_t>()});
        };
        {
            auto header = records.front()["payload"];
            header.erase("signing_key"), header.erase("journal_version"), header.erase("journal_format");
            auto [wall, mono] = at(records.front());
            auto w = journal::JournalWriter::create(path, header, wall, mono);
            EXPECT_TRUE(w) << w.error().message;
            for (std::size_t i = 1; i <= cut; ++i) append(*w, records[i]);
        }
        ::setenv("OC_JOURNAL_KEYS", (dir_ / "other-computer-keys").c_str(), 1);
        auto resumed = journal::JournalWriter::resume(path);
        EXPECT_TRUE(resumed) << resumed.error().message;
        const auto t = records[cut]["payload"]["t"];
        append(resumed->writer,
               json{{"type", "console_resumed"},
                    {"payload", {{"program", "operator-cli"}, {"resumed_from_seq", cut}, {"t", t}}},
                    {"wall", records[cut]["wall"]},
                    {"mono_ms", t}});
        for (std::size_t i = cut + 1; i < records.size(); ++i) append(resumed->writer, records[i]);
        restoreKeys();
        return path;
    }

    static void append(journal::JournalWriter& w, const json& r) {
        auto wall = journal::parseWallTime(r["wall"].get<std::string>());
        auto done = w.append(r["type"].get<std::string>(), r["payload"], *wall,
                             journal::MonoTime{r["mono_ms"].get<std::int64_t>()});
        EXPECT_TRUE(done) << done.error().message;
    }

    std::filesystem::path dir_;
    std::string keys_;
};

TEST_F(AuditSigning, SignedJournalNamesItsKeyInTextJsonAndPdf) {
    const auto journal = test::playScript(dir_, kScript);
    const std::string key = test::readRecords(journal).front()["payload"]["signing_key"];
    const std::string fingerprint = journal::keyFingerprint(key);
    const auto json_out = dir_ / "audit.json", pdf_out = dir_ / "audit.pdf";
    std::string text;
    EXPECT_EQ(test::runCli("journal audit " + journal.string() + " --ui-lang en --json " + json_out.string() +
                               " --pdf " + pdf_out.string(),
                           &text),
              0)
        << text;
    EXPECT_NE(text.find("integrity ok "), std::string::npos) << text;
    EXPECT_NE(text.find("; signed by key " + fingerprint), std::string::npos) << text;
    const json j = json::parse(std::ifstream(json_out));
    EXPECT_EQ(j["signing"]["signed"], true);
    EXPECT_EQ(j["signing"]["key"]["fingerprint"], fingerprint);
    EXPECT_EQ(j["signing"]["key"]["key"], key);
    EXPECT_TRUE(j["signing"]["changes"].empty());
    EXPECT_NE(pdfWords(pdf_out).find("journal key " + fingerprint), std::string::npos) << pdfWords(pdf_out);
}

// The console's own doing after a resume on a spare laptop: no breach, but the arbiter reads that the
// records from the change on are not proven by the header's key, and why the console changed it.
TEST_F(AuditSigning, KeyChangedByAResumeElsewhereIsShownNotABreach) {
    std::size_t cut = 0;
    const auto journal = resumedElsewhere(cut);
    auto contents = journal::readJournal(journal);
    ASSERT_TRUE(contents) << contents.error().message;
    const std::size_t change = cut + 1;
    ASSERT_EQ(contents->records[change].type, journal::kSigningKeyChangedType);
    const std::string new_key = contents->records[change].payload["signing_key"];
    auto report = auditJournal(journal);
    ASSERT_TRUE(report) << report.error();
    EXPECT_TRUE(report->passed()) << checkLines(*report);
    EXPECT_EQ(integrity(*report).verdict, Verdict::Ok);
    const std::string& evidence = integrity(*report).evidence;
    EXPECT_NE(evidence.find("signed by key " + journal::keyFingerprint(report->signing_key)),
              std::string::npos)
        << evidence;
    EXPECT_NE(
        evidence.find("record #" + std::to_string(change) + ": the records from here on are signed by key " +
                      journal::keyFingerprint(new_key) + ", which the header does not name"),
        std::string::npos)
        << evidence;
    EXPECT_NE(evidence.find("reason given: "), std::string::npos) << evidence;
    ASSERT_EQ(report->key_changes.size(), 1u);
    EXPECT_EQ(report->key_changes[0].record, change);
    EXPECT_EQ(report->key_changes[0].previous_key, report->signing_key);
    const json j = toJson(*report);
    EXPECT_EQ(j["signing"]["changes"][0]["record"], change);
    EXPECT_EQ(j["signing"]["changes"][0]["key"]["fingerprint"], journal::keyFingerprint(new_key));
    const auto pdf_out = dir_ / "audit.pdf";
    std::string text;
    EXPECT_EQ(
        test::runCli("journal audit " + journal.string() + " --ui-lang en --pdf " + pdf_out.string(), &text),
        0)
        << text;
    EXPECT_NE(pdfWords(pdf_out).find("from record #" + std::to_string(change) + " on key " +
                                     journal::keyFingerprint(new_key)),
              std::string::npos)
        << pdfWords(pdf_out);
}

// A forger holding a key of their own (or the console's) inserts a key change in mid-game, where the
// console never writes one: the chain and every signature verify, the audit names the record.
TEST_F(AuditSigning, KeyChangeWhereTheConsoleWritesNoneIsABreach) {
    auto forged = journal::SigningKey::generate();
    ASSERT_TRUE(forged) << forged.error();
    std::size_t at = 0;
    const auto journal = test::tampered(dir_, kScript, [&](std::vector<json>& records) {
        at = test::find(records, "human_move", test::find(records, "pressed"));
        const std::string previous = records.front()["payload"]["signing_key"];
        test::insertBefore(
            records, at, std::string(journal::kSigningKeyChangedType),
            {{"signing_key", forged->publicHex()}, {"previous_key", previous}, {"reason", "lost"}});
        records[at]["payload"].erase("t");
    });
    auto report = auditJournal(journal);
    ASSERT_TRUE(report) << report.error();
    EXPECT_EQ(integrity(*report).verdict, Verdict::Breach) << checkLines(*report);
    EXPECT_EQ(integrity(*report).evidence.rfind(
                  "record #" + std::to_string(at) + ": the signing key changes here", 0),
              0u)
        << integrity(*report).evidence;
    EXPECT_EQ(integrity(*report).records.front(), at);
    EXPECT_FALSE(report->passed());
}

// A key change where a resume stands, but naming another key than the one the records before it are
// signed by: not the console's.
TEST_F(AuditSigning, KeyChangeNamingAnotherPreviousKeyIsABreach) {
    std::size_t cut = 0;
    auto records = test::readRecords(resumedElsewhere(cut));
    const std::size_t change = cut + 1;
    records[change]["payload"]["previous_key"] = std::string(64, 'a');
    const auto journal = dir_ / "tampered.jsonl";
    // The operator holding both computers holds both keys.
    for (const auto& key : std::filesystem::directory_iterator(dir_ / "other-computer-keys"))
        std::filesystem::copy_file(key.path(), journal::signingKeyDirectory() / key.path().filename());
    test::writeRechained(journal, records);
    ASSERT_TRUE(journal::readJournal(journal));
    auto report = auditJournal(journal);
    ASSERT_TRUE(report) << report.error();
    EXPECT_EQ(integrity(*report).verdict, Verdict::Breach) << checkLines(*report);
    EXPECT_NE(integrity(*report).evidence.find("names aaaa aaaa aaaa aaaa as the key before it"),
              std::string::npos)
        << integrity(*report).evidence;
    // A previous key or reason of another kind than text is the same breach, never an exception.
    records[change]["payload"]["previous_key"] = 5;
    records[change]["payload"]["reason"] = json::array();
    test::writeRechained(journal, records);
    report = auditJournal(journal);
    ASSERT_TRUE(report) << report.error();
    EXPECT_NE(integrity(*report).evidence.find("names no key as the key before it"), std::string::npos)
        << integrity(*report).evidence;
}

// An older console's journal: not a breach (issue 37: no honest journal of any version is accused), but
// the report says what an unsigned journal cannot prove.
TEST_F(AuditSigning, Version2JournalSaysItIsUnsigned) {
    const auto journal =
        std::filesystem::path(OC_AUDIT_SCRIPTS) / "../corpus/v2-46815f26-slow_first_handling.jsonl";
    const auto json_out = dir_ / "audit.json", pdf_out = dir_ / "audit.pdf";
    std::string text;
    EXPECT_EQ(test::runCli("journal audit " + journal.string() + " --ui-lang en --json " + json_out.string() +
                               " --pdf " + pdf_out.string(),
                           &text),
              0)
        << text;
    EXPECT_NE(text.find("integrity ok "), std::string::npos) << text;
    EXPECT_NE(
        text.find("unsigned (journal version 2, before signatures): anyone able to write the file could "
                  "have added records whose hashes chain"),
        std::string::npos)
        << text;
    const json j = json::parse(std::ifstream(json_out));
    EXPECT_EQ(j["signing"]["signed"], false);
    EXPECT_TRUE(j["signing"]["key"].is_null());
    EXPECT_NE(pdfWords(pdf_out).find("unsigned journal (version 2)"), std::string::npos) << pdfWords(pdf_out);
}

// Issue 35: the papers `journal replay` prints carry the fingerprint beside the final hash, the key that
// signs the last record (after a resume elsewhere, the new one), as `journal verify` names it.
TEST_F(AuditSigning, ReplayedScoresheetPrintsTheKeyBesideTheFinalHash) {
    std::size_t cut = 0;
    const auto journal = resumedElsewhere(cut);
    auto contents = journal::readJournal(journal);
    ASSERT_TRUE(contents) << contents.error().message;
    const std::string key =
        journal::keyFingerprint(contents->records[cut + 1].payload["signing_key"].get<std::string>());
    const auto pdf = dir_ / "sheet.pdf";
    std::string out;
    EXPECT_EQ(
        test::runCli("journal replay " + journal.string() + " --ui-lang en --scoresheet-pdf " + pdf.string(),
                     &out),
        0)
        << out;
    EXPECT_NE(pdfWords(pdf).find("journal " + contents->records.back().hash + " Journal key: " + key),
              std::string::npos)
        << pdfWords(pdf);
    out.clear();
    EXPECT_EQ(test::runCli("journal verify " + journal.string() + " --ui-lang en", &out), 0) << out;
    EXPECT_NE(out.find("by key " + key), std::string::npos) << out;
}

}  // namespace
}  // namespace oc::audit
