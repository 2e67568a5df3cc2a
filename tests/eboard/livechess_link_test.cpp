// The LiveChess link against `operator-cli eboard fake --brand livechess`, a real WebSocket server in a
// real process driven through its standard input: the board list, the subscription, a human move
// proposed from the feed's placements, the computer's move checked, the clock's readings, LiveChess
// stopped and started again (the link reconnects and subscribes again), a serial number LiveChess does
// not offer, LiveChess not running, and the probe command. No `setup` or `flip` call is ever sent (the
// fake exits 1 if one is). Waits are bounded by generous deadlines; nothing asserts on how long anything
// took.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <thread>

#include "eboard/livechess_board.hpp"

namespace oc::eboard {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

std::string slurp(const std::string& path) {
    std::ifstream in(path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

class FakeLiveChessProcess {
  public:
    explicit FakeLiveChessProcess(const std::string& extra = "") {
        log_ = (fs::temp_directory_path() /
                ("livechess-" + std::to_string(::getpid()) + "-" + std::to_string(++count_) + ".log"))
                   .string();
        const std::string cmd = std::string(OC_OPERATOR_CLI) +
                                " --ui-lang en eboard fake --brand livechess --listen 127.0.0.1:0 " + extra +
                                " > " + log_ + " 2>&1";
        pipe_ = ::popen(cmd.c_str(), "w");
        for (int i = 0; i < 400 && url().empty(); ++i) std::this_thread::sleep_for(25ms);
    }
    ~FakeLiveChessProcess() {
        if (pipe_ != nullptr) close();
        fs::remove(log_);
    }
    void say(const std::string& lines) {
        std::fputs(lines.c_str(), pipe_);
        std::fflush(pipe_);
    }
    int close() {
        say("quit\n");
        const int status = ::pclose(pipe_);
        pipe_ = nullptr;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    [[nodiscard]] std::string log() const { return slurp(log_); }
    // The address the fake's first line names ("" until it is listening).
    [[nodiscard]] std::string url() const {
        const std::string text = log();
        const auto at = text.find("ws://");
        if (at == std::string::npos) return {};
        return text.substr(at, text.find(' ', at) - at);
    }
    [[nodiscard]] std::size_t logged(const std::string& what) const {
        const std::string text = log();
        std::size_t n = 0;
        for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
        return n;
    }

  private:
    static inline int count_ = 0;
    FILE* pipe_ = nullptr;
    std::string log_;
};

struct Seen {
    std::vector<Event> events;
    std::vector<LinkNotice> notices;
};

bool pollUntil(BoardLink& board, Seen& seen, const std::function<bool(const Seen&)>& done) {
    const auto end = std::chrono::steady_clock::now() + 10s;
    while (std::chrono::steady_clock::now() < end) {
        PollResult r = board.poll(20ms);
        for (auto& e : r.events) seen.events.push_back(std::move(e));
        for (auto& n : r.notices) seen.notices.push_back(std::move(n));
        if (done(seen)) return true;
    }
    return false;
}

template <typename T>
std::size_t count(const Seen& s) {
    std::size_t n = 0;
    for (const Event& e : s.events) n += std::holds_alternative<T>(e.what) ? 1u : 0u;
    return n;
}

template <typename T>
std::size_t notices(const Seen& s) {
    std::size_t n = 0;
    for (const LinkNotice& e : s.notices) n += std::holds_alternative<T>(e) ? 1u : 0u;
    return n;
}

std::string lostReasons(const Seen& s) {
    std::string out;
    for (const LinkNotice& n : s.notices)
        if (const auto* l = std::get_if<link::Lost>(&n)) out += l->reason + "\n";
    return out;
}

const ev::ClockReading* lastReading(const Seen& s) {
    for (auto it = s.events.rbegin(); it != s.events.rend(); ++it)
        if (const auto* r = std::get_if<ev::ClockReading>(&it->what)) return r;
    return nullptr;
}

TEST(LiveChessLink, ListSubscribeMovesClockAndRestart) {
    FakeLiveChessProcess fake("--clock");
    const std::string url = fake.url();
    ASSERT_FALSE(url.empty()) << fake.log();
    auto offered = listLiveChess(url, 5s);
    ASSERT_TRUE(offered) << offered.error();
    ASSERT_EQ(offered->size(), 1U);
    EXPECT_EQ(offered->front().serialnr, "7425");

    LiveChessBoard board(url, "7425");
    Seen seen;
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return notices<link::Connected>(s) == 1; }));
    EXPECT_EQ(board.identity().serial, "7425");
    EXPECT_EQ(board.identity().brand, BoardBrand::LiveChess);
    EXPECT_EQ(board.identity().clock_present, true);

    rules::Game game;
    board.tracker().expect(game, Watch::Human, std::nullopt, std::chrono::steady_clock::now());
    fake.say("lift e2\nplace e4\n");
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return count<ev::Proposed>(s) == 1; }));
    for (const Event& e : seen.events)
        if (const auto* p = std::get_if<ev::Proposed>(&e.what)) {
            EXPECT_EQ(rules::toUci(p->move), "e2e4");
        }

    game.playLegal(*rules::parseUci(game.current(), "e2e4"));
    board.tracker().expect(game, Watch::Computer, *rules::parseUci(game.current(), "e7e5"),
                           std::chrono::steady_clock::now());
    fake.say("lift e7\nplace e6\n");  // the wrong square first: checked square by square
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return count<ev::BoardDiffers>(s) >= 1; }));
    fake.say("lift e6\nplace e5\n");
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return count<ev::ComputerMoveMade>(s) == 1; }));

    fake.say("clock 0:59:00 1:00:00\nstart\n");
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) {
        const ev::ClockReading* r = lastReading(s);
        return r != nullptr && r->running && r->remaining[rules::Color::Black] == Ms{3600000};
    }));
    EXPECT_LE(lastReading(seen)->remaining[rules::Color::White], Ms{3540000});
    EXPECT_EQ(count<ev::LeverPressed>(seen), 0U);  // LiveChess passes on no lever

    fake.say("unplug\n");
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return notices<link::Lost>(s) == 1; }));
    EXPECT_NE(lostReasons(seen).find("LiveChess at " + url), std::string::npos) << lostReasons(seen);
    EXPECT_FALSE(board.connected());
    fake.say("lift g1\nplace f3\nreplug\n");
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return notices<link::Connected>(s) == 2; }));
    EXPECT_TRUE(pollUntil(board, seen, [&](const Seen&) {
        return fake.logged("the console subscribed to board 7425") == 2;
    })) << fake.log();
    // What changed while LiveChess was away is read on subscribing again.
    const auto now_shown = parsePlacementFen("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R");
    ASSERT_TRUE(
        pollUntil(board, seen, [&](const Seen&) { return board.tracker().currentPicture() == now_shown; }));
    EXPECT_EQ(fake.close(), 0) << fake.log();  // no setup or flip call was sent
}

TEST(LiveChessLink, BoardNotOfferedIsSaidOnceAndRetried) {
    FakeLiveChessProcess fake;
    ASSERT_FALSE(fake.url().empty()) << fake.log();
    LiveChessBoard board(fake.url(), "99");
    Seen seen;
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return notices<link::Lost>(s) == 1; }));
    EXPECT_EQ(lostReasons(seen), "board 99 not offered by LiveChess (offered: 7425)\n");
    // It keeps asking (each time a new connection) and says it no more.
    const auto end = std::chrono::steady_clock::now() + 1500ms;
    while (std::chrono::steady_clock::now() < end) {
        PollResult r = board.poll(20ms);
        for (auto& n : r.notices) seen.notices.push_back(std::move(n));
    }
    EXPECT_EQ(notices<link::Lost>(seen), 1U);
    EXPECT_EQ(notices<link::Connected>(seen), 0U);
}

TEST(LiveChessLink, NotReachableWhenLiveChessIsDown) {
    std::string url;
    {
        FakeLiveChessProcess fake;
        url = fake.url();
        ASSERT_FALSE(url.empty());
        EXPECT_EQ(fake.close(), 0);
    }
    LiveChessBoard board(url, "7425");
    Seen seen;
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return notices<link::Lost>(s) == 1; }));
    EXPECT_EQ(lostReasons(seen).rfind("LiveChess not reachable at " + url + ": ", 0), 0U)
        << lostReasons(seen);
    auto listed = listLiveChess(url, 2s);
    ASSERT_FALSE(listed);
    EXPECT_NE(listed.error().find("LiveChess not reachable"), std::string::npos);
}

std::pair<int, std::string> run(const std::string& args) {
    const std::string cmd = std::string(OC_OPERATOR_CLI) + " --ui-lang en " + args + " 2>&1";
    FILE* p = ::popen(cmd.c_str(), "r");
    std::string out;
    char buffer[512];
    while (std::fgets(buffer, sizeof buffer, p) != nullptr) out += buffer;
    const int status = ::pclose(p);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

TEST(LiveChessProbeCli, ListsTheBoardsAndReadsOne) {
    FakeLiveChessProcess fake("--clock --serial 3344");
    ASSERT_FALSE(fake.url().empty());
    fake.say("lift e2\nplace e4\n");
    ASSERT_TRUE([&] {
        for (int i = 0; i < 400; ++i) {
            auto r = run("eboard probe --brand livechess --port " + fake.url());
            if (r.second.find("4P3") != std::string::npos) return true;
            std::this_thread::sleep_for(25ms);
        }
        return false;
    }());
    auto [code, out] = run("eboard probe --brand livechess --port " + fake.url() + " --serial 3344");
    EXPECT_EQ(code, 0) << out;
    EXPECT_NE(out.find("  3344 ACTIVE rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"), std::string::npos)
        << out;
    EXPECT_NE(out.find("serial number: 3344"), std::string::npos) << out;
    EXPECT_NE(out.find("LiveChess clock: White 1:30:00, Black 1:30:00, stopped"), std::string::npos) << out;
    auto [bad_code, bad_out] = run("eboard probe --brand livechess --port " + fake.url() + " --serial 99");
    EXPECT_EQ(bad_code, 1);
    EXPECT_NE(bad_out.find("board 99 not offered by LiveChess (offered: 3344)"), std::string::npos)
        << bad_out;
    auto [url_code, url_out] = run("eboard probe --brand livechess --port http://localhost:1982");
    EXPECT_EQ(url_code, 1);
    EXPECT_NE(url_out.find("expected ws://HOST:PORT/PATH"), std::string::npos) << url_out;
    EXPECT_EQ(fake.close(), 0) << fake.log();
}

}  // namespace
}  // namespace oc::eboard
