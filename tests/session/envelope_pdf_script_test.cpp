// The script directive `envelope-pdf FILE resumption TEXT` (Guidelines I.2 (g)): the resumption's date,
// time and venue reach the printed envelope record; a malformed directive is refused with its usage.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

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

}  // namespace
}  // namespace oc::session
