// Tampered-but-verifying journals: each edit keeps the hash chain intact (`journal verify` says
// "intact"), and the audit must report it as a breach with the edited record's index.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "audit/audit.hpp"
#include "journal/journal.hpp"
#include "tamper.hpp"

namespace oc::audit {
namespace {

using test::json;

class BreachTest : public ::testing::Test {
  protected:
    void SetUp() override { dir_ = test::testDir("oc_audit_breach_"); }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    // Plays `script`, lets `edit` change its records, rewrites the chain; the result must verify.
    std::filesystem::path tampered(const std::string& script,
                                   const std::function<void(std::vector<json>&)>& edit) {
        return test::tampered(dir_, script, edit);
    }

    // The check must be a breach whose first record is `index` (and whose evidence says `says`, when given).
    void expectBreach(const std::filesystem::path& journal, const std::string& name, std::size_t index,
                      const std::string& says = "") {
        auto report = auditJournal(journal);
        ASSERT_TRUE(report) << report.error();
        EXPECT_TRUE(report->verified);
        EXPECT_FALSE(report->passed());
        auto it = std::find_if(report->checks.begin(), report->checks.end(),
                               [&](const Check& c) { return c.name == name; });
        ASSERT_NE(it, report->checks.end());
        EXPECT_EQ(it->verdict, Verdict::Breach) << it->evidence;
        ASSERT_FALSE(it->records.empty());
        EXPECT_EQ(it->records.front(), index) << it->evidence;
        EXPECT_NE(it->evidence.find("record #" + std::to_string(index)), std::string::npos) << it->evidence;
        EXPECT_NE(it->evidence.find(says), std::string::npos) << it->evidence;
    }

    std::filesystem::path dir_;
};

TEST_F(BreachTest, UntamperedBaseIsClean) {
    auto report = auditJournal(tampered("drw_04_threefold_human", [](auto&) {}));
    ASSERT_TRUE(report);
    EXPECT_TRUE(report->passed()) << checkLines(*report);
}

// E.III 3.3: a draw offer for the computer at move 1, where the locked policy offers only from move 40.
TEST_F(BreachTest, DrawOfferWithoutIndication) {
    std::size_t at = 0;
    auto j = tampered("drw_04_threefold_human", [&](std::vector<json>& r) {
        at = test::find(r, "made") + 1;
        test::insertBefore(r, at, "computer_offer", json::object());
    });
    expectBreach(j, "draw-resign", at);
}

// E.III 2.3: `stop` sent to the engine while it searches its own move, with no take-back or game end.
TEST_F(BreachTest, StopSentMidSearch) {
    std::size_t at = 0;
    auto j = tampered("drw_04_threefold_human", [&](std::vector<json>& r) {
        at = test::find(r, "go") + 1;
        test::insertBefore(r, at, "engine_io", json{{"lines", {"> stop"}}});
    });
    expectBreach(j, "no-forced-move", at);
}

// E.III 2.3: the computer's move executed ("move now") while its engine was still searching. The console
// refuses that command, so it cannot have written the record: the session's replay stops there (issue 23),
// an integrity breach at that record, and no check past it reads "ok".
TEST_F(BreachTest, MoveExecutedDuringTheSearch) {
    std::size_t at = 0;
    auto j = tampered("drw_04_threefold_human", [&](std::vector<json>& r) {
        std::size_t go = test::find(r, "go", test::find(r, "go") + 1);
        at = go + 1;
        test::insertBefore(r, at, "made", json{{"uci", "a7a6"}, {"breach", false}});
    });
    expectBreach(j, "integrity", at);
    auto report = auditJournal(j);
    ASSERT_TRUE(report);
    EXPECT_NE(report->checks.front().evidence.find("no engine move to execute"), std::string::npos)
        << report->checks.front().evidence;
    for (const Check& c : report->checks) EXPECT_NE(c.verdict, Verdict::Ok) << c.name << ": " << c.evidence;
}

// E.III 2.2: an engine setting changed mid-game through a crafted setup record.
TEST_F(BreachTest, SettingChangedMidGame) {
    std::size_t at = 0;
    auto j = tampered("drw_04_threefold_human", [&](std::vector<json>& r) {
        std::size_t setup = test::find(r, "setup");
        json changed = r[setup]["payload"];
        changed["setup"]["engine"]["options"]["Hash"] = "1024";
        at = test::find(r, "pressed") + 1;
        test::insertBefore(r, at, "setup", changed);
    });
    expectBreach(j, "faster-rate", at);
}

// E.III 2.2: the faster rate switched on at move 2 with 90 minutes left (not short of time).
TEST_F(BreachTest, FasterRateWhenNotShortOfTime) {
    std::size_t at = 0;
    auto j = tampered("drw_04_threefold_human", [&](std::vector<json>& r) {
        at = test::find(r, "pressed") + 1;
        test::insertBefore(r, at, "faster", json{{"on", true}});
    });
    expectBreach(j, "faster-rate", at);
}

// E.III 3.4: a module change the engine never asked for.
TEST_F(BreachTest, ModuleChangeWithoutRequest) {
    std::size_t at = 0;
    auto j = tampered("drw_04_threefold_human", [&](std::vector<json>& r) {
        at = test::find(r, "pressed") + 1;
        test::insertBefore(r, at, "module_change", json{{"name", "BookFile"}, {"value", "/books/wide.bin"}});
    });
    expectBreach(j, "faster-rate", at);
}

// Guidelines I.1 / CMP-3.5: the computer's move was shown before the seal request and sealed anyway.
TEST_F(BreachTest, SealedMoveShownBeforeTheRequest) {
    std::size_t at = 0;
    auto j = tampered("adj_computer_seals_resumed", [&](std::vector<json>& r) {
        at = test::find(r, "seal_requested");
        std::string opened = r[test::find(r, "resume")]["payload"]["opened"];
        test::insertBefore(r, at, "engine_move", json{{"uci", opened}, {"cp", 0}, {"depth", 10}});
    });
    expectBreach(j, "sealed-move", at);
}

// Issue 23 item 5: a search started between the envelope and its opening is the sealed move's breach,
// not a forced move at the next search.
TEST_F(BreachTest, SearchDuringTheAdjournmentIsASealedMoveBreach) {
    std::size_t at = 0;
    std::filesystem::path j = tampered("adj_computer_seals_resumed", [&](std::vector<json>& r) {
        at = test::find(r, "sealed") + 1;
        json go = r[test::find(r, "go")]["payload"];
        test::insertBefore(r, at, "go", go);
    });
    expectBreach(j, "sealed-move", at);
    auto report = auditJournal(j);
    ASSERT_TRUE(report);
    for (const Check& c : report->checks)
        EXPECT_TRUE(c.name == "sealed-move" || c.verdict != Verdict::Breach) << c.name << ": " << c.evidence;
}

// Issue 23 item 2: an analysis during the adjournment seen only in the engine's lines (no go record): a
// `go` on the wire between the envelope and its opening is the sealed move's breach.
TEST_F(BreachTest, GoLineDuringTheAdjournmentIsASealedMoveBreach) {
    std::size_t at = 0;
    std::filesystem::path j = tampered("adj_human_seals", [&](std::vector<json>& r) {
        at = test::find(r, "sealed") + 1;
        test::insertBefore(
            r, at, "engine_io",
            json{{"lines",
                  {"> position startpos moves e2e4 e7e5", "> go infinite", "> stop", "< bestmove g1f3"}}});
    });
    expectBreach(j, "sealed-move", at, "the engine was sent \"go infinite\" while the game was adjourned");
}

// Guidelines I.5: the engine's analysis on the wire during the adjournment, its `go` left out of the journal.
TEST_F(BreachTest, AnalysisOutputDuringTheAdjournmentIsASealedMoveBreach) {
    std::size_t at = 0;
    std::filesystem::path j = tampered("adj_human_seals", [&](std::vector<json>& r) {
        at = test::find(r, "sealed") + 1;
        test::insertBefore(r, at, "engine_io",
                           json{{"lines", {"< info depth 20 score cp 30 pv g1f3 b8c6", "< bestmove g1f3"}}});
    });
    expectBreach(j, "sealed-move", at, "the engine answered \"info depth 20");
}

// CMP-3.5: an engine line naming the move while the computer seals.
TEST_F(BreachTest, EngineLineRevealsTheSealedMove) {
    std::size_t at = 0;
    auto j = tampered("adj_computer_seals_resumed", [&](std::vector<json>& r) {
        at = test::find(r, "seal_requested") + 1;
        test::insertBefore(r, at, "engine_io", json{{"lines", {"< info depth 12 score cp 20 pv e7e5 g1f3"}}});
    });
    expectBreach(j, "sealed-move", at);
}

// E.III 1.4: the move shown is not the one the engine's own output named.
TEST_F(BreachTest, ShownMoveDiffersFromTheEnginesBestmove) {
    std::size_t at = 0;
    auto j = tampered("drw_04_threefold_human", [&](std::vector<json>& r) {
        std::size_t io = test::find(r, "engine_io");
        r[io]["payload"]["lines"].push_back("< bestmove d7d5");
        at = test::find(r, "engine_move", io);
    });
    expectBreach(j, "moves-recorded", at);
}

// E.III 1.3: the recorded move is not what the operator entered.
TEST_F(BreachTest, HumanMoveNotAsEntered) {
    std::size_t at = 0;
    auto j = tampered("drw_04_threefold_human", [&](std::vector<json>& r) {
        at = test::find(r, "human_move");
        r[at]["payload"]["text"] = "d4";
    });
    expectBreach(j, "moves-recorded", at);
}

// E.III 2.1: the engine given more than the computer's whole clock.
TEST_F(BreachTest, EngineGivenTheWholeClock) {
    std::size_t at = 0;
    auto j = tampered("drw_04_threefold_human", [&](std::vector<json>& r) {
        at = test::find(r, "go");
        r[at]["payload"]["btime"] = 5400000 + 60000;
    });
    expectBreach(j, "handling-time", at);
}

// E.III 1.1: a flag ruled with no flag reported for the arbiter to check on the table clock.
TEST_F(BreachTest, FlagRuledWithoutReport) {
    std::size_t at = 0;
    auto j = tampered("flag_reported_then_confirmed", [&](std::vector<json>& r) {
        r.erase(r.begin() + static_cast<std::ptrdiff_t>(test::find(r, "flag_reported")));
        at = test::find(r, "flag_confirmed");
    });
    expectBreach(j, "table-clock", at);
}

}  // namespace
}  // namespace oc::audit
