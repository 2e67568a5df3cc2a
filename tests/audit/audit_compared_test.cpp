// Issue 37: the audit's second hardening. Journals of the scenario scripts (operator-cli, the built-in
// engine) are edited and re-hashed, so `journal verify` still accepts them; every fact a record carries
// must be compared with what the replay computes, and no value of a field may crash a command.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <limits>

#include "audit/audit.hpp"
#include "journal/journal.hpp"
#include "tamper.hpp"

namespace oc::audit {
namespace {

using test::json;

class Compared : public ::testing::Test {
  protected:
    void SetUp() override { dir_ = test::testDir("oc_audit_compared_"); }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    std::filesystem::path tampered(const std::string& script,
                                   const std::function<void(std::vector<json>&)>& edit) {
        return test::tampered(dir_, script, edit);
    }

    static const Check& check(const Report& r, const std::string& name) { return test::checkNamed(r, name); }

    // `name` is a breach whose first record is `index` and whose evidence says `says`; integrity is ok.
    static void expectBreach(const std::filesystem::path& journal, const std::string& name, std::size_t index,
                             const std::string& says) {
        auto report = auditJournal(journal);
        ASSERT_TRUE(report) << report.error();
        EXPECT_FALSE(report->passed());
        const Check& c = check(*report, name);
        EXPECT_EQ(c.verdict, Verdict::Breach) << checkLines(*report);
        ASSERT_FALSE(c.records.empty()) << checkLines(*report);
        EXPECT_EQ(c.records.front(), index) << c.evidence;
        EXPECT_EQ(c.evidence.rfind("record #" + std::to_string(index) + ": ", 0), 0u) << c.evidence;
        EXPECT_NE(c.evidence.find(says), std::string::npos) << c.evidence;
        EXPECT_EQ(report->checks.front().verdict, Verdict::Ok) << report->checks.front().evidence;
    }

    // `journal audit` and `journal replay` of `journal` end with an answer (exit 0, 1 or 2), never a
    // signal; the audit's output and the replay's are returned.
    static std::pair<std::string, std::string> auditAndReplay(const std::filesystem::path& journal) {
        std::string audit, replay;
        const int audited = test::runCli("journal audit " + journal.string() + " --ui-lang en", &audit);
        EXPECT_TRUE(audited == 0 || audited == 1) << "exit " << audited << ": " << audit;
        const int replayed = test::runCli("journal replay " + journal.string() + " --ui-lang en", &replay);
        EXPECT_TRUE(replayed >= 0 && replayed <= 2) << "exit " << replayed << ": " << replay;
        return {audit, replay};
    }

    std::filesystem::path dir_;
};

// Item 5: a table-clock reading of the smallest int64 crashed both commands (SIGSEGV: formatClock(-d)
// recursed, negating the minimum overflows). The console refuses a negative reading, so the replay stops
// at it: an integrity breach naming the record.
TEST_F(Compared, SyncAtInt64MinIsRefusedNotACrash) {
    std::size_t at = 0;
    auto j = tampered("cmp_1_1_official_clock", [&](std::vector<json>& r) {
        at = test::find(r, "sync");
        r[at]["payload"]["white"] = std::numeric_limits<std::int64_t>::min();
    });
    auto [audit, replay] = auditAndReplay(j);
    EXPECT_NE(audit.find("integrity breach record #" + std::to_string(at) +
                         ": the console cannot have written this: a \"sync\" record here: a clock reading "
                         "cannot be negative"),
              std::string::npos)
        << audit;
    EXPECT_NE(replay.find("a clock reading cannot be negative"), std::string::npos) << replay;
    EXPECT_NE(replay.find("-2562047788015:12:55.808"), std::string::npos) << replay;
}

// The largest int64 is a reading the console accepts: both commands go on and print it.
TEST_F(Compared, SyncAtInt64MaxIsAuditedNotACrash) {
    auto j = tampered("cmp_1_1_official_clock", [&](std::vector<json>& r) {
        r[test::find(r, "sync")]["payload"]["white"] = std::numeric_limits<std::int64_t>::max();
    });
    auto [audit, replay] = auditAndReplay(j);
    EXPECT_NE(audit.find("table-clock "), std::string::npos) << audit;
    EXPECT_NE(replay.find("2562047788015:12:55.807"), std::string::npos) << replay;
}

// The draw_answer record that follows the record at `answered` (the one that answered the offer).
std::size_t answerAfter(const std::vector<json>& r, std::size_t answered) {
    EXPECT_EQ(r[answered + 1]["type"], "draw_answer");
    return answered + 1;
}

// CMP-3.2: the operator accepts the human's offer against the locked policy's DECLINE (his decision: the
// indication is advisory, and the draw_answer says it was not followed).
constexpr const char* kAcceptAgainstDecline = R"(setup policy.accept_over_moves=1
start
engine e7e5 cp 300
move e4 offer
until engine-move-shown
expect indication accept no
accept
expect result 1/2-1/2
)";

// Item 3 (draw answers): the honest journals with answers audit clean, the answers compared.
TEST_F(Compared, HonestDrawAnswersAreClean) {
    const auto script = dir_ / "accept_against_decline.txt";
    std::ofstream(script) << kAcceptAgainstDecline;
    for (const std::string& name :
         std::vector<std::string>{"drw_01_offer_rejected_by_move", "cmp_3_2_offer_accepted",
                                  "cmp_3_3_computer_offer_accepted", script.string()}) {
        auto report = auditJournal(test::playScript(dir_, name));
        ASSERT_TRUE(report) << report.error();
        EXPECT_TRUE(report->passed()) << name << "\n" << checkLines(*report);
        EXPECT_EQ(check(*report, "draw-resign").verdict, Verdict::Ok) << name;
    }
}

// The computer's answer (its move declining the human's offer) with `followed` flipped.
TEST_F(Compared, DrawAnswerFollowedFlippedIsABreach) {
    std::size_t at = 0;
    auto j = tampered("drw_01_offer_rejected_by_move", [&](std::vector<json>& r) {
        at = answerAfter(r, test::find(r, "made"));
        r[at]["payload"]["followed"] = !r[at]["payload"]["followed"].get<bool>();
    });
    expectBreach(j, "draw-resign", at, "the draw answer is not the one the console computes here: followed");
}

// The indication edited to match the answer given.
TEST_F(Compared, DrawAnswerIndicationEditedIsABreach) {
    std::size_t at = 0;
    auto j = tampered("drw_01_offer_rejected_by_move", [&](std::vector<json>& r) {
        at = answerAfter(r, test::find(r, "made"));
        auto& p = r[at]["payload"];
        p["indication"] = p["indication"] == "accept" ? "decline" : "accept";
        p["followed"] = true;
    });
    expectBreach(j, "draw-resign", at, "indication \"");
}

// An acceptance against the policy's DECLINE rewritten as one that followed an ACCEPT.
TEST_F(Compared, AcceptanceAgainstDeclineRewrittenAsFollowedIsABreach) {
    const auto script = dir_ / "accept_against_decline.txt";
    std::ofstream(script) << kAcceptAgainstDecline;
    std::size_t at = 0;
    auto j = tampered(script.string(), [&](std::vector<json>& r) {
        at = answerAfter(r, test::find(r, "answer_human"));
        auto& p = r[at]["payload"];
        EXPECT_EQ(p["indication"], "decline");
        EXPECT_EQ(p["followed"], false);
        p["indication"] = "accept";
        p["followed"] = true;
    });
    expectBreach(j, "draw-resign", at, "indication \"accept\" (the replay: \"decline\")");
}

// An answer deleted: the move that declined the offer has no draw_answer after it, while the journal's
// other answer shows that its console writes them.
TEST_F(Compared, DrawAnswerDeletedIsABreach) {
    std::size_t at = 0;
    auto j = tampered("drw_01_two_offers_rejected_by_moves", [&](std::vector<json>& r) {
        at = test::find(r, "made");
        r.erase(r.begin() + static_cast<std::ptrdiff_t>(answerAfter(r, at)));
    });
    expectBreach(j, "draw-resign", at, "has no draw_answer record");
}

// An honest journal of a console before draw_answer records (version 2 for a month): none of them, so
// none is missed; the audit says it did not compare, and accuses nothing. Such a console's header named
// neither its program nor its rules.
TEST_F(Compared, AnOlderConsolesJournalWithoutAnyDrawAnswerIsNotAccused) {
    auto j = tampered("drw_01_offer_rejected_by_move", [&](std::vector<json>& r) {
        r.erase(r.begin() + static_cast<std::ptrdiff_t>(answerAfter(r, test::find(r, "made"))));
        r[0]["payload"].erase("program");
        r[0]["payload"].erase("rules");
        test::asVersion2(r);  // and unsigned: consoles that sign their journals name themselves
    });
    auto report = auditJournal(j);
    ASSERT_TRUE(report) << report.error();
    EXPECT_TRUE(report->passed()) << checkLines(*report);
    EXPECT_NE(checkLines(*report).find("not compared (written by a console before draw_answer records)"),
              std::string::npos)
        << checkLines(*report);
}

// Today's journal (its header names the program) with its only answer deleted: not excused as an older
// console's, since this console writes every answer.
TEST_F(Compared, ANamedConsolesOnlyDrawAnswerDeletedIsABreach) {
    std::size_t at = 0;
    auto j = tampered("drw_01_offer_rejected_by_move", [&](std::vector<json>& r) {
        EXPECT_TRUE(r[0]["payload"].contains("program"));
        at = test::find(r, "made");
        r.erase(r.begin() + static_cast<std::ptrdiff_t>(answerAfter(r, at)));
    });
    expectBreach(j, "draw-resign", at, "has no draw_answer record");
}

// An answer inserted where no offer was pending.
TEST_F(Compared, DrawAnswerWithNoOfferPendingIsABreach) {
    std::size_t at = 0;
    auto j = tampered("drw_01_offer_rejected_by_move", [&](std::vector<json>& r) {
        json answer = r[answerAfter(r, test::find(r, "made"))]["payload"];
        at = test::find(r, "pressed") + 1;
        test::insertBefore(r, at, "draw_answer", answer);
    });
    expectBreach(j, "draw-resign", at, "a draw answer where no draw offer was answered or ended");
}

// Item 3 (ponder): the honest hit and miss journals audit clean.
TEST_F(Compared, HonestPonderHitAndMissAreClean) {
    for (const std::string name : {"ponder_hit", "ponder_miss"}) {
        auto report = auditJournal(test::playScript(dir_, name));
        ASSERT_TRUE(report) << report.error();
        EXPECT_TRUE(report->passed()) << name << "\n" << checkLines(*report);
    }
}

// A ponder miss rewritten as a ponder hit on the move the human really played (another one than the
// engine expected), the computer's new search (its go) deleted: the move shown then comes from a search
// of a position the game never had.
TEST_F(Compared, PonderMissRewrittenAsAHitIsABreach) {
    std::size_t at = 0;
    auto j = tampered("ponder_miss", [&](std::vector<json>& r) {
        at = test::find(r, "ponder_miss");
        const json miss = r[at]["payload"];
        const std::size_t go = test::find(r, "go", at);
        r[at]["type"] = "ponder_hit";
        r[at]["payload"] = json{{"search", r[go]["payload"].value("search", json(0))},
                                {"ponder_search", miss["search"]},
                                {"uci", miss["played"]},
                                {"t", miss["t"]}};
        r.erase(r.begin() + static_cast<std::ptrdiff_t>(go));
    });
    expectBreach(j, "moves-recorded", at, "but the ponder search started at record #");
}

}  // namespace
}  // namespace oc::audit
