// Issue 35: the scoresheet and the adjournment envelope print the journal's signing key fingerprint
// beside the final hash, so the arbiter matches the paper with `journal verify` and the broadcast; in
// English, Polish and Persian (there the hex stays one left-to-right run). The fingerprint the programs
// fill is the key that signs the journal's last record.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <cstdio>
#include <memory>
#include <regex>

#include "journal/journal.hpp"
#include "journal_test_util.hpp"
#include "paper_language.hpp"
#include "paper_samples.hpp"
#include "pdf_test_util.hpp"
#include "print/documents.hpp"
#include "session/journal_header.hpp"

namespace oc::print {
namespace {

using session::test::TempDir;

constexpr const char* kKey = "3f2a 91c0 7d4e 0b15";
constexpr const char* kHash = "c772e71b15b8d1e0a4f3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1";

session::ScoresheetData sheet() {
    session::ScoresheetData d;
    d.event = "Open 2026";
    d.white = "Ali Rezaei";
    d.black = "Stockfish 16";
    d.result = "1-0";
    d.rows = {{1, "e4", "e5"}, {2, "Nf3", "Nc6"}};
    d.footnote = std::string("journal ") + kHash;
    d.journal_key = kKey;
    return d;
}

// The x positions of the fingerprint's four groups on page 1, in the order the text layer gives them.
std::vector<double> groupsX(const std::filesystem::path& pdf) {
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(
        ::popen(("pdftotext -bbox '" + pdf.string() + "' - 2>&1").c_str(), "r"), ::pclose);
    std::string html;
    for (int c; pipe && (c = std::fgetc(pipe.get())) != EOF;) html += static_cast<char>(c);
    std::vector<double> out;
    for (const char* group : {"3f2a", "91c0", "7d4e", "0b15"}) {
        const std::regex re(std::string("<word xMin=\"([0-9.]+)\"[^>]*>") + group + "</word>");
        std::smatch m;
        if (std::regex_search(html, m, re)) out.push_back(std::stod(m[1]));
    }
    return out;
}

void expectLeftToRight(const std::filesystem::path& pdf) {
    const auto x = groupsX(pdf);
    ASSERT_EQ(x.size(), 4u) << "each group of the fingerprint on the page";
    for (std::size_t i = 1; i < x.size(); ++i) EXPECT_LT(x[i - 1], x[i]) << "the hex reads left to right";
}

TEST(JournalKeyOnPapers, ScoresheetPrintsTheKeyBesideTheFinalHash) {
    TempDir dir;
    ASSERT_TRUE(writeScoresheetPdf(sheet(), dir / "s.pdf"));
    const std::string text = test::pdfText(dir / "s.pdf");
    EXPECT_NE(text.find(std::string("journal ") + kHash + " Journal key: " + kKey), std::string::npos)
        << text;
    expectLeftToRight(dir / "s.pdf");
}

TEST(JournalKeyOnPapers, UnsignedJournalPrintsNoKey) {
    TempDir dir;
    auto d = sheet();
    d.journal_key.clear();
    ASSERT_TRUE(writeScoresheetPdf(d, dir / "s.pdf"));
    EXPECT_EQ(test::pdfText(dir / "s.pdf").find("Journal key"), std::string::npos);
}

TEST(JournalKeyOnPapers, EnvelopePrintsTheKey) {
    TempDir dir;
    for (const bool computer : {false, true}) {
        auto form = test::sampleForm();
        form.sealed_by_computer = computer;
        form.journal_key = kKey;
        ASSERT_TRUE(writeSealedMoveFormPdf(form, dir / "e.pdf"));
        const std::string text = test::pdfText(dir / "e.pdf");
        EXPECT_NE(text.find(std::string("Journal key: ") + kKey), std::string::npos) << text;
        expectLeftToRight(dir / "e.pdf");
    }
}

TEST(JournalKeyOnPapers, PolishAndPersianPapersKeepTheHexWhole) {
    TempDir dir;
    auto form = test::sampleForm();
    form.journal_key = kKey;
    {
        test::PolishScope polish;
        ASSERT_TRUE(writeScoresheetPdf(sheet(), dir / "s-pl.pdf"));
        ASSERT_TRUE(writeSealedMoveFormPdf(form, dir / "e-pl.pdf"));
    }
    {
        test::PersianScope persian;
        ASSERT_TRUE(writeScoresheetPdf(sheet(), dir / "s-fa.pdf"));
        ASSERT_TRUE(writeSealedMoveFormPdf(form, dir / "e-fa.pdf"));
    }
    for (const char* paper : {"s-pl.pdf", "e-pl.pdf", "s-fa.pdf", "e-fa.pdf"}) {
        SCOPED_TRACE(paper);
        EXPECT_NE(test::pdfText(dir / paper).find(kKey), std::string::npos) << test::pdfText(dir / paper);
        expectLeftToRight(dir / paper);
    }
    if (const char* keep = std::getenv("OC_PAPERS_DIR"); keep && *keep)
        for (const char* paper : {"s-pl.pdf", "e-pl.pdf", "s-fa.pdf", "e-fa.pdf"})
            std::filesystem::copy_file(dir / paper, std::filesystem::path(keep) / paper,
                                       std::filesystem::copy_options::overwrite_existing);
}

// What the programs fill: the key that signs the last record, the header's or, after a resume on a
// computer without it, the new one; nothing for an unsigned journal.
TEST(JournalKeyOnPapers, TheFingerprintIsTheKeyInForceAtTheEnd) {
    TempDir dir;
    const char* before = std::getenv("OC_JOURNAL_KEYS");
    const std::string keys = before ? before : "";
    const auto path = dir / "j.jsonl";
    const journal::WallTime wall{std::chrono::milliseconds(1'790'000'000'000)};
    std::string first;
    {
        auto writer = journal::JournalWriter::create(path, {{"app", "test"}}, wall, journal::MonoTime{0});
        ASSERT_TRUE(writer) << writer.error().message;
        first = writer->signingKey();
    }
    auto contents = journal::readJournal(path);
    ASSERT_TRUE(contents);
    EXPECT_EQ(session::journalKeyFingerprint(*contents), journal::keyFingerprint(first));
    ::setenv("OC_JOURNAL_KEYS", (dir / "elsewhere").c_str(), 1);
    {
        auto resumed = journal::JournalWriter::resume(path);
        ASSERT_TRUE(resumed) << resumed.error().message;
        ASSERT_TRUE(resumed->writer.append("note", {{"t", 5}}, wall, journal::MonoTime{5}));
    }
    if (keys.empty())
        ::unsetenv("OC_JOURNAL_KEYS");
    else
        ::setenv("OC_JOURNAL_KEYS", keys.c_str(), 1);
    contents = journal::readJournal(path);
    ASSERT_TRUE(contents) << contents.error().message;
    const std::string second = contents->records[1].payload["signing_key"];
    EXPECT_NE(second, first);
    EXPECT_EQ(session::journalKeyFingerprint(*contents), journal::keyFingerprint(second));
    contents->tip.signing_key.clear();  // as for a version 1 or 2 journal
    EXPECT_EQ(session::journalKeyFingerprint(*contents), "");
}

}  // namespace
}  // namespace oc::print
