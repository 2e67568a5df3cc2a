// Issue 37 (the red team's forgeries, re-hashed and re-signed so that `journal verify` says intact): a
// payload time moved off its record's own time, a press dated before the move it follows or after its
// record, the clocks' start dated after the start record, pondering the setup does not allow, an engine's
// downtime made up, and one search given another node count. Each is built from a real journal played by
// `operator-cli play --engine fake`, and each is a breach of its check naming the record; the honest
// journals stay clean.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "audit/audit.hpp"
#include "tamper.hpp"

namespace oc::audit {
namespace {

using test::json;

class RecordTimes : public ::testing::Test {
  protected:
    void SetUp() override { dir_ = test::testDir("oc_audit_times_"); }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    Report audit(const std::string& script, const std::function<void(std::vector<json>&)>& edit) {
        auto report = auditJournal(test::tampered(dir_, script, edit));
        EXPECT_TRUE(report) << report.error();
        return report ? *report : Report{};
    }

    // `name` is a breach, and one of its breach lines is record `index`'s and says `says`.
    static void expectBreachLine(const Report& r, const std::string& name, std::size_t index,
                                 const std::string& says) {
        const Check& c = test::checkNamed(r, name);
        EXPECT_EQ(c.verdict, Verdict::Breach) << checkLines(r);
        const std::string head = "record #" + std::to_string(index) + ": ";
        bool found = false;
        for (std::size_t k = 0; k < c.details.size() && k < c.records.size(); ++k)
            found = found || (c.records[k] == index && c.details[k].rfind(head, 0) == 0 &&
                              c.details[k].find(says) != std::string::npos);
        EXPECT_TRUE(found) << "no breach line of record #" << index << " saying \"" << says << "\" in "
                           << name << ":\n"
                           << checkLines(r);
    }

    // No line of check `name` says `says`.
    static void expectNoLine(const Report& r, const std::string& name, const std::string& says) {
        const Check& c = test::checkNamed(r, name);
        for (const std::string& line : c.details) EXPECT_EQ(line.find(says), std::string::npos) << line;
        EXPECT_EQ(c.evidence.find(says), std::string::npos) << c.evidence;
    }

    // The index of the last record of `type` before `index`.
    static std::size_t lastBefore(const std::vector<json>& records, const std::string& type,
                                  std::size_t index) {
        for (std::size_t k = index; k-- > 0;)
            if (records[k]["type"] == type) return k;
        ADD_FAILURE() << "no " << type << " before record #" << index;
        return 0;
    }

    std::filesystem::path dir_;
};

// F5: a record's "t" (by which the replay runs the clocks) 100 s off its monotonic time.
TEST_F(RecordTimes, APayloadTimeOffItsRecordsTimeIsABreach) {
    std::size_t at = 0;
    const Report r = audit("drw_04_threefold_human", [&](std::vector<json>& records) {
        at = test::find(records, "made");
        records[at]["payload"]["t"] = records[at]["payload"]["t"].get<std::int64_t>() - 100000;
    });
    expectBreachLine(
        r, "table-clock", at,
        "the made record's time 1:01:38.2 (its \"t\", by which the console's clocks are replayed) "
        "differs from its monotonic time");
}

// F6: the computer's press dated 60 s before its engine's move was shown; with its "t" moved along, the
// record's time is off its monotonic time too.
TEST_F(RecordTimes, AComputersPressBeforeItsMoveWasShownIsABreach) {
    std::size_t at = 0, shown = 0;
    const Report r = audit("drw_04_threefold_human", [&](std::vector<json>& records) {
        at = test::find(records, "pressed");
        shown = lastBefore(records, "engine_move", at);
        records[at]["payload"]["at"] = records[shown]["payload"]["t"].get<std::int64_t>() - 60000;
    });
    expectBreachLine(r, "table-clock", at,
                     "says the computer's clock was pressed at 1:02:18.2, 0:01:00 before the computer's move "
                     "was shown (record #" +
                         std::to_string(shown) + ", at 1:03:18.2)");

    const Report both = audit("drw_04_threefold_human", [&](std::vector<json>& records) {
        at = test::find(records, "pressed");
        for (const char* key : {"at", "t"})
            records[at]["payload"][key] = records[at]["payload"][key].get<std::int64_t>() - 60000;
    });
    expectBreachLine(both, "table-clock", at, "differs from its monotonic time");
    expectBreachLine(both, "table-clock", at, "before the computer's move was shown");
}

// F6b: the human's press dated 60 s after the human_move record was written (during the engine's search).
TEST_F(RecordTimes, AHumansPressAfterItsRecordIsABreach) {
    std::size_t at = 0;
    const Report r = audit("drw_04_threefold_human", [&](std::vector<json>& records) {
        at = test::find(records, "human_move", test::find(records, "pressed"));
        records[at]["payload"]["pressed"] = records[at]["payload"]["pressed"].get<std::int64_t>() + 60000;
    });
    expectBreachLine(r, "table-clock", at,
                     "says the human's clock was pressed at 1:04:18.2, 0:01:00 after the record itself was "
                     "written (1:03:18.2)");
}

// The human's press dated before the computer's press that began the human's turn.
TEST_F(RecordTimes, AHumansPressBeforeItsTurnBeganIsABreach) {
    std::size_t at = 0, press = 0;
    const Report r = audit("drw_04_threefold_human", [&](std::vector<json>& records) {
        press = test::find(records, "pressed");
        at = test::find(records, "human_move", press);
        records[at]["payload"]["pressed"] = records[press]["payload"]["at"].get<std::int64_t>() - 5000;
    });
    expectBreachLine(r, "table-clock", at,
                     "before the human's turn began (record #" + std::to_string(press) + ", at ");
}

// F20: the clocks' start dated 60 s after the start record (the first search not charged that minute).
TEST_F(RecordTimes, TheClocksStartAfterTheStartRecordIsABreach) {
    std::size_t at = 0;
    const Report r = audit("drw_04_threefold_human", [&](std::vector<json>& records) {
        at = test::find(records, "start");
        records[at]["payload"]["at"] = records[at]["payload"]["at"].get<std::int64_t>() + 60000;
    });
    expectBreachLine(r, "table-clock", at,
                     "the start record says the clocks were started at 1:01:00, 0:01:00 after the record "
                     "itself was written (1:00:00)");
}

// F17: the setup record that turned pondering on is gone: the locked setup says ponder false, yet the
// engine pondered (ponder_start, ponder_hit).
TEST_F(RecordTimes, PonderingTheSetupDoesNotAllowIsABreach) {
    std::size_t start = 0, hit = 0;
    const Report r = audit("ponder_hit", [&](std::vector<json>& records) {
        records.erase(records.begin() + static_cast<std::ptrdiff_t>(test::find(records, "setup", 2)));
        start = test::find(records, "ponder_start");
        hit = test::find(records, "ponder_hit");
    });
    expectBreachLine(r, "faster-rate", start, "(a ponder_start record");
    expectBreachLine(r, "faster-rate", hit, "(a ponder_hit record");
    expectBreachLine(r, "faster-rate", start, "no module change the engine requested turned pondering on");
    EXPECT_EQ(test::checkNamed(r, "faster-rate").records.front(), start) << checkLines(r);
}

// A module change the engine requested that turned Ponder on lets the engine ponder after it.
TEST_F(RecordTimes, PonderingAfterAModuleChangeTurnedItOnIsNotThatBreach) {
    const Report r = audit("ponder_hit", [&](std::vector<json>& records) {
        records.erase(records.begin() + static_cast<std::ptrdiff_t>(test::find(records, "setup", 2)));
        records[test::find(records, "setup")]["payload"]["setup"]["engine"]["requestable_options"] =
            json::array({"Ponder"});
        const std::size_t start = test::find(records, "ponder_start");
        test::insertBefore(records, start, "module_change", {{"name", "Ponder"}, {"value", "true"}});
        test::insertBefore(records, start, "engine_request",
                           {{"name", "Ponder"}, {"value", "true"}, {"reason", ""}, {"allowed", true}});
    });
    expectNoLine(r, "faster-rate", "the engine pondered here");
}

// An engine restart's downtime made 600 s although its fault and restart were recorded at one time.
TEST_F(RecordTimes, ADowntimeTheRecordsTimesDoNotBearOutIsABreach) {
    std::size_t restart = 0, fault = 0;
    const Report r = audit("engine_fault_restart", [&](std::vector<json>& records) {
        fault = test::find(records, "engine_fault");
        restart = test::find(records, "engine_restart");
        records[restart]["payload"]["downtime_ms"] = 600000;
    });
    expectBreachLine(r, "engine-faults", restart,
                     "the engine restart says the engine was down 600000 ms, but its fault (record #" +
                         std::to_string(fault) + ") was recorded at");
    EXPECT_NE(test::checkNamed(r, "engine-faults").evidence.find("0 ms later"), std::string::npos)
        << checkLines(r);

    // In simulated time the records' clock stands while a real engine starts again (up to the bridge's
    // handshake and ready timeouts): a slow start is no breach.
    const Report slow = audit("engine_fault_restart", [&](std::vector<json>& records) {
        records[test::find(records, "engine_restart")]["payload"]["downtime_ms"] = 15000;
    });
    EXPECT_EQ(test::checkNamed(slow, "engine-faults").verdict, Verdict::Ok) << checkLines(slow);
}

// F18: every go of one run of operator-cli play names one node count (its --engine-nodes; the built-in
// engine journals a bare "go", so the journal's go lines are given the count Stockfish's would carry); one
// search raised to 5000000 is a breach, another count after a console_resumed is not.
TEST_F(RecordTimes, AnotherNodeCountWithinOneRunIsABreach) {
    std::size_t raised = 0;
    auto nodes = [](std::vector<json>& records) {
        std::vector<std::size_t> ios;
        for (std::size_t k = 0; k < records.size(); ++k) {
            if (records[k]["type"] != "engine_io") continue;
            for (json& line : records[k]["payload"]["lines"])
                if (line == "> go") line = "> go nodes 100000", ios.push_back(k);
        }
        return ios;
    };
    const Report r = audit("drw_04_threefold_human", [&](std::vector<json>& records) {
        const auto ios = nodes(records);
        ASSERT_GE(ios.size(), 3u);
        raised = ios[1];
        for (json& line : records[raised]["payload"]["lines"])
            if (line == "> go nodes 100000") line = "> go nodes 5000000";
    });
    expectBreachLine(
        r, "faster-rate", raised,
        "the engine was sent \"go nodes 5000000\", but operator-cli play gave it 100000 nodes in "
        "the first go of this run");

    const Report honest =
        audit("drw_04_threefold_human", [&](std::vector<json>& records) { nodes(records); });
    EXPECT_TRUE(honest.passed()) << checkLines(honest);
}

// The honest games of these checks stay clean: their times, pondering, restarts and node counts.
TEST_F(RecordTimes, HonestJournalsStayClean) {
    for (const char* script : {"drw_04_threefold_human", "ponder_hit", "ponder_miss", "ponder_module_change",
                               "ponder_reinstated", "engine_fault_restart", "adj_computer_seals_resumed",
                               "adj_human_seals", "irr_05_illegal_found_later", "irr_mis_entry_correction",
                               "clk_08_late_2023_default_15", "cmp_2_2_faster_rate"}) {
        auto report = auditJournal(test::playScript(dir_, script));
        ASSERT_TRUE(report) << report.error();
        for (const char* name : {"table-clock", "faster-rate", "engine-faults"})
            EXPECT_NE(test::checkNamed(*report, name).verdict, Verdict::Breach) << script << "\n"
                                                                                << checkLines(*report);
    }
}

// Every honest journal of the corpus, of every version, holds the invariants these checks read.
TEST_F(RecordTimes, TheCorpusStaysClean) {
    for (const auto& entry : std::filesystem::directory_iterator(OC_AUDIT_CORPUS)) {
        if (entry.path().extension() != ".jsonl") continue;
        auto report = auditJournal(entry.path());
        ASSERT_TRUE(report) << entry.path() << ": " << report.error();
        EXPECT_FALSE(report->breached()) << entry.path() << "\n" << checkLines(*report);
    }
}

}  // namespace
}  // namespace oc::audit
