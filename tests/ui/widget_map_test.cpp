// Issue 12, item 2: no English left on the Polish screens. The main screens are drawn in English and in
// Polish and their widget maps (UiState::widgets: English names, the text each widget showed) are
// compared: the same widgets in both, and every widget whose English text has a word in it shows
// something else in Polish, but for a short allowlist of texts that are the same in every language.
#include <gtest/gtest.h>
#include <imgui.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "console_view_fixture.hpp"
#include "ui_language_scope.hpp"

namespace {

using namespace oc::ui::test;
namespace i18n = oc::i18n;

using WidgetTexts = std::map<std::string, std::string>;  // widget name -> the text it showed

// Widgets whose text is the same in every language by nature: names people and programs gave
// themselves (players, the engine), and each language's name in its own language.
const std::set<std::string> kSameInEveryLanguageNames = {"public white name", "public black name",
                                                         "ui language en", "ui language pl"};

// A word: two letters in a row (a clock reading, a result or a move like "e4" has none).
bool hasWord(const std::string& text) {
    int run = 0;
    for (char c : text) {
        run = std::isalpha(static_cast<unsigned char>(c)) ? run + 1 : 0;
        if (run >= 2) return true;
    }
    return false;
}

// What is wrong with the Polish map, one line per widget (empty when nothing is).
std::vector<std::string> leftovers(const WidgetTexts& en, const WidgetTexts& pl) {
    std::vector<std::string> out;
    for (const auto& [name, text] : en) {
        const auto it = pl.find(name);
        if (it == pl.end()) {
            out.push_back("'" + name + "' is drawn in English but not in Polish");
        } else if (hasWord(text) && it->second == text && !kSameInEveryLanguageNames.count(name)) {
            out.push_back("'" + name + "' still shows English in Polish: \"" + text + "\"");
        }
    }
    for (const auto& [name, text] : pl) {
        if (!en.count(name))
            out.push_back("'" + name + "' is drawn in Polish only (\"" + text + "\"): names must not change");
    }
    return out;
}

TEST(WidgetMapComparison, FindsEnglishLeftoversAndChangedNames) {
    const WidgetTexts en = {{"Start the game", "Start the game"},
                            {"Cancel", "Cancel"},
                            {"public white clock", "1:29:58"},
                            {"public white name", "Kowalski, Jan"},
                            {"White##flag", "White"}};
    const WidgetTexts pl = {{"Start the game", "Rozpocznij partię"},
                            {"Cancel", "Cancel"},
                            {"public white clock", "1:29:58"},
                            {"public white name", "Kowalski, Jan"},
                            {"Białe##flag", "Białe"}};
    const auto found = leftovers(en, pl);
    ASSERT_EQ(found.size(), 3u) << ::testing::PrintToString(found);
    EXPECT_NE(found[0].find("'Cancel' still shows English"), std::string::npos) << found[0];
    EXPECT_NE(found[1].find("'White##flag' is drawn in English but not in Polish"), std::string::npos);
    EXPECT_NE(found[2].find("'Białe##flag' is drawn in Polish only"), std::string::npos);
    EXPECT_FALSE(hasWord("1:29:58"));
    EXPECT_FALSE(hasWord("1/2-1/2  e4"));
    EXPECT_TRUE(hasWord("e4 (=)  Nf3 draw"));
}

// The main screens of issue 12, each as a snapshot and the view's toggles.
struct Screen {
    std::string name;
    Snapshot snap;
    bool public_display = false;
    oc::ui::LowerTab tab = oc::ui::LowerTab::Draws;
};

Snapshot withMoves(Snapshot s) {
    s.moves.push_back({1, Color::White, "e2e4", "e4", "e4", false, 90min, 5s});
    s.moves.push_back({1, Color::Black, "c7c5", "c5", "c5", false, 90min, 5s});
    s.records = 14;
    s.setup.event = "Open 2026";
    s.setup.round = "3";
    s.setup.board = "1";
    return s;
}

std::vector<Screen> mainScreens() {
    std::vector<Screen> screens;
    screens.push_back({"setup", inPhase(Phase::Setup)});
    screens.push_back({"human to move", withMoves(inPhase(Phase::HumanToMove))});
    screens.push_back({"engine thinking", withMoves(inPhase(Phase::EngineThinking))});
    Snapshot offer = withMoves(engineMoveShown());
    offer.human_offer_pending = true;
    offer.indication.accept_draw = true;
    screens.push_back({"a pending draw offer", offer});
    Snapshot adjourned = withMoves(inPhase(Phase::Adjourned));
    adjourned.clock_paused = true;
    screens.push_back({"adjourned", adjourned, false, oc::ui::LowerTab::Adjourn});
    Snapshot over = withMoves(inPhase(Phase::GameOver));
    over.result = "1-0";
    over.termination = "resignation";
    screens.push_back({"game over", over});
    screens.push_back({"the public display", withMoves(inPhase(Phase::HumanToMove)), true});
    return screens;
}

class WidgetMaps : public ConsoleView {
  protected:
    // The screen's widget map in `lang`, from a fresh view state (three frames: the Move pane takes
    // its height from the frame before).
    WidgetTexts draw(const Screen& screen, i18n::UiLanguage lang) {
        UiLanguageScope scope(lang);
        state_ = oc::ui::UiState{};
        state_.public_display = screen.public_display;
        state_.tab = screen.tab;
        state_.engine_identity = "Stockfish 15.1";
        state_.engine_command = screen.snap.setup.engine.command;
        state_.engine_defaults = {{"Threads", "1"}, {"Hash", "16"}, {"Ponder", "false"}};
        frames(screen.snap, 3);
        WidgetTexts texts;
        for (const auto& [name, w] : state_.widgets) texts[name] = w.text;
        return texts;
    }
};

TEST_F(WidgetMaps, PolishScreensShowNoEnglishAndKeepTheWidgetNames) {
    for (const Screen& screen : mainScreens()) {
        const WidgetTexts en = draw(screen, i18n::UiLanguage::En);
        const WidgetTexts pl = draw(screen, i18n::UiLanguage::Pl);
        EXPECT_GT(en.size(), 5u) << screen.name;
        for (const std::string& problem : leftovers(en, pl)) ADD_FAILURE() << screen.name << ": " << problem;
    }
}

}  // namespace
