// Issue 26 items 1, 2 and 5: Persian text as ImGui draws it (FriBidi's bidi and shaping, the controls
// removed, the cache), the isolation of left-to-right pieces, right alignment, and the move box's
// typing guards. Real FriBidi, real DejaVu Sans, the real fa catalogue from the build.
#include "ui/display_text.hpp"

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <string>
#include <vector>

#include "console_view_fixture.hpp"
#include "headless_imgui.hpp"
#include "i18n/bidi.hpp"
#include "ui/move_typing.hpp"
#include "ui_language_scope.hpp"

namespace oc::ui::test {
namespace {

using i18n::isolate;

std::vector<unsigned> codepoints(const std::string& s) {
    std::vector<unsigned> out;
    const char* p = s.c_str();
    const char* end = p + s.size();
    while (p < end) {
        unsigned c = 0;
        p += ImTextCharFromUtf8(&c, p, end);
        out.push_back(c);
    }
    return out;
}

bool hasControl(const std::string& s) {
    for (unsigned c : codepoints(s))
        if (c == 0x200C || c == 0x200D || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) ||
            (c >= 0x2066 && c <= 0x2069) || c == 0xFEFF)
            return true;
    return false;
}

TEST(ShapeRtlLine, DrawOfferInPresentationFormsInVisualOrder) {
    // پیشنهاد تساوی: drawn left to right, so the last letter of تساوی comes first.
    EXPECT_EQ(codepoints(shapeRtlLine("پیشنهاد تساوی")),
              (std::vector<unsigned>{0xFBFC, 0xFEED, 0xFE8E, 0xFEB4, 0xFE97, 0x0020, 0xFEA9, 0xFE8E, 0xFEEC,
                                     0xFEE8, 0xFEB8, 0xFBFF, 0xFB58}));
}

TEST(ShapeRtlLine, PersianLettersTakeTheirJoiningForms) {
    // گچ: GAF initial, CHEH final. کی: KEHEH initial, FARSI YEH final. ژ alone: JEH isolated. پ in
    // the middle of سپس: PEH medial.
    EXPECT_EQ(codepoints(shapeRtlLine("گچ")), (std::vector<unsigned>{0xFB7B, 0xFB94}));
    EXPECT_EQ(codepoints(shapeRtlLine("کی")), (std::vector<unsigned>{0xFBFD, 0xFB90}));
    EXPECT_EQ(codepoints(shapeRtlLine("ژ")), (std::vector<unsigned>{0xFB8A}));
    EXPECT_EQ(codepoints(shapeRtlLine("سپس")), (std::vector<unsigned>{0xFEB2, 0xFB59, 0xFEB3}));
}

TEST(ShapeRtlLine, ZwnjBreaksTheJoinAndIsRemoved) {
    // می‌خواهم: YEH final before the ZWNJ, KHAH initial after it; no U+200C left to draw as '?'.
    const std::vector<unsigned> cps = codepoints(shapeRtlLine("می\u200Cخواهم"));
    EXPECT_EQ(cps.back(), 0xFEE3u) << "MEEM initial, drawn last";
    EXPECT_EQ(cps[cps.size() - 2], 0xFBFDu) << "FARSI YEH final before the ZWNJ";
    EXPECT_EQ(cps[cps.size() - 3], 0xFEA7u) << "KHAH initial after it";
    EXPECT_FALSE(hasControl(shapeRtlLine("می\u200Cخواهم")));
}

TEST(ShapeRtlLine, LamAlefIsOneLigatureWithNoFillerLeft) {
    EXPECT_EQ(codepoints(shapeRtlLine("لا")), (std::vector<unsigned>{0xFEFB}));
}

// The mixed cases of research/persian.md §1.4: each left-to-right piece isolated by the code comes out
// in its own order. The unisolated line is checked too, so the test sees the bug it guards against.
TEST(ShapeRtlLine, AResultStaysOneDashZero) {
    EXPECT_NE(shapeRtlLine("نتیجه: 1-0").find("0-1"), std::string::npos) << "the bug, unisolated";
    const std::string shown = shapeRtlLine("نتیجه: " + isolate("1-0"));
    EXPECT_NE(shown.find("1-0"), std::string::npos) << shown;
    EXPECT_EQ(shown.find("0-1"), std::string::npos) << shown;
    EXPECT_EQ(shown.rfind("1-0"), 0u) << "the result at the left end: the sentence's end";
}

TEST(ShapeRtlLine, CastlingWithMateStaysAsWritten) {
    EXPECT_NE(shapeRtlLine("O-O-O# قلعه بزرگ").find("#O-O-O"), std::string::npos) << "the bug";
    const std::string shown = shapeRtlLine(isolate("O-O-O#") + " قلعه بزرگ");
    EXPECT_NE(shown.find("O-O-O#"), std::string::npos) << shown;
    EXPECT_EQ(shown.find("#O-O-O"), std::string::npos) << shown;
}

TEST(ShapeRtlLine, AMoveNumberWithItsMoveAndOffer) {
    const std::string shown = shapeRtlLine("حرکت " + isolate("12. Nf3 (=)"));
    EXPECT_EQ(shown.find("12. Nf3 (=)"), 0u) << shown;
}

TEST(ShapeRtlLine, ALatinNameAndAMoveInOneSentence) {
    const std::string shown = shapeRtlLine("داور: " + isolate("Kowalski, Jan") + " — " + isolate("12. Nxe5"));
    EXPECT_NE(shown.find("Kowalski, Jan"), std::string::npos) << shown;
    EXPECT_NE(shown.find("12. Nxe5"), std::string::npos) << shown;
    EXPECT_LT(shown.find("12. Nxe5"), shown.find("Kowalski, Jan")) << "the name is read first, at the right";
}

TEST(ShapeRtlLine, ALineWithoutPersianKeepsItsOrder) {
    EXPECT_EQ(shapeRtlLine("1. e4"), "1. e4");
    EXPECT_EQ(shapeRtlLine("1:29:58"), "1:29:58");
    EXPECT_EQ(shapeRtlLine(isolate("Kowalski, Jan")), "Kowalski, Jan") << "controls removed";
}

TEST(ShapeRtlLine, NoControlCharacterSurvives) {
    for (const std::string& s :
         {std::string("می\u200Cخواهم"), "\u200Fنتیجه\u200E: " + isolate("1-0"), std::string("\u202Bلا\u202C"),
          std::string("\u2066x\u2069 \u2067ب\u2069 \uFEFFپ\u200D")})
        EXPECT_FALSE(hasControl(shapeRtlLine(s))) << s;
}

class DisplayText : public HeadlessImGui {
  protected:
    DisplayText() : HeadlessImGui(20.f) {}
};

TEST_F(DisplayText, IdentityInLeftToRightLanguages) {
    UiLanguageScope english(i18n::UiLanguage::En);
    EXPECT_EQ(displayText("پیشنهاد تساوی"), "پیشنهاد تساوی");
    EXPECT_EQ(displayLabel("Start###Start the game"), "Start###Start the game");
}

TEST_F(DisplayText, ShapedOnceThenFromTheCache) {
    UiLanguageScope persian(i18n::UiLanguage::Fa);
    const std::string text = "پیشنهاد تساوی " + isolate("Nf3");
    const std::size_t before = shapedCount();
    const std::string first = displayText(text);
    EXPECT_EQ(shapedCount(), before + 1);
    for (int frame = 0; frame < 10; ++frame) EXPECT_EQ(displayText(text), first);
    EXPECT_EQ(shapedCount(), before + 1) << "an unchanged text is never shaped again";
}

TEST_F(DisplayText, TheIdAfterTheHashesIsNeverShaped) {
    UiLanguageScope persian(i18n::UiLanguage::Fa);
    EXPECT_EQ(displayLabel("پیشنهاد تساوی###Offer a draw"),
              shapeRtlLine("پیشنهاد تساوی") + "###Offer a draw");
    EXPECT_EQ(displayLabel("لا##la"), shapeRtlLine("لا") + "##la");
}

TEST_F(DisplayText, WrappedOnTheLogicalTextThenEachLineReordered) {
    UiLanguageScope persian(i18n::UiLanguage::Fa);
    ImGui::NewFrame();
    const std::string logical = "پیشنهاد تساوی پیشنهاد تساوی پیشنهاد تساوی";
    const float one = ImGui::CalcTextSize(shapeRtlLine("پیشنهاد تساوی").c_str()).x;
    const std::string wrapped = displayWrapped(logical, one * 1.2f);
    ImGui::EndFrame();
    // Three lines, each the shaped first words (logical order): not the sentence's end on line one.
    EXPECT_EQ(wrapped, shapeRtlLine("پیشنهاد تساوی") + "\n" + shapeRtlLine("پیشنهاد تساوی") + "\n" +
                           shapeRtlLine("پیشنهاد تساوی"));
    const std::string uneven = displayWrapped("داور " + isolate("Nf3") + " پیشنهاد تساوی", one * 1.2f);
    EXPECT_EQ(uneven, shapeRtlLine("داور " + isolate("Nf3") + " پیشنهاد") + "\n" + shapeRtlLine("تساوی"))
        << "the first words read are on the first line, the move in its place among them";
}

// In a right-to-left UI a paragraph of its own ends at its pane's right edge (the Move pane's prompt).
TEST_F(ConsoleView, PersianTextEndsAtThePanesRightEdge) {
    UiLanguageScope persian(i18n::UiLanguage::Fa);
    frames(inPhase(Phase::HumanToMove), 3);
    ASSERT_TRUE(state_.widgets.count("step prompt"));
    const auto& prompt = state_.widgets["step prompt"];
    const auto& pane = state_.widgets["pane Move"];
    const float inner_right = pane.max.x - ImGui::GetStyle().WindowPadding.x;
    EXPECT_NEAR(prompt.max.x, inner_right, 2.f) << "\"" << prompt.text << "\"";
}

TEST_F(ConsoleView, EnglishTextStillStartsAtThePanesLeftEdge) {
    frames(inPhase(Phase::HumanToMove), 3);
    const auto& prompt = state_.widgets["step prompt"];
    const auto& pane = state_.widgets["pane Move"];
    EXPECT_NEAR(prompt.min.x, pane.min.x + ImGui::GetStyle().WindowPadding.x, 2.f);
}

TEST(MoveTyping, PersianAndArabicIndicDigitsBecomeLatin) {
    EXPECT_EQ(latinMoveText("e۴"), "e4");
    EXPECT_EQ(latinMoveText("Nf\u0663"), "Nf3");
    EXPECT_EQ(latinMoveText("۰-۱"), "0-1");
}

TEST(MoveTyping, TheIsiri9147LayoutIsReadBackToLatinKeys) {
    EXPECT_EQ(latinMoveText("\u0654\u0628\u06F3"), "Nf3") << "ٔب۳";
    EXPECT_EQ(latinMoveText("\u0654\u0628\u0637\u06CC\u06F5\u066B"), "Nfxd5#");
    EXPECT_EQ(latinMoveText("]-]-]+"), "O-O-O+");
    EXPECT_EQ(latinMoveText("\u0652\u0630\u06F7\u00BB"), "Qb7K") << "Shift+Q, b, 7, Shift+K";
    EXPECT_EQ(latinMoveText("\u064B\u0634\u06F1=\u200C"), "Ra1=B") << "Shift+R and Shift+B (ZWNJ)";
    EXPECT_EQ(latinMoveText("\u062B\u06F4"), "e4");
    EXPECT_EQ(latinMoveText("Nf3+"), "Nf3+") << "Latin is left alone";
    EXPECT_EQ(latinMoveKey(U'\u0698'), U'\u0698') << "a character on no SAN key stays (the move is refused)";
}

}  // namespace
}  // namespace oc::ui::test
