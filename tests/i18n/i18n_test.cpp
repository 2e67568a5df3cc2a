// The UI-language mechanism (issue 12): choosing a language, the catalogue lookup with Boost.Locale
// (plurals, context, fallback), and dates and numbers. Runs against tests/i18n/test-pl.po, compiled by
// the build into a directory given as OC_LOCALE_DIR, so it does not depend on the real catalogues.
#include <gtest/gtest.h>

#include <cstdlib>

#include "event/event_setup.hpp"
#include "i18n/bidi.hpp"
#include "i18n/format.hpp"
#include "i18n/language.hpp"
#include "i18n/tr.hpp"

namespace oc::i18n {
namespace {

// Before the first catalogue is loaded (tests run after static initialisation).
const bool kTestCatalogue = setenv("OC_LOCALE_DIR", OC_TEST_LOCALE_DIR, 1) == 0;

class Polish : public ::testing::Test {
  protected:
    void SetUp() override {
        ASSERT_TRUE(kTestCatalogue);
        auto set = setUiLanguage(UiLanguage::Pl);
        ASSERT_TRUE(set) << set.error();
    }
    void TearDown() override { ASSERT_TRUE(setUiLanguage(UiLanguage::En)); }
};

TEST(UiLanguageChoice, ExplicitChoiceWinsElseTheNotationLanguageElseEnglish) {
    EXPECT_EQ(chooseUiLanguage("", "pl"), UiLanguage::Pl);
    EXPECT_EQ(chooseUiLanguage("", "de"), UiLanguage::En) << "no German catalogue";
    EXPECT_EQ(chooseUiLanguage("en", "pl"), UiLanguage::En) << "UI and notation are independent";
    EXPECT_EQ(chooseUiLanguage("pl", "en"), UiLanguage::Pl);
}

// Issue 26 item 5: `language: fa` (English SAN) is a Persian event: Persian screens unless ui_language or
// --ui-lang says otherwise, by the same rule as pl.
TEST(UiLanguageChoice, APersianNotationEventGetsPersianScreens) {
    event::EventSetup s;
    s.engine.command = "/usr/games/stockfish";
    s.language = "fa";
    ASSERT_TRUE(event::validate(s));
    EXPECT_EQ(chooseUiLanguage(s.ui_language, s.language), UiLanguage::Fa);
    EXPECT_EQ(chooseUiLanguage("en", s.language), UiLanguage::En);
    EXPECT_EQ(chooseUiLanguage("pl", s.language), UiLanguage::Pl);
}

TEST(UiLanguageChoice, UnknownCodeSaysWhatWouldBeRight) {
    auto c = chooseUiLanguage("de", "en");
    ASSERT_FALSE(c);
    EXPECT_NE(c.error().find("'de'"), std::string::npos) << c.error();
    EXPECT_NE(c.error().find("en, pl, fa"), std::string::npos) << c.error();
}

TEST(UiLanguageChoice, TheSetupKeyAcceptsExactlyTheLanguagesWithACatalogue) {
    const auto setupWith = [](const char* code) {
        event::EventSetup s;
        s.engine.command = "/usr/games/stockfish";
        s.ui_language = code;
        return s;
    };
    for (const char* code : {"en", "pl", "de", "fa", "ru", "PL", "english"}) {
        const auto setup = setupWith(code);
        EXPECT_EQ(event::validate(setup).has_value(), parseUiLanguage(code).has_value()) << code;
    }
    EXPECT_TRUE(event::validate(setupWith(""))) << "empty: the notation language's";
    auto bad = event::validate(setupWith("de"));
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().find("ui_language"), std::string::npos) << bad.error();
}

TEST(UiLanguageChoice, CodesAndNamesRoundTrip) {
    for (UiLanguage l : uiLanguages()) {
        EXPECT_EQ(parseUiLanguage(uiLanguageCode(l)), l);
        EXPECT_FALSE(uiLanguageName(l).empty());
    }
    EXPECT_EQ(uiLanguageName(UiLanguage::Pl), "Polski");
}

TEST(Translation, EnglishIsTheMsgidItself) {
    ASSERT_TRUE(setUiLanguage(UiLanguage::En));
    const char* id = "Start the game";
    EXPECT_EQ(tr(id), id);
    EXPECT_STREQ(trn("{} move", "{} moves", 2), "{} moves");
    EXPECT_EQ(trnf("{} move", "{} moves", 1, 1), "1 move");
}

TEST_F(Polish, LooksUpTheCatalogue) {
    EXPECT_EQ(uiLanguage(), UiLanguage::Pl);
    EXPECT_STREQ(tr("Start the game"), "Rozpocznij partię");
    EXPECT_EQ(trf("White's move {}", 12), "Posunięcie białych 12");
}

TEST_F(Polish, ContextSeparatesWordsEnglishWritesAlike) {
    EXPECT_STREQ(trc("side", "Black"), "Czarne");
    EXPECT_STREQ(trc("square", "Black"), "czarne pole");
}

TEST_F(Polish, PluralsFollowThePolishRule) {
    EXPECT_EQ(trnf("{} move", "{} moves", 1, 1), "1 posunięcie");
    EXPECT_EQ(trnf("{} move", "{} moves", 2, 2), "2 posunięcia");
    EXPECT_EQ(trnf("{} move", "{} moves", 5, 5), "5 posunięć");
    EXPECT_EQ(trnf("{} move", "{} moves", 22, 22), "22 posunięcia");
    EXPECT_EQ(trnf("{} move", "{} moves", 12, 12), "12 posunięć");
}

TEST_F(Polish, AnEmptyTextStaysEmptyNotTheCatalogueHeader) {
    EXPECT_STREQ(tr(""), "");
    EXPECT_EQ(translateMessage(""), "");
}

TEST_F(Polish, MissingOrEmptyEntriesFallBackToEnglish) {
    EXPECT_STREQ(tr("Not in the catalogue"), "Not in the catalogue");
    EXPECT_STREQ(tr("Untranslated"), "Untranslated");
}

TEST_F(Polish, ABrokenPlaceholderFallsBackToTheEnglishPattern) {
    EXPECT_EQ(trf("Broken {}", 7), "Broken 7");
}

TEST_F(Polish, PointersStayValidAfterASwitchOfLanguage) {
    const char* polish = tr("Start the game");
    ASSERT_TRUE(setUiLanguage(UiLanguage::En));
    EXPECT_STREQ(polish, "Rozpocznij partię");
    ASSERT_TRUE(setUiLanguage(UiLanguage::Pl));
    EXPECT_EQ(tr("Start the game"), polish) << "loaded once";
}

TEST_F(Polish, MessagesFromOtherPartsAreReadBackAgainstThePatterns) {
    EXPECT_EQ(translateMessage("the king would be left in check"), "król pozostałby szachowany") << "exact";
    EXPECT_EQ(translateMessage("illegal move 'Ke3': the king would be left in check"),
              "niedozwolone posunięcie 'Ke3': król pozostałby szachowany")
        << "a pattern, and its argument translated in turn";
    EXPECT_EQ(translateMessage("time_control: cannot read '90x' as a time control"),
              "kontrola czasu: nie można odczytać '90x' jako kontroli czasu")
        << "nested";
    EXPECT_EQ(translateMessage("move 3 of 40"), "40: move 3") << "positional placeholders reorder";
}

TEST_F(Polish, ReasonsJoinedWithSemicolonsAreTranslatedOneByOne) {
    EXPECT_EQ(translateMessage("the king would be left in check; cannot read '90x' as a time control; odd"),
              "król pozostałby szachowany; nie można odczytać '90x' jako kontroli czasu; odd");
}

TEST_F(Polish, AMessageNoPatternFitsStaysEnglish) {
    EXPECT_EQ(translateMessage("the engine wrote garbage"), "the engine wrote garbage");
    EXPECT_EQ(translateMessage("a: b"), "a: b") << "a pattern of placeholders only never matches";
}

TEST(Translation, MessagesStayEnglishInEnglish) {
    ASSERT_TRUE(setUiLanguage(UiLanguage::En));
    EXPECT_EQ(translateMessage("illegal move 'Ke3': x"), "illegal move 'Ke3': x");
}

TEST(LocalFormats, DatesAndDecimals) {
    EXPECT_EQ(formatDate(UiLanguage::En, 2026, 11, 30), "2026-11-30");
    EXPECT_EQ(formatDate(UiLanguage::Pl, 2026, 11, 30), "30.11.2026");
    EXPECT_EQ(formatDateTime(UiLanguage::Pl, 2026, 3, 1, 9, 5), "01.03.2026 09:05");
    EXPECT_EQ(localizeIsoDate(UiLanguage::Pl, "2026.11.30"), "30.11.2026");
    EXPECT_EQ(localizeIsoDate(UiLanguage::Pl, "2026-11-30"), "30.11.2026");
    EXPECT_EQ(localizeIsoDate(UiLanguage::Pl, "2026.??.??"), "2026.??.??");
    EXPECT_EQ(formatDecimal(UiLanguage::Pl, 5.0, 1), "5,0");
    EXPECT_EQ(formatDecimal(UiLanguage::En, 5.04, 1), "5.0");
}

// --- Persian: isolation of arguments (issue 26 item 2) -------------------------------------------------

constexpr const char* kFsi = "\u2068";
constexpr const char* kPdi = "\u2069";

// A piece with a letter: first-strong isolate.
std::string isolated(const std::string& s) {
    return kFsi + s + kPdi;
}

// A piece without one (a result, a signed number): left-to-right isolate (issue 36 item 6).
std::string ltr(const std::string& s) {
    return "\u2066\u200E" + s + kPdi;
}

class Persian : public ::testing::Test {
  protected:
    void SetUp() override {
        ASSERT_TRUE(kTestCatalogue);
        auto set = setUiLanguage(UiLanguage::Fa);
        ASSERT_TRUE(set) << set.error();
    }
    void TearDown() override { ASSERT_TRUE(setUiLanguage(UiLanguage::En)); }
};

// Issue 36 item 12: the CLI's help pads by these columns; a Persian word is as wide as its letters.
TEST(Isolation, TerminalColumnsCountLettersNotBytesNorMarks) {
    EXPECT_EQ(terminalColumns("TEXT"), 4u);
    EXPECT_EQ(terminalColumns("\u0645\u062A\u0646"), 3u) << "«متن» is 6 bytes";
    EXPECT_EQ(terminalColumns("\u0645\u06CC\u200C\u0634\u0648\u062F"), 5u) << "the ZWNJ takes no column";
    EXPECT_EQ(terminalColumns("\u0628\u064E"), 1u) << "a vowel mark sits on its letter";
    EXPECT_EQ(terminalColumns(isolate("Nf3")), 3u) << "the isolates take none";
    EXPECT_EQ(terminalColumns(""), 0u);
}

TEST(Isolation, IsolateWrapsInFsiPdiAndLeavesEmptyTextEmpty) {
    EXPECT_EQ(isolate("Nf3"), "\u2068Nf3\u2069");
    EXPECT_EQ(isolate("\u200F۱۴۰۵/۰۹/۰۹"), "\u2068\u200F۱۴۰۵/۰۹/۰۹\u2069") << "an RLM is a strong letter";
    // No letter: LRI, which FriBidi honours where it turned an FSI's "+10" into "10+" (issue 36 item 6).
    EXPECT_EQ(isolate("+10"), "\u2066\u200E+10\u2069");
    EXPECT_EQ(isolate("-۷٫۲"), "\u2066\u200E-۷٫۲\u2069");
    EXPECT_EQ(isolate("1:29:58"), "\u2066\u200E1:29:58\u2069");
    EXPECT_EQ(isolate(""), "");
    EXPECT_EQ(persianDigits("1:29:58"), "\u06F1:\u06F2\u06F9:\u06F5\u06F8");
    EXPECT_EQ(persianDigits("Nf3"), "Nf\u06F3");
}

// Issue 36 item 10: a list the code joins ("(White, Smith)") takes Persian's comma U+060C, never ", ".
TEST_F(Persian, ListsTheCodeJoinsTakeThePersianComma) {
    EXPECT_STREQ(listSeparator(), "\u060C ");
    ASSERT_TRUE(setUiLanguage(UiLanguage::Pl));
    EXPECT_STREQ(listSeparator(), ", ");
}

// Issue 36 item 10: the clauses of a message built from parts (the audit's evidence) are joined with
// Persian's semicolon U+061B when each is translated on its own.
TEST_F(Persian, ClausesTheCodeJoinsTakeThePersianSemicolon) {
    EXPECT_EQ(translateMessage("the king would be left in check; the king would be left in check"),
              std::string(tr("the king would be left in check")) + "\u061B " +
                  tr("the king would be left in check"));
    ASSERT_TRUE(setUiLanguage(UiLanguage::Pl));
    EXPECT_STREQ(clauseSeparator(), "; ");
}

TEST_F(Persian, TextArgumentsAreIsolatedByTheCode) {
    EXPECT_EQ(trf("Result: {}", "1-0"), "نتیجه: " + ltr("1-0"));
    EXPECT_EQ(trf("Move {}", std::string("12. Nf3 (=)")), "حرکت " + isolated("12. Nf3 (=)"));
    EXPECT_EQ(trf("{} offers a draw after {}", std::string_view("Kowalski, Jan"), "O-O-O#"),
              isolated("Kowalski, Jan") + " پس از " + isolated("O-O-O#") + " پیشنهاد تساوی داد");
    EXPECT_EQ(trf("Not in the catalogue {}", "e4"), "Not in the catalogue " + isolated("e4"))
        << "an untranslated text in a right-to-left UI is isolated too";
}

TEST_F(Persian, IntegersInPersianDigitsWithTheirFormatSpecs) {
    EXPECT_EQ(trnf("{} move", "{} moves", 12, 12), "\u06F1\u06F2 حرکت");
    // Issue 36 item 6: a signed number is one left-to-right run (LRI...PDI), or its sign shows on the
    // number's right in a Persian line.
    EXPECT_EQ(trf("Adjusted by {:+} s, {:02} left", 5, 7),
              "تنظیم \u2066\u200E+\u06F5\u2069 ثانیه، \u06F0\u06F7 مانده");
    EXPECT_EQ(trf("Not in the catalogue {}", -900), "Not in the catalogue \u2066\u200E-۹۰۰\u2069");
    EXPECT_EQ(trf("the console sent a forbidden command: 0x{:02X}", 0x1B), "کنسول فرمان ممنوع فرستاد: 0x1B")
        << "hexadecimal keeps its Latin digits and letters";
    EXPECT_EQ(trf("{:.1f} s", 5.0), "۵٫۰ ثانیه") << "floats in Persian digits and separator";
    EXPECT_EQ(trf("Not in the catalogue {:+.1f}", 222.0), "Not in the catalogue \u2066\u200E+۲۲۲٫۰\u2069");
}

TEST_F(Persian, TranslateMessageIsolatesWhatItFillsIn) {
    EXPECT_EQ(translateMessage("illegal move 'Ke3': the king would be left in check"),
              "حرکت غیرقانونی «" + isolated("Ke3") + "»: " + isolated("شاه در کیش می‌ماند"));
}

TEST_F(Polish, EnglishAndPolishArgumentsAreNeverIsolated) {
    EXPECT_EQ(trf("White's move {}", 12), "Posunięcie białych 12");
    EXPECT_EQ(trf("Not in the catalogue {}", "e4"), "Not in the catalogue e4");
    ASSERT_TRUE(setUiLanguage(UiLanguage::En));
    EXPECT_EQ(trf("Result: {}", "1-0"), "Result: 1-0");
    EXPECT_EQ(trnf("{} move", "{} moves", 12, 12), "12 moves");
}

// Issue 26: Persian papers are dated in the Solar Hijri calendar (ICU's, through Boost.Locale), with the
// Gregorian date beside it. Fixed days checked against the Iranian calendar: 1 Azar 1404 is 22 November
// 2025; Nowruz 1405 (1 Farvardin) is 21 March 2026, the equinox falling after noon in Tehran on the 20th;
// 1403 is a leap year, so its Esfand has a 30th day.
TEST(LocalFormats, PersianDatesAreSolarHijriWithTheGregorianBeside) {
    EXPECT_EQ(formatDate(UiLanguage::Fa, 2025, 12, 1), "\u200F۱۴۰۴/۰۹/۱۰ (2025-12-01)");
    EXPECT_EQ(formatDate(UiLanguage::Fa, 2026, 3, 21), "\u200F۱۴۰۵/۰۱/۰۱ (2026-03-21)");
    EXPECT_EQ(formatDate(UiLanguage::Fa, 2026, 3, 20), "\u200F۱۴۰۴/۱۲/۲۹ (2026-03-20)");
    EXPECT_EQ(formatDate(UiLanguage::Fa, 2025, 3, 20), "\u200F۱۴۰۳/۱۲/۳۰ (2025-03-20)");
    EXPECT_EQ(localizeIsoDate(UiLanguage::Fa, "2026.11.30"), "\u200F۱۴۰۵/۰۹/۰۹ (2026-11-30)");
    EXPECT_EQ(localizeIsoDate(UiLanguage::Fa, "2026.??.??"), "2026.??.??");
    EXPECT_EQ(formatDateTime(UiLanguage::Fa, 2025, 12, 1, 22, 5), "\u200F۱۴۰۴/۰۹/۱۰ (2025-12-01) 22:05");
}

// Persian digits U+06F0..U+06F9 (not the Arabic-Indic U+0660..) and the decimal separator U+066B.
TEST(LocalFormats, PersianDecimalsUsePersianDigitsAndTheArabicSeparator) {
    EXPECT_EQ(formatDecimal(UiLanguage::Fa, 12.5, 1), "\u06F1\u06F2\u066B\u06F5");
    EXPECT_EQ(formatDecimal(UiLanguage::Fa, -0.25, 2), "\u2066\u200E-۰٫۲۵\u2069") << "signed: one LTR run";
    EXPECT_EQ(localizeDecimalText(UiLanguage::Fa, "+222.0"), "\u2066\u200E+۲۲۲٫۰\u2069");
    EXPECT_EQ(localizeDecimalText(UiLanguage::Pl, "+222.0"), "+222,0") << "never isolated in Polish";
    EXPECT_EQ(localizeDecimalText(UiLanguage::Fa, "3.0 s"), "۳٫۰ s");
    EXPECT_EQ(localizeDecimalText(UiLanguage::Fa, "9876543210"), "۹۸۷۶۵۴۳۲۱۰");
}

}  // namespace
}  // namespace oc::i18n
