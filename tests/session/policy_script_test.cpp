#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "clock/tc_format.hpp"
#include "event/draw_policy.hpp"
#include "sim/operator_delay.hpp"
#include "sim/script.hpp"

namespace oc::session {

using namespace oc::sim;  // the simulated operator and engine drive these tests
namespace {

using namespace std::chrono_literals;

std::vector<event::Evaluation> evals(std::initializer_list<int> cps) {
    std::vector<event::Evaluation> out;
    for (int cp : cps) out.push_back({cp, std::nullopt});
    return out;
}

TEST(DrawPolicy, AcceptNeedsTheLastNScoresBelowThreshold) {
    event::DrawPolicy p;
    p.accept_below_cp = -50;
    p.accept_over_moves = 3;
    EXPECT_FALSE(event::indicate(p, {evals({-60, -70}), 20, {}, false}).accept_draw);
    EXPECT_TRUE(event::indicate(p, {evals({100, -60, -70, -80}), 20, {}, false}).accept_draw);
    EXPECT_FALSE(event::indicate(p, {evals({-60, -70, -40}), 20, {}, false}).accept_draw);
}

TEST(DrawPolicy, OfferRespectsMoveNumberAndRateLimit) {
    event::DrawPolicy p;  // |score| <= 15 from move 40, rate limit 10 (CND-02)
    auto level = evals({0, 5, -5});
    EXPECT_FALSE(event::indicate(p, {level, 39, {}, false}).offer_draw);
    EXPECT_TRUE(event::indicate(p, {level, 40, {}, false}).offer_draw);
    EXPECT_FALSE(event::indicate(p, {level, 45, 40, false}).offer_draw);  // rejected at 40, again at 45
    EXPECT_TRUE(event::indicate(p, {level, 50, 40, false}).offer_draw);
}

TEST(DrawPolicy, ClaimNeedsValidClaimAndScore) {
    event::DrawPolicy p;
    EXPECT_FALSE(event::indicate(p, {evals({0}), 10, {}, false}).claim_draw);
    EXPECT_TRUE(event::indicate(p, {evals({0}), 10, {}, true}).claim_draw);
    EXPECT_FALSE(event::indicate(p, {evals({200}), 10, {}, true}).claim_draw);
}

TEST(DrawPolicy, MateScoresCountAsHuge) {
    event::DrawPolicy p;
    std::vector<event::Evaluation> mated(5, event::Evaluation{0, -3});
    EXPECT_TRUE(event::indicate(p, {mated, 30, {}, false}).resign);
    std::vector<event::Evaluation> mating(5, event::Evaluation{0, 3});
    EXPECT_FALSE(event::indicate(p, {mating, 30, {}, false}).resign);
}

TEST(OperatorDelay, MedianAndTailMatchTheParameters) {
    DelayModel m(4.0, 15.0, 7);
    std::vector<long long> ms;
    for (std::uint64_t i = 0; i < 20000; ++i) ms.push_back(m.delay(1, i).count());
    std::sort(ms.begin(), ms.end());
    EXPECT_NEAR(static_cast<double>(ms[10000]), 4000.0, 200.0);
    EXPECT_NEAR(static_cast<double>(ms[19800]), 15000.0, 1500.0);
    EXPECT_EQ(m.delay(1, 5), DelayModel(4.0, 15.0, 7).delay(1, 5));  // stateless: resumable
    EXPECT_NE(m.delay(1, 5), DelayModel(4.0, 15.0, 8).delay(1, 5));
}

TEST(Script, DurationsInEveryForm) {
    EXPECT_EQ(*clock::parseDuration("90"), 90s);
    EXPECT_EQ(*clock::parseDuration("1m30s"), 90s);
    EXPECT_EQ(*clock::parseDuration("1:30"), 90s);
    EXPECT_EQ(*clock::parseDuration("1:00:00"), 1h);
    EXPECT_EQ(*clock::parseDuration("500ms"), 500ms);
    EXPECT_EQ(*clock::parseDuration("-2m"), -2min);
    EXPECT_FALSE(clock::parseDuration("2x"));
}

// Issue 27 (found by fuzz_time_control under UBSan): "9999999999008000" seconds overflowed a signed
// multiplication. Amounts over a billion, and clock readings of more than three fields, are refused.
TEST(Script, DurationsTooLargeToHoldAreRefusedNotOverflowed) {
    for (const char* text : {"9999999999008000", "9999999999008000ms", "999999999h999999999h999999999h",
                             "1:2:3:4", "9999999999:00", "1:-2"}) {
        auto d = clock::parseDuration(text);
        EXPECT_FALSE(d) << text;
    }
    EXPECT_NE(clock::parseDuration("9999999999008000").error().find("too large"), std::string::npos);
    EXPECT_EQ(*clock::parseDuration("1000000000"), std::chrono::seconds{1'000'000'000});
    EXPECT_EQ(*clock::parseDuration("999:59:59"), 999h + 59min + 59s);
    EXPECT_FALSE(clock::parseClockReading("-999999999959999:9999"));  // fuzz_time_control, UBSan
    EXPECT_EQ(*clock::parseDuration("-1:30"), -90s);
}

TEST(Script, ParsesActionsTimesAndRejections) {
    auto s = parseScript(
        "# a comment\n"
        "+12s move Sf3 pressed 3s offer\n"
        "!claim computer threefold\n"
        "sync human 1:29:50 computer 1:28:00\n"
        "arbiter adjust computer +2m illegal move bonus\n"
        "expect phase human-to-move\n",
        rules::Color::Black);
    ASSERT_TRUE(s) << s.error();
    ASSERT_EQ(s->size(), 5u);
    auto& m = std::get<cmd::HumanMove>(std::get<Command>((*s)[0].action));
    EXPECT_EQ(m.text, "Sf3");
    EXPECT_TRUE(m.draw_offer);
    EXPECT_EQ((*s)[0].advance, 12s);
    EXPECT_EQ((*s)[0].pressed_before, 3s);
    EXPECT_TRUE((*s)[1].expect_rejection);
    EXPECT_EQ(std::get<cmd::ClaimDraw>(std::get<Command>((*s)[1].action)).claimant, rules::Color::Black);
    auto& sync = std::get<cmd::SyncClock>(std::get<Command>((*s)[2].action));
    EXPECT_EQ(sync.white, 1h + 29min + 50s);
    EXPECT_EQ(sync.black, 1h + 28min);
    auto& adj = std::get<cmd::ArbiterAdjustClock>(std::get<Command>((*s)[3].action));
    EXPECT_EQ(adj.delta, 2min);
    EXPECT_EQ(adj.reason, "illegal move bonus");
    EXPECT_EQ(std::get<Directive>((*s)[4].action).name, "expect");
}

TEST(Script, ErrorsNameTheLine) {
    auto s = parseScript("move e4\nfly away\n", rules::Color::Black);
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error(), "line 2: unknown action \"fly\" (see docs/cli-script-format.md)");
    auto t = parseScript("resign nobody\n", rules::Color::Black);
    ASSERT_FALSE(t);
    EXPECT_NE(t.error().find("expected white, black, human or computer"), std::string::npos);
}

// Issue 27 (docs/limits.md): a script line over 4,096 characters, and a script over 4 MiB, are refused
// with the line that went over; a line at the limit still reads.
TEST(Script, LinesAndScriptsOverTheLimitAreRefusedNamingTheLine) {
    const std::string at_limit = "expect plies 0" + std::string(sim::kMaxScriptLineBytes - 14, ' ');
    EXPECT_TRUE(parseScript("move e4\n" + at_limit + "\n", rules::Color::Black));
    auto long_line = parseScript("move e4\n" + at_limit + "x\n", rules::Color::Black);
    ASSERT_FALSE(long_line);
    EXPECT_EQ(
        long_line.error(),
        "line 2: 4097 characters long, more than the 4096 a script line may have; write one command per "
        "line");
    auto huge = parseScript(std::string(sim::kMaxScriptBytes + 1, '\n'), rules::Color::Black);
    ASSERT_FALSE(huge);
    EXPECT_NE(huge.error().find("line 1: the script is 4194305 bytes long"), std::string::npos)
        << huge.error();
}

}  // namespace
}  // namespace oc::session
