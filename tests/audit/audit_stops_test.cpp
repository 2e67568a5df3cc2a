// Issue 23 item 2: every `stop` the console sent its engine is allowed case by case, and the audit names
// the case and the record that allows it: a ponder miss, a take-back or correction, the end of the game,
// an adjournment, a module change before the next search. A `stop` of a ponder search with no ponder
// miss or stop on the record, or with a reason the records do not bear out, is a breach.
#include <gtest/gtest.h>

#include <algorithm>

#include "audit/audit.hpp"
#include "journal/journal.hpp"
#include "tamper.hpp"

namespace oc::audit {
namespace {

using test::json;

const Check& noForcedMove(const Report& r) {
    auto it = std::find_if(r.checks.begin(), r.checks.end(),
                           [](const Check& c) { return c.name == "no-forced-move"; });
    EXPECT_NE(it, r.checks.end());
    return *it;
}

// The engine_io record holding the first line equal to `line`, at or after `from`.
std::size_t ioWith(const std::vector<json>& r, const std::string& line, std::size_t from = 0) {
    for (std::size_t i = from; i < r.size(); ++i) {
        if (r[i]["type"] != "engine_io") continue;
        const auto& lines = r[i]["payload"]["lines"];
        if (std::find(lines.begin(), lines.end(), line) != lines.end()) return i;
    }
    ADD_FAILURE() << "no engine_io with " << line;
    return r.size();
}

struct StopCaseParam {
    std::string script;
    std::string search;      // "computer's" or "ponder"
    std::string why;         // the case named
    std::string allowed_by;  // the type of the record named as allowing the stop
};

class StopCases : public ::testing::TestWithParam<StopCaseParam> {
  protected:
    void SetUp() override { dir_ = test::testDir("oc_audit_stops_"); }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::filesystem::path dir_;
};

// Each stop in the scenario is listed with its search, its case and the record that allows it.
TEST_P(StopCases, StopIsListedWithItsCase) {
    const StopCaseParam& p = GetParam();
    auto journal = test::playScript(dir_, p.script);
    auto records = test::readRecords(journal);
    auto report = auditJournal(journal);
    ASSERT_TRUE(report) << report.error();
    const Check& c = noForcedMove(*report);
    EXPECT_EQ(c.verdict, Verdict::Ok) << c.evidence;
    const std::size_t io = ioWith(records, "> stop");
    const std::string head = "#" + std::to_string(io) + " stop of the " + p.search + " search started at #";
    auto it = std::find_if(c.details.begin(), c.details.end(),
                           [&](const std::string& d) { return d.rfind(head, 0) == 0; });
    ASSERT_NE(it, c.details.end()) << head << "\n" << checkLines(*report);
    const std::string tail = ": " + p.why + " at record #";
    const auto at = it->find(tail);
    ASSERT_NE(at, std::string::npos) << *it;
    const std::size_t allowing = std::stoul(it->substr(at + tail.size()));
    ASSERT_LT(allowing, records.size());
    EXPECT_EQ(records[allowing]["type"], p.allowed_by) << *it;
    EXPECT_LT(allowing, io) << *it;
}

INSTANTIATE_TEST_SUITE_P(
    Scripts, StopCases,
    ::testing::Values(
        StopCaseParam{"ponder_miss", "ponder", "ponder miss", "human_move"},
        StopCaseParam{"ponder_reinstated", "ponder", "take-back or correction", "illegal"},
        StopCaseParam{"ponder_game_end", "ponder", "end of the game", "flag_confirmed"},
        StopCaseParam{"ponder_adjournment", "ponder", "adjournment", "seal_requested"},
        StopCaseParam{"ponder_module_change", "ponder", "module change before the next search (E.III 3.4)",
                      "module_change"},
        StopCaseParam{"ponder_correction", "computer's", "take-back or correction", "correct"},
        StopCaseParam{"irr_mis_entry_correction", "computer's", "take-back or correction", "correct"},
        StopCaseParam{"flag_reported_then_confirmed", "computer's", "end of the game", "flag_confirmed"}),
    [](const auto& param_info) { return param_info.param.script; });

class StopBreaches : public ::testing::Test {
  protected:
    void SetUp() override { dir_ = test::testDir("oc_audit_stop_breach_"); }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    std::filesystem::path tampered(const std::string& script,
                                   const std::function<void(std::vector<json>&)>& edit) {
        return test::tampered(dir_, script, edit);
    }

    void expectBreach(const std::filesystem::path& journal, std::size_t io, std::size_t start) {
        auto report = auditJournal(journal);
        ASSERT_TRUE(report) << report.error();
        EXPECT_FALSE(report->passed());
        const Check& c = noForcedMove(*report);
        EXPECT_EQ(c.verdict, Verdict::Breach) << checkLines(*report);
        ASSERT_FALSE(c.records.empty());
        EXPECT_EQ(c.records.front(), io) << c.evidence;
        EXPECT_EQ(c.evidence.rfind("record #" + std::to_string(io) +
                                       ": \"stop\" was sent to the engine's ponder "
                                       "search started at record #" +
                                       std::to_string(start) + ", but no ponder miss",
                                   0),
                  0u)
            << c.evidence;
    }
    std::filesystem::path dir_;
};

// The human played the expected reply (a ponder hit), but the engine's lines show its ponder search
// stopped: nothing on the record allows that stop.
TEST_F(StopBreaches, PonderStopWithoutAMissIsABreach) {
    std::size_t io = 0, start = 0;
    auto j = tampered("ponder_hit", [&](std::vector<json>& r) {
        io = ioWith(r, "> go ponder");
        start = test::find(r, "ponder_start");
        auto& lines = r[io]["payload"]["lines"];
        auto at = std::find(lines.begin(), lines.end(), "> go ponder");
        lines.insert(at + 1, "> stop");
    });
    expectBreach(j, io, start);
}

// A ponder stop whose reason the records do not bear out: "game end" in a game that went on.
TEST_F(StopBreaches, PonderStopForAReasonNotOnTheRecordIsABreach) {
    std::size_t io = 0, start = 0;
    auto j = tampered("ponder_adjournment", [&](std::vector<json>& r) {
        start = test::find(r, "ponder_start");
        r[test::find(r, "ponder_stop")]["payload"]["reason"] = "game end";
        io = ioWith(r, "> stop");
    });
    expectBreach(j, io, start);
}

// A ponder miss that names the expected reply as played, with no reason: no miss at all.
TEST_F(StopBreaches, PonderMissOfTheExpectedMoveIsABreach) {
    std::size_t io = 0, start = 0;
    auto j = tampered("ponder_miss", [&](std::vector<json>& r) {
        start = test::find(r, "ponder_start");
        auto& miss = r[test::find(r, "ponder_miss")]["payload"];
        miss["played"] = miss["expected"];
        io = ioWith(r, "> stop");
    });
    expectBreach(j, io, start);
}

}  // namespace
}  // namespace oc::audit
