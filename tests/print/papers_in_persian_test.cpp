// Issue 26 item 7: the papers in Persian, right to left, through Pango. Each is rendered to a real PDF and
// read back with poppler: the text layer holds the Persian words in logical order (what copy and search
// return), the page is mirrored (labels and the first move column on the right), the data stays left to
// right (moves, the FEN, clock readings), the board is not mirrored, and the date is Solar Hijri with the
// Gregorian date beside it. The Persian words are the catalogue's own (checked to be Persian, so an
// untranslated entry fails), plus glossary terms.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <regex>
#include <sstream>

#include "audit/audit.hpp"
#include "i18n/tr.hpp"
#include "journal_test_util.hpp"
#include "paper_language.hpp"
#include "paper_samples.hpp"
#include "pdf_test_util.hpp"
#include "print/audit_pdf.hpp"
#include "print/documents.hpp"
#include "version/version.hpp"

namespace oc::print {
namespace {

using session::ScoresheetData;
using session::test::TempDir;
using test::PersianScope;

constexpr double kPageWidth = 595.28;

std::string output(const std::string& cmd) {
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(::popen(cmd.c_str(), "r"), ::pclose);
    std::string out;
    std::array<char, 4096> buf{};
    while (pipe && std::fgets(buf.data(), buf.size(), pipe.get()) != nullptr) out += buf.data();
    return out;
}

struct Word {
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    std::string text;
};

// Every word of the first page with its box (pdftotext -bbox), in points from the top left.
std::vector<Word> words(const std::filesystem::path& pdf) {
    const std::string html = output("pdftotext -l 1 -bbox '" + pdf.string() + "' - 2>&1");
    static const std::regex word_re(
        "<word xMin=\"([0-9.]+)\" yMin=\"([0-9.]+)\" xMax=\"([0-9.]+)\" yMax=\"([0-9.]+)\">([^<]*)</word>");
    std::vector<Word> out;
    for (std::sregex_iterator it(html.begin(), html.end(), word_re), end; it != end; ++it) {
        const auto& m = *it;
        out.push_back({std::stod(m[1]), std::stod(m[2]), std::stod(m[3]), std::stod(m[4]), m[5]});
    }
    return out;
}

// The first word spelled `text` (the test fails when there is none).
Word find(const std::vector<Word>& all, const std::string& text) {
    for (const auto& w : all)
        if (w.text == text) return w;
    ADD_FAILURE() << "no word '" << text << "' on the page";
    return {};
}

// Holds a letter of the Arabic block (U+0600..U+06FF: UTF-8 lead bytes D8..DB).
bool persian(const std::string& text) {
    for (const char c : text) {
        const auto b = static_cast<unsigned char>(c);
        if (b >= 0xD8 && b <= 0xDB) return true;
    }
    return false;
}

// The catalogue's Persian for a paper word: the test's expectation follows the translators' choice,
// and fails if the entry is still untranslated (English).
std::string paperWord(const char* english) {
    const std::string word = i18n::trc("paper", english);
    EXPECT_TRUE(persian(word)) << "'" << english << "' is not translated into Persian in print.po";
    return word;
}

// The text with white space and the directional marks poppler adds (U+200E/F, U+202A..U+202E) taken
// out: poppler splits a right-to-left word where two joined glyphs' boxes leave a hair of a gap, so the
// letters' order is what is compared, and a word reversed or shaped into presentation forms fails.
std::string letters(const std::string& text) {
    static const std::regex gaps("\\s+|\u200E|\u200F|\u202A|\u202B|\u202C|\u202D|\u202E");
    return std::regex_replace(text, gaps, "");
}

// pdftotext in its default (reading-order) mode, which orders a right-to-left line's words.
std::string readingText(const std::filesystem::path& pdf) {
    return output("pdftotext '" + pdf.string() + "' - 2>&1");
}

// Each word of each wanted text, found in logical order. Poppler orders the runs of a line that mixes
// directions by its own reading (a '-' or a bracket between Persian words can move), so whole sentences
// are checked word by word.
void expectAll(const std::string& text, const std::vector<std::string>& wanted) {
    const std::string have = letters(text);
    static const std::regex separators("(\\s|[():-]|\u060C)+");  // U+060C as a whole, not its bytes
    for (const auto& phrase : wanted) {
        for (std::sregex_token_iterator it(phrase.begin(), phrase.end(), separators, -1), end; it != end;
             ++it) {
            const std::string word = *it;
            // Poppler 22 writes the lam-alef ligature's two letters reversed (alef, lam) when it reverses
            // a right-to-left word; the PDF maps the glyph to lam, alef. Such words are left out.
            if (word.empty() || word.find("\u0644\u0627") != std::string::npos) continue;
            EXPECT_NE(have.find(word), std::string::npos) << "missing: " << word << " of " << phrase << "\n"
                                                          << text;
        }
    }
}

// Keeps the Persian papers for a look (OC_PAPERS_DIR=DIR, then pdftoppm -png).
void keep(const std::filesystem::path& pdf) {
    if (const char* dir = std::getenv("OC_PAPERS_DIR"); dir && *dir)
        std::filesystem::copy_file(pdf, std::filesystem::path(dir) / pdf.filename(),
                                   std::filesystem::copy_options::overwrite_existing);
}

void expectOnlyDejaVu(const std::filesystem::path& pdf) {
    const auto fonts = test::pdfFonts(pdf);
    EXPECT_FALSE(fonts.empty());
    for (const auto& font : fonts) EXPECT_NE(font.find("DejaVuSans"), std::string::npos) << font;
}

ScoresheetData sheet() {
    ScoresheetData d;
    d.event = "جام خلیج فارس";  // an event named in Persian
    d.site = "Tehran";
    d.date = "2026.11.30";  // as the setup (and the PGN Date tag) writes it
    d.round = "3";
    d.board = "1";
    d.white = "Ali Rezaei";
    d.black = "Stockfish 15";
    d.result = "1-0";
    d.time_control = "40/90 min + 30 min, +30 s";
    d.white_player = {"12500000", "2310", false, ""};
    d.black_player = {"", "", true, "Sara Ahmadi"};
    d.rows = {{1, "e4", "e5"}, {2, "Nf3", "Nc6"}, {3, "Bb5", "a6 (=)"}, {4, "O-O-O#", ""}};
    return d;
}

TEST(ScoresheetInPersian, PersianWordsInLogicalOrderOnAMirroredPage) {
    TempDir dir;
    const auto path = dir / "sheet-fa.pdf";
    PersianScope persian_papers;
    ASSERT_TRUE(writeScoresheetPdf(sheet(), path));
    keep(path);
    expectOnlyDejaVu(path);
    const std::string text = readingText(path);
    // Logical order: the words as typed, not reversed and not as presentation forms.
    expectAll(text, {"برگه ثبت حرکات", "امضای داور", paperWord("SCORESHEET"), paperWord("Event"),
                     paperWord("Round"), paperWord("Result"), "جام خلیج فارس", "Ali Rezaei"});
    // The date: Solar Hijri in Persian digits, the Gregorian beside it; moves and the result as written.
    expectAll(text, {"۱۴۰۵/۰۹/۰۹", "(2026-11-30)", "Nf3", "a6 (=)", "O-O-O#", "40/90 min + 30 min, +30 s"});
    EXPECT_EQ(text.find("30.11.2026"), std::string::npos) << text;

    const auto page = words(path);
    // Mirrored: White's name is in the right-hand field, Black's in the left; moves 1-30 are the
    // right-hand column.
    EXPECT_GT(find(page, "Ali").x0, kPageWidth / 2);
    EXPECT_LT(find(page, "Stockfish").x1, kPageWidth / 2);
    const Word e4 = find(page, "e4"), e5 = find(page, "e5");
    EXPECT_GT(e4.x0, kPageWidth / 2) << "moves 1-30 on the right";
    EXPECT_LT(e5.x0, e4.x0) << "Black's column left of White's, read from the right";
    // Inside its cell a move stays left to right, with its annotation after it.
    const Word a6 = find(page, "a6"), annotation = find(page, "(=)");
    EXPECT_LT(a6.x1, annotation.x0);
}

TEST(EnvelopeInPersian, PersianFieldsMirroredAndTheBoardAsItIs) {
    TempDir dir;
    const auto path = dir / "envelope-fa.pdf";
    auto d = test::sampleForm();
    d.resumption = "2025-12-01 10:00";
    PersianScope persian_papers;
    ASSERT_TRUE(writeSealedMoveFormPdf(d, path));
    keep(path);
    expectOnlyDejaVu(path);
    const std::string text = readingText(path);
    expectAll(text, {"پاکت", "حرکت مخفی", "بازی ناتمام", paperWord("Arbiter"), paperWord("Opponent"),
                     i18n::tr("ADJOURNED GAME - SEALED MOVE ENVELOPE"),
                     i18n::tr("(b) Position immediately before the sealed move")});
    expectAll(text, {"۱۴۰۴/۰۹/۱۰ (2025-12-01) 10:00",
                     "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R b KQ - 0 41", "1:31:05",
                     "9f2c4e1a07b35d68", "Łukasz Żółkiewski"});
    const auto page = words(path);
    // The board is on the right of the mirrored page, and never mirrored: file a left of file h.
    const Word a = find(page, "a"), h = find(page, "h");
    EXPECT_LT(a.x0, h.x0);
    EXPECT_GT(a.x0, kPageWidth / 2);
    // The FEN line, left to right inside, ends at the right margin.
    EXPECT_GT(find(page, "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R").x0, kPageWidth / 3);
    EXPECT_GT(find(page, "KQ").x0, kPageWidth / 2);
}

// The words of `word`'s field: on its line (their boxes' tops within 2 pt) and no wider apart than a
// space from the next (the fields beside it are further away), left to right.
std::vector<Word> fieldOf(const std::vector<Word>& page, const Word& word) {
    std::vector<Word> line;
    for (const auto& w : page)
        if (std::abs(w.y0 - word.y0) < 2) line.push_back(w);
    std::sort(line.begin(), line.end(), [](const Word& a, const Word& b) { return a.x0 < b.x0; });
    auto at = std::find_if(line.begin(), line.end(), [&](const Word& w) { return w.x0 == word.x0; });
    auto first = at, last = at;
    while (first != line.begin() && first->x0 - std::prev(first)->x1 < 8) --first;
    while (std::next(last) != line.end() && std::next(last)->x0 - last->x1 < 8) ++last;
    return {first, std::next(last)};
}

// Issue 36 item 4: field (d) is a Persian phrase around a Latin name. It reads from the right like the
// paper: the name first (rightmost), then the role and side in brackets; only the name is left to right.
TEST(EnvelopeInPersian, SealerFieldReadsFromTheRightWithALatinName) {
    TempDir dir;
    const auto path = dir / "envelope-sealer-fa.pdf";
    auto d = test::sampleForm();
    d.sealing_player = "Stockfish 16";
    d.sealed_by_computer = true;
    PersianScope persian_papers;
    ASSERT_TRUE(writeSealedMoveFormPdf(d, path));
    keep(path);
    const auto page = words(path);
    const Word name = find(page, "Stockfish");
    const std::vector<Word> line = fieldOf(page, name);
    ASSERT_GE(line.size(), 3u);
    EXPECT_EQ(line.back().text, "16") << "the name is the field's first words, on its right";
    EXPECT_EQ(line[line.size() - 2].text, "Stockfish");
    // Item 8: the round and the board, counts, are in Persian digits like every number of the form.
    EXPECT_LT(find(page, "\u06F3").y0, name.y0) << "round 3 in the top row";
    EXPECT_LT(find(page, "\u06F1").y0, name.y0) << "board 1 in the top row";
    for (std::size_t i = 0; i + 2 < line.size(); ++i)
        EXPECT_TRUE(persian(line[i].text) || line[i].text.find_first_of("()") != std::string::npos)
            << "left of the name: the role and the side, got '" << line[i].text << "'";
}

TEST(QuickplayClaimInPersian, TheClaimIsAPersianScoresheet) {
    TempDir dir;
    const auto path = dir / "claim-fa.pdf";
    session::QuickplayClaimExport e;
    e.sheet = sheet();
    e.sheet.result = "*";
    e.fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    e.claimant_white = true;
    e.claimant_name = "Ali Rezaei";
    e.white_clock = "0:01:40";
    e.black_clock = "0:05:00";
    e.claimed_at = "2026-03-21T10:05:03.120Z";
    PersianScope persian_papers;
    ASSERT_TRUE(writeQuickplayClaimPdf(e, path));
    keep(path);
    expectOnlyDejaVu(path);
    expectAll(readingText(path),
              {paperWord("Signature of the arbiter"), "۱۴۰۵/۰۱/۰۱ (2026-03-21) 10:05:03.120Z",
               "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R"});
}

TEST(AuditPdfInPersian, TitleInPersianOnTheRight) {
    TempDir dir;
    auto report = audit::auditJournal(OC_JOURNAL_INTACT);
    ASSERT_TRUE(report) << report.error();
    const auto path = dir / "audit-fa.pdf";
    PersianScope persian_papers;
    ASSERT_TRUE(writeAuditPdf(*report, path));
    keep(path);
    expectOnlyDejaVu(path);
    const std::string title = i18n::tr("Arbiter's audit of a game journal (FIDE Handbook E.III)");
    EXPECT_TRUE(persian(title));
    expectAll(readingText(path), {title, "داور", report->final_hash});
    const auto page = words(path);
    double right = 0;
    for (const auto& w : page) right = std::max(right, w.x1);
    EXPECT_GT(right, kPageWidth - 45) << "the text column ends at the right margin";
}

// The words at the first page's foot (below the signature lines), left to right.
std::vector<Word> footOf(const std::filesystem::path& pdf) {
    std::vector<Word> foot;
    for (const auto& w : words(pdf))
        if (w.y0 > 808) foot.push_back(w);
    std::sort(foot.begin(), foot.end(), [](const Word& a, const Word& b) { return a.x0 < b.x0; });
    return foot;
}

// Issue 39: the program's small print at the foot of a page, left to right as the name is written: at
// the left end on a mirrored (Persian) page, at the right end on an English one; whatever else shares
// the foot (the claim's footnote) stays clear of it.
void expectSmallPrint(const std::filesystem::path& pdf, bool at_left) {
    const std::vector<Word> foot = footOf(pdf);
    std::vector<std::string> name;
    std::istringstream in(version::describe());
    for (std::string w; in >> w;) name.push_back(w);
    ASSERT_GE(foot.size(), name.size()) << pdf;
    const std::size_t first = at_left ? 0 : foot.size() - name.size();
    for (std::size_t i = 0; i < name.size(); ++i) EXPECT_EQ(foot[first + i].text, name[i]) << pdf;
    const double left = foot[first].x0, right = foot[first + name.size() - 1].x1;
    if (at_left) {
        EXPECT_LT(left, 45) << "at the left margin: " << pdf;
        for (std::size_t i = name.size(); i < foot.size(); ++i)
            EXPECT_GT(foot[i].x0, right + 4) << "'" << foot[i].text << "' runs into the small print";
    } else {
        EXPECT_GT(right, kPageWidth - 45) << "at the right margin: " << pdf;
        for (std::size_t i = 0; i < first; ++i)
            EXPECT_LT(foot[i].x1, left - 4) << "'" << foot[i].text << "' runs into the small print";
    }
    EXPECT_EQ(session::test::pdfCreator(pdf), version::describe()) << pdf;
}

// Every paper, in Persian and in English, with the quickplay claim's long footnote beside the small print.
TEST(SmallPrint, NamesTheProgramAtTheEndOfEachPapersFoot) {
    TempDir dir;
    auto report = audit::auditJournal(OC_JOURNAL_INTACT);
    ASSERT_TRUE(report) << report.error();
    session::QuickplayClaimExport claim;
    claim.sheet = sheet();
    claim.fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    claim.claimant_name = "Ali Rezaei";
    claim.white_clock = "0:01:40";
    claim.black_clock = "0:05:00";
    for (const bool persian_page : {true, false}) {
        std::optional<PersianScope> persian_papers;
        if (persian_page) persian_papers.emplace();
        const std::string lang = persian_page ? "-fa" : "-en";
        const auto sheet_pdf = dir / ("small-sheet" + lang + ".pdf"),
                   claim_pdf = dir / ("small-claim" + lang + ".pdf"),
                   envelope_pdf = dir / ("small-envelope" + lang + ".pdf"),
                   audit_pdf = dir / ("small-audit" + lang + ".pdf");
        ASSERT_TRUE(writeScoresheetPdf(sheet(), sheet_pdf));
        ASSERT_TRUE(writeQuickplayClaimPdf(claim, claim_pdf));
        ASSERT_TRUE(writeSealedMoveFormPdf(test::sampleForm(), envelope_pdf));
        ASSERT_TRUE(writeAuditPdf(*report, audit_pdf));
        for (const auto& pdf : {sheet_pdf, claim_pdf, envelope_pdf, audit_pdf}) {
            keep(pdf);
            expectSmallPrint(pdf, persian_page);
        }
    }
}

}  // namespace
}  // namespace oc::print
