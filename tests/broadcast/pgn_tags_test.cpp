// The PGN's tags as platforms read them (issue 35 item 13): Termination in the PGN standard's values
// with the console's words kept beside them, and no game with "?" names for a board whose journal's
// setup is not read yet.
#include <gtest/gtest.h>

#include <set>

#include "broadcast/hub.hpp"
#include "broadcast/render.hpp"
#include "rules/pgn.hpp"

namespace oc::broadcast {
namespace {

const std::filesystem::path kData = OC_BROADCAST_DATA;

// The PGN standard's Termination values (8.2.5 / 9.8.1), and no others.
const std::set<std::string> kStandard = {"abandoned", "adjudication",     "death",        "emergency",
                                         "normal",    "rules infraction", "time forfeit", "unterminated"};

BoardView ended(const std::string& words, const std::string& result) {
    BoardView v;
    v.game.tags = {{"White", "Human"}, {"Black", "Computer"}, {"Termination", words}};
    v.game.result = v.result = result;
    return v;
}

std::optional<std::string> tagOf(const std::string& pgn, const char* name) {
    auto games = rules::parsePgn(pgn);
    if (!games || games->size() != 1) return std::nullopt;
    return games->front().tag(name);
}

TEST(BroadcastPgnTags, TerminationIsAStandardValueAndTheConsolesWordsStayBesideIt) {
    // The console's texts (console/session: endGame) as the session writes them.
    const std::vector<std::tuple<std::string, std::string, std::string>> cases = {
        {"checkmate", "1-0", "normal"},
        {"resignation", "0-1", "normal"},
        {"draw by agreement", "1/2-1/2", "normal"},
        {"stalemate", "1/2-1/2", "normal"},
        {"threefold repetition", "1/2-1/2", "normal"},
        {"fifty-move rule", "1/2-1/2", "normal"},
        {"fivefold repetition", "1/2-1/2", "normal"},
        {"seventy-five-move rule", "1/2-1/2", "normal"},
        {"dead position", "1/2-1/2", "normal"},
        {"time forfeit", "0-1", "time forfeit"},
        {"time forfeit, opponent cannot mate (Art. 6.9)", "1/2-1/2", "time forfeit"},
        {"arbiter decision: the flag fell first", "1-0", "adjudication"},
        {"quickplay-finish claim upheld by the arbiter (III.6)", "1/2-1/2", "adjudication"},
        {"quickplay-finish claim by White, pending arbiter (III.6)", "*", "unterminated"},
        {"illegal move #2 (Art. 7.5.5)", "0-1", "rules infraction"},
        {"illegal move, opponent cannot mate (Art. 7.5.5)", "1/2-1/2", "rules infraction"},
        {"defective sealed move (Guidelines I.8)", "1-0", "rules infraction"},
        {"defective sealed move, opponent cannot mate", "1/2-1/2", "rules infraction"},
        {"forfeit for late arrival (Art. 6.7.1, 1F-0F)", "1-0", "rules infraction"},
    };
    for (const auto& [words, result, standard] : cases) {
        const BoardView v = ended(words, result);
        const std::string pgn = boardPgn(v);
        EXPECT_EQ(tagOf(pgn, "Termination"), standard) << pgn;
        EXPECT_TRUE(kStandard.contains(tagOf(pgn, "Termination").value_or(""))) << pgn;
        // The detail is kept where it says more than the standard's word.
        if (words != standard)
            EXPECT_EQ(tagOf(pgn, "TerminationDetails"), words) << pgn;
        else
            EXPECT_FALSE(tagOf(pgn, "TerminationDetails")) << pgn;
        // The JSON keeps the console's words (the page words its reasons from them).
        EXPECT_EQ(boardJson(v)["termination"], words);
    }
}

TEST(BroadcastPgnTags, AFinishedGameOfTheFixturesIsNormalWithCheckmateBesideIt) {
    Hub hub({kData / "finished.journal"}, Delay{0});
    hub.refresh(*journal::parseWallTime("2026-12-02T10:00:00.000Z"));
    EXPECT_NE(hub.pgn().find("[Termination \"normal\"]"), std::string::npos) << hub.pgn();
    EXPECT_NE(hub.pgn().find("[TerminationDetails \"checkmate\"]"), std::string::npos) << hub.pgn();
    EXPECT_EQ(boardJson(hub.views()[0])["termination"], "checkmate");
}

// A board waiting for its journal (no file yet, so no setup read): in the JSON (the page shows it
// waiting, board_pending) but not in the PGN, where it would be a game "?" - "?" numbered by its slot.
TEST(BroadcastPgnTags, ABoardWhoseSetupIsNotReadIsNotInThePgn) {
    const auto missing = std::filesystem::temp_directory_path() / "oc-pgn-tags-not-yet.journal";
    std::filesystem::remove(missing);
    Hub hub({missing, kData / "finished.journal"}, Delay{0});
    hub.refresh(*journal::parseWallTime("2026-12-02T10:00:00.000Z"));
    auto games = rules::parsePgn(hub.pgn());
    ASSERT_TRUE(games) << hub.pgn();
    ASSERT_EQ(games->size(), 1u) << hub.pgn();
    EXPECT_EQ(games->front().tag("White"), "Human");
    EXPECT_EQ(hub.pgn().find("[White \"?\"]"), std::string::npos) << hub.pgn();
    const auto json = nlohmann::json::parse(hub.json());
    ASSERT_EQ(json.size(), 2u);
    EXPECT_EQ(json[0]["status"], "waiting");
    EXPECT_EQ(json[0]["board_pending"], true);
    EXPECT_FALSE(json[1].contains("board_pending"));
}

}  // namespace
}  // namespace oc::broadcast
