// --push-lichess without the network: the round's id, the push URL, the token file's rules (ssh's: not
// readable by others), the games pushed (games.pgn's rendering, one round, at most 64) and lichess's
// answer with each game's error said once per change. The HTTPS client itself is tested as a real
// process against a fake lichess over TLS (lichess_push_test.py).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>

#include "broadcast/hub.hpp"
#include "broadcast/lichess_answer.hpp"
#include "broadcast/lichess_target.hpp"
#include "broadcast/render.hpp"
#include "growing_journal.hpp"

namespace oc::broadcast {
namespace {

using namespace std::chrono_literals;
const std::filesystem::path kData = OC_BROADCAST_DATA;

std::filesystem::path tempFile(const std::string& name) {
    return std::filesystem::temp_directory_path() /
           (std::string("oc-lichess-") + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name() + "-" + name);
}

std::filesystem::path tokenFile(const std::string& text, mode_t mode) {
    const auto file = tempFile("token");
    std::ofstream(file) << text;
    ::chmod(file.c_str(), mode);
    return file;
}

TEST(LichessTarget, TheRoundIdIsEightLettersAndDigits) {
    EXPECT_TRUE(checkRoundId("AbCd1234"));
    for (const char* bad : {"", "AbCd123", "AbCd12345", "AbCd-234", "AbCd 234", "ÄbCd1234"}) {
        auto ok = checkRoundId(bad);
        ASSERT_FALSE(ok) << bad;
        EXPECT_NE(ok.error().find(std::string("\"") + bad + "\""), std::string::npos) << ok.error();
        EXPECT_NE(ok.error().find("8 letters and digits"), std::string::npos) << ok.error();
    }
}

TEST(LichessTarget, ThePushCallsAddressOnAnyHttpsHost) {
    auto lichess = pushEndpoint("https://lichess.org", "AbCd1234");
    ASSERT_TRUE(lichess) << lichess.error();
    EXPECT_EQ(lichess->host, "lichess.org");
    EXPECT_EQ(lichess->port, "443");
    EXPECT_EQ(lichess->target, "/api/broadcast/round/AbCd1234/push");
    EXPECT_EQ(lichess->shown(), "https://lichess.org/api/broadcast/round/AbCd1234/push");
    auto local = pushEndpoint("https://127.0.0.1:8443/", "AbCd1234");
    ASSERT_TRUE(local) << local.error();
    EXPECT_EQ(local->port, "8443");
    EXPECT_EQ(local->target, "/api/broadcast/round/AbCd1234/push");
    auto v6 = pushEndpoint("https://[::1]:9443/lichess", "AbCd1234");
    ASSERT_TRUE(v6) << v6.error();
    EXPECT_EQ(v6->host, "::1");
    EXPECT_EQ(v6->target, "/lichess/api/broadcast/round/AbCd1234/push");
    EXPECT_EQ(v6->shown(), "https://[::1]:9443/lichess/api/broadcast/round/AbCd1234/push");
    for (const char* bad : {"http://lichess.org", "lichess.org", "https://", "https://:443", "https://h:0",
                            "https://h:99999", "https://h/a?b"}) {
        auto e = pushEndpoint(bad, "AbCd1234");
        ASSERT_FALSE(e) << bad;
        EXPECT_NE(e.error().find("expected https://HOST[:PORT]"), std::string::npos) << e.error();
    }
}

TEST(LichessTarget, TheTokenFileIsReadOnlyWhenOthersCannotReadIt) {
    const auto good = tokenFile("lip_secret123\n", 0600);
    auto token = readTokenFile(good);
    ASSERT_TRUE(token) << token.error();
    EXPECT_EQ(*token, "lip_secret123");
    const auto open = tokenFile("lip_secret123\n", 0644);
    auto refused = readTokenFile(open);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().find("chmod 600 " + open.string()), std::string::npos) << refused.error();
    EXPECT_EQ(refused.error().find("lip_secret123"), std::string::npos);
    EXPECT_FALSE(readTokenFile(tokenFile("lip_secret123", 0640)));
    auto empty = readTokenFile(tokenFile("\n", 0600));
    ASSERT_FALSE(empty);
    EXPECT_NE(empty.error().find("empty"), std::string::npos) << empty.error();
    auto spaced = readTokenFile(tokenFile("lip_secret 123\n", 0600));
    ASSERT_FALSE(spaced);
    EXPECT_EQ(spaced.error().find("lip_secret"), std::string::npos) << spaced.error();
    EXPECT_FALSE(readTokenFile(tempFile("missing")));
    std::filesystem::remove(tempFile("token"));
}

// Two boards of round 3 and one of round 4, from the same recorded game.
std::vector<BoardView> threeBoards() {
    std::vector<std::filesystem::path> files;
    for (const char* round : {"3", "3.2", "4"}) {
        files.push_back(tempFile(std::string("round") + round + ".journal"));
        test::copyJournal(
            kData / "finished.journal", files.back(),
            [](std::size_t, const journal::Record& r) { return r.wall; },
            [round](std::size_t, nlohmann::json& p) {
                if (p.contains("setup")) p["setup"]["round"] = round;
            });
    }
    Hub hub(files, Delay{0});
    hub.refresh(journal::WallTime{} + 24h * 365 * 57);
    for (const auto& f : files) std::filesystem::remove(f);
    return hub.views();
}

TEST(LichessPushPgn, TheGamesAsGamesPgnRendersThemOneRoundAtMost64) {
    const auto views = threeBoards();
    const PushPgn all = pushPgn(views, "");
    EXPECT_EQ(all.pgn, gamesPgn(views));
    EXPECT_EQ(all.games, 3u);
    const PushPgn round3 = pushPgn(views, "3");
    EXPECT_EQ(round3.games, 2u);
    EXPECT_EQ(round3.pgn, boardPgn(views[0]) + "\n" + boardPgn(views[1]));
    EXPECT_EQ(pushPgn(views, "4").pgn, boardPgn(views[2]));
    EXPECT_EQ(pushPgn(views, "5").games, 0u);
    const std::vector<BoardView> many(70, views[0]);
    const PushPgn capped = pushPgn(many, "");
    EXPECT_EQ(capped.games, 64u);
    EXPECT_EQ(capped.left_out, 6u);
    // A board whose setup is not read yet is not a game yet, as in games.pgn.
    EXPECT_EQ(pushPgn({BoardView{}}, "").games, 0u);
}

// The answer comes from over the network: nested or bloated JSON is "not the push's JSON", never a crash
// or a gigabyte (docs/limits.md: every JSON the programs read is bounded).
TEST(LichessAnswer, ANestedOrBloatedAnswerIsNotThePushsJson) {
    const std::string nested = "{\"games\":" + std::string(100000, '[') + std::string(100000, ']') + "}";
    auto games = parsePushAnswer(nested);
    ASSERT_FALSE(games);
    EXPECT_NE(games.error().find("not the push's JSON"), std::string::npos) << games.error();
    std::string bloated = "{\"games\":[";
    for (int i = 0; i < 1'100'000; ++i) bloated += i ? ",{}" : "{}";  // a game each, read whole before
    EXPECT_FALSE(parsePushAnswer(bloated + "]}"));
}

TEST(LichessAnswer, EachGamesErrorIsSaidOncePerChange) {
    const std::string refused =
        R"({"games":[{"tags":{"White":"Human","Black":"Computer","Round":"3","Board":"1"},"error":"Invalid move: Nxe5"},
                     {"tags":{"White":"A","Black":"B","Round":"3","Board":"2"},"moves":12}]})";
    auto games = parsePushAnswer(refused);
    ASSERT_TRUE(games) << games.error();
    ASSERT_EQ(games->size(), 2u);
    EXPECT_EQ((*games)[1].moves, 12);
    GameNotices notices;
    auto said = notices.update(*games);
    ASSERT_EQ(said.size(), 1u);
    EXPECT_EQ(
        said[0],
        "lichess push: round 3, board 1, Human - Computer: lichess refused the game: Invalid move: Nxe5");
    EXPECT_EQ(notices.json()[0]["error"], "Invalid move: Nxe5");
    EXPECT_EQ(notices.json()[1]["moves"], 12);
    EXPECT_TRUE(notices.update(*games).empty());  // the same error at the next push: not said again
    (*games)[0].error = "Invalid move: Nxf7";
    EXPECT_EQ(notices.update(*games).size(), 1u);
    (*games)[0].error.clear();
    said = notices.update(*games);
    ASSERT_EQ(said.size(), 1u);
    EXPECT_NE(said[0].find("takes the game again"), std::string::npos) << said[0];
    EXPECT_TRUE(notices.update(*games).empty());
    for (const char* bad : {"", "[]", "{}", R"({"games":3})", R"({"games":[1]})", "<html>"})
        EXPECT_FALSE(parsePushAnswer(bad)) << bad;
}

}  // namespace
}  // namespace oc::broadcast
