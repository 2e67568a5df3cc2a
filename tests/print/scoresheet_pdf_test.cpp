// The printed scoresheet: a valid PDF whose text (read back with poppler's pdftotext) holds the names,
// the moves in the event's notation (Polish, Russian, figurines) and the "(=)" marks.
#include <gtest/gtest.h>

#include "journal_test_util.hpp"
#include "pdf_test_util.hpp"
#include "print/documents.hpp"
#include "version/version.hpp"

namespace oc::session {
namespace {

using print::writeScoresheetPdf;

using test::pdfToText;

ScoresheetData sampleGame(int moves) {
    ScoresheetData d;
    d.event = "Мемориал Чигорина 2026";
    d.site = "Sankt-Petersburg";
    d.date = "2026-11-29";
    d.round = "3";
    d.board = "1";
    d.white = "Łukasz Żółkiewski";
    d.black = "Компьютер (Stockfish 15)";
    d.result = "½-½";
    d.time_control = "40/90 min + 30 min, +30 s";
    d.footnote = "journal final hash c772e71b15b8";
    for (int n = 1; n <= moves; ++n) d.rows.push_back({n, n == 1 ? "e4" : "Sf3", n == 2 ? "Кf6" : "♞c6"});
    if (moves >= 23) d.rows[22].black = "Wd8 (=)";
    return d;
}

TEST(ScoresheetPdf, HoldsNamesMovesAndDrawOfferMarks) {
    test::TempDir dir;
    const auto path = dir / "scoresheet.pdf";
    auto written = writeScoresheetPdf(sampleGame(41), path);
    ASSERT_TRUE(written) << written.error().message;
    EXPECT_EQ(test::readFile(path).substr(0, 5), "%PDF-");
    const std::string text = pdfToText(path);
    for (const char* expected :
         {"Łukasz Żółkiewski", "Компьютер (Stockfish 15)", "Мемориал Чигорина 2026", "Кf6", "♞c6", "Wd8 (=)",
          "e4", "40/90 min + 30 min, +30 s", "Signature of White", "journal final hash c772e71b15b8"}) {
        EXPECT_NE(text.find(expected), std::string::npos) << "missing: " << expected << "\n" << text;
    }
    EXPECT_EQ(std::count(text.begin(), text.end(), '\f'), 1) << "41 moves fit on one page";
}

TEST(ScoresheetPdf, LeavesNoPartialFile) {
    test::TempDir dir;
    ASSERT_TRUE(writeScoresheetPdf(sampleGame(2), dir / "s.pdf"));
    EXPECT_TRUE(std::filesystem::exists(dir / "s.pdf"));
    EXPECT_FALSE(std::filesystem::exists(dir / "s.pdf.part"));
}

TEST(ScoresheetPdf, LongGameContinuesOnMorePages) {
    test::TempDir dir;
    const auto path = dir / "long.pdf";
    ASSERT_TRUE(writeScoresheetPdf(sampleGame(125), path));
    const std::string text = pdfToText(path);
    EXPECT_EQ(std::count(text.begin(), text.end(), '\f'), 3) << "moves 61-120 on page 2, 121-125 on page 3";
    EXPECT_NE(text.find("3/3"), std::string::npos);
    EXPECT_NE(text.find("125"), std::string::npos);
}

// Issue 39: each page's small print, and the PDF's Creator, name the program that printed it; the
// footnote beside the small print keeps to its own end of the line.
TEST(ScoresheetPdf, NamesTheProgramOnEveryPage) {
    test::TempDir dir;
    const auto path = dir / "long.pdf";
    auto data = sampleGame(125);
    data.footnote =
        "Final position FEN: r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3   "
        "Clocks at the claim: White 0:01:40, Black 0:05:00";
    ASSERT_TRUE(writeScoresheetPdf(data, path));
    const std::string text = pdfToText(path);
    EXPECT_EQ(test::occurrences(text, version::describe()), 3u) << "one line on each of the 3 pages\n"
                                                                << text;
    EXPECT_EQ(test::occurrences(text, "Clocks at the claim: White 0:01:40, Black 0:05:00"), 3u) << text;
    EXPECT_EQ(test::pdfCreator(path), version::describe());
}

TEST(ScoresheetPdf, CarriesNoEvaluation) {
    test::TempDir dir;
    const auto path = dir / "s.pdf";
    ASSERT_TRUE(writeScoresheetPdf(sampleGame(30), path));
    const std::string text = pdfToText(path);
    for (const char* banned : {"cp", "eval", "score", "depth", "+0.", "#"}) {
        EXPECT_EQ(text.find(banned), std::string::npos) << banned;
    }
}

TEST(ScoresheetPdf, RejectsDuplicateOrInvalidMoveNumbers) {
    test::TempDir dir;
    auto data = sampleGame(3);
    data.rows.push_back({2, "d4", "d5"});
    auto dup = writeScoresheetPdf(data, dir / "dup.pdf");
    ASSERT_FALSE(dup);
    EXPECT_NE(dup.error().message.find("move number 2 appears twice"), std::string::npos);
    EXPECT_FALSE(std::filesystem::exists(dir / "dup.pdf"));
    data.rows.back().number = 0;
    EXPECT_FALSE(writeScoresheetPdf(data, dir / "zero.pdf"));
}

TEST(ScoresheetPdf, UnwritablePathIsAnError) {
    test::TempDir dir;
    auto written = writeScoresheetPdf(sampleGame(3), dir / "missing" / "s.pdf");
    ASSERT_FALSE(written);
    EXPECT_NE(written.error().message.find("missing/s.pdf"), std::string::npos) << written.error().message;
    EXPECT_NE(written.error().message.find("No such file or directory"), std::string::npos)
        << written.error().message;
}

}  // namespace
}  // namespace oc::session
