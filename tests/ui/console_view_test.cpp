// The console view over hand-built snapshots, with simulated clicks and typing (no window, no session):
// which commands come back, which buttons are enabled in which phase, what the public display hides.
#include "ui/console_view.hpp"

#include <gtest/gtest.h>
#include <imgui.h>

#include <string>
#include <vector>

#include "console_view_fixture.hpp"
#include "ui/board_picture.hpp"
#include "ui/eboard_text.hpp"
#include "ui/fonts.hpp"

namespace {

using namespace oc::ui::test;

TEST_F(ConsoleView, TypedMoveAndEnterGiveOneHumanMoveWithoutClicking) {
    const Snapshot snap = inPhase(Phase::HumanToMove);
    ASSERT_TRUE(frames(snap, 3).empty());
    EXPECT_TRUE(type(snap, "Nf3").empty());
    const auto out = pressEnter(snap);
    ASSERT_EQ(out.size(), 1u);
    const auto* move = std::get_if<cmd::HumanMove>(&out[0]);
    ASSERT_NE(move, nullptr);
    EXPECT_EQ(move->text, "Nf3");
    EXPECT_FALSE(move->draw_offer);
    EXPECT_FALSE(move->pressed_at.has_value());
}

TEST_F(ConsoleView, DrawOfferAndClockPressTimeTravelWithTheMove) {
    const Snapshot snap = inPhase(Phase::HumanToMove);
    frames(snap, 3);
    click(snap, "(=) draw offer");
    click(snap, "##pressed");
    type(snap, "12");
    click(snap, "##move");
    type(snap, "e4");
    const auto out = pressEnter(snap);
    ASSERT_EQ(out.size(), 1u);
    const auto& move = std::get<cmd::HumanMove>(out[0]);
    EXPECT_EQ(move.text, "e4");
    EXPECT_TRUE(move.draw_offer);
    ASSERT_TRUE(move.pressed_at.has_value());
    EXPECT_EQ(*move.pressed_at, kNow - 12s);
}

TEST_F(ConsoleView, RefusedMoveKeepsTheTextAndShowsTheReasonUnderTheBox) {
    const Snapshot snap = inPhase(Phase::HumanToMove);
    frames(snap, 3);
    type(snap, "Ke5");
    const auto out = pressEnter(snap);
    ASSERT_EQ(out.size(), 1u);
    const std::string why = "Ke5 is not legal: the king on e1 cannot reach e5";
    oc::ui::noteOutcome(state_, out[0], &why);
    frames(snap, 2);
    EXPECT_EQ(state_.move_text, "Ke5");
    EXPECT_TRUE(state_.widgets.count("move rejection"));
    EXPECT_FALSE(state_.widgets.count("banner rejection"));
    // Accepted after the fix: the box empties and the message goes.
    oc::ui::noteOutcome(state_, cmd::HumanMove{"Kd2", std::nullopt, false}, nullptr);
    frames(snap, 1);
    EXPECT_TRUE(state_.move_text.empty());
    EXPECT_FALSE(state_.widgets.count("move rejection"));
}

TEST_F(ConsoleView, NonMoveRefusalGoesToTheBanner) {
    const Snapshot snap = inPhase(Phase::EngineThinking);
    const std::string why = "press the clock after the move is executed on the board (E.III 1.4)";
    oc::ui::noteOutcome(state_, cmd::ClockPressed{}, &why);
    frames(snap, 2);
    EXPECT_TRUE(state_.widgets.count("banner rejection"));
    EXPECT_FALSE(state_.widgets.count("move rejection"));
}

// Issue 10: a journal that cannot be written stops the game; the banner says so with the reason, in
// place of any refusal, and the public display does not show it.
TEST_F(ConsoleView, UnwritableJournalTakesTheBanner) {
    Snapshot snap = inPhase(Phase::EngineThinking);
    snap.journal_failure = "the journal could not be written (No space left on device): the game is stopped";
    const std::string why = "press the clock after the move is executed on the board (E.III 1.4)";
    oc::ui::noteOutcome(state_, cmd::ClockPressed{}, &why);
    frames(snap, 2);
    EXPECT_TRUE(state_.widgets.count("banner journal failure"));
    EXPECT_FALSE(state_.widgets.count("banner rejection"));
    state_.public_display = true;
    state_.widgets.clear();
    frames(snap, 2);
    EXPECT_FALSE(state_.widgets.count("banner journal failure"));
}

// Issue 24: an e-board asked for always has its status line under the banner (on the operator's view
// only); a computer move played wrongly turns the banner red and names the squares; no board, no line.
TEST_F(ConsoleView, TheEboardStatusLineAndTheRedWrongMove) {
    Snapshot snap = inPhase(Phase::EngineMoveShown);
    frames(snap, 2);
    EXPECT_FALSE(state_.widgets.count("banner eboard")) << "no board asked for: no line";
    snap.eboard = oc::session::EboardStatus{};
    snap.eboard->port = "/dev/ttyACM0";
    snap.eboard->lost = "e-board port /dev/ttyACM0: End of file";
    frames(snap, 2);
    ASSERT_TRUE(state_.widgets.count("banner eboard"));
    EXPECT_NE(state_.widgets["banner eboard"].text.find("not connected"), std::string::npos);
    EXPECT_NE(state_.widgets["banner eboard"].text.find("End of file"), std::string::npos);
    snap.eboard->connected = true;
    snap.eboard->serial = "24024";
    snap.eboard->version = "1.8";
    snap.eboard->computer_move_wrong = true;
    snap.eboard->fault = "a wrong piece or square";
    snap.eboard->differences = {"a6 should be empty", "the black pawn on a7 is missing"};
    frames(snap, 2);
    EXPECT_NE(state_.widgets["banner eboard"].text.find("a6 should be empty"), std::string::npos)
        << state_.widgets["banner eboard"].text;
    EXPECT_NE(state_.widgets["banner state"].text.find("WRONG MOVE ON THE BOARD"), std::string::npos);
    state_.public_display = true;
    state_.widgets.clear();
    frames(snap, 2);
    EXPECT_FALSE(state_.widgets.count("banner eboard")) << "the audience is not shown the board's state";
}

// Issue 24 item 3: a typed move the board contradicts was held back by the shell; the move pane asks.
// Enter again (or the button) enters it as typed, with the confirmation; Cancel enters nothing.
TEST_F(ConsoleView, ATypedMoveTheBoardContradictsAsksFirst) {
    Snapshot snap = inPhase(Phase::HumanToMove);
    snap.eboard = oc::session::EboardStatus{};
    snap.eboard->connected = true;
    frames(snap, 3);
    type(snap, "Nc3");
    const auto first = pressEnter(snap);
    ASSERT_EQ(first.size(), 1u);
    EXPECT_FALSE(state_.board_override) << "nothing was asked yet: the shell decides";
    // The shell held it back: the board shows Nf3.
    state_.board_question = oc::ui::BoardQuestion{"Nc3", "Nf3", false, {}};
    frames(snap, 2);
    ASSERT_TRUE(state_.widgets.count("board question"));
    EXPECT_EQ(state_.widgets["board question"].text, "The board shows Nf3, you typed Nc3: enter it anyway?");
    const auto again = pressEnter(snap);
    ASSERT_EQ(again.size(), 1u);
    EXPECT_EQ(std::get<cmd::HumanMove>(again[0]).text, "Nc3");
    EXPECT_TRUE(state_.board_override) << "the second Enter confirms";
    // Asked again; this time cancelled: nothing is entered and the question goes.
    state_.board_override = false;
    frames(snap, 1);
    EXPECT_TRUE(click(snap, "board question cancel").empty());
    EXPECT_FALSE(state_.board_question);
    EXPECT_FALSE(state_.board_override);
    EXPECT_EQ(state_.move_text, "Nc3") << "the typed text stays to be fixed or entered";
    // A question about other text is not shown.
    state_.board_question = oc::ui::BoardQuestion{"e4", "", true, {}};
    frames(snap, 2);
    EXPECT_FALSE(state_.widgets.count("board question"));
}

// Issue 24 item 4: a long list of wrong squares is summarised to fit the red line at 1280x800.
TEST_F(ConsoleView, ALongListOfWrongSquaresFitsTheLine) {
    Snapshot snap = inPhase(Phase::EngineMoveShown);
    snap.eboard = oc::session::EboardStatus{};
    snap.eboard->connected = true;
    snap.eboard->computer_move_wrong = true;
    snap.eboard->fault = "a wrong piece or square";
    for (const char* square : {"a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a6", "b6", "c6", "d6"})
        snap.eboard->differences.push_back(std::string(square) + " should be empty");
    frames(snap, 2);
    ASSERT_TRUE(state_.widgets.count("banner eboard"));
    const auto& line = state_.widgets["banner eboard"];
    EXPECT_NE(line.text.find("a3 should be empty"), std::string::npos) << line.text;
    EXPECT_NE(line.text.find("more squares differ"), std::string::npos) << line.text;
    EXPECT_LE(line.max.x, ImGui::GetIO().DisplaySize.x) << line.text;
    // A short list is given whole.
    snap.eboard->differences.resize(2);
    frames(snap, 2);
    EXPECT_EQ(state_.widgets["banner eboard"].text,
              "Wrong on the board (a wrong piece or square): a3 should be empty, b3 should be empty");
}

TEST(EboardText, TheSummaryCountsWhatIsLeftOut) {
    const std::vector<std::string> d{"e4 should be empty", "the white knight on f3 is missing",
                                     "g1 should be empty"};
    EXPECT_EQ(oc::ui::differencesSummary(d, 3),
              "e4 should be empty, the white knight on f3 is missing, g1 should be empty");
    EXPECT_EQ(oc::ui::differencesSummary(d, 1), "e4 should be empty and 2 more squares differ");
    EXPECT_EQ(oc::ui::differencesSummary(d, 2),
              "e4 should be empty, the white knight on f3 is missing and 1 more square differs");
}

TEST_F(ConsoleView, StepButtonsFollowTheOperatorsCycle) {
    struct Row {
        Phase phase;
        bool unrecorded, made, pressed, recorded;
    };
    for (const Row& r : {Row{Phase::HumanToMove, false, false, false, false},
                         Row{Phase::EngineThinking, false, false, false, false},
                         Row{Phase::EngineMoveShown, false, true, false, false},
                         Row{Phase::EngineMoveMade, true, false, true, false},
                         Row{Phase::HumanToMove, true, false, false, true},
                         Row{Phase::EngineMoveHeld, true, false, false, true},
                         Row{Phase::GameOver, true, false, false, true}}) {
        Snapshot snap = r.phase == Phase::EngineMoveShown ? engineMoveShown() : inPhase(r.phase);
        snap.previous_unrecorded = r.unrecorded;
        frames(snap, 2);
        SCOPED_TRACE(static_cast<int>(r.phase));
        EXPECT_EQ(enabled("Made on board"), r.made);
        EXPECT_EQ(enabled("Clock pressed"), r.pressed);
        EXPECT_EQ(enabled("Recorded"), r.recorded);
    }
}

TEST_F(ConsoleView, MadeOnBoardClickGivesTheCommandAndDisabledStepsGiveNothing) {
    const Snapshot snap = engineMoveShown();
    frames(snap, 2);
    EXPECT_TRUE(click(snap, "Clock pressed").empty());
    EXPECT_TRUE(click(snap, "Recorded").empty());
    const auto out = click(snap, "Made on board");
    ASSERT_EQ(out.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<cmd::MadeOnBoard>(out[0]));
}

TEST_F(ConsoleView, EnterPerformsTheStepThatIsDue) {
    Snapshot snap = engineMoveShown();
    frames(snap, 2);
    auto out = pressEnter(snap);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<cmd::MadeOnBoard>(out[0]));
    snap.phase = Phase::EngineMoveMade;
    snap.engine_move->made = true;
    frames(snap, 1);
    out = pressEnter(snap);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<cmd::ClockPressed>(out[0]));
}

TEST_F(ConsoleView, EnterOnTheEmptyMoveBoxRecordsTheComputersMove) {
    Snapshot snap = inPhase(Phase::HumanToMove);
    snap.previous_unrecorded = true;
    frames(snap, 3);
    auto out = pressEnter(snap);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<cmd::Recorded>(out[0]));
    snap.previous_unrecorded = false;
    frames(snap, 2);
    EXPECT_TRUE(pressEnter(snap).empty()) << "nothing is due: Enter on an empty box does nothing";
}

// The race keyboard_flow.sh met under load: "Clock pressed" hands the keyboard to the move box, which
// ImGui 1.86 activates one frame after asking, and an activating InputText ignores keys. An Enter (or
// typing) in either frame must still count, exactly once.
class MoveBoxTakesFocus : public ConsoleView {
  protected:
    void SetUp() override {
        ConsoleView::SetUp();
        Snapshot made = engineMoveShown();
        made.phase = Phase::EngineMoveMade;
        made.engine_move->made = true;
        frames(made, 3);
        next_ = inPhase(Phase::HumanToMove);
        next_.previous_unrecorded = true;  // the computer's move waits to be recorded
    }
    Snapshot next_;
};

TEST_F(MoveBoxTakesFocus, EnterInTheFrameTheFocusIsAskedRecords) {
    const auto out = pressEnter(next_);  // down in the first frame of the human's turn
    ASSERT_EQ(out.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<cmd::Recorded>(out[0]));
}

TEST_F(MoveBoxTakesFocus, EnterInTheFrameTheBoxActivatesRecords) {
    EXPECT_TRUE(frames(next_, 1).empty());
    const auto out = pressEnter(next_);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<cmd::Recorded>(out[0]));
}

TEST_F(MoveBoxTakesFocus, TypingInTheFrameTheFocusIsAskedIsKept) {
    EXPECT_TRUE(type(next_, "Nf3").empty());
    frames(next_, 2);
    const auto out = pressEnter(next_);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(std::get<cmd::HumanMove>(out[0]).text, "Nf3");
}

TEST_F(MoveBoxTakesFocus, TypingInTheFrameTheBoxActivatesIsKept) {
    frames(next_, 1);
    EXPECT_TRUE(type(next_, "Nf3").empty());
    frames(next_, 2);
    const auto out = pressEnter(next_);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(std::get<cmd::HumanMove>(out[0]).text, "Nf3");
}

// CMP-3.5: the computer's choice after the seal request, sealed unseen under the arbiter's passphrase.
Snapshot computerMoveWithheld() {
    Snapshot s = engineMoveShown();
    s.engine_move.reset();
    s.seal_requested = true;
    s.computer_move_withheld = true;
    return s;
}

TEST_F(ConsoleView, SealRequestNeedsASecondClick) {
    Snapshot snap = inPhase(Phase::EngineThinking);
    state_.tab = oc::ui::LowerTab::Adjourn;
    frames(snap, 2);
    EXPECT_TRUE(click(snap, "Arbiter requests seal").empty());
    const auto out = click(snap, "Confirm: Arbiter requests seal");
    ASSERT_EQ(out.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<cmd::RequestSeal>(out[0]));
}

TEST_F(ConsoleView, ComputerSealsOnlyWithThePassphraseTypedTwiceTheSame) {
    Snapshot snap = computerMoveWithheld();
    frames(snap, 2);
    EXPECT_EQ(state_.tab, oc::ui::LowerTab::Adjourn) << "the seal request brings its tab forward";
    EXPECT_FALSE(state_.widgets.count("engine move"));
    EXPECT_FALSE(enabled("Made on board")) << "a withheld move is sealed, not played";
    EXPECT_FALSE(enabled("Seal computer's move"));
    click(snap, "##passphrase");
    type(snap, "arbiter-secret");
    click(snap, "##passrepeat");
    type(snap, "arbiter-secre");
    frames(snap);
    EXPECT_FALSE(enabled("Seal computer's move")) << "the two entries differ";
    type(snap, "t");
    frames(snap);
    const auto out = click(snap, "Seal computer's move");
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(std::get<cmd::SealComputerMove>(out[0]).passphrase, "arbiter-secret");
    oc::ui::noteOutcome(state_, out[0], nullptr);
    EXPECT_TRUE(state_.seal_passphrase.empty()) << "typed again at resumption, never kept";
    EXPECT_TRUE(state_.seal_passphrase_repeat.empty());
}

TEST_F(ConsoleView, MoveShownBeforeTheSealRequestIsPlayedAsUsual) {
    Snapshot snap = engineMoveShown();
    snap.seal_requested = true;  // Guidelines I.1: not secret; the human seals after it
    frames(snap, 2);
    EXPECT_TRUE(enabled("Made on board"));
    EXPECT_FALSE(state_.widgets.count("Seal computer's move"));
}

TEST_F(ConsoleView, AdjournedGameOffersTheEnvelopeRecordAndResumption) {
    Snapshot snap = inPhase(Phase::Adjourned);
    snap.sealed_by = Color::Black;
    snap.to_move = Color::Black;
    snap.clock_paused = true;  // an adjourned game's clocks are stopped: the banner says adjourned
    frames(snap, 2);
    EXPECT_EQ(state_.tab, oc::ui::LowerTab::Adjourn);
    EXPECT_FALSE(state_.widgets.count("Arbiter requests seal"));
    EXPECT_FALSE(enabled("Resume: open the envelope")) << "the arbiter types the passphrase first";
    click(snap, "##resumption");
    type(snap, "2 Dec, 10:00, Hall B");
    // Leaving the field journals (g) (Guidelines I.2): nothing typed is lost on a restart (issue 22).
    const auto typed = click(snap, "Write envelope PDF");
    ASSERT_EQ(typed.size(), 1u) << "the shell writes the PDF; the session journals (g)";
    EXPECT_EQ(std::get<cmd::EnvelopeResumption>(typed[0]).text, "2 Dec, 10:00, Hall B");
    EXPECT_TRUE(state_.envelope_pdf_requested);
    snap.envelope_resumption = "2 Dec, 10:00, Hall B";  // as the session reports it after the record
    frames(snap, 1);
    EXPECT_EQ(state_.envelope_resumption, "2 Dec, 10:00, Hall B");
    state_ = oc::ui::UiState{};  // a restart: the window's state is new, the journal's text comes back
    frames(snap, 2);
    EXPECT_EQ(state_.tab, oc::ui::LowerTab::Adjourn);
    EXPECT_EQ(state_.envelope_resumption, "2 Dec, 10:00, Hall B");
    click(snap, "##passphrase");
    type(snap, "arbiter-secret");
    EXPECT_TRUE(click(snap, "Resume: open the envelope").empty()) << "a second click confirms";
    const auto out = click(snap, "Confirm: Resume: open the envelope");
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(std::get<cmd::Resume>(out[0]).passphrase, "arbiter-secret");
}

TEST_F(ConsoleView, EngineMoveAndEvaluationNeverOnThePublicDisplay) {
    const Snapshot snap = engineMoveShown();
    frames(snap, 2);
    EXPECT_TRUE(state_.widgets.count("engine move"));
    EXPECT_TRUE(state_.widgets.count("evaluation"));
    click(snap, "Public display");
    frames(snap, 2);
    EXPECT_FALSE(state_.widgets.count("engine move"));
    EXPECT_FALSE(state_.widgets.count("evaluation"));
    EXPECT_FALSE(state_.widgets.count("Made on board"));
    const auto picture = oc::ui::boardPicture(snap, false, true);
    EXPECT_EQ(picture.pending_from, -1) << "no arrow for the engine's move on the public display";
}

TEST_F(ConsoleView, PonderingIsAnOperatorStatusWithoutTheMove) {
    Snapshot snap = inPhase(Phase::HumanToMove);
    snap.engine_pondering = true;
    frames(snap, 2);
    EXPECT_TRUE(state_.widgets.count("engine pondering"));
    click(snap, "Public display");
    frames(snap, 2);
    EXPECT_FALSE(state_.widgets.count("engine pondering")) << "Q18: no engine analysis in public";
}

TEST_F(ConsoleView, ComputerDrawActionsNeedThePolicysIndication) {
    Snapshot snap = inPhase(Phase::HumanToMove);
    frames(snap, 2);
    EXPECT_FALSE(enabled("Computer offers draw"));
    EXPECT_FALSE(enabled("Computer: threefold"));
    EXPECT_TRUE(click(snap, "Computer: threefold").empty());
    EXPECT_TRUE(enabled("Human: threefold"));
    snap.indication.offer_draw = true;
    snap.indication.claim_draw = true;
    snap.can_claim_for_computer = true;
    frames(snap, 1);
    EXPECT_TRUE(enabled("Computer offers draw"));
    const auto out = click(snap, "Computer: threefold");
    ASSERT_EQ(out.size(), 1u);
    const auto& claim = std::get<cmd::ClaimDraw>(out[0]);
    EXPECT_EQ(claim.claimant, Color::Black);
    EXPECT_EQ(claim.kind, cmd::ClaimKind::Threefold);
}

TEST_F(ConsoleView, PendingHumanOfferIsAnswered) {
    Snapshot snap = inPhase(Phase::EngineThinking);
    frames(snap, 2);
    EXPECT_FALSE(state_.widgets.count("Accept draw"));
    snap.human_offer_pending = true;
    frames(snap, 1);
    const auto out = click(snap, "Decline");
    ASSERT_EQ(out.size(), 1u);
    EXPECT_FALSE(std::get<cmd::AnswerHumanOffer>(out[0]).accept);
}

// Issue 15 (Art. 9.1, App. C.12): "(=)" typed with the move ticks the offer box before Enter (greyed:
// the mark decides); the move goes to the session with the mark in its text.
TEST_F(ConsoleView, DrawOfferMarkTypedWithTheMoveTicksTheBoxBeforeEnter) {
    const Snapshot snap = inPhase(Phase::HumanToMove);
    frames(snap, 3);
    EXPECT_TRUE(type(snap, "e4").empty());
    frames(snap, 1);
    EXPECT_FALSE(state_.widgets.count("(=) typed with the move"));
    EXPECT_TRUE(type(snap, "(=)").empty());
    frames(snap, 1);
    EXPECT_TRUE(state_.widgets.count("(=) typed with the move")) << "the box ticks before Enter";
    const auto out = pressEnter(snap);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(std::get<cmd::HumanMove>(out[0]).text, "e4(=)");
}

// Issue 15 (Art. 9.1): while the human's offer is pending, the first Enter on "Made on board" asks and
// names the policy's answer; the second plays the move. Without an offer one Enter plays it.
TEST_F(ConsoleView, MadeOnBoardAsksFirstWhileTheHumansOfferIsPending) {
    Snapshot snap = engineMoveShown();
    snap.human_offer_pending = true;
    snap.indication.accept_draw = true;
    frames(snap, 3);
    EXPECT_TRUE(state_.widgets.count("pending offer warning"));
    EXPECT_TRUE(pressEnter(snap).empty()) << "the first Enter only asks";
    EXPECT_TRUE(state_.widgets.count("made confirm"));
    auto out = pressEnter(snap);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<cmd::MadeOnBoard>(out[0]));
    snap.human_offer_pending = false;
    frames(snap, 2);
    EXPECT_FALSE(state_.widgets.count("made confirm"));
    out = pressEnter(snap);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<cmd::MadeOnBoard>(out[0]));
}

// Issue 15: the answer to an offer reads as a condition and stands out only while an offer waits.
TEST_F(ConsoleView, PolicyAnswerIsAConditionUntilTheHumanOffers) {
    Snapshot snap = inPhase(Phase::EngineThinking);
    snap.indication.accept_draw = true;
    frames(snap, 2);
    EXPECT_TRUE(state_.widgets.count("policy if offered"));
    EXPECT_FALSE(state_.widgets.count("policy answer"));
    snap.human_offer_pending = true;
    frames(snap, 2);
    EXPECT_FALSE(state_.widgets.count("policy if offered"));
    EXPECT_TRUE(state_.widgets.count("policy answer"));
}

// Issue 15: what is held back for handling, and a resume's request for the table clock, on the clock
// pane (operator view only).
TEST_F(ConsoleView, ClockPaneShowsTheReserveAndTheResumesRequest) {
    Snapshot snap = inPhase(Phase::EngineThinking);
    frames(snap, 2);
    EXPECT_FALSE(state_.widgets.count("handling reserve"));
    EXPECT_FALSE(state_.widgets.count("resync needed"));
    snap.handling_reserve = oc::session::HandlingReserveView{4s, 88s, 22, 12, 16500ms, false};
    snap.resync_needed = true;
    frames(snap, 2);
    EXPECT_TRUE(state_.widgets.count("handling reserve"));
    EXPECT_TRUE(state_.widgets.count("handling reserve why"));
    EXPECT_TRUE(state_.widgets.count("resync needed"));
    state_.public_display = true;
    state_.widgets.clear();
    frames(snap, 2);
    EXPECT_FALSE(state_.widgets.count("handling reserve"));
}

// E.III 3.4: the engine's resource-change request is a mandatory instruction with one action, shown
// while the engine thinks too; without a request there is no control to change a resource at all.
TEST_F(ConsoleView, EnginesModuleRequestIsAnInstructionTheOperatorConfirms) {
    Snapshot snap = inPhase(Phase::EngineThinking);
    frames(snap, 2);
    EXPECT_FALSE(state_.widgets.count("Module change done"));
    snap.module_request = Snapshot::ModuleRequest{"SyzygyPath", "/tb/6"};
    frames(snap, 1);
    EXPECT_TRUE(enabled("Module change done"));
    const auto out = click(snap, "Module change done");
    ASSERT_EQ(out.size(), 1u);
    EXPECT_TRUE(std::get<cmd::ModuleChange>(out[0]).name.empty());
}

TEST_F(ConsoleView, ResignationForTheComputerNeedsASecondClick) {
    const Snapshot snap = inPhase(Phase::HumanToMove);
    frames(snap, 2);
    EXPECT_TRUE(click(snap, "Resign for the computer").empty());
    const auto out = click(snap, "Confirm: Resign for the computer");
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(std::get<cmd::Resign>(out[0]).side, Color::Black);
}

TEST_F(ConsoleView, TableClockReadingForOneSide) {
    const Snapshot snap = inPhase(Phase::EngineThinking);
    frames(snap, 2);
    EXPECT_FALSE(enabled("Set clocks"));
    click(snap, "##tableblack");
    type(snap, "1:20:05");
    const auto out = click(snap, "Set clocks");
    ASSERT_EQ(out.size(), 1u);
    const auto& sync = std::get<cmd::SyncClock>(out[0]);
    EXPECT_FALSE(sync.white.has_value());
    EXPECT_EQ(sync.black, std::optional<oc::session::Ms>(1h + 20min + 5s));
}

TEST_F(ConsoleView, UnreadableTableClockReadingIsRefusedInTheView) {
    const Snapshot snap = inPhase(Phase::EngineThinking);
    frames(snap, 2);
    click(snap, "##tablewhite");
    type(snap, "soon");
    EXPECT_TRUE(click(snap, "Set clocks").empty());
    EXPECT_NE(state_.rejection.find("1:29:58"), std::string::npos);
    EXPECT_EQ(state_.table_white, "soon");
}

TEST_F(ConsoleView, ArbiterAdjustsAClockWithAReason) {
    const Snapshot snap = inPhase(Phase::HumanToMove);
    state_.tab = oc::ui::LowerTab::Arbiter;
    frames(snap, 2);
    click(snap, "##adjdelta");
    type(snap, "-0:30");
    EXPECT_FALSE(enabled("Apply adjustment")) << "a reason is required";
    click(snap, "##adjreason");
    type(snap, "clock set wrong");
    const auto out = click(snap, "Apply adjustment");
    ASSERT_EQ(out.size(), 1u);
    const auto& adj = std::get<cmd::ArbiterAdjustClock>(out[0]);
    EXPECT_EQ(adj.side, Color::White);
    EXPECT_EQ(adj.delta, -30s);
    EXPECT_EQ(adj.reason, "clock set wrong");
}

TEST_F(ConsoleView, ADifferentMoveMadeOnTheBoardIsReportedWithIt) {
    const Snapshot snap = engineMoveShown();
    state_.tab = oc::ui::LowerTab::Arbiter;
    frames(snap, 2);
    EXPECT_FALSE(state_.widgets.count("##madeinstead")) << "one ruling at a time: the first is shown";
    click(snap, "section Made differently");
    click(snap, "##madeinstead");
    type(snap, "c7c6");
    EXPECT_TRUE(click(snap, "Made instead").empty()) << "a second click confirms";
    const auto out = click(snap, "Confirm: Made instead");
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(std::get<cmd::MadeOnBoard>(out[0]).actual, std::optional<std::string>("c7c6"));
}

TEST_F(ConsoleView, AReportedFlagBringsTheArbiterTabWithItsRuling) {
    Snapshot snap = inPhase(Phase::EngineThinking);
    frames(snap, 2);
    EXPECT_EQ(state_.tab, oc::ui::LowerTab::Draws);
    snap.flag_reported = Color::White;
    frames(snap, 2);
    EXPECT_EQ(state_.tab, oc::ui::LowerTab::Arbiter);
    const std::string rule = "Rule White's flag (seen on the table clock)";
    EXPECT_TRUE(click(snap, rule).empty());
    const auto out = click(snap, "Confirm: " + rule);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(std::get<cmd::ArbiterConfirmFlag>(out[0]).side, Color::White);
}

// IRR-04: an unpromoted pawn needs its move; under 2005 a press without a move is no illegal move.
TEST_F(ConsoleView, ArbiterRulesAnUnpromotedPawnForTheHuman) {
    Snapshot snap = inPhase(Phase::HumanToMove);
    state_.tab = oc::ui::LowerTab::Arbiter;
    ImGui::GetIO().DisplaySize = ImVec2(1280, 2000);  // the whole arbiter pane without scrolling
    frames(snap, 2);
    click(snap, "section At the board");
    frames(snap, 1);
    EXPECT_FALSE(enabled("Rule illegal move")) << "the pawn's move is needed";
    click(snap, "##unpromoted");
    type(snap, "a7a8");
    EXPECT_EQ(state_.illegal_kind_move, "a7a8");
    EXPECT_TRUE(enabled("Rule illegal move"));
    EXPECT_TRUE(click(snap, "Rule illegal move").empty()) << "a second click confirms";
    const auto out = click(snap, "Confirm: Rule illegal move");
    ASSERT_EQ(out.size(), 1u);
    const auto& k = std::get<cmd::ArbiterIllegalKind>(out[0]);
    EXPECT_EQ(k.kind, cmd::IllegalKind::UnpromotedPawn);
    EXPECT_EQ(k.side, Color::White);
    EXPECT_EQ(k.move, "a7a8");
    state_.illegal_kind = 1;  // clock pressed without a move
    snap.setup.edition = oc::rules::Edition::E2005;
    frames(snap, 2);
    EXPECT_FALSE(enabled("Rule illegal move"));
}

// CLK-08: the arrival is one click; the proposed forfeit waits for the arbiter's confirmation.
TEST_F(ConsoleView, LateArrivalAndTheProposedForfeit) {
    Snapshot snap = inPhase(Phase::HumanToMove);
    state_.tab = oc::ui::LowerTab::Arbiter;
    ImGui::GetIO().DisplaySize = ImVec2(1280, 2000);
    frames(snap, 2);
    click(snap, "section Result");
    frames(snap, 1);
    // The rows that fill the pane end at its edge ("Declare"): nothing of ours may be clipped beyond it.
    const float edge = state_.widgets["Declare"].max.x;
    click(snap, "section Arrival");
    frames(snap, 1);
    EXPECT_FALSE(state_.widgets.count("Confirm forfeit")) << "nothing proposed yet";
    auto out = click(snap, "Human arrived");
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(std::get<cmd::Arrival>(out[0]).side, Color::White);
    snap.forfeit_proposed = Color::White;
    frames(snap, 2);
    EXPECT_TRUE(click(snap, "Confirm forfeit").empty());
    out = click(snap, "Confirm: Confirm forfeit");
    ASSERT_EQ(out.size(), 1u);
    EXPECT_TRUE(std::get<cmd::ArbiterForfeit>(out[0]).confirm);
    for (const char* name : {"Human arrived", "Operator arrived", "Arbiter decides otherwise: play on"})
        EXPECT_LE(state_.widgets.at(name).max.x, edge) << name;
    click(snap, "section At the board");
    frames(snap, 1);
    for (const char* name : {"##illegalkind", "##unpromoted", "Rule illegal move"})
        EXPECT_LE(state_.widgets.at(name).max.x, edge) << name;
}

// CLK-08: an arrival already recorded, or a side that has pressed its clock in this session, turns its
// button off, and the pane says why (a button that does nothing without a word is the worst defect).
TEST_F(ConsoleView, ArrivalButtonsOffOnceASideIsAtTheBoard) {
    Snapshot snap = inPhase(Phase::HumanToMove);
    state_.tab = oc::ui::LowerTab::Arbiter;
    ImGui::GetIO().DisplaySize = ImVec2(1280, 2000);
    frames(snap, 2);
    click(snap, "section Arrival");
    frames(snap, 1);
    EXPECT_TRUE(enabled("Human arrived"));
    EXPECT_TRUE(enabled("Operator arrived"));
    EXPECT_FALSE(state_.widgets.count("human arrival closed"));
    snap.arrived[Color::White] = true;
    snap.pressed_this_session[Color::Black] = true;
    frames(snap, 2);
    EXPECT_FALSE(enabled("Human arrived"));
    EXPECT_FALSE(enabled("Operator arrived"));
    EXPECT_TRUE(click(snap, "Human arrived").empty());
    EXPECT_TRUE(click(snap, "Operator arrived").empty());
    EXPECT_EQ(state_.widgets["human arrival closed"].text, "arrival recorded");
    EXPECT_EQ(state_.widgets["operator arrival closed"].text, "has moved: at the board");
}

TEST_F(ConsoleView, SetupStartSendsTheFormThenStart) {
    Snapshot snap = inPhase(Phase::Setup);
    frames(snap, 2);
    const auto out = click(snap, "Start the game");
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(std::get<cmd::UpdateSetup>(out[0]).setup.black, "Stockfish");
    EXPECT_TRUE(std::holds_alternative<cmd::StartGame>(out[1]));
}

// Nothing an operator must reach may be drawn off the window (a clipped button is a missing button).
TEST_F(ConsoleView, EveryControlIsInsideTheWindowInEveryPhase) {
    for (Phase phase :
         {Phase::HumanToMove, Phase::EngineThinking, Phase::EngineMoveShown, Phase::EngineMoveMade,
          Phase::ClaimPending, Phase::Adjourned, Phase::GameOver, Phase::Setup}) {
        for (auto tab : {oc::ui::LowerTab::Draws, oc::ui::LowerTab::Arbiter, oc::ui::LowerTab::Adjourn}) {
            Snapshot snap = phase == Phase::EngineMoveShown ? engineMoveShown() : inPhase(phase);
            snap.flag_reported = Color::White;
            snap.clock_paused = true;
            snap.faster_rate_available = true;
            state_.tab = tab;
            frames(snap, 2);
            for (const auto& [name, w] : state_.widgets) {
                SCOPED_TRACE(name + " in phase " + std::to_string(static_cast<int>(phase)));
                EXPECT_LE(w.max.x, 1280.f);
                EXPECT_GE(w.min.x, 0.f);
            }
        }
    }
}

// At 1280x800 the important controls fit without scrolling: each of the arbiter's rulings (with a flag
// reported, the tallest top), and the Draws tab with a pending offer.
TEST_F(ConsoleView, ArbiterRulingsAndAPendingOfferFitAt1280x800) {
    auto expectAllVisible = [&](const std::string& where) {
        for (const auto& [name, w] : state_.widgets) {
            EXPECT_LE(w.max.y, 800.f - 8.f) << name << " is below the window's edge in " << where;
        }
    };
    Snapshot snap = inPhase(Phase::EngineThinking);
    snap.flag_reported = Color::White;
    state_.tab = oc::ui::LowerTab::Arbiter;
    frames(snap, 2);
    for (const char* section : {"Clock", "Illegal", "At the board", "Correct", "Made differently", "Result",
                                "Arrival", "Consult"}) {
        click(snap, std::string("section ") + section);
        frames(snap, 1);
        expectAllVisible(section);
    }
    snap.flag_reported.reset();
    snap.human_offer_pending = true;
    frames(snap, 2);
    EXPECT_EQ(state_.tab, oc::ui::LowerTab::Draws);
    EXPECT_TRUE(enabled("Accept draw"));
    EXPECT_FALSE(state_.widgets.count("Human: threefold")) << "claims fold while an offer waits";
    expectAllVisible("Draws with a pending offer");
    click(snap, "Claims");
    EXPECT_TRUE(enabled("Human: threefold")) << "one click away";
}

// The side's role never runs into the clock's digits: shortened ("(comp.)") when the pane is narrow.
TEST_F(ConsoleView, ClockRoleLabelsDoNotTouchTheTime) {
    Snapshot snap = engineMoveShown();
    for (float width : {1280.f, 1920.f, 1024.f}) {
        ImGui::GetIO().DisplaySize = ImVec2(width, width * 10.f / 16.f);
        frames(snap, 3);
        for (const char* side : {"white", "black"}) {
            const auto& clock = state_.widgets.at(std::string(side) + " clock");
            EXPECT_LE(clock.max.x, width) << side << " at " << width;
            const auto role = state_.widgets.find(std::string(side) + " role");
            if (width >= 1920.f) {
                EXPECT_NE(role, state_.widgets.end()) << "room for the role at " << width;
            }
            if (role != state_.widgets.end()) {
                EXPECT_LT(role->second.max.x, clock.min.x) << side << " at " << width;
            }
        }
    }
}

// CMP-1.4: castling, en passant and promotion are spelled out in the step prompt, inside the window.
TEST_F(ConsoleView, SpecialMovesAreSpelledOutForTheOperator) {
    Snapshot snap = engineMoveShown();
    frames(snap, 2);
    const float plain = state_.widgets.at("step prompt").max.x;
    snap.engine_move->how = "Long castling: king e8->c8, then rook a8->d8, with ONE hand";
    frames(snap, 2);
    EXPECT_GT(state_.widgets.at("step prompt").max.x, plain + 100.f) << "the castling steps are shown";
    EXPECT_LE(state_.widgets.at("step prompt").max.x, ImGui::GetIO().DisplaySize.x);
    state_.public_display = true;
    frames(snap, 2);
    EXPECT_TRUE(!state_.widgets.count("step prompt") || state_.widgets.at("step prompt").max.x <= plain + 1.f)
        << "never on the public display";
}

// QPF-02..04: the quickplay controls appear only when the session offers them; the arbiter's decision.
TEST_F(ConsoleView, QuickplayControlsOnlyWhenAvailable) {
    Snapshot snap = inPhase(Phase::HumanToMove);
    frames(snap, 2);
    EXPECT_FALSE(state_.widgets.count("Human: quickplay claim (< 2:00)"));
    snap.qpf_applies = true;
    snap.qpf_claim_available[Color::White] = true;
    frames(snap, 1);
    EXPECT_FALSE(state_.widgets.count("Computer: quickplay claim (< 2:00)"));
    const auto out = click(snap, "Human: quickplay claim (< 2:00)");
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(std::get<cmd::ClaimDraw>(out[0]).kind, cmd::ClaimKind::Quickplay);
    snap.qpf_claim_available[Color::White] = false;
    snap.qpf_claimant = Color::White;
    state_.tab = oc::ui::LowerTab::Arbiter;
    frames(snap, 2);
    const auto ruling = click(snap, "QPF: postpone, opponent +2:00");
    ASSERT_EQ(ruling.size(), 1u);
    EXPECT_TRUE(std::get<cmd::ArbiterQuickplay>(ruling[0]).add_two_minutes);
    snap.qpf_provisional = true;  // QPF-04: only the draw (or a declared result) remains
    frames(snap, 2);
    EXPECT_FALSE(state_.widgets.count("QPF: reject (opponent +2:00)"));
    EXPECT_TRUE(state_.widgets.count("QPF: draw"));
}

TEST(BoardPicture, PositionLastMoveAndTheOperatorsSide) {
    Snapshot snap = engineMoveShown();
    const auto picture = oc::ui::boardPicture(snap, false, false);
    EXPECT_EQ(picture.squares[28], 'P');  // e4
    EXPECT_EQ(picture.squares[12], '.');  // e2
    EXPECT_EQ(picture.squares[60], 'k');  // e8
    EXPECT_EQ(picture.highlight_from, 12);
    EXPECT_EQ(picture.highlight_to, 28);
    EXPECT_EQ(picture.pending_from, 50);  // c7
    EXPECT_EQ(picture.pending_to, 34);    // c5
    EXPECT_FALSE(picture.white_at_bottom) << "the computer (Black) sits at the bottom";
    EXPECT_TRUE(oc::ui::boardPicture(snap, true, false).white_at_bottom);
}

// Issue 24 item 3: the human's move the e-board shows is drawn on the operator's board, a green arrow.
TEST_F(ConsoleView, TheBoardsProposedMoveIsDrawnOnTheScreensBoard) {
    Snapshot snap = inPhase(Phase::HumanToMove);
    snap.eboard = oc::session::EboardStatus{};
    snap.eboard->connected = true;
    snap.eboard->proposed_uci = "g1f3";
    const auto picture = oc::ui::boardPicture(snap, false, false);
    EXPECT_EQ(picture.proposed_from, 6);  // g1
    EXPECT_EQ(picture.proposed_to, 21);   // f3
    EXPECT_EQ(oc::ui::boardPicture(snap, false, true).proposed_from, -1) << "not on the public display";
    // The arrow's colour is in the frame's vertices with a proposal, and absent without one.
    const auto greenDrawn = [] {
        const ImDrawData* data = ImGui::GetDrawData();
        for (int l = 0; data && l < data->CmdListsCount; ++l)
            for (const ImDrawVert& v : data->CmdLists[l]->VtxBuffer)
                if (v.col == IM_COL32(30, 160, 60, 210)) return true;
        return false;
    };
    frames(snap, 2);
    EXPECT_TRUE(greenDrawn());
    snap.eboard->proposed_uci.clear();
    frames(snap, 2);
    EXPECT_FALSE(greenDrawn());
}

// Issue 34 item 1: the board's move in the box (as the shell puts it) waits for the human's press. Enter
// does the step that is due (Recorded) and enters nothing; only the explicit override enters it.
Snapshot boardProposes(const std::string& uci, const std::string& text) {
    Snapshot snap = inPhase(Phase::HumanToMove);
    snap.eboard = oc::session::EboardStatus{};
    snap.eboard->connected = true;
    snap.eboard->proposed_uci = uci;
    snap.entry_moves = {{uci, text}, {"g1f3", "Nf3"}};
    return snap;
}

TEST_F(ConsoleView, TheBoardsMoveInTheBoxWaitsForTheHumansPress) {
    Snapshot snap = boardProposes("d2d4", "d4");
    snap.previous_unrecorded = true;
    state_.move_text = "d4";
    ++state_.move_box_generation;
    frames(snap, 3);
    EXPECT_EQ(state_.widgets["banner state"].text.rfind("HUMAN TO MOVE on the board", 0), 0u)
        << state_.widgets["banner state"].text;
    ASSERT_TRUE(state_.widgets.count("board move waits"));
    EXPECT_FALSE(enabled("Enter move")) << "the button would enter the move before the press";
    const auto entered = pressEnter(snap);
    ASSERT_EQ(entered.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<cmd::Recorded>(entered[0])) << "Enter does the step that is due";
    snap.previous_unrecorded = false;
    EXPECT_TRUE(pressEnter(snap).empty()) << "nothing is due: Enter does nothing";
    const auto forced = click(snap, "Enter without the press");
    ASSERT_EQ(forced.size(), 1u);
    EXPECT_EQ(std::get<cmd::HumanMove>(forced[0]).text, "d4");
    EXPECT_TRUE(state_.press_override) << "the shell journals the override";
}

// Typing over the board's move makes the box the operator's again: Enter enters what he typed.
TEST_F(ConsoleView, TypingOverTheBoardsMoveEntersIt) {
    Snapshot snap = boardProposes("d2d4", "d4");
    frames(snap, 3);
    type(snap, "Nf3");
    EXPECT_FALSE(state_.widgets.count("board move waits"));
    const auto out = pressEnter(snap);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(std::get<cmd::HumanMove>(out[0]).text, "Nf3");
    EXPECT_FALSE(state_.press_override);
}

// Issue 34 item 4: the human's press with no legal move is red, and the ruling is one click away.
TEST_F(ConsoleView, APressWithNoLegalMoveIsRedAndOneClickFromTheRuling) {
    Snapshot snap = inPhase(Phase::HumanToMove);
    snap.eboard = oc::session::EboardStatus{};
    snap.eboard->connected = true;
    snap.eboard->stray_press =
        "the human pressed the clock after an illegal move (a1-a3): call the arbiter (Art. 7.5)";
    frames(snap, 2);
    EXPECT_EQ(state_.widgets["banner eboard"].text, snap.eboard->stray_press);
    click(snap, "Arbiter: rule it");
    EXPECT_EQ(state_.tab, oc::ui::LowerTab::Arbiter);
    EXPECT_EQ(state_.illegal_kind, static_cast<int>(cmd::IllegalKind::BoardMove));
    EXPECT_EQ(state_.illegal_kind_side, 0);
    frames(snap, 2);
    EXPECT_EQ(state_.widgets["##illegalkind"].text, "illegal move completed on the board");
    ASSERT_TRUE(state_.widgets.count("Rule illegal move"));
    EXPECT_TRUE(enabled("Rule illegal move"));
    snap.eboard->stray_press_no_move = true;
    frames(snap, 1);
    click(snap, "Arbiter: rule it");
    EXPECT_EQ(state_.illegal_kind, static_cast<int>(cmd::IllegalKind::ClockWithoutMove));
}

// Issue 34 items 6 and 8: "Made on board" cannot record a move the board contradicts, and a human move
// made out of turn is named as the human's, not as the operator's mistake.
TEST_F(ConsoleView, MadeOnBoardWaitsWhileTheBoardShowsAnotherMove) {
    Snapshot snap = engineMoveShown();
    snap.eboard = oc::session::EboardStatus{};
    snap.eboard->connected = true;
    snap.eboard->computer_move_wrong = true;
    snap.eboard->fault = "a wrong piece or square";
    snap.eboard->differences = {"h6 should be empty"};
    frames(snap, 2);
    EXPECT_FALSE(enabled("Made on board"));
    ASSERT_TRUE(state_.widgets.count("made blocked by the board"));
    EXPECT_TRUE(pressEnter(snap).empty());
    snap.eboard->human_out_of_turn = true;
    frames(snap, 2);
    EXPECT_EQ(state_.widgets["banner state"].text, "THE HUMAN MOVED OUT OF TURN: call the arbiter");
    snap.eboard->computer_move_wrong = false;
    snap.eboard->human_out_of_turn = false;
    frames(snap, 2);
    EXPECT_TRUE(enabled("Made on board"));
}

// Issue 34 item 16: a turned board is said on the status line.
TEST_F(ConsoleView, ATurnedBoardIsSaidOnTheStatusLine) {
    Snapshot snap = inPhase(Phase::HumanToMove);
    snap.eboard = oc::session::EboardStatus{};
    snap.eboard->connected = true;
    snap.eboard->port = "/dev/ttyACM0";
    snap.eboard->serial = "24024";
    snap.eboard->version = "1.8";
    snap.eboard->turned = true;
    frames(snap, 2);
    EXPECT_NE(state_.widgets["banner eboard"].text.find("turned (Black's side by the cable)"),
              std::string::npos)
        << state_.widgets["banner eboard"].text;
}

// Issue 34 item 12: the setup screen shows the board before the start: a missing queen, and what enters
// the human's move.
TEST_F(ConsoleView, TheSetupScreenShowsTheBoard) {
    Snapshot snap = inPhase(Phase::Setup);
    snap.eboard = oc::session::EboardStatus{};
    snap.eboard->connected = true;
    snap.eboard->differences = {"the white queen on d1 is missing"};
    frames(snap, 2);
    ASSERT_TRUE(state_.widgets.count("banner eboard"));
    EXPECT_NE(state_.widgets["banner eboard"].text.find("the white queen on d1 is missing"),
              std::string::npos)
        << state_.widgets["banner eboard"].text;
    EXPECT_EQ(state_.widgets["setup eboard commit"].text,
              "E-board moves: the human's press of the clock enters his move");
    ASSERT_TRUE(state_.widgets.count("Start the game"));
    EXPECT_LE(state_.widgets["Start the game"].max.y, ImGui::GetIO().DisplaySize.y) << "Start still fits";
}

// Issue 34 item 18: the scoresheet paper from the window; the shell writes it and says where.
TEST_F(ConsoleView, TheScoresheetPaperIsOneClickAway) {
    Snapshot snap = engineMoveShown();
    frames(snap, 2);
    ASSERT_TRUE(enabled("Write scoresheet PDF"));
    click(snap, "Write scoresheet PDF");
    EXPECT_TRUE(state_.scoresheet_pdf_requested);
    state_.scoresheet_pdf_note = "Written: /tmp/game-scoresheet.pdf";
    frames(snap, 2);
    EXPECT_EQ(state_.widgets["scoresheet pdf note"].text, "Written: /tmp/game-scoresheet.pdf");
}

}  // namespace
