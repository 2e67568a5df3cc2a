// Issue 37 items 3-4: every fact a record carries compared with what the replay expects - the engine's
// settings (the first handshake included, each request with the engine's own line, nothing set during a
// search), every `go` line's form and wait, the records' times, the bestmove with the engine's analysis,
// and the sealed move's order and fingerprint. Each breach is a real journal (a real Stockfish game in
// simulated time, or a scenario script with the built-in engine) edited and re-hashed, so that `journal
// verify` still accepts it; the honest journals audit clean.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "audit/audit.hpp"
#include "journal/journal.hpp"
#include "rules/position.hpp"
#include "tamper.hpp"

namespace oc::audit {
namespace {

using test::json;

constexpr const char* kStockfish = "/usr/games/stockfish";

const Check& check(const Report& r, const std::string& name) {
    auto it = std::find_if(r.checks.begin(), r.checks.end(), [&](const Check& c) { return c.name == name; });
    EXPECT_NE(it, r.checks.end()) << name;
    return *it;
}

// `name` is a breach at record `index` (among its breaches) whose line says `says`; integrity is ok.
void expectBreach(const std::filesystem::path& journal, const std::string& name, std::size_t index,
                  const std::string& says) {
    auto report = auditJournal(journal);
    ASSERT_TRUE(report) << report.error();
    EXPECT_FALSE(report->passed());
    const Check& c = check(*report, name);
    ASSERT_EQ(c.verdict, Verdict::Breach) << checkLines(*report);
    const std::string head = "record #" + std::to_string(index) + ": ";
    const bool found = std::any_of(c.details.begin(), c.details.end(), [&](const std::string& d) {
        return d.rfind(head, 0) == 0 && d.find(says) != std::string::npos;
    });
    EXPECT_TRUE(found) << "no \"" << head << "..." << says << "\" in\n" << checkLines(*report);
    EXPECT_EQ(report->checks.front().verdict, Verdict::Ok) << report->checks.front().evidence;
}

void expectClean(const std::filesystem::path& journal) {
    auto report = auditJournal(journal);
    ASSERT_TRUE(report) << report.error();
    EXPECT_TRUE(report->passed()) << journal << "\n" << checkLines(*report);
}

// The engine_io records from `from` on; the first holding a line that starts with `start`.
std::size_t ioWith(const std::vector<json>& r, const std::string& start, std::size_t from = 0) {
    for (std::size_t i = from; i < r.size(); ++i)
        if (r[i]["type"] == "engine_io")
            for (const auto& l : r[i]["payload"]["lines"])
                if (l.get<std::string>().rfind(start, 0) == 0) return i;
    ADD_FAILURE() << "no engine line " << start;
    return r.size();
}

// The line of record `io` that starts with `start`.
json::iterator lineWith(std::vector<json>& r, std::size_t io, const std::string& start) {
    auto& lines = r[io]["payload"]["lines"];
    return std::find_if(lines.begin(), lines.end(),
                        [&](const json& l) { return l.get<std::string>().rfind(start, 0) == 0; });
}

class Facts : public ::testing::Test {
  protected:
    // One real Stockfish game for the suite: its first handshake, every search's lines (simulated time:
    // `go nodes N`, deterministic), the operator's delays between made and pressed.
    static void SetUpTestSuite() {
        if (!std::filesystem::exists(kStockfish)) return;
        suite_ = std::filesystem::temp_directory_path() / ("oc_audit_facts_" + std::to_string(getpid()));
        std::filesystem::create_directories(suite_);
        game_ = suite_ / "stockfish.jsonl";
        ASSERT_EQ(
            test::runCli(std::string("play --engine ") + kStockfish +
                         " --engine-nodes 3000 --engine-side black --tc 15m+10s --human random --seed 3 "
                         "--max-plies 8 --operator-delay 2,6 --journal " +
                         game_.string()),
            0);
    }
    static void TearDownTestSuite() { std::filesystem::remove_all(suite_); }
    void SetUp() override { dir_ = test::testDir("oc_audit_facts_"); }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    void needStockfish() {
        if (!std::filesystem::exists(kStockfish)) GTEST_SKIP() << kStockfish << " is not installed";
    }

    // The Stockfish game edited by `edit`, re-chained; it must still verify.
    std::filesystem::path stockfish(const std::function<void(std::vector<json>&)>& edit) {
        auto records = test::readRecords(game_);
        edit(records);
        auto out = dir_ / "tampered.jsonl";
        test::writeRechained(out, records);
        EXPECT_TRUE(journal::readJournal(out)) << "the tampered journal must still verify";
        return out;
    }

    std::filesystem::path script(const std::string& name,
                                 const std::function<void(std::vector<json>&)>& edit) {
        return test::tampered(dir_, name, edit);
    }

    std::filesystem::path dir_;
    static inline std::filesystem::path suite_, game_;
};

TEST_F(Facts, TheHonestStockfishGameIsClean) {
    needStockfish();
    expectClean(game_);
}

// Engine settings: the first handshake is judged like a restart's (E.III 2.2).
TEST_F(Facts, ThreadsRaisedInTheFirstHandshakeIsABreach) {
    needStockfish();
    std::size_t at = 0;
    auto j = stockfish([&](std::vector<json>& r) {
        at = ioWith(r, "> setoption name Threads value 1");
        *lineWith(r, at, "> setoption name Threads") = "> setoption name Threads value 4";
        EXPECT_LT(at, test::find(r, "start")) << "the first handshake comes before the start";
    });
    expectBreach(j, "faster-rate", at,
                 "the engine was sent \"setoption name Threads value 4\" when it was started for the game, "
                 "which is not the event's setting for that option (the setup says 1)");
}

TEST_F(Facts, HashAddedToTheFirstHandshakeIsABreach) {
    needStockfish();
    std::size_t at = 0;
    auto j = stockfish([&](std::vector<json>& r) {
        at = ioWith(r, "> setoption name Threads value 1");
        auto& lines = r[at]["payload"]["lines"];
        lines.insert(lineWith(r, at, "> setoption name Threads"), "> setoption name Hash value 2048");
    });
    expectBreach(j, "faster-rate", at,
                 "\"setoption name Hash value 2048\" when it was started for the game, which is not the "
                 "event's setting for that option (the setup does not set that option)");
}

// A setting sent between a search's go and its bestmove.
TEST_F(Facts, ASetoptionDuringASearchIsABreach) {
    needStockfish();
    std::size_t at = 0;
    auto j = stockfish([&](std::vector<json>& r) {
        at = ioWith(r, "> go nodes", test::find(r, "go", test::find(r, "pressed")));
        auto& lines = r[at]["payload"]["lines"];
        lines.insert(lineWith(r, at, "> go nodes") + 1, "> setoption name Threads value 1");
    });
    expectBreach(j, "faster-rate", at,
                 "\"setoption name Threads value 1\" while it was searching (after its \"go\", before its "
                 "\"bestmove\")");
}

// An engine request (E.III 3.4) whose request line the engine never wrote: the operator's own change.
TEST_F(Facts, AnEngineRequestWithoutTheEnginesLineIsABreach) {
    expectClean(test::playScript(dir_, "cmp_3_4_module_change"));
    std::size_t at = 0;
    auto j = script("cmp_3_4_module_change", [&](std::vector<json>& r) {
        at = test::find(r, "engine_request");
        const std::size_t io = ioWith(r, "< info string request-option name SyzygyPath", at);
        auto& lines = r[io]["payload"]["lines"];
        lines.erase(lineWith(r, io, "< info string request-option name SyzygyPath"));
    });
    expectBreach(j, "faster-rate", at,
                 "an engine request to set SyzygyPath to /tb/6, but the engine's lines journaled around it "
                 "hold no such request");
}

// `go` lines: one that names no clocks but a move time is judged, never passed over (E.III 2.1).
TEST_F(Facts, AGoMovetimeIsABreach) {
    needStockfish();
    std::size_t at = 0;
    auto j = stockfish([&](std::vector<json>& r) {
        at = ioWith(r, "> go nodes", test::find(r, "pressed"));
        *lineWith(r, at, "> go nodes") = "> go movetime 60000";
    });
    expectBreach(j, "handling-time", at,
                 "the engine was sent \"go movetime 60000\": the console never sends \"movetime\" in a go");
}

TEST_F(Facts, AGoMovetimeInAScriptedGameIsABreach) {
    std::size_t at = 0;
    auto j = script("cmp_1_1_official_clock", [&](std::vector<json>& r) {
        at = ioWith(r, "> go");
        *lineWith(r, at, "> go") = "> go movetime 60000";
    });
    expectBreach(j, "handling-time", at, "the console never sends \"movetime\" in a go");
}

// A scripted game's `go` lines given the figures of their go records, as the bridge sends them in real
// time (engine_bridge formatGo): the game the console played, its engine told its clocks.
void timedGoLines(std::vector<json>& r) {
    for (std::size_t i = 0; i < r.size(); ++i) {
        if (r[i]["type"] != "go") continue;
        const json& p = r[i]["payload"];
        std::string go = "> go wtime " + std::to_string(p["wtime"].get<std::int64_t>()) + " btime " +
                         std::to_string(p["btime"].get<std::int64_t>()) + " winc " +
                         std::to_string(p["winc"].get<std::int64_t>()) + " binc " +
                         std::to_string(p["binc"].get<std::int64_t>());
        if (p["movestogo"].get<std::int64_t>() > 0)
            go += " movestogo " + std::to_string(p["movestogo"].get<int>());
        *lineWith(r, ioWith(r, "> go", i), "> go") = go;
    }
}

TEST_F(Facts, TimedGoLinesAreClean) {
    expectClean(script("cmp_1_4_long_castling", timedGoLines));
}

// In a game whose go lines carry the clocks, one that names none.
TEST_F(Facts, AGoWithoutClocksInATimedGameIsABreach) {
    std::size_t at = 0;
    auto j = script("cmp_1_4_long_castling", [&](std::vector<json>& r) {
        timedGoLines(r);
        at = ioWith(r, "> go", test::find(r, "go", test::find(r, "pressed")));
        *lineWith(r, at, "> go") = "> go nodes 100000000";
    });
    expectBreach(j, "handling-time", at,
                 "\"go nodes 100000000\", which names no clocks, but operator-cli play gives the engine its "
                 "clocks in every go");
}

// The computer's time lowered mid-game behind a forged "# go waited" note: nothing on the wire (no new
// game, no stopped search, no restart) made that go wait.
TEST_F(Facts, ALoweredClockBehindAForgedWaitIsABreach) {
    std::size_t at = 0;
    auto j = script("cmp_1_4_long_castling", [&](std::vector<json>& r) {
        timedGoLines(r);
        const std::size_t go = test::find(r, "go", test::find(r, "pressed"));
        at = ioWith(r, "> go", go);
        const json& p = r[go]["payload"];
        auto line = lineWith(r, at, "> go");
        *line = "> go wtime " + std::to_string(p["wtime"].get<std::int64_t>()) + " btime " +
                std::to_string(p["btime"].get<std::int64_t>() - 60000) + " winc " +
                std::to_string(p["winc"].get<std::int64_t>()) + " binc " +
                std::to_string(p["binc"].get<std::int64_t>());
        r[at]["payload"]["lines"].insert(line, "# go waited 60000 ms: deducted from the engine's clock");
    });
    expectBreach(j, "faster-rate", at, "nothing on the wire since the last go made a go wait");
}

// Time order (E.III 1.1): a result whose wall time is 2 h before the record it follows.
TEST_F(Facts, AResultDatedBeforeTheRecordItFollowsIsABreach) {
    const auto file = dir_ / "arbiter_result.txt";
    std::ofstream(file) << "start\nengine e7e5\nmove e4\nuntil engine-move-shown\nmade\npressed\n"
                           "arbiter result 1-0 the computer's operator left the venue\n";
    std::size_t at = 0;
    auto j = script(file.string(), [&](std::vector<json>& r) {
        at = test::find(r, "arbiter_result");
        auto wall = journal::parseWallTime(r[at - 1]["wall"].get<std::string>());
        ASSERT_TRUE(wall);
        r[at]["wall"] = journal::formatWallTime(*wall - std::chrono::hours(2));
    });
    expectBreach(j, "table-clock", at, "the arbiter_result record was written at ");
    expectBreach(j, "table-clock", at, "by the wall clock, 2:00:00 before the record before it");
}

// The PC's clock set back 2 h mid-game (a laptop finding a time server): every record from then on keeps
// the step and the monotonic clock runs on. That is no edit: the audit notes it and accuses no one.
TEST_F(Facts, APcClockSetBackMidGameIsNotedNotABreach) {
    const auto file = dir_ / "clock_step.txt";
    std::ofstream(file) << "start\nengine e7e5\nmove e4\nuntil engine-move-shown\nmade\npressed\n"
                           "recorded\nengine g8f6\nmove d4\nuntil engine-move-shown\nmade\npressed\n";
    std::size_t at = 0;
    auto j = script(file.string(), [&](std::vector<json>& r) {
        at = test::find(r, "made");
        for (std::size_t i = at; i < r.size(); ++i) {
            auto wall = journal::parseWallTime(r[i]["wall"].get<std::string>());
            ASSERT_TRUE(wall);
            r[i]["wall"] = journal::formatWallTime(*wall - std::chrono::hours(2));
        }
    });
    expectClean(j);
    auto report = auditJournal(j);
    ASSERT_TRUE(report);
    const Check& c = check(*report, "table-clock");
    const std::string says = "record #" + std::to_string(at) + ": the PC's clock was set back by ";
    EXPECT_TRUE(std::any_of(c.details.begin(), c.details.end(), [&](const std::string& d) {
        return d.rfind(says, 0) == 0;
    })) << checkLines(*report);
}

// The clock press moved before the computer's move was executed on the board (made): the console's
// replay would start the human's clock earlier; the press record still follows the made record.
TEST_F(Facts, APressMovedBeforeItsMadeIsABreach) {
    needStockfish();
    std::size_t at = 0;
    auto j = stockfish([&](std::vector<json>& r) {
        const std::size_t made = test::find(r, "made");
        at = made + 1;
        ASSERT_EQ(r[at]["type"], "pressed");
        const std::int64_t before = r[made]["mono_ms"].get<std::int64_t>() - 1000;
        r[at]["mono_ms"] = before;
        r[at]["payload"]["t"] = before;
        r[at]["payload"]["at"] = before;
    });
    expectBreach(j, "table-clock", at, "the pressed record's monotonic time ");
    expectBreach(j, "table-clock", at, "is 0:00:01 before that of the record before it");
}

// A bestmove rewritten (and the records after it) while the engine's last analysis line still begins with
// the move it chose (E.III 1.4).
void rewriteLastBestmove(std::vector<json>& r, std::size_t& at);

TEST_F(Facts, ABestmoveRewrittenAgainstItsAnalysisIsABreach) {
    needStockfish();
    std::size_t at = 0;
    auto j = stockfish([&](std::vector<json>& r) { rewriteLastBestmove(r, at); });
    expectBreach(j, "moves-recorded", at, "\"bestmove ");
    expectBreach(j, "moves-recorded", at, "but the last line of that search's analysis (info ... pv) begins");
}

// The same with the engine renamed in its handshake (a red team's forgery): the engine was started from
// /usr/games/stockfish, so Stockfish's rule still holds.
TEST_F(Facts, ABestmoveRewrittenBehindARenamedEngineIsABreach) {
    needStockfish();
    std::size_t at = 0;
    auto j = stockfish([&](std::vector<json>& r) {
        for (auto& record : r)
            if (record["type"] == "engine_io")
                for (auto& l : record["payload"]["lines"])
                    if (l.get<std::string>().rfind("< id name ", 0) == 0) l = "< id name Fritz 19";
        rewriteLastBestmove(r, at);
    });
    expectBreach(j, "moves-recorded", at, "but the last line of that search's analysis (info ... pv) begins");
}

// The last bestmove, its engine_move and made rewritten to a move the engine considered at a lower depth;
// `at` is the engine_io record holding the bestmove.
void rewriteLastBestmove(std::vector<json>& r, std::size_t& at) {
    std::size_t move = 0;
    for (std::size_t i = 0; i < r.size(); ++i)
        if (r[i]["type"] == "engine_move") move = i;
    at = move - 1;
    ASSERT_EQ(r[at]["type"], "engine_io");
    const std::string real = r[move]["payload"]["uci"];
    std::string other;  // a move the engine considered at a lower depth
    for (const auto& l : r[at]["payload"]["lines"]) {
        const std::string line = l;
        const auto pv = line.find(" pv ");
        if (line.rfind("< info ", 0) == 0 && pv != std::string::npos && line.substr(pv + 4, 4) != real)
            other = line.substr(pv + 4, line.find(' ', pv + 4) - pv - 4);
    }
    ASSERT_FALSE(other.empty()) << "the engine considered no other move";
    *lineWith(r, at, "< bestmove") = "< bestmove " + other;
    r[move]["payload"]["uci"] = other;
    const std::size_t made = test::find(r, "made", move);
    r[made]["payload"]["uci"] = other;
}

// The sealed move (Guidelines I.1, E.III 3.5): the request moved after the withheld move.
TEST_F(Facts, ASealRequestMovedAfterTheWithheldMoveIsABreach) {
    expectClean(test::playScript(dir_, "adj_computer_seals_resumed"));
    std::size_t at = 0;
    auto j = script("adj_computer_seals_resumed", [&](std::vector<json>& r) {
        const std::size_t request = test::find(r, "seal_requested");
        const std::size_t withheld = test::find(r, "engine_move_withheld", request);
        const json moved = r[request];
        r.erase(r.begin() + static_cast<std::ptrdiff_t>(request));
        r.insert(r.begin() + static_cast<std::ptrdiff_t>(withheld), moved);
        at = withheld - 1;
    });
    auto report = auditJournal(j);
    ASSERT_TRUE(report) << report.error();
    EXPECT_FALSE(report->passed()) << checkLines(*report);
    EXPECT_EQ(checkLines(*report).find("chosen after the request"), std::string::npos) << checkLines(*report);
    if (report->checks.front().verdict == Verdict::Ok)
        expectBreach(j, "sealed-move", at, "withheld for sealing with no seal request before it");
}

// A changed envelope keeping the fingerprint written on the paper form.
TEST_F(Facts, AChangedEnvelopeWithTheOldFingerprintIsABreach) {
    std::size_t at = 0;
    auto j = script("adj_computer_seals_resumed", [&](std::vector<json>& r) {
        at = test::find(r, "sealed");
        auto& envelope = r[at]["payload"]["envelope"];
        ASSERT_TRUE(envelope.contains("ciphertext")) << envelope.dump();
        std::string c = envelope["ciphertext"];
        c[0] = c[0] == '0' ? '1' : '0';
        envelope["ciphertext"] = c;
    });
    expectBreach(j, "sealed-move", at, "but the envelope journaled here has the fingerprint ");
}

// Stockfish weakened (Skill Level) swaps a weaker move in after its last analysis line: an honest game is
// clean, its bestmove lines not compared with its pv lines.
TEST_F(Facts, AWeakenedStockfishGameIsClean) {
    needStockfish();
    json setup = test::readRecords(game_)[1]["payload"]["setup"];
    setup["engine"]["options"]["Skill Level"] = "0";
    const auto setup_file = dir_ / "weakened.json";
    std::ofstream(setup_file) << setup.dump();
    const auto journal = dir_ / "weakened.jsonl";
    ASSERT_EQ(test::runCli("play --setup " + setup_file.string() + " --engine " + kStockfish +
                           " --engine-nodes 20000 --engine-side black --tc 15m+10s --human random --seed 4 "
                           "--max-plies 30 --journal " +
                           journal.string()),
              0);
    expectClean(journal);
}

// Forced moves hidden as restarts (E.III 2.3): the second search's engine lines given a `stop` right after
// its `go`, excused by `type` (inserted right after its go record, as the console would date it) with no
// restart, handshake or new search following. Returns the engine_io record holding the stop.
std::size_t stopExcusedBy(std::vector<json>& r, const std::string& type, json payload, std::size_t& search) {
    search = test::find(r, "go", test::find(r, "pressed"));
    const std::size_t io = ioWith(r, "> go nodes", search);
    auto& lines = r[io]["payload"]["lines"];
    lines.insert(lineWith(r, io, "> go nodes") + 1, "> stop");
    if (type.empty()) return io;
    test::insertBefore(r, search + 1, type, std::move(payload));
    return io + 1;
}

TEST_F(Facts, AStopExcusedByAForgedResumeIsABreach) {
    needStockfish();
    std::size_t at = 0, search = 0;
    auto j = stockfish([&](std::vector<json>& r) {
        at = stopExcusedBy(r, "console_resumed",
                           json{{"program", "operator-cli play"}, {"resumed_from_seq", 9}}, search);
    });
    expectBreach(j, "no-forced-move", at,
                 "\"stop\" was sent to the engine during its own search started at record #" +
                     std::to_string(search) + ": a forced move");
}

TEST_F(Facts, AStopExcusedByAForgedEngineFaultIsABreach) {
    needStockfish();
    std::size_t at = 0, search = 0;
    auto j = stockfish([&](std::vector<json>& r) {
        at = stopExcusedBy(r, "engine_fault", json{{"what", "hang"}}, search);
    });
    expectBreach(j, "no-forced-move", at,
                 "\"stop\" was sent to the engine during its own search started at record #" +
                     std::to_string(search) + ": a forced move");
}

TEST_F(Facts, AStopExcusedByACorrectionToTheSameMoveIsABreach) {
    needStockfish();
    std::size_t at = 0, search = 0;
    auto j = stockfish([&](std::vector<json>& r) {
        const json& played = r[test::find(r, "human_move", test::find(r, "pressed"))]["payload"];
        at = stopExcusedBy(r, "correct",
                           json{{"old", played["uci"]}, {"uci", played["uci"]}, {"text", played["text"]}},
                           search);
    });
    expectBreach(j, "no-forced-move", at,
                 "\"stop\" was sent to the engine during its own search started at record #" +
                     std::to_string(search) + ": a forced move");
}

// The session time ("t") of record `i`.
std::int64_t timeOf(const std::vector<json>& r, std::size_t i) {
    return r[i]["payload"].value("t", std::int64_t{0});
}

// The last search of the computer: its go, engine lines, move shown and made.
struct LastCycle {
    std::size_t go, io, move, made;
};
LastCycle lastCycle(const std::vector<json>& r) {
    std::size_t go = 0;
    for (std::size_t i = 0; i < r.size(); ++i)
        if (r[i]["type"] == "go") go = i;
    return {go, test::find(r, "engine_io", go), test::find(r, "engine_move", go), test::find(r, "made", go)};
}

// Another legal move for the computer in the position its last search was given (the bestmove's own
// square of departure kept out): the move an operator would put in its place.
std::string otherMove(const std::vector<json>& r, const LastCycle& c) {
    std::string position;
    for (const auto& l : r[c.io]["payload"]["lines"])
        if (l.get<std::string>().rfind("> position ", 0) == 0) position = l.get<std::string>();
    auto game = rules::Position::fromFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    rules::Position pos = *game;
    std::istringstream words(position.substr(position.find(" moves ") + 7));
    for (std::string uci; words >> uci;) pos = pos.play(*rules::parseUci(pos, uci));
    const std::string best = r[c.move]["payload"]["uci"];
    for (const rules::Move& m : pos.legalMoves())
        if (rules::toUci(m).substr(0, 2) != best.substr(0, 2)) return rules::toUci(m);
    ADD_FAILURE() << "no other move";
    return best;
}

// The computer's last move changed to the operator's choice (in engine_move and made).
void operatorsMove(std::vector<json>& r, const LastCycle& c, const std::string& uci) {
    r[c.move]["payload"]["uci"] = uci;
    r[c.made]["payload"]["uci"] = uci;
}

// The last search's engine lines replaced by a forged resume, and a move of the operator's choosing shown
// with no search after it.
TEST_F(Facts, ALastSearchReplacedByAForgedResumeAndAnOperatorsMoveIsCaught) {
    needStockfish();
    LastCycle c{};
    auto j = stockfish([&](std::vector<json>& r) {
        c = lastCycle(r);
        const std::string uci = otherMove(r, c);
        r[c.io] =
            json{{"type", "console_resumed"},
                 {"payload",
                  {{"program", "operator-cli play"}, {"resumed_from_seq", c.go}, {"t", timeOf(r, c.go)}}},
                 {"wall", r[c.io]["wall"]},
                 {"mono_ms", r[c.io]["mono_ms"]}};
        operatorsMove(r, c, uci);
    });
    auto report = auditJournal(j);
    ASSERT_TRUE(report) << report.error();
    EXPECT_FALSE(report->passed()) << checkLines(*report);
    EXPECT_NE(check(*report, "moves-recorded").verdict, Verdict::Ok) << checkLines(*report);
}

// A resume inserted between the engine's bestmove and the move shown, so that the move shown is another.
TEST_F(Facts, AResumeInsertedBetweenTheBestmoveAndTheMoveShownIsCaught) {
    needStockfish();
    LastCycle c{};
    auto j = stockfish([&](std::vector<json>& r) {
        c = lastCycle(r);
        const std::string uci = otherMove(r, c);
        operatorsMove(r, c, uci);
        test::insertBefore(r, c.move, "console_resumed",
                           {{"program", "operator-cli play"}, {"resumed_from_seq", c.io}});
    });
    auto report = auditJournal(j);
    ASSERT_TRUE(report) << report.error();
    EXPECT_FALSE(report->passed()) << checkLines(*report);
    EXPECT_NE(check(*report, "moves-recorded").verdict, Verdict::Ok) << checkLines(*report);
}

// The computer's last cycle (go, engine lines, move, made, press) replaced by a human_move of the same
// move for the computer's side: the operator playing for the computer.
TEST_F(Facts, TheComputersCycleReplacedByAHumanMoveIsABreach) {
    needStockfish();
    std::size_t at = 0;
    auto j = stockfish([&](std::vector<json>& r) {
        const LastCycle c = lastCycle(r);
        at = c.go;
        const std::size_t pressed = test::find(r, "pressed", c.made);
        const json uci = r[c.move]["payload"]["uci"];
        json human{{"type", "human_move"},
                   {"payload",
                    {{"offer", false},
                     {"pressed", timeOf(r, pressed)},
                     {"t", timeOf(r, pressed)},
                     {"text", uci},
                     {"uci", uci}}},
                   {"wall", r[pressed]["wall"]},
                   {"mono_ms", r[pressed]["mono_ms"]}};
        r.erase(r.begin() + static_cast<std::ptrdiff_t>(c.go),
                r.begin() + static_cast<std::ptrdiff_t>(pressed) + 1);
        r.insert(r.begin() + static_cast<std::ptrdiff_t>(c.go), human);
    });
    auto report = auditJournal(j);
    ASSERT_TRUE(report) << report.error();
    EXPECT_FALSE(report->passed()) << checkLines(*report);
    expectBreach(j, "moves-recorded", at, "was entered for the computer's side");
}

// A search's engine lines taken out: "3 executed, 2 checked" is never ok.
TEST_F(Facts, AMoveWithoutItsBestmoveLineIsNotOk) {
    needStockfish();
    std::size_t move = 0;
    auto j = stockfish([&](std::vector<json>& r) {
        const std::size_t io = ioWith(r, "> go nodes", test::find(r, "go", test::find(r, "pressed")));
        r.erase(r.begin() + static_cast<std::ptrdiff_t>(io));
        move = test::find(r, "engine_move", io);
    });
    auto report = auditJournal(j);
    ASSERT_TRUE(report) << report.error();
    EXPECT_FALSE(report->passed());
    const Check& c = check(*report, "moves-recorded");
    EXPECT_EQ(c.verdict, Verdict::NotChecked) << checkLines(*report);
    EXPECT_NE(c.evidence.find("the move shown at record #" + std::to_string(move) +
                              " has no bestmove line of the engine before it"),
              std::string::npos)
        << c.evidence;
    EXPECT_EQ(check(*report, "no-forced-move").verdict, Verdict::Breach) << checkLines(*report);
}

// The e-board (E.III 1.4): a real game on the fake DGT board against real Stockfish in real time
// (tests/cli/board_play_test.py's, kept in tests/audit/data), whose board records carry the board's picture.
const std::filesystem::path kBoardGame =
    std::filesystem::path(OC_SESSION_SCRIPTS) / ".." / ".." / "audit" / "data" / "eboard_dgt_stockfish.jsonl";

// The index of the first "eboard" record with `event`.
std::size_t boardRecord(const std::vector<json>& r, const std::string& event) {
    for (std::size_t i = 0; i < r.size(); ++i)
        if (r[i]["type"] == "eboard" && r[i]["payload"].value("event", "") == event) return i;
    ADD_FAILURE() << "no eboard " << event;
    return r.size();
}

TEST_F(Facts, AnHonestBoardGameIsClean) {
    expectClean(kBoardGame);
}

// The board's human move with a picture that does not show it (the start position: e2 still occupied).
TEST_F(Facts, ABoardHumanMoveWhoseFenContradictsItIsABreach) {
    auto records = test::readRecords(kBoardGame);
    const std::size_t at = boardRecord(records, "human_move");
    records[at]["payload"]["fen"] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    test::writeRechained(dir_ / "tampered.jsonl", records);
    expectBreach(
        dir_ / "tampered.jsonl", "eboard", at,
        "the e-board's record says e2e4 (human_move), but the position it gives does not show that move");
}

// The computer's move "made" on the board while the board still showed the position before it.
TEST_F(Facts, ABoardMadeThatNeverShowedTheMoveIsABreach) {
    auto records = test::readRecords(kBoardGame);
    const std::size_t at = boardRecord(records, "made");
    records[at]["payload"]["fen"] = records[boardRecord(records, "human_move")]["payload"]["fen"];
    test::writeRechained(dir_ / "tampered.jsonl", records);
    expectBreach(dir_ / "tampered.jsonl", "eboard", at,
                 "(made), but the position it gives does not show that move");
}

// The board read another legal move (its record and picture agree: d2d4) than the game records (e2e4),
// and no typed override was confirmed: the operator entered a move the board never showed.
TEST_F(Facts, AnEnteredMoveOtherThanTheBoardsWithoutATypedOverrideIsABreach) {
    auto records = test::readRecords(kBoardGame);
    const std::size_t board = boardRecord(records, "human_move");
    records[board]["payload"]["uci"] = "d2d4";
    records[board]["payload"]["fen"] = "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR";
    const std::size_t entered = test::find(records, "human_move", board);
    test::writeRechained(dir_ / "tampered.jsonl", records);
    expectBreach(dir_ / "tampered.jsonl", "eboard", entered,
                 "the human's move was entered as e2e4, but the e-board read d2d4 (record #" +
                     std::to_string(board) + ") and no typed override was confirmed");
}

// The computer's clock pressed from the board while its picture shows another computer move (e7e5 where
// c7c6 was shown and made).
TEST_F(Facts, APressWhosePictureShowsAnotherMoveIsABreach) {
    auto records = test::readRecords(kBoardGame);
    const std::size_t at = boardRecord(records, "pressed");
    records[at]["payload"]["fen"] = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR";
    test::writeRechained(dir_ / "tampered.jsonl", records);
    expectBreach(
        dir_ / "tampered.jsonl", "eboard", at,
        "the e-board's record says c7c6 (pressed), but the position it gives does not show that move");
}

// A difference on the board (a black knight knocked to e5) "ended" by a forged matches that still holds the
// wrong picture, so that the computer's move made on the differing board passes.
TEST_F(Facts, AForgedMatchesThatHoldsTheWrongPictureIsABreach) {
    auto records = test::readRecords(kBoardGame);
    const std::size_t made = boardRecord(records, "made");
    // A knight knocked from g8 to e5: no legal move away from the game's position.
    const std::string wrong = "rnbqkb1r/pppppppp/8/4n3/4P3/8/PPPP1PPP/RNBQKBNR";
    test::insertBefore(
        records, made, "eboard",
        {{"event", "differs"}, {"fen", wrong}, {"fault", "wrong-piece"}, {"squares", {"e5", "g8"}}});
    test::insertBefore(records, made + 1, "eboard", {{"event", "matches"}, {"fen", wrong}});
    test::writeRechained(dir_ / "tampered.jsonl", records);
    expectBreach(dir_ / "tampered.jsonl", "eboard", made + 1, "(matches) gives the position " + wrong);
}

// The table clock's reading, then a sync 40 s off it, with a forged refusal between the two so that the
// sync no longer follows the reading (E.III 1.1).
TEST_F(Facts, ASyncOffTheReadingHiddenBehindARefusalIsABreach) {
    auto records = test::readRecords(kBoardGame);
    const std::size_t at = test::find(records, "pressed") + 1;
    test::insertBefore(records, at, "eboard",
                       {{"event", "reading"}, {"white_ms", 290000}, {"black_ms", 180000}});
    test::insertBefore(records, at + 1, "refused",
                       {{"command", "made"}, {"reason", "no engine move to execute"}});
    test::insertBefore(records, at + 2, "sync", {{"white", 250000}, {"black", 180000}});
    test::writeRechained(dir_ / "tampered.jsonl", records);
    expectBreach(dir_ / "tampered.jsonl", "eboard", at + 2,
                 "the clock was synced to 250000 / 180000, but the e-board's reading (record #" +
                     std::to_string(at) + ") was 290000 / 180000");
}

// Issue 37: the setup changed before the game. The engine that plays is the one started last before the
// first `> go`, and its settings are the setup locked for the game; an earlier setup record never excuses
// a setting (a forger who re-hashes the journal can insert one anywhere).

// The game's setup with engine option `name` set to `value`, as a setup record's payload.
json setupWithOption(const std::vector<json>& r, const std::string& name, const std::string& value) {
    json payload{{"setup", r[test::find(r, "setup")]["payload"]["setup"]}};
    payload["setup"]["engine"]["options"][name] = value;
    return payload;
}

// The lines of the first handshake (record `at`) with "setoption name Threads value 1" set to `threads`.
json handshakeWithThreads(const std::vector<json>& r, std::size_t at, const std::string& threads) {
    json lines = r[at]["payload"]["lines"];
    for (auto& l : lines)
        if (l == "> setoption name Threads value 1") l = "> setoption name Threads value " + threads;
    return lines;
}

// The GUI's way (Engine::reconfigure): the setup changed before the game, the engine is started again
// with it ("# started", its own "> uci" and setoptions); the first process never searched.
TEST_F(Facts, TheEngineStartedAgainAfterASetupChangeBeforeTheGameIsClean) {
    needStockfish();
    auto j = stockfish([&](std::vector<json>& r) {
        const std::size_t at = ioWith(r, "> setoption name Threads value 1");
        ASSERT_LT(at, test::find(r, "start"));
        json restart = handshakeWithThreads(r, at, "2");
        ASSERT_EQ(restart.front().get<std::string>().rfind("# started ", 0), 0u);
        test::insertBefore(r, at + 1, "setup", setupWithOption(r, "Threads", "2"));
        test::insertBefore(r, at + 2, "engine_io", {{"lines", restart}});
    });
    expectClean(j);
}

// The same change with no restart: the engine played with Threads 1 where the setup for the game says 2
// (operator-cli play never restarts its engine for a setup line; the engine still plays with 1).
TEST_F(Facts, ASetupChangedBeforeTheGameButNeverSentToTheEngineIsABreach) {
    needStockfish();
    std::size_t at = 0;
    auto j = stockfish([&](std::vector<json>& r) {
        at = ioWith(r, "> setoption name Threads value 1");
        test::insertBefore(r, at + 1, "setup", setupWithOption(r, "Threads", "2"));
    });
    expectBreach(j, "faster-rate", at,
                 "the engine was sent \"setoption name Threads value 1\" when it was started for the game, "
                 "which is not the event's setting for that option (the setup says 2)");
}

// Threads raised in the first handshake, "excused" by a forged setup record before it that says 4, the
// real setup (1) inserted again after it so that it stays the game's.
TEST_F(Facts, AForgedSetupRecordBeforeTheHandshakeCannotExcuseIt) {
    needStockfish();
    std::size_t at = 0;
    auto j = stockfish([&](std::vector<json>& r) {
        const std::size_t h = ioWith(r, "> setoption name Threads value 1");
        r[h]["payload"]["lines"] = handshakeWithThreads(r, h, "4");
        test::insertBefore(r, h, "setup", setupWithOption(r, "Threads", "4"));
        at = h + 1;
        test::insertBefore(r, at + 1, "setup", setupWithOption(r, "Threads", "1"));
    });
    expectBreach(j, "faster-rate", at,
                 "the engine was sent \"setoption name Threads value 4\" when it was started for the game, "
                 "which is not the event's setting for that option (the setup says 1)");
}

// Threads raised in the first handshake, then a forged restart before the game that sends no option: the
// restart replaces the first handshake's findings, but the engine it claims plays with its own defaults.
TEST_F(Facts, AForgedRestartWithoutTheSettingsCannotStandInForTheHandshake) {
    needStockfish();
    std::size_t at = 0;
    auto j = stockfish([&](std::vector<json>& r) {
        const std::size_t h = ioWith(r, "> setoption name Threads value 1");
        r[h]["payload"]["lines"] = handshakeWithThreads(r, h, "4");
        at = h + 1;
        test::insertBefore(r, at, "engine_io",
                           {{"lines", {"# started /usr/games/stockfish (pid 1)", "> uci", "> isready"}}});
    });
    expectBreach(j, "faster-rate", at,
                 "the engine that played the game was started without the event's setting Threads 1");
}

// The computer plays White, so the setup locks only at its first move: Threads raised in the handshake
// and a forged setup saying 4 recorded after the first search started (it becomes the game's setup). The
// engine searched with 4 while the setup in force said 1.
TEST_F(Facts, ASetupRecordedAfterTheFirstSearchStartedCannotExcuseTheHandshake) {
    needStockfish();
    const auto white = dir_ / "white.jsonl";
    ASSERT_EQ(test::runCli(std::string("play --engine ") + kStockfish +
                           " --engine-nodes 3000 --engine-side white --tc 15m+10s --human random --seed 3 "
                           "--max-plies 4 --journal " +
                           white.string()),
              0);
    expectClean(white);
    auto r = test::readRecords(white);
    const std::size_t at = ioWith(r, "> setoption name Threads value 1");
    const std::size_t first_go = test::find(r, "go");
    ASSERT_LT(first_go, test::find(r, "made"));
    r[at]["payload"]["lines"] = handshakeWithThreads(r, at, "4");
    test::insertBefore(r, test::find(r, "made"), "setup", setupWithOption(r, "Threads", "4"));
    const auto j = dir_ / "tampered.jsonl";
    test::writeRechained(j, r);
    ASSERT_TRUE(journal::readJournal(j));
    expectBreach(j, "faster-rate", at,
                 "the engine was sent \"setoption name Threads value 4\" when it was started for the game, "
                 "but the setup in force when its first search started (record #" +
                     std::to_string(first_go) + ") says 1");
}

// operator-cli play with a script whose setup line turns pondering on before the start: the engine is
// started again with the new setup (as the window's Engine::reconfigure does), so the engine that plays
// was sent Ponder true and the game audits clean (it was a faster-rate breach while play kept the first
// engine: tests/audit/corpus/*-sf_ponder_hit_setup_line.jsonl, now "not judged" as that play's defect).
TEST_F(Facts, PlaysSetupLineBeforeTheStartStartsTheEngineAgain) {
    needStockfish();
    const auto game = dir_ / "ponder_setup_line.jsonl";
    ASSERT_EQ(test::runCli(std::string("play --engine ") + kStockfish +
                           " --engine-nodes 100000 --engine-side black --tc 90m+30s --human script:" +
                           OC_AUDIT_SCRIPTS + "/ponder_hit_setup_line.txt --journal " + game.string()),
              0);
    expectClean(game);
    const auto r = test::readRecords(game);
    const std::size_t restart = ioWith(r, "> setoption name Ponder value true");
    EXPECT_LT(test::find(r, "setup"), restart);
    EXPECT_LT(restart, test::find(r, "start"));
    EXPECT_LT(test::find(r, "ponder_hit"), r.size()) << "the engine pondered as the setup says";
}

}  // namespace
}  // namespace oc::audit
