// The script directive `envelope-pdf FILE resumption TEXT` (Guidelines I.2 (g)): the resumption's date,
// time and venue reach the printed envelope record; a malformed directive is refused with its usage.
#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <regex>
#include <utility>

#include "i18n/tr.hpp"
#include "pdf_test_util.hpp"
#include "print/documents.hpp"
#include "session/local_time.hpp"
#include "session_test_util.hpp"

namespace oc::session {
namespace {

std::filesystem::path scratch(const std::string& name) {
    auto dir = std::filesystem::temp_directory_path() / ("oc_envelope_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    std::filesystem::remove(dir / name);
    return dir / name;
}

// The human's move, the seal request, the computer's choice sealed: the game is adjourned.
std::string adjourned(const std::string& last_line) {
    return "start\nengine e7e5\nmove e4\nseal\nuntil engine-move-shown\nseal-computer arbiter-secret\n" +
           last_line + "\n";
}

TEST(EnvelopePdfDirective, ResumptionTextIsPrintedInFieldG) {
    const auto pdf = scratch("with_g.pdf");
    auto run = testing::runScript(
        adjourned("envelope-pdf " + pdf.string() + " resumption 2 Dec 2026, 10:00, Hall B"),
        testing::fakeSetup());
    ASSERT_TRUE(run.result.ok) << run.result.error;
    const std::string text = test::pdfToText(pdf);
    EXPECT_NE(text.find("(g) Resumption"), std::string::npos) << text;
    EXPECT_NE(text.find("2 Dec 2026, 10:00, Hall B"), std::string::npos) << text;
    EXPECT_EQ(text.find("e7e5"), std::string::npos) << "never the sealed move";
    EXPECT_EQ(text.find("e7-e5"), std::string::npos) << "never the sealed move";
}

TEST(EnvelopePdfDirective, WithoutResumptionFieldGStaysBlank) {
    const auto pdf = scratch("blank_g.pdf");
    auto run = testing::runScript(adjourned("envelope-pdf " + pdf.string()), testing::fakeSetup());
    ASSERT_TRUE(run.result.ok) << run.result.error;
    const std::string text = test::pdfToText(pdf);
    EXPECT_NE(text.find("(g) Resumption"), std::string::npos) << text;
    EXPECT_EQ(text.find("Hall B"), std::string::npos) << text;
}

TEST(EnvelopePdfDirective, TextWithoutTheResumptionKeywordIsRefused) {
    const auto pdf = scratch("bad.pdf");
    auto run =
        testing::runScript(adjourned("envelope-pdf " + pdf.string() + " 2 Dec 2026"), testing::fakeSetup());
    EXPECT_FALSE(run.result.ok);
    EXPECT_NE(run.result.error.find("usage: envelope-pdf FILE [resumption"), std::string::npos)
        << run.result.error;
    EXPECT_FALSE(std::filesystem::exists(pdf));
}

// Field (c) of a side ("White" / "Black"): its time used and remaining, in seconds.
std::pair<int, int> clockRow(const std::string& text, const std::string& side) {
    std::smatch m;
    const std::regex row(side + R"(\s+(\d+):(\d\d):(\d\d)\s+(\d+):(\d\d):(\d\d))");
    if (!std::regex_search(text, m, row)) return {-1, -1};
    auto secs = [&](std::size_t i) {
        return std::stoi(m[i]) * 3600 + std::stoi(m[i + 1]) * 60 + std::stoi(m[i + 2]);
    };
    return {secs(1), secs(4)};
}

// Guidelines I.2(c): with 90 minutes and no increment, each side's time used + remaining is 1:30:00; the
// computer's time on the move it seals is used time (it printed 0:00:00 for a first-move seal).
TEST(EnvelopePdfDirective, TimeUsedCountsTheComputersSealedMove) {
    const auto pdf = scratch("time_used_computer.pdf");
    auto run = testing::runScript(
        "start\nengine e7e5\n+30s move e4\nuntil engine-move-shown\n+4s made\n"
        "+2s pressed\nrecorded\nengine g8f6\n+45s move Nf3\nseal\n"
        "until engine-move-shown\n+24s seal-computer arbiter-secret fast\n"
        "envelope-pdf " +
            pdf.string() + "\n",
        testing::fakeSetup(rules::Color::Black, "90m"));
    ASSERT_TRUE(run.result.ok) << run.result.error;
    const std::string text = test::pdfToText(pdf);
    EXPECT_EQ(clockRow(text, "White"), std::make_pair(75, 5400 - 75)) << text;
    auto [used, remaining] = clockRow(text, "Black");
    EXPECT_NEAR(used + remaining, 5400, 1) << text;  // both printed rounded down to the second
    EXPECT_GE(used, 6 + 24) << text;  // its first move's handling and at least the 24 s on the sealed move
    // E.III CMP-3.5: nobody writes the computer's move; the paper names the electronic seal.
    EXPECT_NE(text.find("sealed electronically"), std::string::npos) << text;
    EXPECT_NE(text.find("Envelope fingerprint"), std::string::npos) << text;
    EXPECT_EQ(text.find("written by hand"), std::string::npos) << text;
    EXPECT_NE(text.find("Black, computer"), std::string::npos) << text;
}

// Field (c) of a side: used, remaining and their sum, in seconds.
std::array<int, 3> clockRow3(const std::string& text, const std::string& side) {
    std::smatch m;
    const std::regex row(side + R"(\s+(\d+):(\d\d):(\d\d)\s+(\d+):(\d\d):(\d\d)\s+(\d+):(\d\d):(\d\d))");
    if (!std::regex_search(text, m, row)) return {-1, -1, -1};
    auto secs = [&](std::size_t i) {
        return std::stoi(m[i]) * 3600 + std::stoi(m[i + 1]) * 60 + std::stoi(m[i + 2]);
    };
    return {secs(1), secs(4), secs(7)};
}

// 15m+10s: White's clock set to the table clock during move 2, then Black (the computer) seals move 2
// and the envelope is printed with `envelope_args` (the PDF's path and what follows it).
auto syncedSeal(const std::string& envelope_args) {
    return testing::runScript(
        "start\nengine e7e5\n+30s move e4\nuntil engine-move-shown\n+4s made\n+2s pressed\nrecorded\n"
        "+20s sync white 0:14:50\nengine g8f6\n+5s move Nf3\nseal\nuntil engine-move-shown\n"
        "+24s seal-computer arbiter-secret fast\nenvelope-pdf " +
            envelope_args + "\n",
        testing::fakeSetup(rules::Color::Black, "15m+10s"));
}

// Guidelines I.2(c) after a table-clock sync: both times are the table clock's, so used + remaining is the
// base time plus the increments (it was off by the sync's 10 s), and the sync is named with its
// correction. Black seals move 2: one move completed and White's second, not "3" half-moves.
TEST(EnvelopePdfDirective, TimesAddUpAfterASyncAndCountMovesNotPlies) {
    const auto pdf = scratch("synced.pdf");
    auto run = syncedSeal(pdf.string());
    ASSERT_TRUE(run.result.ok) << run.result.error;
    const std::string text = test::pdfToText(pdf);
    // White's clock ran 30 + 20 + 5 s; the console said 14:20 at the sync, the table clock 14:50: +30 s.
    // So the table clock counted 25 s used, and 14:55 remain: together 15:00 + 2 increments.
    EXPECT_EQ(clockRow3(text, "White"), (std::array<int, 3>{25, 14 * 60 + 55, 15 * 60 + 20})) << text;
    const auto black = clockRow3(text, "Black");
    EXPECT_EQ(black[0] + black[1], black[2]) << text;  // whole seconds that add up, never one short
    EXPECT_NEAR(black[2], 15 * 60 + 10, 1) << text;    // one completed move's increment
    EXPECT_NE(text.find("Used + remaining"), std::string::npos) << text;
    EXPECT_NE(text.find("set to it 1 time, last during move 2"), std::string::npos) << text;
    EXPECT_NE(text.find("White +0:30"), std::string::npos) << text;  // as the sync notice writes it
    EXPECT_NE(text.find("1 move completed and White's move 2"), std::string::npos) << text;
}

// Issue 12: the same game's envelope printed with the UI language Polish: the session's facts worded by
// the print catalogue, with Polish plural forms and the Laws 2005 field names; the times are the same.
TEST(EnvelopePdfDirective, PolishUiLanguagePrintsThePolishForm) {
    const auto pdf = scratch("synced_pl.pdf");
    ASSERT_TRUE(i18n::setUiLanguage(i18n::UiLanguage::Pl));
    auto run = syncedSeal(pdf.string() + " resumption 2026-12-02 10:00, sala B");
    ASSERT_TRUE(i18n::setUiLanguage(i18n::UiLanguage::En));
    ASSERT_TRUE(run.result.ok) << run.result.error;
    const std::string text = test::pdfToText(pdf);
    EXPECT_EQ(clockRow3(text, "Białe"), (std::array<int, 3>{25, 14 * 60 + 55, 15 * 60 + 20})) << text;
    for (const char* expected : {"KOPERTA Z TAJNYM POSUNIĘCIEM", "(c) Czas zużyty przez każdego z zawodników",
                                 "zapisane elektronicznie", "według niego 1 raz", "białe +0:30",
                                 "1 posunięcie wykonane i posunięcie białych 2", "02.12.2026 10:00, sala B"})
        EXPECT_NE(text.find(expected), std::string::npos) << "missing: " << expected << "\n" << text;
    EXPECT_EQ(text.find("move completed"), std::string::npos) << text;
}

// The game's records replayed into a session, for its scoresheet.
ScoresheetData sheetOf(const std::vector<nlohmann::json>& records) {
    MemorySink sink;
    FakeEngine engine(legalMovesAfter, 1);
    auto s = Session::restore(records, sink, engine);
    EXPECT_TRUE(s) << (s ? "" : s.error());
    return s ? (*s)->scoresheetData() : ScoresheetData{};
}

event::EventSetup withPlayers() {
    event::EventSetup setup = testing::fakeSetup(rules::Color::Black, "15m+10s");
    setup.white_fide_id = "1503014";
    setup.white_rating = 2450;
    setup.black_fide_id = "25059530";
    setup.operator_name = "Jan Nowak";
    return setup;
}

// Art. 8 / Guidelines I.1-I.2: the scoresheet shows the players' FIDE data, which side is the computer and
// who operates it, the sealed move (empty while in the envelope, marked once played), the adjournment,
// and the arbiter's signature line; the PGN carries the FIDE IDs and the rating.
TEST(ScoresheetPapers, MarksTheSealedMoveTheComputerAndTheFideData) {
    const std::string adjourn =
        "start\nengine e7e5\n+30s move e4\nuntil engine-move-shown\n+4s made\n+2s pressed\nrecorded\n"
        "engine g8f6\n+5s move Nf3\nseal\nuntil engine-move-shown\n+24s seal-computer arbiter-secret fast\n";
    auto run = testing::runScript(adjourn, withPlayers());
    ASSERT_TRUE(run.result.ok) << run.result.error;
    const auto adjourned = scratch("sheet_adjourned.pdf");
    ASSERT_TRUE(print::writeScoresheetPdf(sheetOf(run.records), adjourned));
    std::string text = test::pdfToText(adjourned);
    for (const char* expected : {"FIDE ID 1503014 · rating 2450", "FIDE ID 25059530", "Black (computer)",
                                 "computer, operator: Jan Nowak", "(sealed)",
                                 "Adjourned: Black (computer) sealed move 2; the move is in the envelope",
                                 "Signature of the arbiter", "Signature of White", "Signature of Black"})
        EXPECT_NE(text.find(expected), std::string::npos) << "missing: " << expected << "\n" << text;
    EXPECT_EQ(text.find("Nf6"), std::string::npos) << "never the sealed move";

    run = testing::runScript(adjourn + "+1h resume arbiter-secret\n+3s made\n+1s pressed\nrecorded\n",
                             withPlayers());
    ASSERT_TRUE(run.result.ok) << run.result.error;
    const auto resumed = scratch("sheet_resumed.pdf");
    ASSERT_TRUE(print::writeScoresheetPdf(sheetOf(run.records), resumed));
    text = test::pdfToText(resumed);
    EXPECT_NE(text.find("Nf6 (sealed)"), std::string::npos) << text;
    EXPECT_NE(text.find("sealed move 2; play resumed with it"), std::string::npos) << text;
    for (const char* tag : {"[WhiteFideId \"1503014\"]", "[BlackFideId \"25059530\"]", "[WhiteElo \"2450\"]"})
        EXPECT_NE(run.pgn.find(tag), std::string::npos) << tag << "\n" << run.pgn;
    EXPECT_EQ(run.pgn.find("BlackElo"), std::string::npos) << "no rating given for Black";
}

// The local date and time name their zone; the journal's UTC form (with ms) is not what an arbiter reads.
TEST(LocalTime, NamesTheZoneAndItsOffset) {
    const char* old = std::getenv("TZ");
    const std::string saved = old ? old : "";
    ::setenv("TZ", "Asia/Kolkata", 1);  // no daylight saving: the same on any test date
    ::tzset();
    const journal::WallTime at{std::chrono::sys_days{std::chrono::year{2026} / 11 / 29} +
                               std::chrono::hours{21} + std::chrono::minutes{40} +
                               std::chrono::milliseconds{1234}};
    EXPECT_EQ(formatLocalTime(at), "2026-11-30 03:10 IST (UTC+05:30)");
    if (old)
        ::setenv("TZ", saved.c_str(), 1);
    else
        ::unsetenv("TZ");
    ::tzset();
}

TEST(EnvelopePdfDirective, TimeUsedCountsTheHumansSealedMove) {
    const auto pdf = scratch("time_used_human.pdf");
    auto run = testing::runScript(
        "start\nengine e7e5\n+30s move e4\nuntil human-to-move\n+50s seal\n"
        "+10s seal-human\nenvelope-pdf " +
            pdf.string() + "\n",
        testing::fakeSetup(rules::Color::Black, "90m"));
    ASSERT_TRUE(run.result.ok) << run.result.error;
    const std::string text = test::pdfToText(pdf);
    EXPECT_EQ(clockRow(text, "White"), std::make_pair(90, 5400 - 90)) << text;
    auto [used, remaining] = clockRow(text, "Black");
    EXPECT_NEAR(used + remaining, 5400, 1) << text;
    EXPECT_GT(used, 0) << text;
    // Guidelines I.1: the human writes the sealed move by hand; the form keeps the box for it.
    EXPECT_NE(text.find("written by hand"), std::string::npos) << text;
    EXPECT_EQ(text.find("sealed electronically"), std::string::npos) << text;
    EXPECT_NE(text.find("Console's count: never set to the table clock"), std::string::npos) << text;
}

}  // namespace
}  // namespace oc::session
