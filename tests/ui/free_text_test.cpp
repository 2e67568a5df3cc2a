// Issue 26 item 5: Persian typed into a free-text field (the event, the names, a ruling) is shown joined
// and in reading order on a line under the field, in every UI language, read here from the frame's
// vertices: the glyphs drawn are the presentation forms, left to right in visual order. Latin text gets
// no line, so English and Polish screens do not move, and the setup still fits 1280x800 and 1366x768.
// Real FriBidi, real DejaVu Sans, the real catalogues from the build.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "console_view_at.hpp"
#include "console_view_fixture.hpp"
#include "i18n/language.hpp"
#include "ui/display_text.hpp"
#include "ui_language_scope.hpp"

namespace oc::ui::test {
namespace {

using i18n::UiLanguage;

// Ali Karimi, and an event whose name runs long (Tehran's rapid championship against the computer).
const std::string kName = "علی کریمی";
const std::string kEvent = "مسابقات شطرنج سریع قهرمانی تهران، انسان در برابر رایانه ۱۴۰۵";

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

bool presentationForm(unsigned c) {
    return (c >= 0xFB50 && c <= 0xFDFF) || (c >= 0xFE70 && c <= 0xFEFF);
}

// An Arabic-script letter as typed (U+0621-U+06D5), not its presentation form; digits are not letters.
bool unshapedLetter(unsigned c) {
    return c >= 0x0621 && c <= 0x06D5;
}

// The glyphs the last frame drew on `rect`'s line in `font`, left to right: each glyph's quad begins with
// its top-left corner at the glyph's (U0, V0) in the atlas (ImDrawList::PrimRectUV). A glyph may start
// left of its text's origin (a final reh reaches under its neighbour), hence the margin.
std::vector<unsigned> glyphsDrawnIn(const WidgetInfo& rect, const ImFont& font) {
    const float margin = font.FontSize * 0.5f;
    std::vector<std::pair<float, unsigned>> found;
    const ImDrawData* data = ImGui::GetDrawData();
    for (int l = 0; data && l < data->CmdListsCount; ++l) {
        for (const ImDrawVert& v : data->CmdLists[l]->VtxBuffer) {
            if (v.pos.x < rect.min.x - margin || v.pos.x > rect.max.x + 1 || v.pos.y < rect.min.y - 1 ||
                v.pos.y > rect.max.y + 1)
                continue;
            for (const ImFontGlyph& g : font.Glyphs) {
                if (g.Visible && g.U0 == v.uv.x && g.V0 == v.uv.y) {
                    found.emplace_back(v.pos.x, g.Codepoint);
                    break;
                }
            }
        }
    }
    std::sort(found.begin(), found.end());
    std::vector<unsigned> out;
    for (const auto& f : found) out.push_back(f.second);
    return out;
}

// The shaped text's codepoints without spaces, which ImGui draws as no quad.
std::vector<unsigned> visibleCodepoints(const std::string& shaped) {
    std::vector<unsigned> out;
    for (unsigned c : codepoints(shaped))
        if (c != ' ') out.push_back(c);
    return out;
}

class FreeText : public ConsoleView {
  protected:
    void expectJoinedPreview(const std::string& field, const std::string& logical) {
        const std::string name = field + " preview";
        ASSERT_TRUE(state_.widgets.count(name)) << name << " was not drawn";
        const WidgetInfo& preview = state_.widgets.at(name);
        EXPECT_EQ(preview.text, shapeRtlLine(logical));
        const std::vector<unsigned> drawn = glyphsDrawnIn(preview, *fonts_.text);
        EXPECT_EQ(drawn, visibleCodepoints(shapeRtlLine(logical))) << "the preview's glyphs in visual order";
        EXPECT_TRUE(std::none_of(drawn.begin(), drawn.end(), unshapedLetter))
            << "every Persian letter is drawn in its joined form";
        EXPECT_TRUE(std::any_of(drawn.begin(), drawn.end(), presentationForm));
        EXPECT_GE(preview.min.y, state_.widgets.at(field).max.y) << "under its field";
    }
    std::vector<std::string> previews() const {
        std::vector<std::string> names;
        for (const auto& [name, w] : state_.widgets)
            if (name.size() > 8 && name.ends_with(" preview")) names.push_back(name);
        return names;
    }
};

TEST(FreeTextShaping, ANameInVisualOrderAndPresentationForms) {
    // علی: yeh final, lam medial, ain initial, left to right as drawn.
    EXPECT_EQ(codepoints(shapeRtlLine("علی")), (std::vector<unsigned>{0xFBFD, 0xFEE0, 0xFECB}));
    EXPECT_TRUE(hasRightToLeft(kName));
    EXPECT_TRUE(hasRightToLeft("Kowalski علی"));
    EXPECT_FALSE(hasRightToLeft("Kowalski, Jan; Żółć 1-0 ۱۴۰۵"))
        << "Latin, Polish letters and Persian digits alone need no shaping";
}

// Typed at an English screen into the empty Site field (PGN's "?"): the line follows the typing, joined,
// in visual order, under the field.
TEST_F(FreeText, PersianTypedAtAnEnglishScreenIsShownJoinedAsItIsTyped) {
    const Snapshot snap = inPhase(Phase::Setup);
    frames(snap, 2);
    EXPECT_TRUE(previews().empty());
    click(snap, "Site");
    ImGui::GetIO().AddInputCharactersUTF8("تهران");
    frames(snap, 2);
    EXPECT_EQ(state_.setup_draft->site, "تهران");
    expectJoinedPreview("Site", "تهران");
    ImGui::GetIO().AddInputCharactersUTF8(" Azadi");
    frames(snap, 2);
    EXPECT_EQ(state_.setup_draft->site, "تهران Azadi");
    expectJoinedPreview("Site", "تهران Azadi");
    EXPECT_EQ(codepoints(state_.widgets.at("Site preview").text).front(), 'A')
        << "a right-to-left paragraph: the Latin word that follows is read, and drawn, on its left";
}

TEST_F(FreeText, EveryFreeTextFieldOfTheSetupHasTheLine) {
    Snapshot snap = inPhase(Phase::Setup);
    snap.setup.event = kEvent;
    snap.setup.site = "تهران";
    snap.setup.round = "دور ۳";
    snap.setup.white = kName;
    snap.setup.black = kName;
    snap.setup.operator_name = kName;
    snap.setup.consultant.name = kName;
    frames(snap, 3);
    expectJoinedPreview("setup event", kEvent);
    expectJoinedPreview("Site", "تهران");
    expectJoinedPreview("Round", "دور ۳");
    for (const char* field :
         {"White player", "Black player", "Operator (E.III 1.2)", "Consultant (E.III 3.2)"})
        expectJoinedPreview(field, kName);
}

// The line costs no shaping once drawn: the frames after the first take every preview from the cache (the
// CPU figures of the responsiveness work hold with Persian names on the setup screen).
TEST_F(FreeText, AnUnchangedLineIsNeverShapedAgain) {
    Snapshot snap = inPhase(Phase::Setup);
    snap.setup.event = kEvent;
    snap.setup.white = kName;
    frames(snap, 2);
    const std::size_t before = shapedCount();
    frames(snap, 5);
    EXPECT_EQ(shapedCount(), before);
    EXPECT_TRUE(state_.widgets.count("setup event preview"));
}

// In Persian the line ends at its column's right edge, as the rest of the Persian text.
TEST_F(FreeText, RightAlignedInAPersianUi) {
    UiLanguageScope persian(UiLanguage::Fa);
    Snapshot snap = inPhase(Phase::Setup);
    snap.setup.white = kName;
    frames(snap, 3);
    expectJoinedPreview("White player", kName);
    const WidgetInfo& column = state_.widgets.at("setup game column");
    // The column's inner right edge, left of its scrollbar when it has one.
    const float inner_right = column.max.x - ImGui::GetStyle().WindowPadding.x;
    const float right = state_.widgets.at("White player preview").max.x;
    EXPECT_LE(right, inner_right + 1.f);
    EXPECT_GE(right, inner_right - ImGui::GetStyle().ScrollbarSize - 1.f);
}

TEST_F(FreeText, LeftAlignedUnderTheFieldInALeftToRightUi) {
    Snapshot snap = inPhase(Phase::Setup);
    snap.setup.white = kName;
    frames(snap, 3);
    EXPECT_NEAR(state_.widgets.at("White player preview").min.x, state_.widgets.at("White player").min.x,
                0.5f);
}

// Latin names: no line, and the next row sits where it always did, in English and Polish.
TEST_F(FreeText, LatinTextGetsNoLineAndNothingMoves) {
    for (UiLanguage lang : {UiLanguage::En, UiLanguage::Pl}) {
        UiLanguageScope scope(lang);
        state_ = {};
        Snapshot snap = inPhase(Phase::Setup);
        snap.setup.white = "Kowalski, Jan";
        snap.setup.event = "Mistrzostwa Polski, Żółć 2026";
        frames(snap, 3);
        EXPECT_TRUE(previews().empty()) << i18n::uiLanguageCode(lang);
        const float row = state_.widgets.at("White player").max.y + ImGui::GetStyle().ItemSpacing.y;
        EXPECT_NEAR(state_.widgets.at("white FIDE ID").min.y, row, 0.5f) << i18n::uiLanguageCode(lang);
        // The same form with a Persian name has the line, and the row below moves down by it.
        state_ = {};
        snap.setup.white = kName;
        frames(snap, 3);
        EXPECT_EQ(previews(), std::vector<std::string>{"White player preview"});
        EXPECT_GT(state_.widgets.at("white FIDE ID").min.y, row + ImGui::GetTextLineHeight() * 0.9f);
    }
}

// The rulings' reasons and the consultation's note (the Arbiter tab's sections) have the line too, under
// their row's button.
TEST_F(FreeText, RulingsAndNotesHaveTheLine) {
    const Snapshot snap = inPhase(Phase::HumanToMove);
    state_.adjust_reason = "ساعت اشتباه تنظیم شده بود";
    state_.result_reason = "حکم داور";
    state_.consult_note = "مشورت با داور";
    state_.tab = LowerTab::Arbiter;
    const std::pair<int, const char*> sections[] = {
        {0, "##adjreason"}, {5, "##resultreason"}, {7, "##consultnote"}};
    for (const auto& [section, field] : sections) {
        state_.arbiter_section = section;
        frames(snap, 3);
        const std::string& text = section == 0   ? state_.adjust_reason
                                  : section == 5 ? state_.result_reason
                                                 : state_.consult_note;
        expectJoinedPreview(field, text);
    }
}

// --- 1280x800 and 1366x768: the setup with Persian in every free-text field still fits ---------------

class PersianSetupAt : public ConsoleViewAt {};

TEST_P(PersianSetupAt, FitsWithEveryLine) {
    Snapshot snap = inPhase(Phase::Setup);
    snap.setup.event = kEvent;
    snap.setup.site = "تهران";
    snap.setup.white = kName;
    snap.setup.black = kName;
    snap.setup.operator_name = kName;
    snap.setup.consultant.name = kName;
    state_.engine_identity = "Stockfish 15.1";
    state_.engine_command = snap.setup.engine.command;
    state_.engine_defaults = {{"Threads", "1"}, {"Hash", "16"}, {"Ponder", "false"}};
    frames(snap, 3);
    const auto& game = state_.widgets.at("setup game column");
    const auto& computer = state_.widgets.at("setup computer column");
    int lines = 0;
    for (const auto& [name, w] : state_.widgets) {
        if (!name.ends_with(" preview")) continue;
        ++lines;
        if (name == "setup event preview") {
            EXPECT_LE(w.max.x, GetParam().width - 4.f) << name;
            EXPECT_LT(w.max.y, game.min.y) << "the event's line is above the columns";
            continue;
        }
        // The column the line is drawn in (in Persian the game's column is the right-hand one).
        const float mid = (w.min.x + w.max.x) / 2.f;
        const auto& column = mid >= game.min.x && mid <= game.max.x ? game : computer;
        EXPECT_GE(w.min.x, column.min.x) << name;
        EXPECT_LE(w.max.x, column.max.x - ImGui::GetStyle().ScrollbarSize) << name << " leaves its column";
    }
    EXPECT_EQ(lines, 6);
    EXPECT_LE(state_.widgets.at("Start the game").max.y, GetParam().height) << "Start stays in view";
    for (const auto& [name, w] : state_.widgets) EXPECT_LE(w.max.x, GetParam().width - 4.f) << name;
}

INSTANTIATE_TEST_SUITE_P(
    Screens, PersianSetupAt,
    ::testing::Values(Screen{1280.f, 800.f, UiLanguage::En}, Screen{1366.f, 768.f, UiLanguage::En},
                      Screen{1280.f, 800.f, UiLanguage::Pl}, Screen{1366.f, 768.f, UiLanguage::Pl},
                      Screen{1280.f, 800.f, UiLanguage::Fa}, Screen{1366.f, 768.f, UiLanguage::Fa}),
    [](const auto& row) {
        return std::to_string(static_cast<int>(row.param.width)) + "x" +
               std::to_string(static_cast<int>(row.param.height)) + "_" +
               std::string(i18n::uiLanguageCode(row.param.language));
    });

}  // namespace
}  // namespace oc::ui::test
