// The announcer on a real session with the in-process fake engine: what it says follows what the
// operator's snapshot shows, never the engine, and never a sealed move.
#include "speech/announcer.hpp"

#include <gtest/gtest.h>

#include "session_test_util.hpp"

namespace oc::speech {
namespace {

using namespace std::chrono_literals;
using rules::Color;
using session::cmd::HumanMove;
using session::testing::fakeSetup;
using session::testing::t0;
namespace cmd = session::cmd;

std::vector<std::string> texts(const std::vector<Announcement>& as) {
    std::vector<std::string> out;
    for (const auto& a : as) out.push_back(a.text);
    return out;
}

struct Table {
    session::testing::Game game;
    Announcer announcer;
    session::TimePoint now = t0();
    Table(SpeechMode mode, const std::string& lang, const std::string& ui_lang = "")
        : game(setupIn(lang, ui_lang)), announcer(mode, false) {}
    static event::EventSetup setupIn(const std::string& lang, const std::string& ui_lang) {
        auto s = fakeSetup();
        s.language = lang;
        s.ui_language = ui_lang;
        return s;
    }
    // What the announcer says after the operator's view has been redrawn.
    std::vector<std::string> frame() { return texts(announcer.update(game.session->snapshot(now))); }
    bool dispatch(const session::Command& c) { return game.session->dispatch(c, now += 1s).has_value(); }
    // Lets the engine answer: every poll is a redrawn frame, as in the console.
    std::vector<std::string> engineAnswers() {
        std::vector<std::string> said;
        while (auto due = game.engine.nextDue()) {
            now = *due;
            game.session->poll(now);
            for (auto& t : frame()) said.push_back(t);
        }
        return said;
    }
};

TEST(Announcer, ComputerModeSpeaksTheComputersMoveOnceWhenShown) {
    Table t(SpeechMode::Computer, "pl");
    EXPECT_TRUE(t.frame().empty());
    ASSERT_TRUE(t.dispatch(cmd::StartGame{}));
    t.game.engine.queueMove("g8f6", 35);
    ASSERT_TRUE(t.dispatch(HumanMove{"e4"}));
    EXPECT_TRUE(t.frame().empty());  // the human's move is not read back in this mode
    EXPECT_EQ(t.engineAnswers(), std::vector<std::string>{"skoczek f6"});
    EXPECT_TRUE(t.frame().empty());  // once
    ASSERT_TRUE(t.dispatch(cmd::MadeOnBoard{}));
    ASSERT_TRUE(t.dispatch(cmd::ClockPressed{}));
    EXPECT_TRUE(t.frame().empty());  // making and pressing it says nothing new
    auto again = t.announcer.computerMoveAgain(t.game.session->snapshot(t.now));
    ASSERT_TRUE(again);
    EXPECT_EQ(again->text, "skoczek f6");  // on the key, from the scoresheet
}

TEST(Announcer, AllModeReadsBackTheHumansMoveAndTheEvents) {
    Table t(SpeechMode::All, "en");
    t.frame();
    ASSERT_TRUE(t.dispatch(cmd::StartGame{}));
    t.game.engine.queueMove("e7e5");
    ASSERT_TRUE(t.dispatch(HumanMove{"Nf3"}));
    EXPECT_EQ(t.frame(), std::vector<std::string>{"knight f3"});
    EXPECT_EQ(t.engineAnswers(), std::vector<std::string>{"e5"});
    ASSERT_TRUE(t.dispatch(cmd::MadeOnBoard{}));
    ASSERT_TRUE(t.dispatch(cmd::ClockPressed{}));
    t.frame();
    ASSERT_TRUE(t.dispatch(cmd::ArbiterPause{}));
    EXPECT_EQ(t.frame(), std::vector<std::string>{"The arbiter has stopped the clocks"});
    ASSERT_TRUE(t.dispatch(cmd::ArbiterResume{}));
    EXPECT_EQ(t.frame(), std::vector<std::string>{"The clocks are running again"});
    ASSERT_TRUE(t.dispatch(cmd::ReportFlag{Color::Black}));
    EXPECT_EQ(t.frame(), std::vector<std::string>{"Black has overstepped the time: flag fall reported"});
    ASSERT_TRUE(t.dispatch(cmd::Resign{Color::Black}));
    EXPECT_EQ(t.frame(), std::vector<std::string>{"White wins"});
}

TEST(Announcer, DrawOfferIsAnnouncedWhenMade) {
    Table t(SpeechMode::All, "pl");
    t.frame();
    ASSERT_TRUE(t.dispatch(cmd::StartGame{}));
    t.game.engine.queueMove("e7e5");
    ASSERT_TRUE(t.dispatch(HumanMove{"e4", std::nullopt, true}));  // "e4 (=)"
    EXPECT_EQ(t.frame(), (std::vector<std::string>{"e4", "Białe proponują remis"}));
}

// A Persian event writes English SAN (ui_language fa, notation en) and hears Persian words.
TEST(Announcer, APersianEventHearsPersian) {
    Table t(SpeechMode::All, "en", "fa");
    t.frame();
    ASSERT_TRUE(t.dispatch(cmd::StartGame{}));
    t.game.engine.queueMove("g8f6");
    ASSERT_TRUE(t.dispatch(HumanMove{"Nf3", std::nullopt, true}));  // "Nf3 (=)"
    const auto said = t.announcer.update(t.game.session->snapshot(t.now));
    ASSERT_EQ(said.size(), 2u);
    EXPECT_EQ(said[0].text, "اسب اِف ۳");
    EXPECT_EQ(said[1].text, "سفید پیشنهاد تساوی می‌دهد");
    EXPECT_EQ(said[0].language, SpeechLanguage::Fa);
    EXPECT_EQ(t.engineAnswers(), std::vector<std::string>{"اسب اِف ۶"});
    auto clocks = t.announcer.movesAndClocks(t.game.session->snapshot(t.now));
    EXPECT_TRUE(clocks.text.starts_with("حرکت ۱. سفید ")) << clocks.text;
}

TEST(Announcer, OffSaysNothing) {
    Table t(SpeechMode::Off, "en");
    ASSERT_TRUE(t.dispatch(cmd::StartGame{}));
    ASSERT_TRUE(t.dispatch(HumanMove{"e4"}));
    EXPECT_TRUE(t.frame().empty());
    EXPECT_TRUE(t.engineAnswers().empty());
}

TEST(Announcer, ASealedComputerMoveIsNeverSpoken) {
    Table t(SpeechMode::All, "en");
    t.frame();
    ASSERT_TRUE(t.dispatch(cmd::StartGame{}));
    t.game.engine.queueMove("g8f6");
    ASSERT_TRUE(t.dispatch(HumanMove{"e4"}));
    EXPECT_EQ(t.frame(), std::vector<std::string>{"e4"});
    ASSERT_TRUE(t.dispatch(cmd::RequestSeal{}));  // Guidelines I.1: the move chosen now is sealed
    EXPECT_TRUE(t.engineAnswers().empty());
    EXPECT_TRUE(t.frame().empty());
    EXPECT_FALSE(t.announcer.computerMoveAgain(t.game.session->snapshot(t.now)));
}

TEST(Announcer, MovesAndClocksOnTheKey) {
    Table t(SpeechMode::Computer, "en");
    ASSERT_TRUE(t.dispatch(cmd::StartGame{}));
    t.now += 61s;  // White's clock runs
    auto a = t.announcer.movesAndClocks(t.game.session->snapshot(t.now));
    EXPECT_EQ(a.text, "Move 1. White 1 hour 28 minutes 59 seconds. Black 1 hour 30 minutes.");
}

}  // namespace
}  // namespace oc::speech
