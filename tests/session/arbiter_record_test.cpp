// Issue 22: the arbiter's record. Every answer to a draw offer is a `draw_answer` record (E.III 3.2-3.3),
// also when the journal was cut between the answer and it; field (g) of the envelope is journalled and
// survives a restart; the journal's locked setup is the last one before the first move.
#include <gtest/gtest.h>

#include "session/journal_sink.hpp"
#include "session_test_util.hpp"

namespace oc::session {
namespace {

using nlohmann::json;
using testing::fakeSetup;
using testing::runScript;
using testing::t0;

std::vector<json> ofType(const std::vector<json>& records, const std::string& type) {
    std::vector<json> out;
    for (const auto& r : records)
        if (r.value("type", "") == type) out.push_back(r);
    return out;
}

// The human offers with 1. e4; the indication says ACCEPT; the operator plays the computer's move.
const char* kDeclinedByMove =
    "setup policy.accept_over_moves=1\n"
    "start\n"
    "engine e7e5 cp -50\n"
    "move e4 offer\n"
    "until engine-move-shown\n"
    "expect indication accept yes\n"
    "made\n"
    "expect offer human no\n";

TEST(DrawAnswer, TheComputersMoveDecliningAgainstTheIndicationIsOnTheRecord) {
    auto run = runScript(kDeclinedByMove, fakeSetup());
    ASSERT_TRUE(run.result.ok) << run.result.error;
    auto answers = ofType(run.records, "draw_answer");
    ASSERT_EQ(answers.size(), 1u);
    const json& a = answers[0];
    EXPECT_EQ(a["by"], "black");
    EXPECT_EQ(a["offer_by"], "white");
    EXPECT_EQ(a["answer"], "decline");
    EXPECT_EQ(a["how"], "move");
    EXPECT_EQ(a["indication"], "accept");
    EXPECT_EQ(a["followed"], false);
    // It follows the record that answered, at the same time.
    for (std::size_t i = 1; i < run.records.size(); ++i)
        if (run.records[i]["type"] == "draw_answer") {
            EXPECT_EQ(run.records[i - 1]["type"], "made");
            EXPECT_EQ(run.records[i - 1]["t"], run.records[i]["t"]);
        }
}

TEST(DrawAnswer, AJournalCutBeforeItGetsItOnceAtTheResume) {
    auto run = runScript(kDeclinedByMove, fakeSetup());
    ASSERT_TRUE(run.result.ok) << run.result.error;
    std::vector<json> cut;
    for (const auto& r : run.records) {
        if (r["type"] == "draw_answer") break;  // the power failed right after the answering record
        cut.push_back(r);
    }
    ASSERT_EQ(cut.back()["type"], "made");
    MemorySink sink;
    sink.records = cut;
    FakeEngine engine{legalMovesAfter, 1};
    auto s = Session::restore(cut, sink, engine);
    ASSERT_TRUE(s) << s.error();
    ASSERT_TRUE((*s)->recordResume("test", 42, (*s)->lastRecordTime()));
    auto added =
        std::vector<json>(sink.records.begin() + static_cast<std::ptrdiff_t>(cut.size()), sink.records.end());
    ASSERT_EQ(added.size(), 2u);
    EXPECT_EQ(added[0]["type"], "console_resumed");  // the resume is always the first new record
    EXPECT_EQ(added[1]["type"], "draw_answer");
    EXPECT_EQ(added[1]["indication"], "accept");

    // Resumed again from the completed journal: nothing more is added.
    MemorySink again;
    again.records = sink.records;
    auto s2 = Session::restore(sink.records, again, engine);
    ASSERT_TRUE(s2) << s2.error();
    ASSERT_TRUE((*s2)->recordResume("test", 43, (*s2)->lastRecordTime()));
    EXPECT_EQ(again.records.size(), sink.records.size() + 1);
    EXPECT_EQ(ofType(again.records, "draw_answer").size(), 1u);
}

TEST(DrawAnswer, AKeyChangeAndAResumeBeforeItLeaveItDue) {
    // Resumed on another computer (the journal's key change, then console_resumed), and stopped again
    // before the draw_answer was written: the next resume still owes it.
    auto run = runScript(kDeclinedByMove, fakeSetup());
    ASSERT_TRUE(run.result.ok) << run.result.error;
    std::vector<json> cut;
    for (const auto& r : run.records) {
        if (r["type"] == "draw_answer") break;
        cut.push_back(r);
    }
    const json t = cut.back()["t"];
    cut.push_back({{"type", "signing_key_changed"}, {"t", t}, {"signing_key", std::string(64, 'a')}});
    cut.push_back({{"type", "console_resumed"}, {"t", t}, {"program", "test"}, {"resumed_from_seq", 40}});
    MemorySink sink;
    sink.records = cut;
    FakeEngine engine{legalMovesAfter, 1};
    auto s = Session::restore(cut, sink, engine);
    ASSERT_TRUE(s) << s.error();
    ASSERT_TRUE((*s)->recordResume("test", 43, (*s)->lastRecordTime()));
    auto added =
        std::vector<json>(sink.records.begin() + static_cast<std::ptrdiff_t>(cut.size()), sink.records.end());
    ASSERT_EQ(added.size(), 2u);
    EXPECT_EQ(added[1]["type"], "draw_answer");
}

TEST(DrawAnswer, AJournalWithoutTheRecordStillReplays) {
    auto run = runScript(kDeclinedByMove + std::string("until human-to-move\nresign white\n"), fakeSetup());
    ASSERT_TRUE(run.result.ok) << run.result.error;
    std::vector<json> old;
    for (const auto& r : run.records)
        if (r["type"] != "draw_answer") old.push_back(r);
    MemorySink sink;
    FakeEngine engine{legalMovesAfter, 1};
    auto s = Session::restore(old, sink, engine);
    ASSERT_TRUE(s) << s.error();
    EXPECT_EQ((*s)->snapshot((*s)->lastRecordTime()).result, "0-1");
}

// The computer offers a draw with its second move (E.III 3.3: on its indication); the human has not answered.
const char* kComputerOffers =
    "setup policy.accept_over_moves=1 policy.offer_after_move=1 policy.offer_within_cp=100\n"
    "start\n"
    "engine e7e5 cp 0\n"
    "move e4\n"
    "until engine-move-made\n"
    "computer-offer\n"
    "until human-to-move\n"
    "expect offer computer yes\n";

json onlyAnswer(const std::string& script) {
    auto run = runScript(kComputerOffers + script, fakeSetup());
    EXPECT_TRUE(run.result.ok) << run.result.error;
    auto answers = ofType(run.records, "draw_answer");
    EXPECT_EQ(answers.size(), 1u) << script;
    return answers.empty() ? json{} : answers[0];
}

// Art. 9.1.2: the game ends while the offer stands; it lapses, answered by no one.
TEST(DrawAnswer, AnOfferPendingWhenTheGameEndsLapses) {
    const json a = onlyAnswer("resign white\nexpect result 0-1\n");
    EXPECT_EQ(a["offer_by"], "black");
    EXPECT_EQ(a["answer"], "lapsed");
    EXPECT_EQ(a["how"], "game-over");
    EXPECT_FALSE(a.contains("indication"));  // no one answered: there is nothing to follow
}

// Guidelines I.1.1: the human seals instead of answering; his sealed move, played at the resumption, rejects
// the offer like any move of his (Art. 9.1.2).
TEST(DrawAnswer, TheHumansSealedMovePlayedAtTheResumptionDeclines) {
    const json a = onlyAnswer("seal\nseal-human\nresume-human Nf3\nexpect phase engine-thinking\n");
    EXPECT_EQ(a["by"], "white");
    EXPECT_EQ(a["answer"], "decline");
    EXPECT_EQ(a["how"], "move");
}

// Art. 7.5: the arbiter reinstates the position before the computer's move that came with the offer.
TEST(DrawAnswer, AnOfferWhosePositionIsReinstatedLapses) {
    const json a = onlyAnswer("arbiter illegal 2\nexpect offer computer no\n");
    EXPECT_EQ(a["answer"], "lapsed");
    EXPECT_EQ(a["how"], "reinstated");
}

// Guidelines I.2(g): what the arbiter typed for the envelope is in the journal, so a restart keeps it.
TEST(EnvelopeResumption, TheTypedTextSurvivesARestart) {
    const char* script =
        "start\n"
        "engine e7e5\n"
        "move e4\n"
        "seal\n"
        "until engine-move-shown\n"
        "seal-computer arbiter-secret fast\n";
    testing::Game g(fakeSetup());
    auto steps = parseScript(script, rules::Color::Black);
    ASSERT_TRUE(steps);
    DriverOptions opt;
    opt.human = HumanKind::Script;
    opt.script = *steps;
    opt.scripted_engine = &g.engine;
    Driver d(*g.session, g.engine, opt, t0());
    ASSERT_TRUE(d.run().ok);
    auto& s = *g.session;
    ASSERT_EQ(s.snapshot(d.now()).phase, Phase::Adjourned);
    ASSERT_TRUE(s.dispatch(cmd::EnvelopeResumption{"2 Dec 2026, 10:00, Hall B"}, d.now()));
    const auto written = g.sink.records.size();
    ASSERT_TRUE(s.dispatch(cmd::EnvelopeResumption{"2 Dec 2026, 10:00, Hall B"}, d.now()));
    EXPECT_EQ(g.sink.records.size(), written) << "the same text again writes nothing";

    MemorySink sink;
    FakeEngine engine{legalMovesAfter, 1};
    auto restored = Session::restore(g.sink.records, sink, engine);
    ASSERT_TRUE(restored) << restored.error();
    EXPECT_EQ((*restored)->snapshot(d.now()).envelope_resumption, "2 Dec 2026, 10:00, Hall B");
    auto form = (*restored)->adjournmentForm(d.now());
    ASSERT_TRUE(form);
    EXPECT_EQ(form->resumption, "2 Dec 2026, 10:00, Hall B");
    EXPECT_EQ(form->adjournment, 1);
}

TEST(EnvelopeResumption, RefusedWhenTheGameIsNotAdjourned) {
    testing::Game g(fakeSetup());
    ASSERT_TRUE(g.session->dispatch(cmd::StartGame{}, t0()));
    auto r = g.session->dispatch(cmd::EnvelopeResumption{"tomorrow"}, t0());
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("not adjourned"), std::string::npos);
    EXPECT_TRUE(ofType(g.sink.records, "resumption_text").empty());
}

// E.III 2.2, 3.4: the setup in force from the first move is the last setup record before it.
TEST(JournalSetup, IsTheLockedSetupNotTheFirstRecord) {
    auto run = runScript(
        "setup language=pl ui_language=pl\nstart\nengine e7e5\nmove e4\nuntil human-to-move\n", fakeSetup());
    ASSERT_TRUE(run.result.ok) << run.result.error;
    ASSERT_EQ(ofType(run.records, "setup").size(), 2u);
    auto setup = journalSetup(run.records);
    ASSERT_TRUE(setup) << setup.error();
    EXPECT_EQ(setup->ui_language, "pl");
    EXPECT_EQ(setup->language, "pl");
}

}  // namespace
}  // namespace oc::session
