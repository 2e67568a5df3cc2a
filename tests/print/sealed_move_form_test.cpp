// The adjournment envelope form carries fields (a)-(g) of Guidelines I.2 and a diagram, never the move.
#include <gtest/gtest.h>

#include "journal_test_util.hpp"
#include "paper_samples.hpp"
#include "pdf_test_util.hpp"
#include "print/documents.hpp"
#include "version/version.hpp"

namespace oc::session {
namespace {

using print::writeSealedMoveFormPdf;
using print::test::sampleForm;

using test::pdfToText;

TEST(SealedMoveForm, HoldsEveryEnvelopeFieldAndADiagram) {
    test::TempDir dir;
    const auto path = dir / "envelope.pdf";
    auto written = writeSealedMoveFormPdf(sampleForm(), path);
    ASSERT_TRUE(written) << written.error().message;
    EXPECT_EQ(test::readFile(path).substr(0, 5), "%PDF-");
    const std::string text = pdfToText(path);
    for (const char* expected :
         {"Łukasz Żółkiewski", "Компьютер (Stockfish 15) (Black)", "r1bq1rk1/pp2bppp/2n1pn2", "1:31:05",
          "0:47:20", "41", "2026-11-30 10:00, playing hall", "2026-11-29 22:00", "9f2c4e1a07b35d68",
          "Arbiter", "Memoriał Rubinsteina 2026", "written by hand"}) {
        EXPECT_NE(text.find(expected), std::string::npos) << "missing: " << expected << "\n" << text;
    }
    // The diagram: one solid figurine per piece of the FEN (both colours are drawn solid, white ones
    // filled white with a black rim, so they read on grey squares too).
    std::size_t figurines = 0;
    for (const char* f : {"♚", "♛", "♜", "♝", "♞", "♟"})
        for (auto at = text.find(f); at != std::string::npos; at = text.find(f, at + 1)) ++figurines;
    EXPECT_EQ(figurines, 30u) << text;
}

// E.III CMP-3.5: the computer's sealed move is not written by anyone: no box for a hand, the fingerprint.
TEST(SealedMoveForm, ComputerSealHasTheFingerprintAndNoHandwrittenBox) {
    test::TempDir dir;
    auto data = sampleForm();
    data.sealed_by_computer = true;
    data.white_time_total = "2:00:00";
    data.clock_sync = {2, 38, true, "+0:06.8", "-0:01.0"};
    ASSERT_TRUE(writeSealedMoveFormPdf(data, dir / "computer.pdf"));
    const std::string text = pdfToText(dir / "computer.pdf");
    for (const char* expected : {"sealed electronically", "Envelope fingerprint:", "9f2c4e1a07b35d68",
                                 "Black, computer", "2:00:00", "set to it 2 times"})
        EXPECT_NE(text.find(expected), std::string::npos) << "missing: " << expected << "\n" << text;
    EXPECT_EQ(text.find("written by hand"), std::string::npos) << text;
}

// Issue 39: every envelope's page names the program that printed it, as does the PDF's Creator.
TEST(SealedMoveForm, NamesTheProgramOnEveryPage) {
    test::TempDir dir;
    const auto path = dir / "envelopes.pdf";
    auto second = sampleForm();
    second.sealed_by_computer = true;
    ASSERT_TRUE(print::writeSealedMoveFormsPdf({sampleForm(), second}, path));
    const std::string text = pdfToText(path);
    EXPECT_EQ(test::occurrences(text, version::describe()), 2u) << "one line on each envelope\n" << text;
    EXPECT_EQ(test::pdfCreator(path), version::describe());
}

TEST(SealedMoveForm, RefusesAPositionItCannotDraw) {
    test::TempDir dir;
    auto data = sampleForm();
    data.fen = "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    auto written = writeSealedMoveFormPdf(data, dir / "bad.pdf");
    ASSERT_FALSE(written);
    EXPECT_NE(written.error().message.find("not a FEN board"), std::string::npos);
    EXPECT_FALSE(std::filesystem::exists(dir / "bad.pdf"));
    data.fen = "8/8/8/8/8/8/8 w - - 0 1";
    EXPECT_FALSE(writeSealedMoveFormPdf(data, dir / "bad.pdf"));
}

}  // namespace
}  // namespace oc::session
