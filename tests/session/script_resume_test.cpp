// scriptResumePoint: where a killed scripted run continues, from the records after its last script line.
#include "sim/script_resume.hpp"

#include <gtest/gtest.h>

#include "event/event_setup.hpp"

namespace oc::session {

using namespace oc::sim;  // the simulated operator and engine drive these tests
namespace {

using nlohmann::json;

const char* kScript =
    "start\n"                        // line 1, step 0
    "engine e7e5\n"                  // line 2, step 1
    "engine g8f6\n"                  // line 3, step 2
    "+10s move e4\n"                 // line 4, step 3
    "wait 1m\n"                      // line 5, step 4
    "!pressed\n"                     // line 6, step 5
    "expect phase human-to-move\n";  // line 7, step 6

std::vector<ScriptStep> steps() {
    return *parseScript(kScript, rules::Color::Black);
}

json rec(const std::string& type, std::int64_t t, json extra = json::object()) {
    extra["type"] = type;
    extra["t"] = t;
    return extra;
}

json line(int n, std::int64_t t, int attempt = 0) {
    json r = rec("script_line", t, {{"line", n}});
    if (attempt > 0) r["attempt"] = attempt;
    return r;
}

std::vector<json> game() {
    event::EventSetup s;
    s.computer_side = rules::Color::Black;
    s.time_control = "90m+30s";
    return {rec("setup", 1000, {{"setup", event::toJson(s)}}), rec("script", 1000, {{"digest", "d1"}})};
}

ScriptResume point(const std::vector<json>& records) {
    auto p = scriptResumePoint(records, steps(), "d1");
    EXPECT_TRUE(p) << (p ? "" : p.error());
    return p.value_or(ScriptResume{});
}

TEST(ScriptResume, AnotherScriptOrNoScriptIsRefused) {
    auto p = scriptResumePoint(game(), steps(), "d2");
    ASSERT_FALSE(p);
    EXPECT_NE(p.error().find("another script"), std::string::npos);
    std::vector<json> random_game{game()[0], rec("start", 1000)};
    auto q = scriptResumePoint(random_game, steps(), "d1");
    ASSERT_FALSE(q);
    EXPECT_NE(q.error().find("not played from a script"), std::string::npos);
}

TEST(ScriptResume, KilledBeforeTheFirstLineStartsAtTheTop) {
    auto p = point(game());
    EXPECT_TRUE(p.script_journalled);
    EXPECT_EQ(p.next_step, 0u);
    EXPECT_FALSE(p.timing_applied);
    EXPECT_EQ(p.start, TimePoint(std::chrono::milliseconds(1000)));
}

// The records of a run killed after `upto` of these events (script lines and the game's records).
std::vector<json> killedAfter(std::size_t upto, std::vector<json> extra = {}) {
    std::vector<json> events{line(1, 1000),
                             rec("start", 1000),
                             line(2, 1000),
                             line(3, 1000),
                             line(4, 11000),
                             rec("human_move", 11000),
                             rec("go", 11000, {{"search", 1}, {"wtime", 5400000}, {"btime", 5400000}}),
                             line(5, 71000),
                             line(6, 71000),
                             rec("refused", 71000, {{"reason", "press after the move is made"}}),
                             line(7, 71000)};
    auto r = game();
    r.insert(r.end(), events.begin(), events.begin() + static_cast<std::ptrdiff_t>(upto));
    r.insert(r.end(), extra.begin(), extra.end());
    return r;
}

TEST(ScriptResume, ACommandWithoutItsRecordIsDispatchedAgainButItsTimeDoesNotPassAgain) {
    auto p = point(killedAfter(5));
    EXPECT_EQ(p.next_step, 3u);
    EXPECT_TRUE(p.timing_applied);
    EXPECT_TRUE(p.line_journalled);
    EXPECT_EQ(p.now, TimePoint(std::chrono::milliseconds(11000)));
    EXPECT_EQ(p.queued_engine_steps, (std::vector<std::size_t>{1, 2}));
}

TEST(ScriptResume, EngineRecordsAreNeverACommandsOutcome) {
    // A resumed run's engine chose its withheld move again (CMP-3.5) before the command was dispatched.
    auto p = point(killedAfter(5, {rec("go", 11000), rec("engine_move_withheld", 11000)}));
    EXPECT_EQ(p.next_step, 3u);
    EXPECT_TRUE(p.line_journalled);
}

TEST(ScriptResume, ACommandWithItsRecordIsDone) {
    auto p = point(killedAfter(6));
    EXPECT_EQ(p.next_step, 4u);
    EXPECT_FALSE(p.timing_applied);
    EXPECT_FALSE(p.line_journalled);
}

TEST(ScriptResume, EngineAnswersAndWaitsAreDoneOnceJournalled) {
    auto p = point(killedAfter(3));  // "engine e7e5" journalled: its answer is queued
    EXPECT_EQ(p.next_step, 2u);
    EXPECT_EQ(p.queued_engine_steps, (std::vector<std::size_t>{1}));
    p = point(killedAfter(8));  // "wait 1m": its time is in its record
    EXPECT_EQ(p.next_step, 5u);
    EXPECT_EQ(p.now, TimePoint(std::chrono::milliseconds(71000)));
}

TEST(ScriptResume, AnExpectedRefusalIsDoneAndRemembered) {
    auto p = point(killedAfter(10));
    EXPECT_EQ(p.next_step, 6u);
    EXPECT_EQ(p.last_rejection, "press after the move is made");
}

TEST(ScriptResume, ChecksRunAgain) {
    auto p = point(killedAfter(11));
    EXPECT_EQ(p.next_step, 6u);
    EXPECT_TRUE(p.line_journalled);  // not written twice
}

TEST(ScriptResume, ARefusedCommandIsRetriedAfterTheRoutineStep) {
    auto refused = rec("refused", 11000, {{"reason", "not the human's turn"}});
    auto p = point(killedAfter(5, {refused}));
    EXPECT_EQ(p.next_step, 3u);
    EXPECT_TRUE(p.routine_due);
    EXPECT_EQ(p.attempt, 1);
    EXPECT_FALSE(p.line_journalled);  // the retry gets its own script_line record
    EXPECT_EQ(p.last_rejection, "not the human's turn");
    p = point(killedAfter(5, {refused, rec("made", 12000)}));
    EXPECT_FALSE(p.routine_due);  // the routine step is journalled: next, the retry
    p = point(killedAfter(5, {refused, rec("made", 12000), line(4, 12000, 1)}));
    EXPECT_EQ(p.attempt, 1);
    EXPECT_TRUE(p.line_journalled);
}

TEST(ScriptResume, TheRunningSearchContinuesWithItsDueTime) {
    auto p = point(killedAfter(7));
    ASSERT_TRUE(p.search_due);
    EXPECT_EQ(*p.search_due, TimePoint(std::chrono::milliseconds(11000 + 5400000 / 30)));
    ASSERT_TRUE(p.last_search);
    EXPECT_EQ(p.last_search->go.btime, Ms(5400000));
    // A restored run's own go for that search changes nothing; a simulated crash adds 150 ms.
    auto again = rec("go", 20000, {{"search", 1}, {"wtime", 5390000}, {"btime", 5390000}});
    auto crash = rec("engine_fault", 20000, {{"what", "crash while Searching (simulated)"}});
    p = point(killedAfter(7, {again, crash}));
    EXPECT_EQ(*p.search_due, TimePoint(std::chrono::milliseconds(11000 + 5400000 / 30 + 150)));
    EXPECT_EQ(p.last_search->go.btime, Ms(5400000));
    EXPECT_TRUE(p.restart_due);
}

TEST(ScriptResume, AnswersAreConsumedInOrderAndAWithheldChoiceIsMadeAgain) {
    auto p = point(killedAfter(7, {rec("engine_move", 191000, {{"uci", "e7e5"}})}));
    EXPECT_EQ(p.queued_engine_steps, (std::vector<std::size_t>{2}));
    EXPECT_FALSE(p.search_due);
    p = point(killedAfter(7, {rec("engine_move_withheld", 191000)}));
    EXPECT_TRUE(p.rechoose);  // CMP-3.5: the choice was in memory only
    EXPECT_EQ(p.queued_engine_steps, (std::vector<std::size_t>{1, 2}));
    EXPECT_TRUE(p.search_due);
    auto withheld = rec("engine_move_withheld", 191000);
    p = point(killedAfter(7, {withheld, rec("go", 191000), withheld, rec("go", 191000), withheld}));
    EXPECT_EQ(p.queued_engine_steps, (std::vector<std::size_t>{1, 2}));  // chosen again, same answer
    p = point(killedAfter(7, {withheld, rec("sealed", 192000)}));
    EXPECT_FALSE(p.rechoose);
    EXPECT_EQ(p.queued_engine_steps, (std::vector<std::size_t>{2}));
}

TEST(ScriptResume, AnEngineRequestIsDoneOnceTheSessionHasIt) {
    auto script = *parseScript("start\nengine-request Hash 64\nexpect plies 0\n", rules::Color::Black);
    auto r = game();
    r.push_back(line(1, 1000));
    r.push_back(rec("start", 1000));
    r.push_back(line(2, 1000));
    auto p = scriptResumePoint(r, script, "d1");
    ASSERT_TRUE(p);
    EXPECT_EQ(p->next_step, 1u);  // lost with the process: asked again
    r.push_back(rec("engine_request", 1000, {{"name", "Hash"}, {"value", "64"}}));
    p = scriptResumePoint(r, script, "d1");
    ASSERT_TRUE(p);
    EXPECT_EQ(p->next_step, 2u);
}

}  // namespace
}  // namespace oc::session
