// Issue 37 (the red-team's F8, F14, F15): rulings and claims a forger appends or rewrites, re-hashing and
// re-signing the journal. The console's commands refuse them (or compute another verdict), and the
// session's replay of the record applies the same check, so the audit stops at that record: an integrity
// breach "the console cannot have written this", naming the field. The honest counterparts, played by the
// console itself, still audit clean.
#include <gtest/gtest.h>

#include <algorithm>

#include "audit/audit.hpp"
#include "tamper.hpp"

namespace oc::audit {
namespace {

using test::json;

class ForgedRulingTest : public ::testing::Test {
  protected:
    void SetUp() override { dir_ = test::testDir("oc_audit_forged_"); }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    std::filesystem::path tampered(const std::string& script,
                                   const std::function<void(std::vector<json>&)>& edit) {
        return test::tampered(dir_, script, edit);
    }

    // The integrity check is the breach at `index`, the replay stopping there for the reason `says`.
    void expectRefused(const std::filesystem::path& journal, std::size_t index, const std::string& type,
                       const std::string& says) {
        auto report = auditJournal(journal);
        ASSERT_TRUE(report) << report.error();
        EXPECT_TRUE(report->verified);
        EXPECT_FALSE(report->passed());
        EXPECT_TRUE(report->replay_stopped);
        const Check& integrity = test::checkNamed(*report, "integrity");
        EXPECT_EQ(integrity.verdict, Verdict::Breach) << integrity.evidence;
        ASSERT_FALSE(integrity.records.empty()) << integrity.evidence;
        EXPECT_EQ(integrity.records.front(), index) << integrity.evidence;
        const std::string head = "record #" + std::to_string(index) +
                                 ": the console cannot have written this: a \"" + type + "\" record here: ";
        EXPECT_NE(integrity.evidence.find(head + says), std::string::npos) << integrity.evidence;
    }

    // The index of the `n`th (0-based) record of `type`.
    static std::size_t nth(const std::vector<json>& r, const std::string& type, int n) {
        std::size_t at = test::find(r, type);
        for (int i = 0; i < n; ++i) at = test::find(r, type, at + 1);
        return at;
    }

    std::filesystem::path dir_;
};

// The honest rulings and claims, as the console writes them, replay and audit clean.
TEST_F(ForgedRulingTest, HonestRulingsAuditClean) {
    for (const char* script :
         {"irr_05_illegal_found_later", "drw_04_threefold_human", "clk_08_late_2005_61min",
          "clk_08_late_2023_default_15", "irr_04_clock_without_move_2023", "irr_04_two_hands_2023",
          "irr_04_unpromoted_2023", "irr_04_board_move_2023", "qpf_02_postponed_then_flag",
          "flag_reported_then_confirmed", "irr_mis_entry_correction"}) {
        auto report = auditJournal(test::playScript(dir_, script));
        ASSERT_TRUE(report) << script << ": " << report.error();
        EXPECT_TRUE(report->passed()) << script << "\n" << checkLines(*report);
        EXPECT_FALSE(report->replay_stopped) << script;
    }
}

// F8: an illegal-move ruling naming a half-move that was never played.
TEST_F(ForgedRulingTest, IllegalRulingOutsideTheGame) {
    for (int ply : {99, 0, -5}) {
        std::size_t at = 0;
        auto j = tampered("irr_05_illegal_found_later", [&](std::vector<json>& r) {
            at = test::find(r, "illegal");
            r[at]["payload"]["ply"] = ply;
        });
        expectRefused(j, at, "illegal",
                      "field \"ply\": ply " + std::to_string(ply) + " is not in the game: give 1..");
    }
}

// F14a/b: a forfeit for late arrival that no arrival proposed.
TEST_F(ForgedRulingTest, ForfeitNobodyProposed) {
    std::size_t at = 0;
    auto j = tampered("drw_04_threefold_human", [&](std::vector<json>& r) {
        at = nth(r, "human_move", 2);
        test::insertBefore(r, at, "forfeit", json{{"confirm", true}, {"side", "white"}});
    });
    expectRefused(j, at, "forfeit", "no forfeit for late arrival is proposed (CLK-08)");
}

// F14a: an arrival whose lateness is not the one its time gives (the forfeit then rests on it).
TEST_F(ForgedRulingTest, ArrivalLatenessRewritten) {
    std::size_t at = 0;
    auto j = tampered("clk_08_late_2005_59min", [&](std::vector<json>& r) {
        at = test::find(r, "arrival");
        r[at]["payload"]["late_ms"] = 3'660'000;
        r[at]["payload"]["forfeit"] = true;
    });
    expectRefused(j, at, "arrival", "field \"late_ms\": 3660000 recorded, but the console computes");
}

// The increment flag of an illegal-move ruling flipped: the offender keeps the increment 7.5.5 takes back,
// or loses one the console never credited (a move completed on the board); or the kind rewritten.
TEST_F(ForgedRulingTest, IllegalRulingIncrementFlagOrKindRewritten) {
    std::size_t at = 0;
    auto j = tampered("irr_05_illegal_found_later", [&](std::vector<json>& r) {
        at = test::find(r, "illegal");
        r[at]["payload"]["increment_earned"] = false;
    });
    expectRefused(j, at, "illegal",
                  "field \"increment_earned\": false recorded, but the console computes true here");
    j = tampered("irr_04_board_move_2023", [&](std::vector<json>& r) {
        at = test::find(r, "illegal");
        r[at]["payload"]["increment_earned"] = true;
    });
    expectRefused(j, at, "illegal",
                  "field \"increment_earned\": true recorded, but the console computes false here");
    j = tampered("irr_04_board_move_2023", [&](std::vector<json>& r) {
        at = test::find(r, "illegal");
        r[at]["payload"]["kind"] = "two_hands";
    });
    expectRefused(j, at, "illegal", "field \"kind\": \"two_hands\" recorded");
}

// An arrival inserted mid-game for a side that had pressed its clock, its lateness the clock's and a
// forfeit proposed (then confirmable): the console refuses an arrival after the side's first press.
TEST_F(ForgedRulingTest, ArrivalAfterTheSideHadMoved) {
    std::size_t at = 0;
    auto j = tampered("drw_04_threefold_human", [&](std::vector<json>& r) {
        const auto start = r[test::find(r, "start")]["payload"]["at"].get<std::int64_t>();
        const auto when = r[nth(r, "human_move", 1)]["payload"]["pressed"].get<std::int64_t>();
        at = nth(r, "human_move", 2);
        test::insertBefore(r, at, "arrival",
                           json{{"side", "white"},
                                {"at", when},
                                {"late_ms", when - start},
                                {"default_ms", 0},
                                {"forfeit", true},
                                {"article", "Art. 6.7.1"}});
    });
    expectRefused(j, at, "arrival", "field \"at\": white pressed the clock ");
}

// F15a/b: a claim the position does not bear out, recorded as correct.
TEST_F(ForgedRulingTest, ClaimRecordedCorrectWithoutRepetition) {
    for (const char* kind : {"threefold", "fifty"}) {
        std::size_t at = 0;
        auto j = tampered("drw_04_threefold_human", [&](std::vector<json>& r) {
            at = nth(r, "human_move", 1);
            test::insertBefore(r, at, "claim",
                               json{{"claimant", "white"},
                                    {"kind", kind},
                                    {"verdict", "correct"},
                                    {"detail", "forged"},
                                    {"intended", nullptr}});
        });
        expectRefused(j, at, "claim",
                      "field \"verdict\": \"correct\" recorded, but the console computes \"incorrect\"");
    }
}

// F15d: the human's correct threefold claim rewritten as incorrect (the draw disappears).
TEST_F(ForgedRulingTest, CorrectClaimRewrittenAsIncorrect) {
    std::size_t at = 0;
    auto j = tampered("drw_04_threefold_human", [&](std::vector<json>& r) {
        at = test::find(r, "claim");
        r[at]["payload"]["verdict"] = "incorrect";
    });
    expectRefused(j, at, "claim",
                  "field \"verdict\": \"incorrect\" recorded, but the console computes \"correct\"");
}

// F14e: an IRR-04 ruling of a kind the console never writes (the replay took any unknown kind as two hands).
TEST_F(ForgedRulingTest, IllegalKindTheConsoleNeverWrites) {
    std::size_t at = 0;
    auto j = tampered("irr_04_clock_without_move_2023", [&](std::vector<json>& r) {
        at = test::find(r, "illegal_kind");
        r[at]["payload"]["kind"] = "clock-without-move";
    });
    expectRefused(j, at, "illegal_kind", "field \"kind\": \"clock-without-move\" is not a kind");
}

// The figures of an IRR-04 ruling are the session's: the increment taken back, the promotion made.
TEST_F(ForgedRulingTest, IllegalKindFiguresRewritten) {
    std::size_t at = 0;
    auto j = tampered("irr_04_two_hands_2023", [&](std::vector<json>& r) {
        at = test::find(r, "illegal_kind");
        r[at]["payload"]["increment_earned"] = false;
    });
    expectRefused(j, at, "illegal_kind",
                  "field \"increment_earned\": false recorded, but the console computes true");
    j = tampered("irr_04_unpromoted_2023", [&](std::vector<json>& r) {
        at = test::find(r, "illegal_kind");
        r[at]["payload"]["uci"] = "a7a8n";
    });
    expectRefused(j, at, "illegal_kind",
                  "field \"uci\": \"a7a8n\" recorded, but the console computes \"a7a8q\"");
}

// F14c/d: a quickplay-finish claim where Guidelines III were not announced, and a ruling never written.
TEST_F(ForgedRulingTest, QuickplayClaimAndRulingForged) {
    std::size_t at = 0;
    auto j = tampered("drw_04_threefold_human", [&](std::vector<json>& r) {
        at = nth(r, "human_move", 1);
        test::insertBefore(r, at, "qpf_claim", json{{"claimant", "white"}, {"provisional", false}});
    });
    expectRefused(j, at, "qpf_claim", "field \"claimant\": ");
    j = tampered("qpf_02_postponed_then_flag", [&](std::vector<json>& r) {
        at = test::find(r, "qpf_ruling");
        r[at]["payload"]["ruling"] = "lost";
    });
    expectRefused(j, at, "qpf_ruling", "field \"ruling\": \"lost\" is not a ruling the console writes");
}

// The neighbouring results: a flag confirmed after the game ended, an arbiter's result that is none.
// (A flag confirmed with no report is the table-clock check's breach: BreachTest.FlagRuledWithoutReport.)
TEST_F(ForgedRulingTest, FlagAndResultForged) {
    std::size_t at = 0;
    auto j = tampered("drw_04_threefold_human", [&](std::vector<json>& r) {
        at = r.size();
        test::insertBefore(r, at, "flag_confirmed", json{{"side", "black"}});
    });
    expectRefused(j, at, "flag_confirmed", "no game in progress");
    j = tampered("drw_04_threefold_human", [&](std::vector<json>& r) {
        at = nth(r, "human_move", 2);
        test::insertBefore(r, at, "arbiter_result", json{{"result", "2-0"}, {"reason", "forged"}});
    });
    expectRefused(j, at, "arbiter_result", "field \"result\": the result is 1-0, 0-1 or 1/2-1/2");
    j = tampered("drw_04_threefold_human", [&](std::vector<json>& r) {
        at = r.size();
        test::insertBefore(r, at, "resign", json{{"side", "white"}});
    });
    expectRefused(j, at, "resign", "no game in progress");
}

// A correction (E.III 2.3) of a move that is not the human's last one, once the engine's reply is played.
TEST_F(ForgedRulingTest, CorrectionOfAnotherMove) {
    std::size_t at = 0;
    auto j = tampered("irr_mis_entry_correction", [&](std::vector<json>& r) {
        at = test::find(r, "correct");
        r[at]["payload"]["old"] = "a2a4";
    });
    expectRefused(j, at, "correct", "field \"old\": \"a2a4\" recorded, but the console computes");
    json correction;
    j = tampered("irr_mis_entry_correction", [&](std::vector<json>& r) {
        correction = r[test::find(r, "correct")]["payload"];
        at = test::find(r, "pressed", test::find(r, "correct"));
        test::insertBefore(r, at, "correct", correction);
    });
    expectRefused(j, at, "correct", "a mis-entry can be corrected only before the engine's reply is played");
}

}  // namespace
}  // namespace oc::audit
