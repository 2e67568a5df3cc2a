// Issue 23 item 6: the audit's PDF as an arbiter reads it. Journals of real scenario games (some edited and
// re-hashed) are audited by operator-cli into PDFs, read back with poppler: the text (pdftotext, with each
// word's box for the layout checks) and the pixels (pdftoppm) for the colours.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>

#include "audit/audit.hpp"
#include "tamper.hpp"
#include "version/version.hpp"

namespace oc::audit {
namespace {

using test::json;

constexpr double kPageWidth = 595.28, kPageHeight = 841.89, kMargin = 40;

struct Word {
    int page = 0;
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    std::string text;
};

std::string output(const std::string& command) {
    std::string out;
    FILE* pipe = popen((command + " 2>&1").c_str(), "r");
    if (!pipe) return out;
    std::array<char, 4096> buffer{};
    for (std::size_t n; (n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0;) out.append(buffer.data(), n);
    pclose(pipe);
    return out;
}

// Every word of the PDF with its page and box (pdftotext -bbox), in points from the page's top left.
std::vector<Word> words(const std::filesystem::path& pdf) {
    const std::string html = output("pdftotext -bbox '" + pdf.string() + "' -");
    static const std::regex page_re("<page "),
        word_re(
            "<word xMin=\"([0-9.]+)\" yMin=\"([0-9.]+)\" xMax=\"([0-9.]+)\" "
            "yMax=\"([0-9.]+)\">([^<]*)</word>");
    std::vector<Word> out;
    int page = 0;
    std::istringstream lines(html);
    for (std::string line; std::getline(lines, line);) {
        std::smatch m;
        if (std::regex_search(line, page_re)) ++page;
        if (std::regex_search(line, m, word_re))
            out.push_back({page, std::stod(m[1]), std::stod(m[2]), std::stod(m[3]), std::stod(m[4]), m[5]});
    }
    return out;
}

struct Ppm {
    int w = 0, h = 0;
    std::vector<unsigned char> rgb;  // row by row, 3 bytes a pixel
};

// A page as pdftoppm writes it (binary PPM, 8 bits a channel).
Ppm readPpm(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::string magic;
    Ppm p;
    int max = 0;
    in >> magic >> p.w >> p.h >> max;
    in.get();
    p.rgb.resize(static_cast<std::size_t>(p.w) * static_cast<std::size_t>(p.h) * 3);
    in.read(reinterpret_cast<char*>(p.rgb.data()), static_cast<std::streamsize>(p.rgb.size()));
    return p;
}

// Pixels of every page at 50 dpi that are clearly red (the report's colour for a breach).
int redPixels(const std::filesystem::path& pdf, const std::filesystem::path& dir) {
    const auto prefix = dir / "page";
    EXPECT_EQ(std::system(("pdftoppm -r 50 '" + pdf.string() + "' '" + prefix.string() + "'").c_str()), 0);
    int red = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        if (e.path().extension() != ".ppm") continue;
        const std::vector<unsigned char> rgb = readPpm(e.path()).rgb;
        for (std::size_t i = 0; i + 2 < rgb.size(); i += 3)
            if (rgb[i] > 150 && rgb[i + 1] < 90 && rgb[i + 2] < 90) ++red;
        std::filesystem::remove(e.path());
    }
    return red;
}

class AuditPdf : public ::testing::Test {
  protected:
    void SetUp() override { dir_ = test::testDir("oc_audit_pdf_"); }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    // The journal audited into a PDF by operator-cli; its exit status must be `rc` (0 clean, 1 breach).
    std::filesystem::path pdf(const std::filesystem::path& journal, int rc) {
        auto out = dir_ / (journal.stem().string() + ".pdf");
        EXPECT_EQ(test::runCli("journal audit " + journal.string() + " --ui-lang en --pdf " + out.string()),
                  rc);
        return out;
    }

    std::filesystem::path edited(const std::string& script, const std::string& name,
                                 const std::function<void(std::vector<json>&)>& edit) {
        auto records = test::readRecords(test::playScript(dir_, script));
        edit(records);
        auto out = dir_ / (name + ".jsonl");
        test::writeRechained(out, records);
        return out;
    }

    // The faster rate switched off again right after it was switched on, before the control was passed.
    std::filesystem::path fasterRateBreach() {
        return edited("cmp_2_2_faster_rate", "faster_rate_off_early", [](std::vector<json>& r) {
            const std::size_t on = test::find(r, "faster");
            test::insertBefore(r, on + 1, "faster", json{{"on", false}});
        });
    }

    std::filesystem::path dir_;
};

std::string pdfText(const std::filesystem::path& pdf) {
    return output("pdftotext -layout '" + pdf.string() + "' -");
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

// The clock's refusal already cites E.III 2.2; the verdict appended it a second time.
TEST_F(AuditPdf, ArticleIsCitedOnce) {
    const auto journal = fasterRateBreach();
    auto report = auditJournal(journal);
    ASSERT_TRUE(report) << report.error();
    auto it = std::find_if(report->checks.begin(), report->checks.end(),
                           [](const Check& c) { return c.name == "faster-rate"; });
    ASSERT_NE(it, report->checks.end());
    EXPECT_EQ(it->verdict, Verdict::Breach) << it->evidence;
    EXPECT_NE(it->evidence.find("must be kept until the time control"), std::string::npos) << it->evidence;
    EXPECT_EQ(count(it->evidence, "(E.III 2.2)"), 1u) << it->evidence;
    const std::string text = pdfText(pdf(journal, 1));
    EXPECT_EQ(count(text, "(E.III 2.2) (E.III 2.2)"), 0u) << text;
    EXPECT_EQ(count(text, "2.2) (E.III"), 0u) << text;  // nor split over two lines
}

// Engine commands are quoted as words, never in Markdown's backticks.
TEST_F(AuditPdf, NoBackticks) {
    for (const auto& journal : {test::playScript(dir_, "cmp_2_3_no_stop"), fasterRateBreach()}) {
        const std::string text = pdfText(pdf(journal, journal.stem() == "cmp_2_3_no_stop" ? 0 : 1));
        EXPECT_NE(text.find("\"stop\""), std::string::npos) << text;
        EXPECT_EQ(text.find('`'), std::string::npos) << text;
    }
}

// The computer's legitimate acts (an offer, a claim on the policy's indication, a resignation, an accepted
// draw) are not breaches: a clean report has no red on any page; a breach does.
TEST_F(AuditPdf, RedMeansABreachOnly) {
    for (const char* script : {"cmp_3_1_resign", "cmp_3_3_computer_claim", "cmp_3_2_offer_accepted"}) {
        const auto journal = test::playScript(dir_, script);
        auto report = auditJournal(journal);
        ASSERT_TRUE(report) << report.error();
        ASSERT_TRUE(report->passed()) << script;
        EXPECT_TRUE(std::any_of(report->series.marks.begin(), report->series.marks.end(),
                                [](const Mark& m) { return m.computer; }))
            << script << ": the picture must show a computer's act";
        EXPECT_EQ(redPixels(pdf(journal, 0), dir_), 0) << script;
    }
    EXPECT_GT(redPixels(pdf(fasterRateBreach(), 1), dir_), 0);
}

// The evaluation picture (the lowest on page 2) fits the policy's thresholds (0/15/30 cp by default):
// its scale is a few hundred cp at most and each threshold has its own readable label right of the frame.
TEST_F(AuditPdf, EvaluationScaleFitsTheThresholds) {
    const auto all = words(pdf(test::playScript(dir_, "cmp_3_3_computer_claim"), 0));
    const double chart_top = 620, frame_right = kPageWidth - kMargin - 48;
    std::vector<double> ticks;
    std::map<std::string, double> labels;
    for (const Word& w : all) {
        if (w.page != 2 || w.y0 < chart_top) continue;
        const bool numeric = std::regex_match(w.text, std::regex("[-+]?[0-9]+"));
        if (numeric && w.x1 < kMargin + 30) ticks.push_back(std::abs(std::stod(w.text)));
        if (numeric && w.x0 > frame_right) labels[w.text] = w.y0;
    }
    ASSERT_FALSE(ticks.empty());
    EXPECT_LE(*std::max_element(ticks.begin(), ticks.end()), 300)
        << "the scale is wider than the thresholds need";
    std::vector<double> ys;
    for (const char* v : {"+15", "-15", "30", "0"}) {
        ASSERT_TRUE(labels.count(v)) << "no label for the threshold " << v;
        ys.push_back(labels[v]);
    }
    std::sort(ys.begin(), ys.end());
    for (std::size_t i = 1; i < ys.size(); ++i) EXPECT_GE(ys[i] - ys[i - 1], 5.0) << "labels overlap";
}

// A journal with one move each: both clocks are a single point and must still show (before, a line of no
// length drew nothing). Black's clock (blue) is looked for inside the first picture's frame on page 2.
TEST_F(AuditPdf, ShortGameShowsItsSinglePoints) {
    const auto short_one = edited("cmp_3_1_resign", "short", [](std::vector<json>& r) {
        r.resize(std::min(r.size(), test::find(r, "pressed") + 1));
    });
    const auto out = pdf(short_one, 0);
    const auto prefix = dir_ / "short";
    ASSERT_EQ(
        std::system(("pdftoppm -r 72 -f 2 -l 2 '" + out.string() + "' '" + prefix.string() + "'").c_str()),
        0);
    std::filesystem::path page;
    for (const auto& e : std::filesystem::directory_iterator(dir_))
        if (e.path().filename().string().rfind("short-", 0) == 0) page = e.path();
    const Ppm p = readPpm(page);
    int blue = 0;
    for (int y = 57; y < 185 && y < p.h;
         ++y)  // the first frame: 56..186 pt from the top, 70.. pt from the left
        for (int x = 71; x < 470 && x < p.w; ++x) {
            const std::size_t i =
                (static_cast<std::size_t>(y) * static_cast<std::size_t>(p.w) + static_cast<std::size_t>(x)) *
                3;
            if (p.rgb[i + 2] > 150 && p.rgb[i] < 90 && p.rgb[i + 1] < 140) ++blue;
        }
    EXPECT_GT(blue, 0) << "Black's single clock point is not drawn";
}

// A word of the program's small print (issue 39), which stands below the bottom margin as a page's foot.
bool smallPrint(const Word& w) {
    std::istringstream name(version::describe());
    for (std::string part; name >> part;)
        if (w.text == part) return w.y0 > kPageHeight - kMargin;
    return false;
}

// Every word of every page within the page's margins.
void expectWithinMargins(const std::filesystem::path& pdf) {
    const auto all = words(pdf);
    ASSERT_FALSE(all.empty()) << pdf;
    for (const Word& w : all) {
        EXPECT_GE(w.x0, kMargin - 1) << pdf << " page " << w.page << ": " << w.text;
        EXPECT_LE(w.x1, kPageWidth - kMargin + 1) << pdf << " page " << w.page << ": " << w.text;
        EXPECT_GE(w.y0, kMargin - 1) << pdf << " page " << w.page << ": " << w.text;
        // The small print keeps 14 pt (5 mm) from the paper's edge, where every printer still prints.
        EXPECT_LE(w.y1, smallPrint(w) ? kPageHeight - 14 : kPageHeight - kMargin + 3)
            << pdf << " page " << w.page << ": " << w.text;
    }
}

// Issue 23 item 6: the adjournment's break on the time pictures. A 30-half-move game adjourned after
// the 18th (the sealed move) is drawn with a named break in each of the three time pictures, and no clock
// line crosses it (before, each line ran straight from the last move before the seal to the first after
// the resumption, as if the game had gone on).
TEST_F(AuditPdf, AdjournmentBreaksTheTimePictures) {
    const auto journal = dir_ / "adjourned.jsonl";
    ASSERT_EQ(test::runCli("play --engine fake --engine-side black --tc 90m+30s --human script:" +
                           std::string(OC_SESSION_SCRIPTS) +
                           "/../../data/session/scripts/resume_long_game.txt --journal " + journal.string()),
              0);
    auto report = auditJournal(journal);
    ASSERT_TRUE(report) << report.error();
    ASSERT_EQ(report->series.adjournments, std::vector<int>{18});
    const auto out = pdf(journal, 0);
    std::vector<Word> labels;
    for (const Word& w : words(out))
        if (w.page == 2 && w.text == "adjourned") labels.push_back(w);
    ASSERT_EQ(labels.size(), 3u) << "one named break in each time picture";
    const double break_x = labels.front().x0 - 2;  // the label starts 2 pt right of the break
    for (const Word& w : labels) EXPECT_NEAR(w.x0, labels.front().x0, 0.5);
    const auto prefix = dir_ / "adjourned";
    ASSERT_EQ(
        std::system(("pdftoppm -r 72 -f 2 -l 2 '" + out.string() + "' '" + prefix.string() + "'").c_str()),
        0);
    std::filesystem::path page;
    for (const auto& e : std::filesystem::directory_iterator(dir_))
        if (e.path().filename().string().rfind("adjourned-", 0) == 0) page = e.path();
    const Ppm p = readPpm(page);
    // Within the clocks' frame (56..186 pt from the top), around the break: no pixel of either clock's
    // line (black or blue); the break itself is grey and dashed.
    int line_pixels = 0;
    for (int y = 70; y < 185 && y < p.h; ++y)
        for (int x = static_cast<int>(break_x) - 2; x <= static_cast<int>(break_x) + 2 && x < p.w; ++x) {
            const std::size_t i =
                (static_cast<std::size_t>(y) * static_cast<std::size_t>(p.w) + static_cast<std::size_t>(x)) *
                3;
            const bool black = p.rgb[i] < 60 && p.rgb[i + 1] < 60 && p.rgb[i + 2] < 60;
            const bool blue = p.rgb[i + 2] > 150 && p.rgb[i] < 90 && p.rgb[i + 1] < 140;
            line_pixels += black || blue ? 1 : 0;
        }
    EXPECT_EQ(line_pixels, 0) << "a clock line crosses the adjournment at x = " << break_x << " pt";
    // Without an adjournment there is no break to name in the pictures (page 2).
    const auto plain = words(pdf(test::playScript(dir_, "cmp_3_1_resign"), 0));
    EXPECT_FALSE(std::any_of(plain.begin(), plain.end(),
                             [](const Word& w) { return w.page == 2 && w.text == "adjourned"; }));
}

// Issue 23 item 6: the handling reserve's line does not jump after the first handling. The first computer
// move is handled slowly (12 s, over the 5 s start); the reserve for the next search stays at the start:
// one slow handling alone never sets the reserve (clock::HandlingReserve), the first one included.
TEST_F(AuditPdf, ReserveLineDoesNotJumpAfterTheFirstSlowHandling) {
    const auto script = dir_ / "slow_first.txt";
    std::ofstream(script) << "start\nengine e7e5\nmove e4\nuntil engine-move-shown\n+12s made\npressed\n"
                             "until human-to-move\nengine g8f6\nmove Nf3\nuntil engine-move-shown\n+1s made\n"
                             "pressed\nuntil human-to-move\nengine b8c6\nmove Nc3\nuntil engine-move-shown\n"
                             "made\npressed\n";
    const auto journal = dir_ / "slow_first.jsonl";
    ASSERT_EQ(test::runCli("play --engine fake --engine-side black --tc 90m+30s --human script:" +
                           script.string() + " --journal " + journal.string()),
              0);
    auto report = auditJournal(journal);
    ASSERT_TRUE(report) << report.error();
    EXPECT_TRUE(report->passed()) << checkLines(*report);
    const auto& moves = report->series.computer_moves;
    ASSERT_EQ(moves.size(), 3u);
    ASSERT_TRUE(moves[0].handling_s);
    EXPECT_GT(*moves[0].handling_s, 11.0);
    for (const auto& m : moves) EXPECT_DOUBLE_EQ(m.reserve_s, 5.0) << "at half-move " << m.ply;
    expectWithinMargins(pdf(journal, 0));
}

// No word of any page runs past the margins, in English or in Polish (longer words): a clean game, a short
// journal (the start and one move each) and one the console cannot have written (an unknown record after
// the start), and a breach.
TEST_F(AuditPdf, NothingPastTheMargin) {
    const auto clean = test::playScript(dir_, "cmp_3_3_computer_claim");
    const auto short_one = edited("cmp_3_1_resign", "short", [](std::vector<json>& r) {
        r.resize(std::min(r.size(), test::find(r, "pressed") + 1));
    });
    const auto unreplayable = edited("cmp_3_1_resign", "unreplayable", [](std::vector<json>& r) {
        test::insertBefore(r, test::find(r, "start") + 1, "mystery", json::object());
    });
    for (const std::string lang : {"en", "pl"})
        for (const auto& [journal, rc] : {std::pair{clean, 0}, std::pair{short_one, 0},
                                          std::pair{unreplayable, 1}, std::pair{fasterRateBreach(), 1}}) {
            auto out = dir_ / (journal.stem().string() + "_" + lang + ".pdf");
            EXPECT_EQ(test::runCli("journal audit " + journal.string() + " --ui-lang " + lang + " --pdf " +
                                   out.string()),
                      rc)
                << journal;
            expectWithinMargins(out);
        }
}

}  // namespace
}  // namespace oc::audit
