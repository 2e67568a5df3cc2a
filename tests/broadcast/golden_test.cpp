// games.pgn and games.json for five boards (finished, sealed twice, paused, broken) against golden files,
// and the never-published rules checked on their own: no engine output, no sealed move, nothing past a
// bad record. OC_UPDATE_GOLDEN=1 rewrites the golden files (then review the diff).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "broadcast/hub.hpp"
#include "broadcast/render.hpp"
#include "rules/pgn.hpp"

namespace oc::broadcast {
namespace {

const std::filesystem::path kData = OC_BROADCAST_DATA;

std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

journal::WallTime at(const char* text) {
    return *journal::parseWallTime(text);
}

// A moment after every test journal was written; fixed, so the clock readings are too.
const journal::WallTime kNow = at("2026-12-02T10:00:00.000Z");

Hub fiveBoards() {
    Hub hub({kData / "finished.journal", kData / "sealed_on_board.journal", kData / "sealed_envelope.journal",
             kData / "paused.journal", kData / "broken.journal"},
            Delay{0});
    EXPECT_EQ(hub.refresh(kNow).size(), 5u);
    return hub;
}

void expectGolden(const std::string& actual, const std::string& name) {
    if (std::getenv("OC_UPDATE_GOLDEN")) std::ofstream(kData / name, std::ios::binary) << actual;
    EXPECT_EQ(actual, slurp(kData / name)) << "golden file " << name << " differs";
}

TEST(BroadcastGolden, GamesPgn) {
    expectGolden(fiveBoards().pgn(), "golden_games.pgn");
}

TEST(BroadcastGolden, GamesJson) {
    expectGolden(fiveBoards().json(), "golden_games.json");
}

TEST(BroadcastGolden, PgnReadsBackWithOnlyClockComments) {
    Hub hub = fiveBoards();
    auto games = rules::parsePgn(hub.pgn());
    ASSERT_TRUE(games) << games.error().message;
    ASSERT_EQ(games->size(), 5u);
    for (const auto& g : *games) {
        EXPECT_TRUE(g.tag("JournalHead").has_value());
        EXPECT_TRUE(g.tag("TimeControl").has_value());
        for (const auto& node : g.moves) {
            EXPECT_TRUE(node.annotations.clock.has_value());
            EXPECT_TRUE(node.annotations.comment.empty()) << node.annotations.comment;
            EXPECT_FALSE(node.annotations.elapsed.has_value());
        }
    }
    EXPECT_EQ((*games)[0].result, "1-0");
    EXPECT_EQ((*games)[1].result, "*");
}

TEST(BroadcastNeverPublished, NoEngineOutput) {
    Hub hub = fiveBoards();
    for (const std::string& doc : {hub.pgn(), hub.json()})
        for (const char* word : {"cp", "depth", "score", "pv", "-900", "engine", "ponder"})
            EXPECT_EQ(doc.find(std::string("\"") + word), std::string::npos) << word;
    EXPECT_EQ(hub.pgn().find("%emt"), std::string::npos);
}

TEST(BroadcastNeverPublished, SealedMoveExecutedOnTheBoardStaysHidden) {
    Hub hub = fiveBoards();
    const BoardView& v = hub.views()[1];  // 1. d4 d5 2. c4, then 2...e6 sealed on the board
    EXPECT_EQ(v.status, Status::Adjourned);
    EXPECT_EQ(v.moves, (std::vector<std::string>{"d4", "d5", "c4"}));
    EXPECT_EQ(v.fen, "rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq c3 0 2");
    EXPECT_EQ(boardPgn(v).find(" e6 "), std::string::npos);
}

TEST(BroadcastNeverPublished, SealedEnvelopeGameIsAdjourned) {
    Hub hub = fiveBoards();
    const BoardView& v = hub.views()[2];
    EXPECT_EQ(v.status, Status::Adjourned);
    EXPECT_EQ(v.moves, (std::vector<std::string>{"e4", "c5", "Nf3"}));
    EXPECT_FALSE(v.clocks.running.has_value());
}

TEST(BroadcastNeverPublished, BrokenJournalStopsAtItsFirstBadRecord) {
    Hub hub = fiveBoards();
    const BoardView& v = hub.views()[4];
    EXPECT_EQ(v.status, Status::JournalBroken);
    ASSERT_TRUE(v.broken_index.has_value());
    EXPECT_EQ(*v.broken_index, 38u);
    EXPECT_EQ(v.journal_seq, 37u);
    EXPECT_EQ(v.moves, (std::vector<std::string>{"e4", "e5", "Bc4", "Nc6"}));
    EXPECT_EQ(boardJson(v)["journal_broken_at"], 38);
    EXPECT_FALSE(v.clocks.running.has_value());  // the feed stopped: so did its clocks
    // As of when the hub read its last good record (the hub's clock, never the console's).
    EXPECT_EQ(v.clocks.as_of, kNow);
}

TEST(BroadcastStatus, PausedAndFinished) {
    Hub hub = fiveBoards();
    EXPECT_EQ(hub.views()[3].status, Status::Paused);
    EXPECT_FALSE(hub.views()[3].clocks.running.has_value());
    EXPECT_EQ(hub.views()[0].status, Status::Finished);
    EXPECT_EQ(hub.views()[0].result, "1-0");
}

}  // namespace
}  // namespace oc::broadcast
