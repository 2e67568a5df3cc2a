// Issue 22 (the second whole game at the board), in the view: the arbiter's Correct button works, the
// speech state is always on the screen, a stale sync warning says its move, and the human's move can be
// entered on the drawn board.
#include <gtest/gtest.h>
#include <imgui.h>

#include <string>
#include <vector>

#include "console_view_fixture.hpp"

namespace {

using namespace oc::ui::test;

Snapshot humanToMove() {
    Snapshot s = inPhase(Phase::HumanToMove);
    s.entry_moves = {{"e2e4", "e4"}, {"e2e3", "e3"}, {"g1f3", "Nf3"}, {"g1h3", "Nh3"}};
    return s;
}

class TrialTwo : public ConsoleView {
  protected:
    // Presses the mouse over one named widget and releases it over another (a drag).
    std::vector<Command> drag(const Snapshot& snap, const std::string& from, const std::string& to) {
        ImGuiIO& io = ImGui::GetIO();
        io.MousePos = state_.widgets.at(from).centre();
        auto out = frames(snap);
        io.MouseDown[0] = true;
        frames(snap);
        io.MousePos = state_.widgets.at(to).centre();
        frames(snap);
        io.MouseDown[0] = false;
        frames(snap);
        io.MousePos = {-1, -1};
        frames(snap);
        return out;
    }
};

// The trap itself: the section's selector and the action were one ImGui ID, so the click did nothing.
TEST_F(TrialTwo, ArbiterCorrectGivesTheCorrectionEvenWhileTheEngineThinks) {
    Snapshot snap = inPhase(Phase::EngineThinking);
    snap.moves.push_back({7, Color::White, "b5d3", "Bd3", "Bd3", false, 90min, 5s});
    state_.tab = oc::ui::LowerTab::Arbiter;
    frames(snap, 2);
    click(snap, "section Correct");
    state_.correct_text = "Bf1";
    state_.correct_confirmed = true;
    frames(snap, 2);
    ASSERT_TRUE(enabled("Correct"));
    const auto out = click(snap, "Correct");
    ASSERT_EQ(out.size(), 1u) << "the click on Correct gave no command";
    const auto& c = std::get<cmd::CorrectEntry>(out[0]);
    EXPECT_EQ(c.text, "Bf1");
    EXPECT_TRUE(c.arbiter_confirmed);
    EXPECT_TRUE(state_.id_clashes.empty()) << ::testing::PrintToString(state_.id_clashes);
}

TEST_F(TrialTwo, SpeechAskedForIsAlwaysShownOnMutedOrOffWithTheReason) {
    const Snapshot snap = humanToMove();
    frames(snap, 2);
    EXPECT_FALSE(state_.widgets.count("speech status")) << "no line when the event asks for no speech";
    state_.speech = {"all", false, false, "the sound device could not be opened: no audio driver"};
    frames(snap, 2);
    ASSERT_TRUE(state_.widgets.count("speech status"));
    EXPECT_NE(state_.widgets["speech status"].text.find("OFF: the sound device could not be opened"),
              std::string::npos)
        << state_.widgets["speech status"].text;
    EXPECT_FALSE(state_.widgets.count("Mute")) << "nothing to mute without a device";
    state_.speech = {"all", true, false, ""};
    frames(snap, 2);
    EXPECT_NE(state_.widgets["speech status"].text.find("on"), std::string::npos);
    click(snap, "Mute");
    EXPECT_TRUE(state_.speech_mute_toggled) << "the shell mutes after the frame";
    state_.speech_mute_toggled = false;
    state_.speech.muted = true;
    frames(snap, 2);
    EXPECT_NE(state_.widgets["speech status"].text.find("muted"), std::string::npos);
    EXPECT_TRUE(state_.widgets.count("Unmute"));
}

TEST_F(TrialTwo, TheSyncWarningSaysTheMoveItWasGivenAt) {
    Snapshot snap = humanToMove();
    snap.clock_sync_warning = "White differs from the console by 0:12 (more than 0:02)";
    snap.clock_sync_warning_move = 7;
    frames(snap, 2);
    ASSERT_TRUE(state_.widgets.count("clock sync warning"));
    EXPECT_EQ(state_.widgets["clock sync warning"].text.rfind("At move 7: White differs", 0), 0u)
        << state_.widgets["clock sync warning"].text;
}

TEST_F(TrialTwo, TwoClicksOnTheBoardFillTheMoveBoxAndEnterCommitsIt) {
    const Snapshot snap = humanToMove();
    frames(snap, 2);
    ASSERT_TRUE(state_.widgets.count("square e2"));
    click(snap, "square e2");
    EXPECT_EQ(state_.board_from, 12) << "e2 picked";
    EXPECT_TRUE(click(snap, "square e4").empty()) << "the box is filled, nothing is committed yet";
    EXPECT_EQ(state_.move_text, "e4");
    EXPECT_EQ(state_.board_from, -1);
    frames(snap, 2);
    const auto out = pressEnter(snap);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(std::get<cmd::HumanMove>(out[0]).text, "e4");
}

TEST_F(TrialTwo, ADragFillsTheBoxAndAClickOnAnEmptySquareDropsThePick) {
    const Snapshot snap = humanToMove();
    frames(snap, 2);
    drag(snap, "square g1", "square f3");
    EXPECT_EQ(state_.move_text, "Nf3");
    state_.move_text.clear();
    click(snap, "square g1");
    EXPECT_EQ(state_.board_from, 6);
    click(snap, "square d5");
    EXPECT_EQ(state_.board_from, -1) << "d5 is no target of the knight";
    EXPECT_TRUE(state_.move_text.empty());
    click(snap, "square e7");
    EXPECT_EQ(state_.board_from, -1) << "the opponent's piece is never picked";
}

TEST_F(TrialTwo, APromotionAsksForThePiece) {
    Snapshot snap = inPhase(Phase::HumanToMove);
    snap.fen = "8/P6k/8/8/8/8/8/K7 w - - 0 1";
    snap.entry_moves = {
        {"a7a8q", "a8H"}, {"a7a8r", "a8W"}, {"a7a8b", "a8G"}, {"a7a8n", "a8S"}, {"a1b1", "Kb1"}};
    frames(snap, 2);
    click(snap, "square a7");
    click(snap, "square a8");
    EXPECT_TRUE(state_.move_text.empty()) << "the piece is not chosen yet";

    ASSERT_TRUE(state_.widgets.count("promote a7a8n"));
    frames(snap, 3);
    ASSERT_TRUE(state_.widgets.count("promote a7a8n")) << "the picker stays until a piece is chosen";
    click(snap, "promote a7a8n");
    EXPECT_EQ(state_.move_text, "a8S");
}

TEST_F(TrialTwo, NoBoardEntryWhileTheHumanSealsOrTheComputerMoves) {
    Snapshot sealing = humanToMove();
    sealing.seal_requested = true;
    frames(sealing, 2);
    EXPECT_FALSE(state_.widgets.count("square e2")) << "the sealed move is never entered (Guidelines I.1)";
    frames(engineMoveShown(), 2);
    EXPECT_FALSE(state_.widgets.count("square e2"));
}

}  // namespace

namespace {

using namespace oc::ui::test;

// Issue 22 (item 12's screen side): an unknown date is an empty box saying "unknown", not question marks
// to type over; typing replaces it, and left alone the setup keeps PGN's "????.??.??".
TEST_F(TrialTwo, AnUnknownDateIsAnEmptyBoxAndTypingFillsIt) {
    const Snapshot snap = inPhase(Phase::Setup);
    frames(snap, 2);
    ASSERT_TRUE(state_.setup_draft);
    EXPECT_EQ(state_.setup_draft->date, "????.??.??");
    click(snap, "Date (yyyy.mm.dd)");
    type(snap, "2026.12.01");
    frames(snap, 2);
    EXPECT_EQ(state_.setup_draft->date, "2026.12.01");
    EXPECT_EQ(state_.setup_draft->round, "?") << "an untouched unknown stays PGN's";
}

}  // namespace
