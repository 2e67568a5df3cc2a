// Issue 25 items 4, 5 and 8 on real journal files: the event's board number, a human move published only
// once the engine has answered it (so a correction never reaches spectators), the sealing and resumed
// statuses, the clocks a late client counts from (as_of and delay_ms), and the record-by-record board.
#include <gtest/gtest.h>
#include <unistd.h>

#include "broadcast/http_routes.hpp"
#include "broadcast/hub.hpp"
#include "broadcast/render.hpp"
#include "growing_journal.hpp"

namespace oc::broadcast {
namespace {

using namespace std::chrono_literals;
const std::filesystem::path kData = OC_BROADCAST_DATA;

std::filesystem::path tempFile(const std::string& name) {
    return std::filesystem::temp_directory_path() /
           (std::string("oc-publish-") + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name() + "-" + name);
}

FollowState stateOf(const std::vector<journal::Record>& records) {
    FollowState s;
    s.records = records;
    return s;
}

TEST(BroadcastPublish, TheEventsBoardNumberEverywhereTheJournalOrderOnlyAsFallback) {
    const auto file = tempFile("board12.journal");
    test::copyJournal(
        kData / "finished.journal", file, [](std::size_t, const journal::Record& r) { return r.wall; },
        [](std::size_t, nlohmann::json& p) {
            if (p.contains("setup")) p["setup"]["board"] = "12";
        });
    Hub hub({kData / "paused.journal", file}, Delay{0});
    hub.refresh(journal::WallTime{} + 24h * 365 * 57);
    EXPECT_EQ(hub.views()[1].board, 12);
    EXPECT_EQ(hub.views()[1].slot, 2);
    EXPECT_EQ(boardJson(hub.views()[1])["board"], 12);
    EXPECT_NE(boardPgn(hub.views()[1]).find("[Board \"12\"]"), std::string::npos) << boardPgn(hub.views()[1]);
    // The event gave no number for the other journal: its place in --journal.
    EXPECT_EQ(hub.views()[0].board, 1);
    EXPECT_NE(boardPgn(hub.views()[0]).find("[Board \"1\"]"), std::string::npos);
    // /board/12 is the projector page of board 12; /board/2 (its slot) stays valid; /board/13, a board
    // not known yet, is the page too: it waits for its board (issue 35 item 6). Not a number: 404.
    const std::string doc;
    const WebAssets none;
    const Documents docs{doc, doc, 2, none, doc};
    EXPECT_NE(route("GET", "/board/12", docs).status, 404u);
    EXPECT_NE(route("GET", "/board/2", docs).status, 404u);
    EXPECT_NE(route("GET", "/board/13", docs).status, 404u);
    for (const char* bad : {"/board/0", "/board/012", "/board/12345", "/board/1x", "/board/", "/board/-1"})
        EXPECT_EQ(route("GET", bad, docs).status, 404u) << bad;
    std::filesystem::remove(file);
}

// The operator entered 3. Bc4 by mistake; the arbiter confirmed the correction to 3. Bb5 while the
// engine was thinking. No published state ever shows Bc4.
TEST(BroadcastPublish, AHumanMoveIsPublishedOnlyOnceTheEngineAnsweredSoACorrectionNeverShows) {
    auto rs = test::recordsOf(kData / "finished.journal");
    rs.resize(26);  // up to the engine's search after 3. Bc4 (record 21)
    rs.push_back(test::nextRecord(rs, "correct", {{"old", "f1c4"}, {"uci", "f1b5"}, {"text", "Bb5"}}, 4s));
    rs.push_back(test::nextRecord(rs, "engine_move", {{"uci", "b8c6"}, {"cp", 20}, {"depth", 10}}, 9s));
    const FollowState state = stateOf(rs);
    LiveBoard live;
    for (std::size_t count = 1; count <= rs.size(); ++count) {
        const BoardView v = live.view(1, state, count, rs[count - 1].wall);
        EXPECT_EQ(std::find(v.moves.begin(), v.moves.end(), "Bc4"), v.moves.end()) << "record " << count - 1;
        EXPECT_EQ(boardPgn(v).find("Bc4"), std::string::npos) << "record " << count - 1;
        if (count == 22) {
            EXPECT_EQ(v.moves, (std::vector<std::string>{"e4", "e5"}));
            EXPECT_EQ(v.fen, live.view(1, state, 21, rs[20].wall).fen) << "the position before 3. Bc4";
            EXPECT_EQ(v.clocks.running, rules::Color::Black) << "the clocks are the real ones";
        }
    }
    const BoardView answered = live.view(1, state, rs.size(), rs.back().wall);
    EXPECT_EQ(answered.moves, (std::vector<std::string>{"e4", "e5", "Bb5"}));
    // The record-by-record board and a whole replay agree.
    EXPECT_EQ(boardJson(answered), boardJson(buildView(1, state, rs.size(), rs.back().wall)));
    EXPECT_EQ(boardPgn(answered), boardPgn(buildView(1, state, rs.size(), rs.back().wall)));
}

// Issue 25 item 5: a board applies each new record to its state; what it publishes after every record is
// what a whole replay of the journal up to that record gives (PGN with %clk, and JSON).
TEST(BroadcastPublish, RecordByRecordIsTheWholeReplayAtEveryRecord) {
    for (const char* name :
         {"finished.journal", "sealed_on_board.journal", "sealed_envelope.journal", "paused.journal"}) {
        const FollowState state = stateOf(test::recordsOf(kData / name));
        LiveBoard live;
        for (std::size_t count = 1; count <= state.records.size(); ++count) {
            const auto at = state.records[count - 1].wall + 7s;
            const BoardView a = live.view(1, state, count, at), b = buildView(1, state, count, at);
            ASSERT_EQ(boardPgn(a), boardPgn(b)) << name << " record " << count - 1;
            ASSERT_EQ(boardJson(a), boardJson(b)) << name << " record " << count - 1;
        }
        EXPECT_EQ(live.applied(), state.records.size());
    }
}

TEST(BroadcastPublish, SealingAndResumedFollowTheConsolesPublicDisplay) {
    auto rs = test::recordsOf(kData / "sealed_on_board.journal");
    // Record 21: the seal is requested while the engine thinks; the computer's clock runs.
    const BoardView sealing = buildView(1, stateOf(rs), 22, rs[21].wall);
    EXPECT_EQ(statusName(sealing.status), std::string("sealing"));
    EXPECT_EQ(sealing.clocks.running, rules::Color::Black);
    EXPECT_EQ(statusName(buildView(1, stateOf(rs), rs.size(), rs.back().wall).status),
              std::string("adjourned"));
    // The envelope is opened (its move, executed on the board before, is the sealed one): both clocks
    // wait until the move is played and the clock pressed (Guidelines I.9).
    rs.push_back(test::nextRecord(rs, "resume", {{"at", rs.back().mono.count() + 3'600'000}}, 3600s));
    const BoardView resumed = buildView(1, stateOf(rs), rs.size(), rs.back().wall + 5s);
    EXPECT_EQ(statusName(resumed.status), std::string("resumed"));
    EXPECT_FALSE(resumed.clocks.running);
    EXPECT_EQ(boardJson(resumed)["status"], "resumed");
    rs.push_back(test::nextRecord(rs, "made", {{"uci", "e7e6"}}, 10s));
    rs.push_back(test::nextRecord(rs, "pressed", {{"at", rs.back().mono.count() + 1000}}, 1s));
    const BoardView played = buildView(1, stateOf(rs), rs.size(), rs.back().wall);
    EXPECT_EQ(statusName(played.status), std::string("playing"));
    EXPECT_EQ(played.moves.back(), "e6");
    EXPECT_EQ(played.clocks.running, rules::Color::White);
}

// A client that opens the page late counts the running clock from as_of, shifted by delay_ms: its
// reading then equals the view the hub would build at that moment.
void expectLateClientReadsTheTruth(Delay delay) {
    const journal::WallTime t0 = *journal::parseWallTime("2026-12-02T10:00:00.000Z");
    // The journal so far ends with record 36 (the computer's 2... Nc6, clock pressed): White thinks.
    auto records = test::recordsOf(kData / "finished.journal");
    records.resize(37);
    auto at = [&](std::size_t i) { return t0 + std::chrono::seconds(10 * i); };
    for (std::size_t i = 0; i < records.size(); ++i) records[i].wall = at(i);
    test::GrowingJournal g{tempFile("late.journal"), records, at};
    const journal::WallTime published = t0 + 365s + delay;
    Hub hub({g.file}, delay);
    g.until(hub, published);
    const nlohmann::json j = boardJson(hub.views()[0]);
    ASSERT_EQ(j["clocks"]["running"], "white");
    EXPECT_EQ(j["clocks"]["delay_ms"], delay.count());
    // The view was made when record 36 became public (read at(36) by the hub, then the delay) or after.
    const auto made = *journal::parseWallTime(j["clocks"]["as_of"].get<std::string>());
    EXPECT_GE(made, at(36));
    EXPECT_LE(made, published - delay);
    // The client reads the JSON 2 min 40 s later (a page opened late); nothing changed on the board.
    const journal::WallTime client_now = published + 160s;
    const auto as_of = *journal::parseWallTime(j["clocks"]["as_of"].get<std::string>());
    const std::int64_t shown =
        j["clocks"]["white_ms"].get<std::int64_t>() -
        (client_now - std::chrono::milliseconds(j["clocks"]["delay_ms"]) - as_of).count();
    // The truth: the game at client_now - delay, the console's times being the hub's here.
    FollowState state;
    state.records = records;
    const BoardView truth = buildView(1, state, records.size(), client_now - delay);
    EXPECT_EQ(truth.journal_seq, hub.views()[0].journal_seq) << "the board did not change";
    EXPECT_EQ(shown, truth.clocks.white_ms);
    EXPECT_LT(shown, j["clocks"]["white_ms"].get<std::int64_t>() - 159'000);
    std::filesystem::remove(g.file);
}

TEST(BroadcastPublish, ALateClientCountsTheClockFromAsOfWithoutDelay) {
    expectLateClientReadsTheTruth(Delay{0});
}

TEST(BroadcastPublish, ALateClientCountsTheClockFromAsOfAndDelayMs) {
    expectLateClientReadsTheTruth(Delay{15min});
}

}  // namespace
}  // namespace oc::broadcast
