// Issue 12 in the views: the setup screen's "Language of the screens" combo switches the UI at once and
// stores ui_language in the setup; Polish texts where the console builds sentences (plurals, decimal
// comma, the side in the banner); and every character of every catalogue has a glyph in the console's
// fonts, built exactly as fonts.cpp builds them.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <filesystem>
#include <fstream>
#include <iomanip>
#include <set>
#include <string>
#include <vector>

#include "console_view_fixture.hpp"
#include "ui/console_view.hpp"
#include "ui/display_text.hpp"
#include "ui_language_scope.hpp"

namespace {

using namespace oc::ui::test;
namespace i18n = oc::i18n;
namespace fs = std::filesystem;

// --- The setup screen's combo ------------------------------------------------------------------------

TEST_F(ConsoleView, LanguageComboSwitchesTheScreensAtOnceAndStoresTheChoice) {
    UiLanguageScope english(i18n::UiLanguage::En);
    const Snapshot snap = inPhase(Phase::Setup);
    frames(snap, 2);
    EXPECT_EQ(state_.widgets.at("Start the game").text, "Start the game");
    click(snap, "ui language combo");
    frames(snap, 2);  // the list shows a frame after it opens
    ASSERT_TRUE(state_.widgets.count("ui language pl")) << "the combo lists Polski";
    EXPECT_EQ(state_.widgets.at("ui language pl").text, "Polski");
    click(snap, "ui language pl");
    EXPECT_EQ(i18n::uiLanguage(), i18n::UiLanguage::Pl);
    frames(snap, 1);
    EXPECT_EQ(state_.widgets.at("Start the game").text, "Rozpocznij partię");
    EXPECT_EQ(state_.widgets.at("Language of the screens").text, "Język ekranów");
    EXPECT_EQ(state_.setup_draft->ui_language, "pl");
    EXPECT_EQ(state_.setup_draft->language, "en") << "the notation language is not the UI's";
    const auto out = click(snap, "Start the game");  // same control, same ID in the other language
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(std::get<cmd::UpdateSetup>(out[0]).setup.ui_language, "pl");
    EXPECT_EQ(std::get<cmd::UpdateSetup>(out[0]).setup.language, "en");
}

TEST_F(ConsoleView, LanguageComboSwitchesBackToEnglishKeepingWhatWasTyped) {
    UiLanguageScope polish(i18n::UiLanguage::Pl);
    Snapshot snap = inPhase(Phase::Setup);
    snap.setup.language = "pl";
    frames(snap, 2);
    click(snap, "setup event");
    type(snap, "Memorial");
    click(snap, "ui language combo");
    frames(snap, 2);
    click(snap, "ui language en");
    EXPECT_EQ(i18n::uiLanguage(), i18n::UiLanguage::En);
    frames(snap, 1);
    EXPECT_EQ(state_.widgets.at("Start the game").text, "Start the game");
    EXPECT_EQ(state_.setup_draft->ui_language, "en");
    EXPECT_EQ(state_.setup_draft->language, "pl") << "Polish notation with English screens";
    EXPECT_NE(state_.setup_draft->event.find("Memorial"), std::string::npos) << state_.setup_draft->event;
}

// --- Sentences the console builds --------------------------------------------------------------------

TEST_F(ConsoleView, PolishBannerPluralsAndDecimalComma) {
    UiLanguageScope polish(i18n::UiLanguage::Pl);
    Snapshot snap = engineMoveShown();  // the engine's evaluation is +0.34
    snap.records = 22;
    frames(snap, 2);
    EXPECT_EQ(state_.widgets.at("banner state").text, "WYKONAJ POSUNIĘCIE KOMPUTERA");
    EXPECT_EQ(state_.widgets.at("evaluation").text, "+0,34 (ocena komputera)");
    EXPECT_EQ(state_.widgets.at("notices journal").text, "Dziennik: 22 zapisy");
    snap.records = 25;
    snap.flag_reported = Color::White;
    frames(snap, 1);
    EXPECT_EQ(state_.widgets.at("notices journal").text, "Dziennik: 25 zapisów");
    EXPECT_EQ(state_.widgets.at("banner state").text, "CHORĄGIEWKA OPADŁA (Białe): sędzia potwierdza");
    EXPECT_EQ(state_.widgets.at("banner pairing").text,
              "Human Player (człowiek)  –  Stockfish (komputer)    ?, runda ?, szachownica ?");
}

// Issue 36 item 8: the round and the board in Persian digits on the Persian screen, as on its papers; a
// board named with a letter stays as the setup gives it.
TEST_F(ConsoleView, PersianBannerWritesTheRoundAndBoardInPersianDigits) {
    UiLanguageScope persian(i18n::UiLanguage::Fa);
    Snapshot snap = engineMoveShown();
    snap.setup.round = "3";
    snap.setup.board = "12";
    frames(snap, 2);
    const std::string& pairing = state_.widgets.at("banner pairing").text;
    EXPECT_NE(pairing.find("\u06F3"), std::string::npos) << pairing;
    EXPECT_NE(pairing.find("\u06F1\u06F2"), std::string::npos) << pairing;
    EXPECT_EQ(pairing.find("12"), std::string::npos) << pairing;
    snap.setup.board = "A1";
    frames(snap, 1);
    EXPECT_NE(state_.widgets.at("banner pairing").text.find("A1"), std::string::npos);
}

// Messages written in English elsewhere (here the program's own, from the catalogue's part ui) are shown
// through the catalogue, whole or read back against a pattern; a switch of language shows them anew.
TEST_F(ConsoleView, RefusalsAreShownInTheLanguageOfTheScreens) {
    const Snapshot snap = inPhase(Phase::EngineThinking);
    state_.rejection = "the engine did not answer within 60 s";
    {
        UiLanguageScope polish(i18n::UiLanguage::Pl);
        frames(snap, 2);
        EXPECT_EQ(state_.widgets.at("banner rejection").text,
                  "Odrzucono: silnik nie odpowiedział w ciągu 60 s");
        state_.rejection = "Written: /tmp/round3-envelope.pdf";
        frames(snap, 1);
        EXPECT_EQ(state_.widgets.at("banner rejection").text,
                  "Odrzucono: Zapisano: /tmp/round3-envelope.pdf");
    }
    frames(snap, 1);
    EXPECT_EQ(state_.widgets.at("banner rejection").text, "Refused: Written: /tmp/round3-envelope.pdf");
}

TEST(PublicDisplayInPolish, SaysTheGamesStateInPolish) {
    UiLanguageScope polish(i18n::UiLanguage::Pl);
    Snapshot snap = inPhase(Phase::EngineThinking);
    EXPECT_EQ(oc::ui::publicState(snap), "PARTIA W TOKU");
    snap.phase = Phase::Adjourned;
    EXPECT_EQ(oc::ui::publicState(snap), "PARTIA ODŁOŻONA");
}

// --- Glyphs ------------------------------------------------------------------------------------------

// Every msgstr of a .po file (its C escapes read), obsolete entries left out.
std::vector<std::string> translations(const fs::path& po) {
    std::vector<std::string> out;
    std::ifstream in(po);
    bool in_msgstr = false;
    for (std::string line; std::getline(in, line);) {
        const bool starts = line.rfind("msgstr", 0) == 0;
        if (starts) out.emplace_back();
        in_msgstr = starts || (in_msgstr && line.rfind('"', 0) == 0);
        const auto open = line.find('"');
        if (!in_msgstr || open == std::string::npos) continue;
        const std::string quoted = line.substr(open + 1, line.rfind('"') - open - 1);
        for (std::size_t i = 0; i < quoted.size(); ++i) {
            const bool escape = quoted[i] == '\\' && i + 1 < quoted.size();
            out.back() += escape ? (quoted[i + 1] == 'n' ? '\n' : quoted[i + 1]) : quoted[i];
            i += escape ? 1 : 0;
        }
    }
    return out;
}

class Glyphs : public HeadlessImGui {
  protected:
    Glyphs() : HeadlessImGui(20.f) {}
};

// A character without a glyph would be drawn as '?' at the board: the fonts' ranges must cover every
// catalogue (Polish needs Latin Extended-A).
TEST_F(Glyphs, EveryCharacterOfEveryCatalogueHasAGlyphInEveryTextFont) {
    std::set<unsigned> missing;
    int characters = 0;
    for (const auto& lang : fs::directory_iterator(OC_LOCALE_SOURCE_DIR)) {
        if (!lang.is_directory()) continue;
        for (const auto& po : fs::directory_iterator(lang.path())) {
            // The papers' part is drawn by cairo, not ImGui (tests/print checks their fonts).
            if (po.path().extension() != ".po" || po.path().stem() == "print") continue;
            for (const std::string& text : translations(po.path())) {
                const char* p = text.c_str();
                const char* end = p + text.size();
                while (p < end) {
                    unsigned c = 0;
                    p += ImTextCharFromUtf8(&c, p, end);
                    if (c < 0x20) continue;  // line breaks are layout, not glyphs
                    ++characters;
                    for (ImFont* font : {fonts_.text, fonts_.heading, fonts_.big}) {
                        if (font->FindGlyphNoFallback(static_cast<ImWchar>(c)) == nullptr) missing.insert(c);
                    }
                }
            }
        }
    }
    EXPECT_GT(characters, 1000) << "the catalogues were not found under " << OC_LOCALE_SOURCE_DIR;
    for (unsigned c : missing)
        ADD_FAILURE() << "no glyph for U+" << std::hex << std::uppercase << std::setw(4) << std::setfill('0')
                      << c;
}

// Persian is drawn shaped: the presentation forms FriBidi gives for every line of every fa msgstr must
// have glyphs too (DejaVu Sans lacks U+FBA4/FBA5, the forms of U+06C0, which the raw text would not show).
TEST_F(Glyphs, EveryCharacterOfTheShapedPersianCatalogueHasAGlyph) {
    // The catalogues' texts, and every Persian letter in all its joining forms (each alone, then all in a
    // row), lam-alef and the digits, so the test means something before the catalogue is translated.
    std::vector<std::string> texts = {"ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهیءآأؤئ", "لا لآ", "۰۱۲۳۴۵۶۷۸۹ ٫٬"};
    for (const char* letter :
         {"ا", "ب", "پ", "ت", "ث", "ج", "چ", "ح", "خ", "د", "ذ", "ر", "ز", "ژ", "س", "ش",
          "ص", "ض", "ط", "ظ", "ع", "غ", "ف", "ق", "ک", "گ", "ل", "م", "ن", "و", "ه", "ی"})
        texts.push_back(std::string(letter) + " ب" + letter + "ب ب" + letter);
    for (const auto& po : fs::directory_iterator(fs::path(OC_LOCALE_SOURCE_DIR) / "fa"))
        if (po.path().extension() == ".po" && po.path().stem() != "print")
            for (const std::string& text : translations(po.path())) texts.push_back(text);
    std::set<unsigned> missing;
    int characters = 0;
    {
        for (const std::string& text : texts) {
            std::string shaped;
            for (std::size_t from = 0; from <= text.size();) {
                const std::size_t to = std::min(text.find('\n', from), text.size());
                shaped += oc::ui::shapeRtlLine(text.substr(from, to - from)) + "\n";
                from = to + 1;
            }
            const char* p = shaped.c_str();
            const char* end = p + shaped.size();
            while (p < end) {
                unsigned c = 0;
                p += ImTextCharFromUtf8(&c, p, end);
                if (c < 0x20) continue;
                ++characters;
                for (ImFont* font : {fonts_.text, fonts_.heading, fonts_.big})
                    if (font->FindGlyphNoFallback(static_cast<ImWchar>(c)) == nullptr) missing.insert(c);
            }
        }
    }
    EXPECT_GT(characters, 0) << "no fa catalogue under " << OC_LOCALE_SOURCE_DIR;
    for (unsigned c : missing)
        ADD_FAILURE() << "no glyph for the shaped U+" << std::hex << std::uppercase << std::setw(4)
                      << std::setfill('0') << c;
}

}  // namespace
