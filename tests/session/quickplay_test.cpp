// QPF-01..03: the availability function (Art. 10 / Guidelines III), the setup key, the policy's
// quickplay indication and the script verbs.
#include "session/quickplay.hpp"

#include <gtest/gtest.h>

#include "event/draw_policy.hpp"
#include "event/event_setup.hpp"
#include "pdf_test_util.hpp"
#include "session_test_util.hpp"
#include "sim/script.hpp"

namespace oc::session {

using namespace oc::sim;  // the simulated operator and engine drive these tests
namespace {

using namespace std::chrono_literals;

QuickplayFacts facts(int edition, const std::string& announced = "none") {
    QuickplayFacts f;
    f.edition = edition == 2005 ? rules::Edition::E2005 : rules::Edition::E2023;
    f.announced = announced;
    return f;
}

bool claimOffered(const QuickplayFacts& f) {
    return quickplayUnavailable(f, QuickplayAct::Claim).empty();
}
bool requestOffered(const QuickplayFacts& f) {
    return quickplayUnavailable(f, QuickplayAct::IncrementRequest).empty();
}

TEST(QuickplayAvailability, E2005AppliesWithoutAnnouncementExceptBlitzIncrementOrEarlierPeriod) {
    QuickplayFacts f = facts(2005);
    EXPECT_TRUE(quickplayFinishApplies(f));
    EXPECT_TRUE(claimOffered(f));
    f.game_class = "rapid";
    EXPECT_TRUE(claimOffered(f));
    f.game_class = "blitz";
    EXPECT_FALSE(claimOffered(f));
    EXPECT_NE(quickplayUnavailable(f, QuickplayAct::Claim).find("App. C"), std::string::npos);
    f = facts(2005);
    f.increment = 30s;
    EXPECT_FALSE(quickplayFinishApplies(f));
    f = facts(2005);
    f.final_period = false;
    EXPECT_FALSE(claimOffered(f));
    EXPECT_NE(quickplayUnavailable(f, QuickplayAct::Claim).find("final period"), std::string::npos);
    // The III.4 request does not exist under E2005.
    EXPECT_FALSE(requestOffered(facts(2005)));
}

TEST(QuickplayAvailability, E2023NeedsAnnouncementStandardOrRapidNoIncrementNoDelay) {
    EXPECT_FALSE(claimOffered(facts(2023)));
    EXPECT_NE(quickplayUnavailable(facts(2023), QuickplayAct::Claim).find("not announced"),
              std::string::npos);
    QuickplayFacts f = facts(2023, "claim");
    EXPECT_TRUE(claimOffered(f));
    f.game_class = "rapid";
    EXPECT_TRUE(claimOffered(f));
    f.game_class = "blitz";
    EXPECT_FALSE(claimOffered(f));
    f = facts(2023, "claim");
    f.increment = 30s;  // 90'+30": never
    EXPECT_FALSE(claimOffered(f));
    f = facts(2023, "claim");
    f.delay = 5s;
    EXPECT_FALSE(claimOffered(f));
    EXPECT_NE(quickplayUnavailable(f, QuickplayAct::Claim).find("delay"), std::string::npos);
}

TEST(QuickplayAvailability, Q8TheEventChoosesIII4OrIII5AndAGrantedIncrementEndsIII5) {
    EXPECT_TRUE(claimOffered(facts(2023, "claim")));
    EXPECT_FALSE(requestOffered(facts(2023, "claim")));
    EXPECT_FALSE(claimOffered(facts(2023, "increment")));
    EXPECT_TRUE(requestOffered(facts(2023, "increment")));
    QuickplayFacts both = facts(2023, "both");
    EXPECT_TRUE(claimOffered(both));
    EXPECT_TRUE(requestOffered(both));
    both.increment_granted = true;
    both.increment = 5s;
    EXPECT_FALSE(claimOffered(both));
    EXPECT_FALSE(requestOffered(both));
    EXPECT_NE(quickplayUnavailable(both, QuickplayAct::Claim).find("Q8"), std::string::npos);
}

TEST(QuickplaySetup, KeyIsValidatedAndRoundTrips) {
    event::EventSetup s;
    s.engine.command = "sf";
    s.quickplay_finish = "both";
    s.arbiter_in_venue = false;
    s.policy.qpf_claim_enabled = true;
    auto back = event::eventSetupFromJson(event::toJson(s));
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(back->quickplay_finish, "both");
    EXPECT_FALSE(back->arbiter_in_venue);
    EXPECT_TRUE(back->policy.qpf_claim_enabled);
    auto bad = event::eventSetupFromJson({{"engine", {{"command", "sf"}}}, {"quickplay_finish", "yes"}});
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().find("quickplay_finish: expected none, claim (III.5), increment (III.4) or both"),
              std::string::npos);
    auto e2005 = event::eventSetupFromJson(
        {{"engine", {{"command", "sf"}}}, {"edition", 2005}, {"quickplay_finish", "claim"}});
    ASSERT_FALSE(e2005);
    EXPECT_NE(e2005.error().find("leave it \"none\""), std::string::npos);
}

TEST(QuickplayPolicy, IndicatesOnlyWhenEnabledPossibleAndLevel) {
    event::DrawPolicy p;
    event::PolicyInput in;
    in.evals = {{0, std::nullopt}, {30, std::nullopt}, {-40, std::nullopt}};
    in.quickplay_possible = true;
    EXPECT_FALSE(event::indicate(p, in).claim_quickplay);  // off unless the event enables it
    p.qpf_claim_enabled = true;
    EXPECT_TRUE(event::indicate(p, in).claim_quickplay);
    in.quickplay_possible = false;
    EXPECT_FALSE(event::indicate(p, in).claim_quickplay);
    in.quickplay_possible = true;
    in.evals.back() = {200, std::nullopt};  // the computer is winning: no draw claim
    EXPECT_FALSE(event::indicate(p, in).claim_quickplay);
}

TEST(QuickplayScript, VerbsParseAndBadFormsSayWhatIsRight) {
    auto steps = parseScript(
        "claim human quickplay\narbiter qpf postpone +2\narbiter qpf reject\nrequest-increment white\n"
        "arbiter increment grant\n",
        rules::Color::Black);
    ASSERT_TRUE(steps) << steps.error();
    ASSERT_EQ(steps->size(), 5u);
    auto claim = std::get<cmd::ClaimDraw>(std::get<Command>((*steps)[0].action));
    EXPECT_EQ(claim.kind, cmd::ClaimKind::Quickplay);
    EXPECT_EQ(claim.claimant, rules::Color::White);
    auto ruling = std::get<cmd::ArbiterQuickplay>(std::get<Command>((*steps)[1].action));
    EXPECT_EQ(ruling.ruling, cmd::QuickplayRuling::Postpone);
    EXPECT_TRUE(ruling.add_two_minutes);
    EXPECT_TRUE(std::get<cmd::ArbiterIncrement>(std::get<Command>((*steps)[4].action)).grant);
    auto bad = parseScript("arbiter qpf maybe\n", rules::Color::Black);
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error(), "line 1: usage: arbiter qpf draw|postpone [+2]|reject");
    EXPECT_FALSE(parseScript("arbiter increment later\n", rules::Color::Black));
}

// QPF-04: the no-arbiter claim printed through the scoresheet PDF: claim, clocks, FEN and the moves.
TEST(QuickplayExport, PdfCarriesClaimClocksPositionAndScoresheet) {
    const auto dir = std::filesystem::temp_directory_path() / "oc_qpf_export_test";
    std::filesystem::create_directories(dir);
    const auto pdf = dir / "claim.pdf";
    std::filesystem::remove(pdf);
    event::EventSetup setup = testing::fakeSetup(rules::Color::Black, "60m");
    setup.quickplay_finish = "claim";
    setup.arbiter_in_venue = false;
    auto run = testing::runScript(
        "start\nengine e7e5\nmove e4\nuntil human-to-move\nsync human 0:01:40\n"
        "claim human quickplay\nqpf-export " +
            pdf.string() + "\n",
        setup);
    ASSERT_TRUE(run.result.ok) << run.result.error;
    const std::string text = test::pdfToText(pdf);
    EXPECT_NE(text.find("QUICKPLAY FINISH CLAIM"), std::string::npos) << text;
    EXPECT_NE(text.find("pending arbiter"), std::string::npos) << text;
    EXPECT_NE(text.find("White 0:01:40"), std::string::npos) << text;
    EXPECT_NE(text.find("4p3/4P3"), std::string::npos) << text;
    EXPECT_NE(text.find("e4"), std::string::npos) << text;
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace oc::session
