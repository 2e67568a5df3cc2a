// Issue 35 item 5: a correction of a move already published (the engine had answered it, its reply not
// yet played) replaces the move in one update. Before, the board first withdrew it ("e4 e5") while the
// engine thought again, and a platform took the shrunk PGN for a new game.
#include <gtest/gtest.h>
#include <unistd.h>

#include "broadcast/hub.hpp"
#include "broadcast/render.hpp"
#include "journal_copy.hpp"

namespace oc::broadcast {
namespace {

using namespace std::chrono_literals;
const std::filesystem::path kData = OC_BROADCAST_DATA;

// 1. e4 e5 2. Bc4, answered by the engine (b8c6, not yet played); then the operator corrects the entry
// to 2. Bb5 with the arbiter, and the engine answers again.
std::vector<journal::Record> lateCorrection() {
    auto rs = test::recordsOf(kData / "finished.journal");
    rs.resize(28);  // record 27: the engine's answer to 2. Bc4
    rs.push_back(test::nextRecord(rs, "correct", {{"old", "f1c4"}, {"uci", "f1b5"}, {"text", "Bb5"}}, 4s));
    rs.push_back(test::nextRecord(rs, "engine_move", {{"uci", "b8c6"}, {"cp", 20}, {"depth", 10}}, 9s));
    return rs;
}

std::size_t pgnMoves(const std::string& pgn) {
    auto games = rules::parsePgn(pgn);
    return games && !games->empty() ? games->front().moves.size() : 0;
}

// The journal grows record by record; the hub is polled after each, as the server's 100 ms poll does, and
// every update it sends (the /events stream) and every games.pgn is looked at.
TEST(BroadcastLateCorrection, TheCorrectedMoveReplacesThePublishedOneInOneUpdate) {
    const auto rs = lateCorrection();
    const auto file = std::filesystem::temp_directory_path() /
                      ("oc-late-correction-" + std::to_string(::getpid()) + ".journal");
    Hub hub({file}, Delay{0});
    auto now = rs.back().wall;
    std::vector<nlohmann::json> events;
    std::size_t longest = 0;
    for (std::size_t n = 1; n <= rs.size(); ++n) {
        test::writeRecords(file, {rs.begin(), rs.begin() + static_cast<std::ptrdiff_t>(n)});
        now += 100ms;
        for (std::size_t i : hub.refresh(now)) events.push_back(boardJson(hub.views()[i]));
        const std::size_t plies = pgnMoves(hub.pgn());
        EXPECT_GE(plies, longest) << "games.pgn shrank at record " << n - 1 << ":\n" << hub.pgn();
        longest = std::max(longest, plies);
    }
    std::vector<std::vector<std::string>> seen;
    for (const auto& e : events)
        if (seen.empty() || seen.back() != e["moves"]) seen.push_back(e["moves"]);
    const std::vector<std::string> wrong{"e4", "e5", "Bc4"}, right{"e4", "e5", "Bb5"};
    ASSERT_GE(seen.size(), 2u);
    EXPECT_EQ(seen[seen.size() - 2], wrong);
    EXPECT_EQ(seen.back(), right) << "the update after Bc4 is the corrected move, nothing in between";
    EXPECT_NE(hub.pgn().find("2. Bb5"), std::string::npos) << hub.pgn();
    std::filesystem::remove(file);
}

// The record-by-record board and a whole replay agree on it, at every record.
TEST(BroadcastLateCorrection, RecordByRecordIsTheWholeReplay) {
    FollowState state;
    state.records = lateCorrection();
    LiveBoard live;
    for (std::size_t count = 1; count <= state.records.size(); ++count) {
        const auto at = state.records[count - 1].wall + 1s;
        EXPECT_EQ(boardJson(live.view(1, state, count, at)), boardJson(buildView(1, state, count, at)))
            << "record " << count - 1;
    }
    EXPECT_EQ(buildView(1, state, 29, state.records[28].wall).moves,
              (std::vector<std::string>{"e4", "e5", "Bb5"}));
}

}  // namespace
}  // namespace oc::broadcast
