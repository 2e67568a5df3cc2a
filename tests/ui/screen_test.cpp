// Issue 15, items 7-11: the public display's state, labels and orientation; the clock sync warning; the
// Move pane's steps and the "Flag fallen" row in view at 1280x800 and 1366x768; the setup's Event field
// and engine options; Enter in the "pressed N s ago" box.
#include <gtest/gtest.h>
#include <imgui.h>

#include <algorithm>
#include <array>
#include <ostream>
#include <string>

#include "console_view_fixture.hpp"
#include "ui/board_picture.hpp"
#include "ui/console_view.hpp"
#include "ui/layout_direction.hpp"
#include "ui_language_scope.hpp"

namespace {

using namespace oc::ui::test;
using oc::ui::PublicOrientation;

// --- Issue 26 item 4: the layout direction -----------------------------------------------------------

TEST(LayoutDirection, FollowsTheUiLanguageAndMirrorsSpansAndColumns) {
    using oc::ui::LayoutDirection;
    EXPECT_EQ(oc::ui::layoutDirection(), LayoutDirection::LeftToRight);
    {
        UiLanguageScope persian(oc::i18n::UiLanguage::Fa);
        EXPECT_EQ(oc::ui::layoutDirection(), LayoutDirection::RightToLeft);
    }
    {
        UiLanguageScope polish(oc::i18n::UiLanguage::Pl);
        EXPECT_EQ(oc::ui::layoutDirection(), LayoutDirection::LeftToRight);
    }
    // A span 30 wide, 10 from the start of [100, 500]: at 110 left to right, ending 10 before 500 else.
    EXPECT_EQ(oc::ui::placeAlong(100.f, 500.f, 10.f, 30.f, LayoutDirection::LeftToRight), 110.f);
    EXPECT_EQ(oc::ui::placeAlong(100.f, 500.f, 10.f, 30.f, LayoutDirection::RightToLeft), 460.f);
    EXPECT_EQ(oc::ui::columnAt(0, 3, LayoutDirection::LeftToRight), 0u);
    EXPECT_EQ(oc::ui::columnAt(0, 3, LayoutDirection::RightToLeft), 2u);
    EXPECT_EQ(oc::ui::columnAt(1, 3, LayoutDirection::RightToLeft), 1u);
    EXPECT_EQ(oc::ui::fromTheLeft(std::array{'a', 'b', 'c'}, LayoutDirection::RightToLeft),
              (std::array{'c', 'b', 'a'}));
    EXPECT_EQ(oc::ui::fromTheLeft(std::array{'a', 'b', 'c'}, LayoutDirection::LeftToRight),
              (std::array{'a', 'b', 'c'}));
}

// --- Item 7: the public display ---------------------------------------------------------------------

TEST(PublicDisplay, SaysTheGamesStateNeverGameInProgressWhenItIsNot) {
    Snapshot snap = inPhase(Phase::EngineThinking);
    EXPECT_EQ(oc::ui::publicState(snap), "GAME IN PROGRESS");
    snap.seal_requested = true;
    EXPECT_EQ(oc::ui::publicState(snap), "ADJOURNMENT: THE MOVE IS BEING SEALED");
    snap.computer_move_withheld = true;  // Q18: whether the computer has chosen is never shown
    snap.phase = Phase::EngineMoveShown;
    EXPECT_EQ(oc::ui::publicState(snap), "ADJOURNMENT: THE MOVE IS BEING SEALED");
    snap.phase = Phase::Adjourned;
    snap.clock_paused = true;
    EXPECT_EQ(oc::ui::publicState(snap), "ADJOURNED");
    snap = inPhase(Phase::HumanToMove);
    snap.clock_paused = true;
    EXPECT_EQ(oc::ui::publicState(snap), "PAUSED BY THE ARBITER");
    snap.flag_reported = Color::White;  // the arbiter has not ruled: nothing for the audience yet
    snap.clock_paused = false;
    EXPECT_EQ(oc::ui::publicState(snap), "GAME IN PROGRESS");
    snap = inPhase(Phase::GameOver);
    snap.result = "1-0";
    snap.termination = "resignation";
    EXPECT_EQ(oc::ui::publicState(snap), "GAME OVER  1-0  (resignation)");
    snap.result = "1/2-1/2";  // as the scoresheet prints it (issue 36)
    snap.termination = "agreement";
    EXPECT_EQ(oc::ui::publicState(snap), "GAME OVER  \u00BD-\u00BD  (agreement)");
}

TEST(PublicDisplay, HumansSideAtTheBottomByDefaultOrWhitesWhenChosen) {
    Snapshot snap = inPhase(Phase::HumanToMove);
    snap.setup.computer_side = Color::White;  // the human plays Black
    EXPECT_FALSE(oc::ui::publicBoardPicture(snap, PublicOrientation::HumanAtBottom).white_at_bottom);
    EXPECT_TRUE(oc::ui::publicBoardPicture(snap, PublicOrientation::WhiteAtBottom).white_at_bottom);
    snap.setup.computer_side = Color::Black;  // the human plays White: both choices agree
    EXPECT_TRUE(oc::ui::publicBoardPicture(snap, PublicOrientation::HumanAtBottom).white_at_bottom);
    EXPECT_TRUE(oc::ui::publicBoardPicture(snap, PublicOrientation::WhiteAtBottom).white_at_bottom);
    snap = engineMoveShown();
    EXPECT_EQ(oc::ui::publicBoardPicture(snap, PublicOrientation::HumanAtBottom).pending_from, -1)
        << "never the engine's move";
}

// The clocks are labelled with the side and the name; the lower clock belongs to the side at the bottom;
// the public orientation is its own control and leaves the operator's view alone.
TEST_F(ConsoleView, PublicClocksLabelledAndOrientedApartFromTheOperatorsView) {
    Snapshot snap = inPhase(Phase::HumanToMove);
    snap.setup.computer_side = Color::White;
    snap.setup.white = "Stockfish";
    snap.setup.black = "Human Player";
    state_.public_display = true;
    frames(snap, 2);
    ASSERT_TRUE(state_.widgets.count("public white name") && state_.widgets.count("public black clock"));
    EXPECT_LT(state_.widgets["public white clock"].min.y, state_.widgets["public black clock"].min.y)
        << "the human (Black) is at the bottom of the board, so his clock is the lower one";
    click(snap, "White at bottom");
    frames(snap, 1);
    EXPECT_EQ(state_.public_orientation, PublicOrientation::WhiteAtBottom);
    EXPECT_GT(state_.widgets["public white clock"].min.y, state_.widgets["public black clock"].min.y);
    EXPECT_FALSE(state_.flip_board) << "the operator's own view is not turned";
    click(snap, "Operator view");
    frames(snap, 1);  // the move box takes the keyboard back (it activates a frame after asking)
    click(snap, "Flip board");
    EXPECT_TRUE(state_.flip_board);
    EXPECT_EQ(state_.public_orientation, PublicOrientation::WhiteAtBottom);
}

// --- Item 8: the clock sync warning ------------------------------------------------------------------

TEST_F(ConsoleView, SyncDifferenceOverTheToleranceIsHighlightedInTheClockPane) {
    Snapshot snap = inPhase(Phase::HumanToMove);
    frames(snap, 2);
    EXPECT_FALSE(state_.widgets.count("clock sync warning"));
    snap.clock_sync_warning =
        "White differs from the console by -0:06.8 (more than 2s): check the reading typed; the table "
        "clock is official";
    frames(snap, 2);
    ASSERT_TRUE(state_.widgets.count("clock sync warning"));
    const auto& warning = state_.widgets["clock sync warning"];
    EXPECT_LT(warning.max.y, state_.widgets["##tablewhite"].min.y)
        << "inside the Clocks pane, above the form";
    EXPECT_LE(warning.max.x, 1280.f);
    state_.public_display = true;
    frames(snap, 2);
    EXPECT_FALSE(state_.widgets.count("clock sync warning")) << "operator only";
}

// --- Item 9: nothing the operator needs leaves the view (issue 12: in every UI language) --------------

struct ScreenSize {
    float width, height;
    oc::i18n::UiLanguage language;
};

// "1280x800 pl" in gtest's messages (the struct's padding bytes are no name).
void PrintTo(const ScreenSize& s, std::ostream* os) {
    *os << s.width << "x" << s.height << " " << oc::i18n::uiLanguageCode(s.language);
}

// The text size follows the window height (main.cpp: a fortieth), so each size has its own fixture.
class LayoutAt : public ConsoleView, public ::testing::WithParamInterface<ScreenSize> {
  protected:
    LayoutAt() : ConsoleView(GetParam().height / 40.f), language_(GetParam().language) {}
    void SetUp() override {
        ConsoleView::SetUp();
        ImGui::GetIO().DisplaySize = ImVec2(GetParam().width, GetParam().height);
    }
    // Every control drawn is wholly inside the window's width (a clipped label is a missing one).
    void expectAllInsideTheWidth(const std::string& where) {
        for (const auto& [name, w] : state_.widgets) {
            EXPECT_LE(w.max.x, GetParam().width - 4.f) << name << " (\"" << w.text << "\") in " << where;
        }
    }
    bool rightToLeft() const { return GetParam().language == oc::i18n::UiLanguage::Fa; }
    // The banner's instruction ends before the view buttons at its end begin: on its right, or on its
    // left in a right-to-left language (the banner is mirrored).
    void expectBannerClearOfTheViewButtons(const std::string& where) {
        const auto& banner = state_.widgets.at("banner state");
        const char* button = state_.public_display ? "Human at bottom" : "Flip board";
        const char* other = state_.public_display ? "White at bottom" : "Flip board";
        const auto& flip =
            state_.widgets.count(button) ? state_.widgets.at(button) : state_.widgets.at(other);
        const char* view = state_.public_display ? "Operator view" : "Public display";
        const auto& pub = state_.widgets.at(view);
        if (rightToLeft()) {
            EXPECT_GT(banner.min.x, flip.max.x)
                << "\"" << banner.text << "\" runs over the buttons in " << where;
            EXPECT_LT(pub.max.x, flip.min.x) << "the view buttons keep their order mirrored in " << where;
        } else {
            EXPECT_LT(banner.max.x, flip.min.x)
                << "\"" << banner.text << "\" runs under the buttons in " << where;
        }
    }
    // Issue 26 item 4: no button's label is wider or taller than the button, nor cut by its pane's edge
    // (a clipped Persian step label, "روی صفحه انجام شد", was the case).
    void expectButtonLabelsFit(const std::string& where) {
        const ImVec2 pad = ImGui::GetStyle().FramePadding;
        for (const auto& [name, w] : state_.widgets) {
            if (!w.clickable || name.rfind("promote ", 0) == 0) continue;
            const float shown = std::min(w.max.x, w.visible_max_x) - std::max(w.min.x, w.visible_min_x);
            EXPECT_LE(w.label_size.x + 2.f * pad.x, shown + 0.5f)
                << name << " (\"" << w.text << "\") is clipped in " << where << ": the label is "
                << w.label_size.x << " px, the button shows " << shown - 2.f * pad.x;
            EXPECT_LE(w.label_size.y, w.max.y - w.min.y + 0.5f)
                << name << " is too low for its label in " << where;
        }
    }
    // The flag buttons, whatever their name in this language (the Draws pane names them by side).
    std::vector<std::string> flagButtons() {
        std::vector<std::string> names;
        for (const auto& [name, w] : state_.widgets) {
            if (name.size() > 6 && name.compare(name.size() - 6, 6, "##flag") == 0) names.push_back(name);
        }
        return names;
    }
    // `name` is drawn wholly inside the pane recorded as `pane` and inside the window.
    void expectInside(const std::string& name, const std::string& pane, const std::string& where) {
        ASSERT_TRUE(state_.widgets.count(name)) << name << " not drawn in " << where;
        const auto& w = state_.widgets[name];
        const auto& p = state_.widgets[pane];
        EXPECT_GE(w.min.y, p.min.y) << name << " above its pane in " << where;
        EXPECT_LE(w.max.y, p.max.y) << name << " below the fold of its pane in " << where;
        EXPECT_LE(w.max.y, GetParam().height - 4.f) << name << " below the window in " << where;
    }
    void expectStepsAndFlagRowInView(const Snapshot& snap, const std::string& where) {
        frames(snap, 3);  // the Move pane takes its content's height from the frame before
        for (const char* step : {"Made on board", "Clock pressed", "Recorded"}) {
            expectInside(step, "pane Move", where);
        }
        const std::vector<std::string> flags = flagButtons();
        EXPECT_EQ(flags.size(), 2u) << "White and Black flag buttons in " << where;
        for (const std::string& flag : flags) expectInside(flag, "pane lower", where);
        expectInside("Human resigns", "pane lower", where);
        expectAllInsideTheWidth(where);
        expectBannerClearOfTheViewButtons(where);
        expectButtonLabelsFit(where);
    }
    UiLanguageScope language_;
};

constexpr const char* kLongRefusal =
    "'Nf5' is not a legal move here: no knight can reach f5. Legal knight moves: Nc3, Na3, Nh3, Nf3. "
    "Write the move as the human played it, in the event's notation (Polish: S for the knight).";

TEST_P(LayoutAt, StepButtonsAndFlagRowStayInViewWithARefusalAndAPendingOffer) {
    Snapshot snap = inPhase(Phase::HumanToMove);
    snap.previous_unrecorded = true;
    state_.rejection = kLongRefusal;
    state_.rejection_is_move = true;
    expectStepsAndFlagRowInView(snap, "a refusal");
    snap = engineMoveShown();
    snap.human_offer_pending = true;
    snap.indication.accept_draw = true;
    snap.indication.reason = "the score has been -0.11 or less for the last 3 moves";
    state_.rejection.clear();
    expectStepsAndFlagRowInView(snap, "a pending offer");
    snap.phase = Phase::HumanToMove;
    snap.engine_move.reset();
    snap.previous_unrecorded = true;
    state_.rejection = kLongRefusal;
    state_.rejection_is_move = true;
    expectStepsAndFlagRowInView(snap, "a refusal and a pending offer");
    snap.flag_reported = Color::White;  // the banner's flag line, and the Arbiter tab comes forward ...
    snap.clock_sync_warning = "White differs from the console by -0:06.8 (more than 2s): check the reading";
    frames(snap, 1);
    EXPECT_EQ(state_.tab, oc::ui::LowerTab::Arbiter);
    state_.tab = oc::ui::LowerTab::Draws;  // ... and the operator goes back to Draws & result
    expectStepsAndFlagRowInView(snap, "a refusal, an offer, a flag and a sync warning");
}

TEST_P(LayoutAt, MovePaneShrinksBackWhenTheRefusalGoes) {
    Snapshot snap = inPhase(Phase::HumanToMove);
    frames(snap, 3);
    const float plain = state_.widgets["pane Move"].max.y;
    state_.rejection = kLongRefusal;
    state_.rejection_is_move = true;
    frames(snap, 3);
    EXPECT_GT(state_.widgets["pane Move"].max.y, plain) << "the pane grows for the refusal";
    state_.rejection.clear();
    frames(snap, 3);
    EXPECT_EQ(state_.widgets["pane Move"].max.y, plain);
}

// Issue 22, item 7: the states the trial overflowed in. After a resume (the request for both readings),
// after the envelope was opened (the clocks waiting for the sealed move), with a sync warning and the
// handling reserve, the Black reading box and Set clocks stay inside the Clocks pane, and the Notices
// pane keeps room for several notices.
TEST_P(LayoutAt, ClocksAndNoticesFitAfterAResumeAndTheEnvelopeOpened) {
    Snapshot snap = engineMoveShown();
    snap.handling_reserve = oc::session::HandlingReserveView{};
    snap.handling_reserve->held_back = 132s;
    snap.handling_reserve->moves = 24;
    snap.handling_reserve->per_move = 5500ms;
    snap.handling_reserve->samples = 30;
    snap.faster_rate_available = true;
    for (int i = 0; i < 12; ++i) snap.notices.push_back("table clock: White 15:30 (-0:06.8)");
    // A resumed console asks for both readings; at an adjournment's resumption the clocks also wait for
    // the sealed move; a reading entered then may differ by more than the tolerance.
    Snapshot resumed = snap, opened = snap, synced = snap;
    resumed.resync_needed = true;
    opened.resync_needed = true;
    opened.clock_waits_for_sealed_move = true;
    synced.clock_sync_warning =
        "White differs from the console by -0:12.0 (more than 0:02.0): check the reading typed; the table "
        "clock is official";
    synced.clock_sync_warning_move = 22;
    for (const auto& [where, state] :
         {std::pair{"a resume", resumed}, std::pair{"the envelope opened", opened},
          std::pair{"a sync warning", synced}}) {
        frames(state, 3);
        for (const char* name : {"##tablewhite", "##tableblack", "Set clocks"})
            expectInside(name, "pane Clocks", where);
        EXPECT_LE(state_.widgets["Set clocks"].max.x, state_.widgets["pane Clocks"].max.x) << where;
        const auto& notices = state_.widgets.at("pane Notices");
        EXPECT_GE(notices.max.y - notices.min.y, ImGui::GetTextLineHeightWithSpacing() * 5.f)
            << "the Notices pane shows fewer than four lines after " << where;
        expectAllInsideTheWidth(where);
    }
}

// Issue 22, item 7: "Poddaj za komputer" was cut off in the resignation's confirmation.
TEST_P(LayoutAt, TheResignationsConfirmationFitsItsPane) {
    Snapshot snap = engineMoveShown();
    snap.indication.resign = true;
    frames(snap, 2);
    click(snap, "Resign for the computer");
    frames(snap, 2);
    const auto& pane = state_.widgets.at("pane lower");
    for (const char* name : {"Confirm: Resign for the computer", "Cancel"}) {
        ASSERT_TRUE(state_.widgets.count(name)) << name;
        EXPECT_LE(state_.widgets[name].max.x, pane.max.x - 4.f)
            << name << " (\"" << state_.widgets[name].text << "\") is cut off at the pane's edge";
        EXPECT_LE(state_.widgets[name].max.y, pane.max.y) << name;
    }
}

// Issue 12: the setup form's labels, however long in the language, stay inside their column.
TEST_P(LayoutAt, SetupLabelsStayInsideTheirColumns) {
    Snapshot snap = inPhase(Phase::Setup);
    state_.engine_identity = "Stockfish 15.1";
    state_.engine_command = snap.setup.engine.command;
    state_.engine_defaults = {{"Threads", "1"}, {"Hash", "16"}, {"Ponder", "false"}};
    frames(snap, 3);
    const auto& game = state_.widgets.at("setup game column");
    const auto& computer = state_.widgets.at("setup computer column");
    for (const auto& [name, w] : state_.widgets) {
        if (w.min.y < game.min.y || name.rfind("setup ", 0) == 0 || name == "Start the game") continue;
        const auto& column = w.min.x >= game.min.x && w.min.x < game.max.x ? game : computer;
        // Inside the column's scrollbar too: a label under it is cut off ("Ranking (0: bra").
        EXPECT_LE(w.max.x, column.max.x - ImGui::GetStyle().ScrollbarSize)
            << name << " (\"" << w.text << "\") leaves its column";
    }
    expectAllInsideTheWidth("the setup screen");
    expectButtonLabelsFit("the setup screen");
}

// The public display's banner and clocks, in a game that the arbiter has paused.
TEST_P(LayoutAt, PublicDisplayFits) {
    Snapshot snap = inPhase(Phase::HumanToMove);
    snap.setup.computer_side = Color::White;
    snap.clock_paused = true;
    state_.public_display = true;
    frames(snap, 3);
    expectAllInsideTheWidth("the public display");
    expectBannerClearOfTheViewButtons("the public display");
    expectButtonLabelsFit("the public display");
}

// Issue 26 item 4: every button of every pane, in every lower tab and arbiter section, in the states an
// operator meets most (the human to move, the computer's move to play, to press, a pending offer, a
// seal request, an adjourned game, a reported flag, the end, a quickplay finish), fits its label at this
// size.
TEST_P(LayoutAt, EveryButtonsLabelFitsItsButton) {
    Snapshot shown = engineMoveShown(), made = engineMoveShown(), human = inPhase(Phase::HumanToMove);
    made.phase = Phase::EngineMoveMade;
    shown.human_offer_pending = true;
    human.previous_unrecorded = true;
    human.indication.offer_draw = human.indication.claim_draw = human.indication.resign = true;
    human.faster_rate_available = true;
    Snapshot sealing = human, adjourned = inPhase(Phase::Adjourned), flag = human,
             over = inPhase(Phase::GameOver);
    sealing.seal_requested = true;
    flag.flag_reported = Color::White;
    over.result = "1-0";
    over.termination = "resignation";
    // Guidelines III: both sides' quickplay claims and III.4 requests offered, a claim and a refused
    // increment before the arbiter; a consultant nominated (E.III 3.2).
    Snapshot quickplay = human;
    quickplay.moves.push_back({1, Color::White, "e2e4", "e4", "e4", false, 90min, 5s});
    quickplay.qpf_applies = true;
    for (const Color c : {Color::White, Color::Black})
        quickplay.qpf_claim_available[c] = quickplay.increment_request_available[c] = true;
    quickplay.qpf_claimant = Color::White;
    quickplay.increment_awaits_arbiter = true;
    quickplay.setup.consultant.name = "Ali";
    const std::pair<const char*, Snapshot> states[] = {
        {"the human to move", human}, {"the computer's move shown", shown}, {"the move made", made},
        {"a seal request", sealing},  {"an adjourned game", adjourned},     {"a reported flag", flag},
        {"the game over", over},      {"a quickplay finish", quickplay}};
    for (const auto& [where, snap] : states) {
        for (const oc::ui::LowerTab tab :
             {oc::ui::LowerTab::Draws, oc::ui::LowerTab::Arbiter, oc::ui::LowerTab::Adjourn}) {
            for (int section = 0; section < (tab == oc::ui::LowerTab::Arbiter ? 8 : 1); ++section) {
                state_ = oc::ui::UiState{};
                state_.tab = tab;
                state_.arbiter_section = section;
                state_.seen_flag = state_.seen_offer = state_.seen_seal = true;  // keep the chosen tab
                state_.illegal_ply = 1;
                state_.speech = {"all", true, false, ""};  // the Notices pane's Mute
                frames(snap, 3);
                expectButtonLabelsFit(std::string(where) + ", tab " + std::to_string(static_cast<int>(tab)) +
                                      ", section " + std::to_string(section));
            }
        }
    }
}

// Issue 26 item 4: in a right-to-left language the panes' order is mirrored (the banner, the main
// screen's columns, the step buttons, the lower tabs, the scoresheet's columns, the setup's columns),
// but the board is not (a1 bottom-left with White at the bottom) and the clocks keep their places;
// left to right nothing moves.
TEST_P(LayoutAt, PanesMirroredRightToLeftButNeverTheBoardNorTheClocks) {
    Snapshot snap = engineMoveShown();
    snap.phase = Phase::HumanToMove;
    snap.engine_move.reset();
    snap.moves.push_back({1, Color::Black, "c7c5", "c5", "c5", false, 90min, 5s});
    snap.entry_moves = {{"g1f3", "Nf3"}};
    state_.flip_board = true;  // White at the bottom: a1 in the bottom-left corner
    frames(snap, 3);
    const auto& w = state_.widgets;
    // `a` before `b` from the left in English and Polish, after it in Persian.
    const auto inReadingOrder = [&](const std::string& a, const std::string& b) {
        ASSERT_TRUE(w.count(a) && w.count(b)) << a << " / " << b;
        if (rightToLeft())
            EXPECT_GT(w.at(a).min.x, w.at(b).max.x - 1.f) << a << " is not right of " << b;
        else
            EXPECT_LT(w.at(a).max.x, w.at(b).min.x + 1.f) << a << " is not left of " << b;
    };
    inReadingOrder("pane board", "pane Move");
    inReadingOrder("pane Move", "pane Notices");
    inReadingOrder("pane Scoresheet", "pane lower");
    inReadingOrder("Made on board", "Clock pressed");
    inReadingOrder("Clock pressed", "Recorded");
    inReadingOrder("Draws & result", "Arbiter");
    inReadingOrder("Arbiter", "Adjournment");
    inReadingOrder("##move", "Enter move");
    inReadingOrder("scoresheet number 1", "scoresheet white 1");
    inReadingOrder("scoresheet white 1", "scoresheet black 1");
    inReadingOrder("banner state", "Flip board");
    // English and Polish labels fit a third of the Move pane: the steps keep their equal widths there.
    if (!rightToLeft()) {
        const auto wide = [&](const char* n) { return w.at(n).max.x - w.at(n).min.x; };
        EXPECT_NEAR(wide("Made on board"), wide("Clock pressed"), 1.f);  // each rounded to the pixel
        EXPECT_NEAR(wide("Clock pressed"), wide("Recorded"), 1.f);
    }
    // The pane that is leftmost in English is rightmost in Persian.
    const float width = GetParam().width;
    EXPECT_NEAR(rightToLeft() ? width - w.at("pane board").max.x : w.at("pane board").min.x, 8.f, 1.f);
    // The board itself is never mirrored: a1 bottom-left, h8 top-right, with White at the bottom.
    EXPECT_LT(w.at("square a1").min.x, w.at("square h1").min.x);
    EXPECT_GT(w.at("square a1").min.y, w.at("square a8").min.y);
    EXPECT_LT(w.at("square a8").min.x, w.at("square h8").min.x);
    // The clocks keep their places: White's reading above Black's, the times at the row's far end (issue 36
    // item 9: right to left the side is read first, at the right, and the time at the left edge).
    EXPECT_LT(w.at("white clock").max.y, w.at("black clock").min.y);
    if (rightToLeft())
        EXPECT_LT(w.at("white clock").max.x, w.at("white side").min.x);
    else
        EXPECT_GT(w.at("white clock").min.x, w.at("white side").max.x);
    // Right-aligned paragraphs end at their pane's right edge (within a pixel or two), left-aligned ones
    // begin at its left edge.
    const auto& prompt = w.at("step prompt");
    const auto& pane = w.at("pane Move");
    const float pad = ImGui::GetStyle().WindowPadding.x;
    if (rightToLeft())
        EXPECT_NEAR(prompt.max.x, pane.max.x - pad, 2.f) << "\"" << prompt.text << "\"";
    else
        EXPECT_NEAR(prompt.min.x, pane.min.x + pad, 2.f) << "\"" << prompt.text << "\"";
    if (rightToLeft()) {
        EXPECT_NEAR(w.at("human move title").max.x, pane.max.x - pad, 2.f)
            << "the title row starts at the right";
    }
}

// Issue 26 item 4: the rarer rows read from the right in Persian as the others do: the quickplay claims
// and rulings (Guidelines III.4-6), the illegal move's ply (Art. 7.5), IRR-04's "by" row, the consultation
// (E.III 3.2), the declared result's choices, the speech's Mute and the Claims header's arrow. Each row's
// first item ends at the row's right edge and the next ones are to its left; left to right nothing moves.
TEST_P(LayoutAt, RarerRowsReadFromTheRight) {
    Snapshot snap = inPhase(Phase::HumanToMove);
    snap.moves.push_back({1, Color::White, "e2e4", "e4", "e4", false, 90min, 5s});
    snap.qpf_applies = true;
    for (const Color c : {Color::White, Color::Black})
        snap.qpf_claim_available[c] = snap.increment_request_available[c] = true;
    snap.qpf_claimant = Color::White;
    snap.increment_awaits_arbiter = true;
    snap.human_offer_pending = true;  // the claims fold under their header
    snap.setup.consultant.name = "Ali";
    const auto draw = [&](oc::ui::LowerTab tab, int section) {
        state_ = oc::ui::UiState{};
        state_.tab = tab;
        state_.arbiter_section = section;
        state_.seen_flag = state_.seen_offer = state_.seen_seal = true;  // keep the chosen tab
        state_.illegal_ply = 1;
        state_.speech = {"all", true, false, ""};
        frames(snap, 3);
        expectButtonLabelsFit("the rarer rows, tab " + std::to_string(static_cast<int>(tab)) + ", section " +
                              std::to_string(section));
    };
    // The row of `items`: the first at the start edge of `edge` (a widget known to start its row there,
    // or a pane, less `inset`), each next one after the one before in reading order (beside it, or at the
    // start edge of the next line when it wrapped).
    const auto row = [&](const char* edge, float inset, std::vector<std::string> items) {
        const auto& w = state_.widgets;
        ASSERT_TRUE(w.count(edge)) << edge;
        for (const auto& n : items) ASSERT_TRUE(w.count(n)) << n;
        const float start = rightToLeft() ? w.at(edge).max.x - inset : w.at(edge).min.x + inset;
        const auto startsLine = [&](const std::string& n) {
            EXPECT_NEAR(rightToLeft() ? w.at(n).max.x : w.at(n).min.x, start, 2.f)
                << n << " does not start its line at the " << (rightToLeft() ? "right" : "left");
        };
        startsLine(items[0]);
        for (std::size_t i = 1; i < items.size(); ++i) {
            const auto& a = w.at(items[i - 1]);
            const auto& b = w.at(items[i]);
            if (b.min.y >= a.max.y) {
                startsLine(items[i]);  // wrapped
            } else if (rightToLeft()) {
                EXPECT_GT(a.min.x, b.max.x - 1.f) << items[i - 1] << " is not right of " << items[i];
            } else {
                EXPECT_LT(a.max.x, b.min.x + 1.f) << items[i - 1] << " is not left of " << items[i];
            }
        }
    };
    const float pad = ImGui::GetStyle().WindowPadding.x;
    draw(oc::ui::LowerTab::Arbiter, 1);  // Illegal
    // The pause row is known to start at the tab's start edge (inside the scrollbar when there is one).
    row("Pause clocks", 0.f,
        {"QPF: draw", "QPF: postpone", "QPF: postpone, opponent +2:00", "QPF: reject (opponent +2:00)"});
    row("Pause clocks", 0.f, {"Grant +5 s for both (opponent +2:00)", "Refuse the increment"});
    row("Pause clocks", 0.f, {"illegal title", "##illegalply", "illegal move shown"});
    row("pane Notices", pad, {"Mute", "speech status"});
    draw(oc::ui::LowerTab::Arbiter, 2);  // At the board
    row("Pause clocks", 0.f,
        {"illegal kind title", "illegal kind human", "illegal kind computer", "##illegalkind"});
    draw(oc::ui::LowerTab::Arbiter, 5);  // Result
    row("Pause clocks", 0.f, {"result title", "result 1-0", "result 0-1", "result 1/2-1/2"});
    EXPECT_EQ(state_.widgets.at("result 1/2-1/2").text, "\u00BD-\u00BD");
    draw(oc::ui::LowerTab::Arbiter, 7);  // Consult
    row("Pause clocks", 0.f, {"consult title", "arbiter present"});
    row("Pause clocks", 0.f, {"##consultnote", "Log consultation"});
    draw(oc::ui::LowerTab::Draws, 0);
    // The policy's row is known to start at the claims' start edge (the endings are below their scroll).
    row("policy title", 0.f,
        {"Human: quickplay claim (< 2:00)", "Human: ask +5 s increment (III.4)",
         "Computer: quickplay claim (< 2:00)", "Computer: ask +5 s increment (III.4)"});
    // The header's arrow at its start edge (inside the frame's padding), its title after it.
    row("Claims", ImGui::GetStyle().FramePadding.x, {"Claims arrow", "Claims title"});
}

// The setup's two columns: the game's first in reading order (on the right in Persian).
TEST_P(LayoutAt, SetupColumnsInReadingOrder) {
    Snapshot snap = inPhase(Phase::Setup);
    state_.engine_defaults = {{"Threads", "1"}, {"Hash", "16"}};
    frames(snap, 3);
    const auto& game = state_.widgets.at("setup game column");
    const auto& computer = state_.widgets.at("setup computer column");
    const auto& name = state_.widgets.at("engine option name Threads");
    const auto& value = state_.widgets.at("engine option Threads");
    // A short field's row starts at its column's start edge: the right one in Persian (inside the
    // padding, and the scrollbar when there is one), the left one else.
    const auto& round = state_.widgets.at("Round");
    const float pad = ImGui::GetStyle().WindowPadding.x;
    if (rightToLeft()) {
        EXPECT_GE(game.max.x - round.max.x, pad - 1.f);
        EXPECT_LE(game.max.x - round.max.x, pad + ImGui::GetStyle().ScrollbarSize + 1.f);
    } else {
        EXPECT_NEAR(round.min.x, game.min.x + pad, 1.f);
    }
    if (rightToLeft()) {
        EXPECT_GT(game.min.x, computer.max.x - 1.f);
        EXPECT_GT(name.min.x, value.max.x) << "the option's name is the table's first column, on the right";
    } else {
        EXPECT_LT(game.max.x, computer.min.x + 1.f);
        EXPECT_LT(name.max.x, value.min.x);
    }
}

INSTANTIATE_TEST_SUITE_P(Screens, LayoutAt,
                         ::testing::Values(ScreenSize{1280.f, 800.f, oc::i18n::UiLanguage::En},
                                           ScreenSize{1366.f, 768.f, oc::i18n::UiLanguage::En},
                                           ScreenSize{1280.f, 800.f, oc::i18n::UiLanguage::Pl},
                                           ScreenSize{1366.f, 768.f, oc::i18n::UiLanguage::Pl},
                                           // Issue 26: Persian, shaped and right to left.
                                           ScreenSize{1280.f, 800.f, oc::i18n::UiLanguage::Fa},
                                           ScreenSize{1366.f, 768.f, oc::i18n::UiLanguage::Fa}),
                         [](const auto& row) {
                             return std::to_string(static_cast<int>(row.param.width)) + "x" +
                                    std::to_string(static_cast<int>(row.param.height)) + "_" +
                                    std::string(oc::i18n::uiLanguageCode(row.param.language));
                         });

// --- Item 10: the setup screen -----------------------------------------------------------------------

TEST_F(ConsoleView, SetupShowsTheWholeEventNameAndTheEnginesOptions) {
    Snapshot snap = inPhase(Phase::Setup);
    snap.setup.event = "Mistrzostwa Polski Amatorow w Szachach Klasycznych, Czlowiek kontra Komputer 2026";
    snap.setup.engine.command = "/usr/games/stockfish";
    snap.setup.engine.options = {{"Hash", "256"}};
    state_.engine_identity = "Stockfish 15.1";
    state_.engine_command = "/usr/games/stockfish";
    state_.engine_defaults = {{"Threads", "1"}, {"Hash", "16"}, {"Ponder", "false"}, {"MultiPV", "1"}};
    frames(snap, 2);
    const auto& event = state_.widgets.at("setup event");
    const float text_w = ImGui::CalcTextSize(snap.setup.event.c_str()).x;
    EXPECT_GE(event.max.x - event.min.x, text_w + 2.f * ImGui::GetStyle().FramePadding.x)
        << "the Event field holds the whole name";
    EXPECT_TRUE(state_.widgets.count("engine option Threads"));
    EXPECT_TRUE(state_.widgets.count("engine option Hash"));
    const auto& summary = state_.widgets.at("setup engine summary");
    EXPECT_LT(summary.max.y, state_.widgets.at("Start the game").min.y) << "right above Start";
    EXPECT_EQ(oc::ui::engineOptionsSummary(snap.setup.engine, state_.engine_defaults),
              "Engine: Hash 256, Ponder false, Threads 1");
    EXPECT_EQ(oc::ui::engineOptionsSummary(snap.setup.engine, {}), "Engine: Hash 256");
}

// --- Item 11: Enter in "pressed N s ago" ------------------------------------------------------------

TEST_F(ConsoleView, EnterInThePressedBoxSubmitsTheMove) {
    const Snapshot snap = inPhase(Phase::HumanToMove);
    frames(snap, 2);
    type(snap, "Nf3");
    click(snap, "##pressed");
    type(snap, "12");
    const auto out = pressEnter(snap);
    ASSERT_EQ(out.size(), 1u);
    const auto& move = std::get<cmd::HumanMove>(out[0]);
    EXPECT_EQ(move.text, "Nf3");
    ASSERT_TRUE(move.pressed_at.has_value());
    EXPECT_EQ(*move.pressed_at, kNow - 12s);
}

}  // namespace
