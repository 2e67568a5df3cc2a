// Issue 36 items 1, 2, 3 and 9, read from the widget maps and the frame's glyphs (what ImGui drew, left to
// right): in Persian every radio button's and check box's mark stands right of its label and every combo's
// arrow at its box's left end; an edit box not being edited shows Persian joined and in reading order;
// the envelope's "Written: <path>" never covers its button nor leaves the pane; the Clocks pane reads side,
// role, time from the right. English stays as ImGui lays it out.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <set>
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

// Each glyph the last frame drew inside `rect` as (its left x, its codepoint), left to right: a glyph's
// quad begins with its top-left corner at the glyph's (U0, V0) in the atlas (ImDrawList::PrimRectUV).
std::vector<std::pair<float, unsigned>> glyphsIn(ImVec2 min, ImVec2 max, const ImFont& font) {
    std::vector<std::pair<float, unsigned>> found;
    const ImDrawData* data = ImGui::GetDrawData();
    for (int l = 0; data && l < data->CmdListsCount; ++l)
        for (const ImDrawVert& v : data->CmdLists[l]->VtxBuffer) {
            if (v.pos.x < min.x - 1 || v.pos.x > max.x + 1 || v.pos.y < min.y - 1 || v.pos.y > max.y + 1)
                continue;
            for (const ImFontGlyph& g : font.Glyphs)
                if (g.Visible && g.U0 == v.uv.x && g.V0 == v.uv.y) {
                    found.emplace_back(v.pos.x, g.Codepoint);
                    break;
                }
        }
    std::sort(found.begin(), found.end());
    return found;
}

std::vector<unsigned> codepointsOf(const std::vector<std::pair<float, unsigned>>& glyphs) {
    std::vector<unsigned> out;
    for (const auto& g : glyphs) out.push_back(g.second);
    return out;
}

// The codepoints of `text` without spaces, which ImGui draws as no quad.
std::vector<unsigned> visibleCodepoints(const std::string& text) {
    std::vector<unsigned> out;
    const char* p = text.c_str();
    const char* end = p + text.size();
    while (p < end) {
        unsigned c = 0;
        p += ImTextCharFromUtf8(&c, p, end);
        if (c != ' ') out.push_back(c);
    }
    return out;
}

// The radio buttons and check boxes the screens below draw, each recorded with its mark.
const std::set<std::string> kTicks = {
    "computer plays white",
    "computer plays black",
    "edition 2023",
    "edition 2005",
    "Arbiter present in the venue (else III.6 / App. D)",
    "The computer may offer draws",
    "The computer may claim valid draws",
    "The computer may resign",
    "Engine ponders on the human's time",
    "Enforce recording before the next engine move",
    "Consultant accepted by the arbiter",
    "(=) draw offer",
    "adjust white",
    "adjust black",
    "illegal kind human",
    "illegal kind computer",
    "arbiter confirms",
    "result 1-0",
    "result 0-1",
    "result 1/2-1/2",
    "arbiter present",
};

bool overlap(const WidgetInfo& a, const WidgetInfo& b) {
    return a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y;
}

class MirroredWidgets : public ConsoleView {
  protected:
    // Every tick drawn in the last frame: where its mark stands against its label's glyphs. Returns the
    // names checked.
    std::set<std::string> checkTicks(bool rtl) {
        std::set<std::string> seen;
        const float sz = ImGui::GetFrameHeight();
        for (const auto& [name, w] : state_.widgets) {
            const auto mark = state_.widgets.find(name + " mark");
            if (mark == state_.widgets.end()) continue;
            seen.insert(name);
            const WidgetInfo& m = mark->second;
            const auto glyphs = glyphsIn(w.min, w.max, *fonts_.text);
            if (rtl) {
                EXPECT_NEAR(m.max.x, w.max.x, 0.5f) << name << ": the mark at the right end";
                for (const auto& g : glyphs)
                    EXPECT_LT(g.first, m.min.x) << name << ": a label glyph right of the mark";
            } else {
                EXPECT_NEAR(m.min.x, w.min.x, 0.5f) << name << ": the mark at the left end";
                for (const auto& g : glyphs) EXPECT_GE(g.first, w.min.x + sz) << name;
            }
        }
        return seen;
    }

    std::set<std::string> ticksOnEveryScreen(bool rtl) {
        std::set<std::string> seen;
        const auto add = [&](const std::set<std::string>& s) { seen.insert(s.begin(), s.end()); };
        Snapshot setup = inPhase(Phase::Setup);
        frames(setup, 3);
        add(checkTicks(rtl));
        state_.tab = LowerTab::Arbiter;
        const Snapshot human = inPhase(Phase::HumanToMove);
        for (int section = 0; section < 8; ++section) {
            state_.arbiter_section = section;
            frames(human, 3);
            add(checkTicks(rtl));
        }
        return seen;
    }
};

TEST_F(MirroredWidgets, InPersianEveryMarkStandsRightOfItsLabel) {
    UiLanguageScope persian(UiLanguage::Fa);
    const std::set<std::string> seen = ticksOnEveryScreen(true);
    for (const std::string& name : kTicks)
        EXPECT_TRUE(seen.count(name)) << name << " was not drawn with its mark";
    // The edition row as the reviewer read it: 2023 chosen, its label and mark both left of 2005's.
    const Snapshot setup = inPhase(Phase::Setup);
    frames(setup, 2);
    EXPECT_FALSE(
        glyphsIn(state_.widgets.at("edition 2023").min, state_.widgets.at("edition 2023").max, *fonts_.text)
            .empty());
    EXPECT_LT(state_.widgets.at("edition 2005 mark").min.x, state_.widgets.at("edition 2023").min.x)
        << "read from the right: 2023 first, its mark before its label";
}

TEST_F(MirroredWidgets, InEnglishTheMarkStaysLeftOfItsLabel) {
    const std::set<std::string> seen = ticksOnEveryScreen(false);
    for (const std::string& name : kTicks) EXPECT_TRUE(seen.count(name)) << name;
}

// A combo's arrow at its box's left end in Persian (the value against the box's right end), at the right
// end in English.
TEST_F(MirroredWidgets, TheComboArrowStandsAtTheBoxsEndEdge) {
    for (UiLanguage lang : {UiLanguage::En, UiLanguage::Fa}) {
        UiLanguageScope scope(lang);
        state_ = {};
        frames(inPhase(Phase::Setup), 3);
        for (const char* name : {"Notation language", "Language of the screens", "Classification"}) {
            const WidgetInfo& combo = state_.widgets.at(name);
            if (lang == UiLanguage::Fa) {
                const WidgetInfo& arrow = state_.widgets.at(std::string(name) + " arrow");
                EXPECT_NEAR(arrow.min.x, combo.min.x, 0.5f) << name;
            } else {
                EXPECT_FALSE(state_.widgets.count(std::string(name) + " arrow")) << "ImGui's own in English";
            }
        }
    }
}

// The open list's choices end at its right edge in Persian; choosing English there switches the direction
// while the list is open, and the frame still ends cleanly.
TEST_F(MirroredWidgets, AComboListReadsFromTheRightAndMayChangeTheDirection) {
    UiLanguageScope persian(UiLanguage::Fa);
    const Snapshot snap = inPhase(Phase::Setup);
    frames(snap, 2);
    click(snap, "ui language combo");
    frames(snap, 2);
    const WidgetInfo& english = state_.widgets.at("ui language en");
    const auto glyphs = glyphsIn(english.min, english.max, *fonts_.text);
    ASSERT_FALSE(glyphs.empty());
    EXPECT_GT(glyphs.back().first, english.max.x - ImGui::GetFontSize() * 1.5f) << "against the right edge";
    click(snap, "ui language en");
    EXPECT_EQ(i18n::uiLanguage(), UiLanguage::En);
    frames(snap, 2);
    EXPECT_EQ(state_.widgets.at("Start the game").text, "Start the game");
}

// IRR-04's second row: the unpromoted pawn's move, then the ruling, from the start edge.
TEST_F(MirroredWidgets, ThePawnsMoveIsReadBeforeTheRuling) {
    for (UiLanguage lang : {UiLanguage::En, UiLanguage::Fa}) {
        UiLanguageScope scope(lang);
        state_ = {};
        state_.tab = LowerTab::Arbiter;
        state_.arbiter_section = 2;
        state_.illegal_kind = 0;
        frames(inPhase(Phase::HumanToMove), 3);
        const WidgetInfo& move = state_.widgets.at("##unpromoted");
        const WidgetInfo& rule = state_.widgets.at("Rule illegal move");
        EXPECT_NEAR(move.min.y, rule.min.y, 1.f) << "one row";
        if (lang == UiLanguage::Fa)
            EXPECT_GT(move.min.x, rule.max.x);
        else
            EXPECT_LT(move.max.x, rule.min.x);
    }
}

// --- item 2: the edit box shows Persian as it reads --------------------------------------------------

const std::string kSite = "تهران، ایران";

TEST_F(MirroredWidgets, AFilledBoxShowsTheShapedTextRightAligned) {
    UiLanguageScope persian(UiLanguage::Fa);
    Snapshot snap = inPhase(Phase::Setup);
    snap.setup.site = kSite;
    frames(snap, 3);
    const WidgetInfo& box = state_.widgets.at("Site box");
    const auto drawn = glyphsIn(box.min, box.max, *fonts_.text);
    EXPECT_EQ(codepointsOf(drawn), visibleCodepoints(shapeRtlLine(kSite)))
        << "the box's glyphs are the shaped text's, in visual order";
    EXPECT_EQ(box.text, shapeRtlLine(kSite));
    ASSERT_FALSE(drawn.empty());
    EXPECT_GT(drawn.back().first, box.max.x - ImGui::GetFontSize() * 2.f) << "against the box's right end";
    // The label still reads right of the box.
    EXPECT_FALSE(glyphsIn({box.max.x + 1.f, box.min.y}, state_.widgets.at("Site").max, *fonts_.text).empty());
}

// While typing, ImGui's own box (its caret moves over the letters as drawn, the way the arrow keys
// point), with the joined line directly under it.
TEST_F(MirroredWidgets, WhileEditingThePreviewLineIsDirectlyUnderTheBox) {
    UiLanguageScope persian(UiLanguage::Fa);
    Snapshot snap = inPhase(Phase::Setup);
    frames(snap, 2);
    click(snap, "Site");
    ImGui::GetIO().AddInputCharactersUTF8(kSite.c_str());
    frames(snap, 2);
    EXPECT_EQ(state_.setup_draft->site, kSite);
    const WidgetInfo& box = state_.widgets.at("Site box");
    EXPECT_EQ(codepointsOf(glyphsIn(box.min, box.max, *fonts_.text)), visibleCodepoints(kSite))
        << "the letters as typed while the caret is in the box";
    const WidgetInfo& preview = state_.widgets.at("Site preview");
    EXPECT_GE(preview.min.y, box.max.y);
    EXPECT_LE(preview.min.y, box.max.y + ImGui::GetStyle().ItemSpacing.y + 1.f);
}

// --- item 9: the Clocks pane reads side, role, time from the start edge --------------------------------

TEST_F(MirroredWidgets, TheClockRowReadsSideThenRoleThenTime) {
    for (UiLanguage lang : {UiLanguage::En, UiLanguage::Fa}) {
        UiLanguageScope scope(lang);
        state_ = {};
        frames(inPhase(Phase::HumanToMove), 3);
        for (const char* side : {"white", "black"}) {
            const std::string s(side);
            const WidgetInfo& name = state_.widgets.at(s + " side");
            const WidgetInfo& role = state_.widgets.at(s + " role");
            const WidgetInfo& time = state_.widgets.at(s + " clock");
            if (lang == UiLanguage::Fa) {
                EXPECT_GT(name.min.x, role.max.x) << side << ": the side right of its role";
                EXPECT_GT(role.min.x, time.max.x) << side << ": the time at the left end";
            } else {
                EXPECT_LT(name.max.x, role.min.x) << side;
                EXPECT_LT(role.max.x, time.min.x) << side;
            }
            // The table clock's reading: the side's name, then its box, in reading order.
            const WidgetInfo& label = state_.widgets.at("table " + s + " label");
            const WidgetInfo& box = state_.widgets.at("##table" + s);
            if (lang == UiLanguage::Fa)
                EXPECT_GT(label.min.x, box.max.x) << side;
            else
                EXPECT_LT(label.max.x, box.min.x) << side;
            EXPECT_FALSE(overlap(state_.widgets.at("Set clocks"), label)) << side;
        }
    }
}

// --- item 3: "Written: <path>" under its button, inside the pane, at both screen sizes ------------------

class EnvelopeNoteAt : public ConsoleViewAt {};

TEST_P(EnvelopeNoteAt, NeverCoversTheButtonNorLeavesThePane) {
    Snapshot snap = inPhase(Phase::Adjourned);
    snap.sealed_by = Color::White;
    state_.tab = LowerTab::Adjourn;
    state_.envelope_pdf_note =
        "Written: /home/operator/events/tehran-rapid-2026/round-3/board-1/game-20261203-1405-envelope.pdf";
    frames(snap, 3);
    const WidgetInfo& button = state_.widgets.at("Write envelope PDF");
    const WidgetInfo& note = state_.widgets.at("envelope note");
    EXPECT_FALSE(overlap(note, button));
    EXPECT_GE(note.min.x, button.visible_min_x - 0.5f) << "cut at the pane's left edge";
    EXPECT_LE(note.max.x, button.visible_max_x + 0.5f) << "cut at the pane's right edge";
    const auto glyphs = glyphsIn(note.min, note.max, *fonts_.text);
    EXPECT_FALSE(glyphs.empty());
    for (const auto& g : glyphs) EXPECT_GE(g.first, button.visible_min_x - 0.5f);
}

INSTANTIATE_TEST_SUITE_P(
    Screens, EnvelopeNoteAt,
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
