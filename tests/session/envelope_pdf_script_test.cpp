// The script directive `envelope-pdf FILE resumption TEXT` (Guidelines I.2 (g)): the resumption's date,
// time and venue reach the printed envelope record; a malformed directive is refused with its usage.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <regex>
#include <utility>

#include "pdf_test_util.hpp"
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
}

}  // namespace
}  // namespace oc::session
