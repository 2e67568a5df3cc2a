// The audit on a Polish screen (issue 12): console/audit writes English (the JSON and the journal stay
// so), each message marked with N_ as one whole pattern, and translateMessage turns titles, evidence and
// details into Polish with the catalogue the build compiled (assets/locale/pl/audit.po).
#include <gtest/gtest.h>
#include <unistd.h>

#include <set>

#include "audit/audit.hpp"
#include "i18n/tr.hpp"
#include "tamper.hpp"

namespace oc::audit {
namespace {

// Scenarios that give every check something to say: a table-clock reading, a flag, an adjournment, an
// engine fault, the faster rate, a draw offer, and a real breach (the board differs, E.III 1.4).
const std::string kScripts[] = {"cmp_1_1_official_clock",     "flag_reported_then_confirmed",
                                "adj_computer_seals_resumed", "engine_fault_restart",
                                "cmp_2_2_faster_rate",        "cmp_3_2_offer_accepted",
                                "irr_07_board_differs"};

class AuditPolish : public ::testing::TestWithParam<std::string> {
  protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() / ("oc_audit_polish_" + std::to_string(getpid()));
        std::filesystem::create_directories(dir_);
        auto journal = test::playScript(dir_, GetParam());
        auto report = auditJournal(journal);
        ASSERT_TRUE(report) << report.error();
        report_ = *report;
    }
    void TearDown() override {
        EXPECT_TRUE(i18n::setUiLanguage(i18n::UiLanguage::En));
        std::filesystem::remove_all(dir_);
    }
    std::filesystem::path dir_;
    Report report_;
};

// A Polish letter, or a word the Laws use where the sentence has none (Remis ... komputera).
bool hasPolishLetter(const std::string& s) {
    for (const char* letter :
         {"ą", "ć", "ę", "ł", "ń", "ó", "ś", "ź", "ż", "Ż", "Ł", "Ś", "komputer", "silnik"})
        if (s.find(letter) != std::string::npos) return true;
    return false;
}

TEST_P(AuditPolish, TitlesAndEvidenceReadInPolish) {
    ASSERT_EQ(report_.checks.size(), 11u);
    std::set<std::string> english_titles;
    for (const Check& c : report_.checks) english_titles.insert(c.title);
    ASSERT_TRUE(i18n::setUiLanguage(i18n::UiLanguage::Pl));
    for (const Check& c : report_.checks) {
        const std::string title = i18n::translateMessage(c.title);
        const std::string evidence = i18n::translateMessage(c.evidence);
        EXPECT_NE(title, c.title) << c.name;
        EXPECT_TRUE(hasPolishLetter(title + evidence)) << c.name << ": " << title << " / " << evidence;
        EXPECT_NE(evidence, c.evidence) << c.name;
        // No English words left (a pattern reading only the evidence's last "; " part would leave them).
        for (const char* english : {" the ", "searches", "refused", "record #", "entered", "engine"})
            EXPECT_EQ(evidence.find(english), std::string::npos) << c.name << ": " << evidence;
        for (const std::string& english : english_titles) {
            EXPECT_EQ(title.find(english), std::string::npos) << c.name << ": " << title;
            EXPECT_EQ(evidence.find(english), std::string::npos) << c.name << ": " << evidence;
        }
        // The details page's usual lines: table-clock readings and the engine's searches.
        for (const std::string& d : c.details) {
            const std::string detail = i18n::translateMessage(d);
            EXPECT_EQ(detail.find("table clock"), std::string::npos) << detail;
            EXPECT_EQ(detail.find("engine given"), std::string::npos) << detail;
        }
        // A breach names its record in Polish ("zapis #N"), never the English "record #N".
        if (c.verdict == Verdict::Breach) {
            EXPECT_NE(evidence.find("zapis #"), std::string::npos) << evidence;
            EXPECT_EQ(evidence.find("record #"), std::string::npos) << evidence;
        }
    }
}

TEST_P(AuditPolish, TheLinesAreUnchangedInEnglishAndTranslatedInPolish) {
    ASSERT_TRUE(i18n::setUiLanguage(i18n::UiLanguage::En));
    const auto translate = [](const std::string& e) { return i18n::translateMessage(e); };
    const std::string english = checkLines(report_);
    EXPECT_EQ(checkLines(report_, translate), english);
    ASSERT_TRUE(i18n::setUiLanguage(i18n::UiLanguage::Pl));
    const std::string polish = checkLines(report_, translate);
    EXPECT_NE(polish, english);
    // The check names and verdict words stay as the CLI's help documents them.
    for (const Check& c : report_.checks)
        EXPECT_NE(polish.find(c.name + " " + std::string(verdictName(c.verdict)) + " "), std::string::npos)
            << polish;
}

INSTANTIATE_TEST_SUITE_P(Scripts, AuditPolish, ::testing::ValuesIn(kScripts),
                         [](const auto& param_info) { return param_info.param; });

}  // namespace
}  // namespace oc::audit
