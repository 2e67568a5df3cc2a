// Issue 23: the audit hardened against a dishonest operator. Journals of real Stockfish games are edited
// record by record and re-hashed (`journal verify` accepts them); the audit must never approve what it
// could not check (an integrity breach naming the record, the other checks "not-checked"), must name a
// field of the wrong type, and a record nested 100,000 levels deep must be refused, never a crash.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "audit/audit.hpp"
#include "journal/journal.hpp"
#include "tamper.hpp"

namespace oc::audit {
namespace {

using test::json;

constexpr const char* kStockfish = "/usr/games/stockfish";

class Hardening : public ::testing::Test {
  protected:
    // One real Stockfish game for the suite (deterministic: a fixed node count in simulated time).
    static void SetUpTestSuite() {
        dir_ = std::filesystem::temp_directory_path() / ("oc_audit_hardening_" + std::to_string(getpid()));
        std::filesystem::create_directories(dir_);
        game_ = dir_ / "stockfish.jsonl";
        const int rc = test::runCli(std::string("play --engine ") + kStockfish +
                                    " --engine-nodes 5000 --engine-side black --tc 15m+10s --human random "
                                    "--seed 1 --max-plies 40 --operator-delay 2,6 --journal " +
                                    game_.string());
        ASSERT_EQ(rc, 0);
    }
    static void TearDownTestSuite() { std::filesystem::remove_all(dir_); }

    // The game's records edited by `edit`, re-chained; the result must verify.
    std::filesystem::path tampered(const std::function<void(std::vector<json>&)>& edit) {
        auto records = test::readRecords(game_);
        edit(records);
        auto out =
            dir_ / (std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + ".jsonl");
        test::writeRechained(out, records);
        EXPECT_TRUE(journal::readJournal(out)) << "the tampered journal must still verify";
        EXPECT_EQ(test::runCli("journal verify " + out.string()), 0);
        return out;
    }

    static const Check& check(const Report& r, const std::string& name) { return test::checkNamed(r, name); }

    // Integrity is a breach at `index` whose evidence says why; no other check reads "ok" or "n/a".
    Report expectUnwritable(const std::filesystem::path& journal, std::size_t index, const std::string& why) {
        auto report = auditJournal(journal);
        EXPECT_TRUE(report) << report.error();
        if (!report) return {};
        EXPECT_FALSE(report->passed());
        const Check& integrity = check(*report, "integrity");
        EXPECT_EQ(integrity.verdict, Verdict::Breach);
        EXPECT_EQ(integrity.records, std::vector<std::size_t>{index});
        const std::string head =
            "record #" + std::to_string(index) + ": the console cannot have written this: ";
        EXPECT_EQ(integrity.evidence.rfind(head, 0), 0u) << integrity.evidence;
        EXPECT_NE(integrity.evidence.find(why), std::string::npos) << integrity.evidence;
        for (const Check& c : report->checks)
            EXPECT_TRUE(c.verdict == Verdict::Breach || c.verdict == Verdict::NotChecked)
                << c.name << " " << verdictName(c.verdict) << ": " << c.evidence;
        std::string out;
        EXPECT_EQ(test::runCli("journal audit " + journal.string() + " --ui-lang en", &out), 1) << out;
        EXPECT_NE(out.find("integrity breach " + head), std::string::npos) << out;
        EXPECT_EQ(out.find(" ok "), std::string::npos) << out;
        return *report;
    }

    static inline std::filesystem::path dir_, game_;
};

TEST_F(Hardening, TheStockfishGameIsClean) {
    auto report = auditJournal(game_);
    ASSERT_TRUE(report) << report.error();
    EXPECT_TRUE(report->passed()) << checkLines(*report);
    auto records = test::readRecords(game_);
    EXPECT_GT(std::count_if(records.begin(), records.end(), [](const json& r) { return r["type"] == "go"; }),
              10);
}

// One record of an unknown type after the start used to turn every caught breach into a clean report.
TEST_F(Hardening, UnknownRecordTypeIsAnIntegrityBreachAndKeepsEarlierBreaches) {
    std::size_t stop_at = 0, unknown = 0;
    auto j = tampered([&](std::vector<json>& r) {
        stop_at = test::find(r, "go", test::find(r, "go") + 1) + 1;
        test::insertBefore(r, stop_at, "engine_io", json{{"lines", {"> stop"}}});
        unknown = test::find(r, "pressed", stop_at) + 1;
        test::insertBefore(r, unknown, "mystery", json::object());
    });
    auto report = expectUnwritable(j, unknown, "unknown record type \"mystery\"");
    const Check& forced = check(report, "no-forced-move");
    EXPECT_EQ(forced.verdict, Verdict::Breach) << forced.evidence;
    EXPECT_EQ(forced.records.front(), stop_at);
    EXPECT_EQ(check(report, "sealed-move").evidence.rfind("not checked", 0), 0u);
}

TEST_F(Hardening, InvalidSetupIsAnIntegrityBreach) {
    std::size_t setup = 0;
    auto j = tampered([&](std::vector<json>& r) {
        setup = test::find(r, "setup");
        r[setup]["payload"]["setup"]["time_control"] = "ninety minutes";
    });
    expectUnwritable(j, setup, "time_control");
}

// Records in an order the console refuses: a press before the move was made.
TEST_F(Hardening, PressBeforeTheMoveWasMadeIsAnIntegrityBreach) {
    std::size_t at = 0;
    auto j = tampered([&](std::vector<json>& r) {
        at = test::find(r, "made");
        test::insertBefore(r, at, "pressed", json{{"at", r[at - 1]["payload"]["t"]}});
    });
    expectUnwritable(j, at, "no computer move to press the clock for");
}

// An acceptance with no offer pending.
TEST_F(Hardening, AcceptanceWithoutAnOfferIsAnIntegrityBreach) {
    std::size_t at = 0;
    auto j = tampered([&](std::vector<json>& r) {
        at = test::find(r, "human_move", test::find(r, "human_move") + 1) + 1;
        test::insertBefore(r, at, "answer_human", json{{"accept", true}});
    });
    expectUnwritable(j, at, "no draw offer or claim from the human is pending");
}

// A field of the wrong type is named with the record's number and the field (was
// "[json.exception.type_error.302] ..." with no location).
TEST_F(Hardening, FieldOfTheWrongTypeIsNamed) {
    std::size_t at = 0;
    auto j = tampered([&](std::vector<json>& r) {
        at = test::find(r, "made");
        r[at]["payload"]["uci"] = 42;
    });
    expectUnwritable(j, at, "a \"made\" record here: field \"uci\": expected a string, found number");
}

TEST_F(Hardening, GoBudgetOfTheWrongTypeIsNamed) {
    std::size_t at = 0;
    auto j = tampered([&](std::vector<json>& r) {
        at = test::find(r, "go");
        r[at]["payload"]["btime"] = "lots";
    });
    expectUnwritable(j, at, "field \"btime\": expected a whole number, found string");
}

TEST_F(Hardening, EngineLinesOfTheWrongTypeAreNamed) {
    std::size_t at = 0;
    auto j = tampered([&](std::vector<json>& r) {
        at = test::find(r, "engine_io");
        r[at]["payload"]["lines"].push_back(7);
    });
    expectUnwritable(j, at, "field \"lines\": expected an array of strings");
}

// The check must be a breach whose first record is `index`, its evidence containing `why`.
void expectBreach(const std::filesystem::path& journal, const std::string& name, std::size_t index,
                  const std::string& why) {
    auto report = auditJournal(journal);
    ASSERT_TRUE(report) << report.error();
    EXPECT_FALSE(report->passed());
    auto it = std::find_if(report->checks.begin(), report->checks.end(),
                           [&](const Check& c) { return c.name == name; });
    ASSERT_NE(it, report->checks.end());
    EXPECT_EQ(it->verdict, Verdict::Breach) << checkLines(*report);
    ASSERT_FALSE(it->records.empty());
    EXPECT_EQ(it->records.front(), index) << it->evidence;
    EXPECT_EQ(it->evidence.rfind("record #" + std::to_string(index) + ": ", 0), 0u) << it->evidence;
    EXPECT_NE(it->evidence.find(why), std::string::npos) << it->evidence;
    EXPECT_EQ(report->checks.front().verdict, Verdict::Ok) << report->checks.front().evidence;
}

// The engine_io record holding the first `> position` line with moves, and that line's index.
std::pair<std::size_t, std::size_t> positionLine(const std::vector<json>& r, std::size_t from) {
    for (std::size_t i = from; i < r.size(); ++i) {
        if (r[i]["type"] != "engine_io") continue;
        const auto& lines = r[i]["payload"]["lines"];
        for (std::size_t k = 0; k < lines.size(); ++k)
            if (lines[k].get<std::string>().rfind("> position startpos moves ", 0) == 0) return {i, k};
    }
    ADD_FAILURE() << "no position line";
    return {r.size(), 0};
}

// Item 2: the position the engine was sent is the game (two moves cut off the line).
TEST_F(Hardening, PositionOtherThanTheGameIsABreach) {
    std::size_t at = 0;
    auto j = tampered([&](std::vector<json>& r) {
        auto [io, k] = positionLine(r, test::find(r, "made", test::find(r, "made") + 1));
        at = io;
        std::string line = r[io]["payload"]["lines"][k];
        line = line.substr(0, line.rfind(' '));
        line = line.substr(0, line.rfind(' '));
        r[io]["payload"]["lines"][k] = line;
    });
    expectBreach(j, "moves-recorded", at, "the engine was sent the game");
}

// Item 2: a move pair deleted from the journal (the human's move and the computer's reply, with every
// record of that cycle), the chain re-hashed: the replay goes on without it, but the next position the
// engine was sent still holds the two moves.
TEST_F(Hardening, DeletedMovePairIsCaught) {
    std::size_t at = 0, cut = 0, journal_size = 0;
    auto j = tampered([&](std::vector<json>& r) {
        const std::size_t third =
            test::find(r, "human_move", test::find(r, "human_move", test::find(r, "human_move") + 1) + 1);
        const std::size_t fourth = test::find(r, "human_move", third + 1);
        r.erase(r.begin() + static_cast<std::ptrdiff_t>(third),
                r.begin() + static_cast<std::ptrdiff_t>(fourth));
        at = positionLine(r, third).first;
        cut = third;
        journal_size = r.size();
    });
    // Later records may not replay at all (a later move of the real game can be illegal without the
    // pair): that is an integrity breach of its own.
    auto report = auditJournal(j);
    ASSERT_TRUE(report) << report.error();
    EXPECT_FALSE(report->passed());
    const Check& moves = check(*report, "moves-recorded");
    EXPECT_EQ(moves.verdict, Verdict::Breach) << checkLines(*report);
    ASSERT_FALSE(moves.records.empty());
    EXPECT_EQ(moves.records.front(), at) << moves.evidence;
    EXPECT_NE(moves.evidence.find("the engine was sent the game"), std::string::npos) << moves.evidence;
    // Nothing before the cut is accused, and the cut is found at the first search after it (the go's
    // clocks already disagree with the replayed ones: table-clock).
    std::size_t first = journal_size;
    for (const Check& c : report->checks) {
        if (c.verdict == Verdict::Breach && !c.records.empty()) first = std::min(first, c.records.front());
    }
    EXPECT_GE(first, cut);
    EXPECT_LE(first, at);
}

// Item 2: a go giving the computer less than the budget rule gives: a hidden faster rate (E.III 2.2).
TEST_F(Hardening, GoGivingLessIsAHiddenFasterRate) {
    std::size_t at = 0;
    auto j = tampered([&](std::vector<json>& r) {
        at = test::find(r, "go", test::find(r, "go") + 1);
        r[at]["payload"]["btime"] = r[at]["payload"]["btime"].get<std::int64_t>() / 2;
    });
    expectBreach(j, "faster-rate", at, "a faster rate without a faster-rate record");
}

// Item 2: more than the rule gives keeps no handling time (E.III 2.1).
TEST_F(Hardening, GoGivingMoreKeepsNoHandlingTime) {
    std::size_t at = 0;
    auto j = tampered([&](std::vector<json>& r) {
        at = test::find(r, "go", test::find(r, "go") + 1);
        r[at]["payload"]["btime"] = r[at]["payload"]["btime"].get<std::int64_t>() + 3000;
    });
    expectBreach(j, "handling-time", at, "where the budget rule in force gives");
}

// Item 5: the human's clock in a go other than the console's: a clock changed without a table-clock
// reading belongs under table-clock.
TEST_F(Hardening, ClockChangedWithoutASyncIsATableClockBreach) {
    std::size_t at = 0;
    auto j = tampered([&](std::vector<json>& r) {
        at = test::find(r, "go", test::find(r, "go") + 1);
        r[at]["payload"]["wtime"] = r[at]["payload"]["wtime"].get<std::int64_t>() + 60000;
    });
    expectBreach(j, "table-clock", at, "a clock changed without a table-clock reading");
}

// Item 2: a setoption mid-game without a module change the engine requested (E.III 2.2, 3.4).
TEST_F(Hardening, SetoptionMidGameIsABreach) {
    std::size_t at = 0;
    auto j = tampered([&](std::vector<json>& r) {
        at = positionLine(r, test::find(r, "pressed")).first;
        auto& lines = r[at]["payload"]["lines"];
        lines.insert(lines.begin(), "> setoption name Contempt value 100");
    });
    expectBreach(j, "faster-rate", at, "setoption name Contempt value 100");
}

// Item 2: a forged engine request for an option the setup does not make requestable.
TEST_F(Hardening, ForgedRequestForAnOptionNotRequestable) {
    std::size_t at = 0;
    auto j = tampered([&](std::vector<json>& r) {
        at = test::find(r, "pressed") + 1;
        test::insertBefore(r, at, "engine_request",
                           json{{"name", "Hash"}, {"value", "4096"}, {"reason", "more"}, {"allowed", true}});
        test::insertBefore(r, at + 1, "module_change", json{{"name", "Hash"}, {"value", "4096"}});
    });
    expectBreach(j, "faster-rate", at, "does not let the engine request Hash");
}

// Item 2: a search whose engine I/O record is missing is a gap.
TEST_F(Hardening, SearchWithoutItsEngineIoIsAGap) {
    std::size_t go = 0;
    auto j = tampered([&](std::vector<json>& r) {
        go = test::find(r, "go", test::find(r, "go", test::find(r, "go") + 1) + 1);
        r.erase(r.begin() + static_cast<std::ptrdiff_t>(test::find(r, "engine_io", go)));
    });
    expectBreach(j, "no-forced-move", go, "has no engine I/O");
}

// The PDF's first page never says "No breach found" when the integrity check failed.
TEST_F(Hardening, UnreplayablePdfSaysBreachOnPageOne) {
    auto j = tampered([&](std::vector<json>& r) {
        test::insertBefore(r, test::find(r, "pressed") + 1, "mystery", json::object());
    });
    const auto pdf = dir_ / "unreplayable.pdf";
    EXPECT_EQ(test::runCli("journal audit " + j.string() + " --ui-lang en --pdf " + pdf.string()), 1);
    std::string text;
    ASSERT_EQ(std::system(("pdftotext -f 1 -l 1 " + pdf.string() + " " + (dir_ / "p1.txt").string()).c_str()),
              0);
    std::ifstream in(dir_ / "p1.txt");
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    EXPECT_EQ(text.find("No breach found"), std::string::npos) << text;
    EXPECT_NE(text.find("cannot have written"), std::string::npos) << text;
    EXPECT_NE(text.find("not checked"), std::string::npos) << text;
}

// Item 4: a record nested 100,000 levels deep, its hash recomputed, is refused by number; no command
// crashes on it (a segfault in the library's serializer before).
TEST_F(Hardening, DepthBombIsRefusedByEveryCommand) {
    auto records = test::readRecords(game_);
    records.resize(20);
    const auto path = dir_ / "bomb.jsonl";
    test::writeRechained(path, records);
    const std::string prev = test::readRecords(path).back()["hash"];
    const std::size_t levels = 100000;
    const std::string canonical =
        "{\"mono_ms\":9000,\"payload\":{\"lines\":" + std::string(levels, '[') + std::string(levels, ']') +
        ",\"t\":9000},\"prev\":\"" + prev +
        "\",\"seq\":20,\"type\":\"engine_io\",\"wall\":\"2026-11-29T14:00:09.000Z\"}";
    std::ofstream(path, std::ios::app)
        << "{\"hash\":\"" << journal::blake2bHex(canonical) << "\"," << canonical.substr(1) << "\n";
    std::string out;
    EXPECT_EQ(test::runCli("journal verify " + path.string() + " --ui-lang en", &out), 1) << out;
    EXPECT_NE(out.find("nests deeper than 64 levels"), std::string::npos) << out;
    EXPECT_NE(out.find("record 20 (line 21)"), std::string::npos) << out;
    out.clear();
    EXPECT_EQ(test::runCli("journal audit " + path.string() + " --ui-lang en", &out), 1) << out;
    EXPECT_NE(out.find("integrity breach record 20 (line 21)"), std::string::npos) << out;
    out.clear();
    const int replay = test::runCli("journal replay " + path.string() + " --ui-lang en", &out);
    EXPECT_TRUE(replay == 1 || replay == 2) << replay << out;
    EXPECT_NE(out.find("nests deeper than 64 levels"), std::string::npos) << out;
}

// The same bound on the event setup a game is played with.
TEST_F(Hardening, DeepSetupFileIsRefused) {
    const auto setup = dir_ / "deep_setup.json";
    std::ofstream(setup) << "{\"engine\":" << std::string(100000, '[') << std::string(100000, ']') << "}";
    std::string out;
    const int rc = test::runCli(
        "play --engine fake --engine-side black --tc 15m+10s --human random "
        "--max-plies 2 --setup " +
            setup.string() + " --journal " + (dir_ / "deep.jsonl").string(),
        &out);
    EXPECT_NE(rc, 0) << out;
    EXPECT_NE(rc, -1) << "crashed: " << out;
    EXPECT_NE(out.find("nests deeper than 64 levels"), std::string::npos) << out;
}

}  // namespace
}  // namespace oc::audit
