// The DGT link against the fake board as a real process on a real pseudo-terminal (operator-cli eboard
// fake, driven through its standard input): the handshake, the human's move from lifted and placed
// pieces, the lever, the computer's move, a garbage burst, the DGT 3000's text, an unplug and a replug
// (the symlink moved), and no forbidden command sent. Waits are bounded by generous deadlines; nothing
// asserts on how long anything took.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>

#include "eboard/dgt_board.hpp"
#include "eboard/millennium_board.hpp"

namespace oc::eboard {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

class FakeProcess {
  public:
    explicit FakeProcess(const std::string& link, const std::string& extra = "") {
        const std::string cmd = std::string(OC_OPERATOR_CLI) + " --ui-lang en eboard fake --link " + link +
                                " " + extra + " > " + link + ".log 2>&1";
        pipe_ = ::popen(cmd.c_str(), "w");
        for (int i = 0; i < 200 && !fs::is_symlink(link); ++i) std::this_thread::sleep_for(25ms);
    }
    ~FakeProcess() {
        if (pipe_ != nullptr) close();
    }
    void say(const std::string& lines) {
        std::fputs(lines.c_str(), pipe_);
        std::fflush(pipe_);
    }
    // Ends the fake with `quit`; its exit code (1 if the console sent a forbidden command).
    int close() {
        say("quit\n");
        const int status = ::pclose(pipe_);
        pipe_ = nullptr;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }

  private:
    FILE* pipe_ = nullptr;
};

struct Seen {
    std::vector<Event> events;
    std::vector<LinkNotice> notices;
};

// Polls the board until `done` holds or 10 s pass.
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

// What the fake has logged so far (it logs what its display and LEDs show).
std::string fakeLog(const std::string& link) {
    std::ifstream log(link + ".log");
    return {std::istreambuf_iterator<char>(log), std::istreambuf_iterator<char>()};
}

// The fake reads its standard input and the pty apart: a command said after the console wrote to the
// board can overtake those bytes, so a test waits for the fake to log what the console wrote.
bool pollUntilLogged(BoardLink& board, Seen& seen, const std::string& link, const std::string& text) {
    return pollUntil(board, seen, [&](const Seen&) { return fakeLog(link).find(text) != std::string::npos; });
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

std::string tempLink(const char* name) {
    return (fs::temp_directory_path() / (std::string(name) + "-" + std::to_string(::getpid()))).string();
}

TEST(DgtLink, WholeExchangeWithTheFakeBoard) {
    const std::string link = tempLink("dgt-link");
    FakeProcess fake(link, "--clock");
    ASSERT_TRUE(fs::is_symlink(link));
    DgtBoard board(link);
    Seen seen;
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return notices<link::Connected>(s) == 1; }));
    EXPECT_EQ(board.identity().serial, "24024");
    EXPECT_EQ(board.identity().long_serial, "2402400024");
    ASSERT_TRUE(board.identity().version);
    EXPECT_EQ(board.identity().version->minor, 8);
    ASSERT_TRUE(
        pollUntil(board, seen, [&](const Seen&) { return board.identity().clock_version.has_value(); }));

    rules::Game game;
    board.tracker().expect(game, Watch::Human, std::nullopt, std::chrono::steady_clock::now());
    fake.say("lift e2\nplace e4\n");
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return count<ev::Proposed>(s) == 1; }));
    fake.say("press\n");
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return count<ev::LeverPressed>(s) == 1; }));

    game.playLegal(*rules::parseUci(game.current(), "e2e4"));
    board.tracker().expect(game, Watch::Computer, *rules::parseUci(game.current(), "e7e5"),
                           std::chrono::steady_clock::now());
    board.showText("e5");
    fake.say("garbage 500\nlift e7\nplace e5\n");
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return count<ev::ComputerMoveMade>(s) == 1; }));
    EXPECT_EQ(board.decoderStats().garbage_bytes, 500u);
    EXPECT_EQ(count<ev::BoardDiffers>(seen), 0u);
    ASSERT_TRUE(pollUntilLogged(board, seen, link, "clock display: e5")) << fakeLog(link);

    game.playLegal(*rules::parseUci(game.current(), "e7e5"));
    board.tracker().expect(game, Watch::Human, std::nullopt, std::chrono::steady_clock::now());
    fake.say("unplug\n");
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return notices<link::Lost>(s) == 1; }));
    EXPECT_FALSE(board.connected());
    fake.say("replug\n");
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return notices<link::Connected>(s) == 2; }));
    // After the replug the board is read again and followed: the next move is proposed.
    fake.say("lift g1\nplace f3\n");
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return count<ev::Proposed>(s) == 2; }));
    EXPECT_EQ(count<ev::BoardDiffers>(seen), 0u);
    EXPECT_EQ(notices<link::Lost>(seen), 1u);
    EXPECT_EQ(fake.close(), 0) << "the console sent a forbidden command";
    fs::remove(link + ".log");
}

std::optional<ev::ClockReading> lastReading(const Seen& s) {
    std::optional<ev::ClockReading> out;
    for (const Event& e : s.events)
        if (const auto* r = std::get_if<ev::ClockReading>(&e.what)) out = *r;
    return out;
}

// Issue 34: a DGT 3000 in a Fischer mode adds the increment to the side that presses, at the press; the
// fake does the same, or the console's syncs could never be tested against a real clock's readings.
TEST(DgtLink, TheFakeDgt3000AddsTheIncrementAtEachPress) {
    const std::string link = tempLink("dgt-increment");
    FakeProcess fake(link, "--clock");
    DgtBoard board(link);
    Seen seen;
    ASSERT_TRUE(
        pollUntil(board, seen, [&](const Seen&) { return board.identity().clock_version.has_value(); }));
    fake.say("clock 0:15:00 0:14:00 +10s\npress\n");
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return count<ev::LeverPressed>(s) == 1; }));
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) {
        auto r = lastReading(s);
        return r && r->remaining[rules::Color::White] == 15min + 10s;
    })) << "White's press earned White's 10 s";
    fake.say("wait 1s\npress\n");
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return count<ev::LeverPressed>(s) == 2; }));
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) {
        auto r = lastReading(s);
        return r && r->remaining[rules::Color::Black] > 14min &&
               r->remaining[rules::Color::Black] <= 14min + 10s;
    })) << "Black's press earned Black's 10 s, less the time Black's clock ran";
    EXPECT_EQ(lastReading(seen)->remaining[rules::Color::White], 15min + 10s);
    // White's clock runs, so the right (Black's) half is already down: its button does nothing.
    fake.say("press right\n");
    ASSERT_TRUE(pollUntilLogged(board, seen, link, "press of the right half ignored: it is already down"));
    fake.say("press left\n");
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return count<ev::LeverPressed>(s) == 3; }));
    EXPECT_EQ(count<ev::LeverPressed>(seen), 3u) << "one press for the two buttons";
    EXPECT_EQ(fake.close(), 0);
    fs::remove(link + ".log");
}

// The arbiter starts a real clock with its own button, before anyone presses: the fake's `start`.
TEST(DgtLink, TheArbitersStartRunsTheLeftClockWithoutAPress) {
    const std::string link = tempLink("dgt-start");
    FakeProcess fake(link, "--clock");
    DgtBoard board(link);
    Seen seen;
    ASSERT_TRUE(
        pollUntil(board, seen, [&](const Seen&) { return board.identity().clock_version.has_value(); }));
    fake.say("clock 0:05:00 0:05:00 +3s\nstart\n");
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) {
        auto r = lastReading(s);
        return r && r->remaining[rules::Color::White] < 5min;
    })) << "White's clock runs from the start";
    EXPECT_EQ(lastReading(seen)->remaining[rules::Color::Black], 5min);
    EXPECT_EQ(count<ev::LeverPressed>(seen), 0u) << "the start is no press";
    EXPECT_EQ(fake.close(), 0);
    fs::remove(link + ".log");
}

TEST(DgtLink, BoardWithoutClockSaysSo) {
    const std::string link = tempLink("dgt-noclock");
    FakeProcess fake(link);
    DgtBoard board(link);
    Seen seen;
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return notices<link::Connected>(s) == 1; }));
    board.requestClock();
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return count<ev::ClockMissing>(s) == 1; }));
    EXPECT_EQ(board.identity().clock_present, false);
    EXPECT_EQ(fake.close(), 0);
    fs::remove(link + ".log");
}

TEST(DgtLink, MissingPortIsReportedOnce) {
    DgtBoard board(tempLink("dgt-none"));
    Seen seen;
    for (int i = 0; i < 5; ++i) {
        PollResult r = board.poll(10ms);
        for (auto& n : r.notices) seen.notices.push_back(std::move(n));
    }
    ASSERT_EQ(notices<link::Lost>(seen), 1u);
    EXPECT_NE(std::get<link::Lost>(seen.notices[0]).reason.find("dgt-none"), std::string::npos);
}

// The Millennium ChessLink (issue 24 item 10) against `eboard fake --brand millennium` on a real pty:
// the handshake (version, status, no clock), a human move proposed, a wrong computer move flagged and
// put right, the computer's move on the LEDs, garbage counted, an unplug and a replug, no E2ROM write.
TEST(MillenniumLink, WholeExchangeWithTheFakeChessLink) {
    const std::string link = tempLink("mill-link");
    FakeProcess fake(link, "--brand millennium");
    ASSERT_TRUE(fs::is_symlink(link));
    MillenniumBoard board(link);
    Seen seen;
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return notices<link::Connected>(s) == 1; }));
    EXPECT_EQ(board.identity().brand, BoardBrand::Millennium);
    ASSERT_TRUE(board.identity().version);
    EXPECT_EQ(*board.identity().version, (dgt::Version{1, 4}));
    EXPECT_EQ(board.identity().clock_present, false) << "the ChessLink has no clock";

    rules::Game game;
    board.tracker().expect(game, Watch::Human, std::nullopt, std::chrono::steady_clock::now());
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return count<ev::ClockMissing>(s) == 1; }));
    fake.say("lift e2\nplace e4\n");
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return count<ev::Proposed>(s) == 1; }));
    EXPECT_EQ(std::get<ev::Proposed>(seen.events.back().what).move, *rules::parseUci(game.current(), "e2e4"));

    game.playLegal(*rules::parseUci(game.current(), "e2e4"));
    const rules::Move reply = *rules::parseUci(game.current(), "g8f6");
    board.tracker().expect(game, Watch::Computer, reply, std::chrono::steady_clock::now());
    board.showSquares(std::pair{reply.from(), reply.to()});
    // Played wrongly first (the knight to h6), flagged, then put right.
    fake.say("garbage 300\nlift g8\nplace h6\n");
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return count<ev::BoardDiffers>(s) == 1; }));
    const auto& wrong = std::get<ev::BoardDiffers>(seen.events.back().what);
    EXPECT_EQ(wrong.fault, Fault::WrongMove);
    EXPECT_EQ(count<ev::ComputerMoveMade>(seen), 0u);
    fake.say("lift h6\nplace f6\n");
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return count<ev::ComputerMoveMade>(s) == 1; }));
    EXPECT_EQ(board.decoderStats().garbage_bytes, 300u);
    board.showSquares(std::nullopt);
    ASSERT_TRUE(pollUntilLogged(board, seen, link, "LEDs: off")) << fakeLog(link);

    game.playLegal(reply);
    board.tracker().expect(game, Watch::Human, std::nullopt, std::chrono::steady_clock::now());
    fake.say("unplug\n");
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return notices<link::Lost>(s) == 1; }));
    EXPECT_FALSE(board.connected());
    fake.say("replug\n");
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return notices<link::Connected>(s) == 2; }));
    fake.say("lift d2\nplace d4\n");
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return count<ev::Proposed>(s) == 2; }));
    EXPECT_EQ(notices<link::Lost>(seen), 1u);
    EXPECT_EQ(fake.close(), 0) << "the console wrote the board's E2ROM";
    const std::string text = fakeLog(link);
    EXPECT_NE(text.find("LEDs: g8 steady, f6 flashing"), std::string::npos) << text;
    fs::remove(link + ".log");
}

// A ChessLink whose automatic reports are off answers only the status command: the link asks for it.
TEST(MillenniumLink, TheStatusIsPolledWhenTheBoardIsQuiet) {
    const std::string link = tempLink("mill-poll");
    FakeProcess fake(link, "--brand millennium --turned");
    LinkSettings settings;
    settings.ping_after = 60s;  // no ping: only the status polls can keep the board counted as there
    settings.silent_limit = 1500ms;
    MillenniumBoard board(link, {}, settings);
    Seen seen;
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return notices<link::Connected>(s) == 1; }));
    rules::Game game;
    board.tracker().expect(game, Watch::Human, std::nullopt, std::chrono::steady_clock::now());
    ASSERT_TRUE(pollUntil(board, seen, [](const Seen& s) { return count<ev::Orientation>(s) == 1; }));
    for (const Event& e : seen.events) {
        if (const auto* o = std::get_if<ev::Orientation>(&e.what)) {
            EXPECT_TRUE(o->turned);
        }
    }
    // Quiet for twice the silence limit: the status polls keep the board counted as there.
    const auto end = std::chrono::steady_clock::now() + 3s;
    while (std::chrono::steady_clock::now() < end) {
        PollResult r = board.poll(50ms);
        for (auto& n : r.notices) seen.notices.push_back(std::move(n));
    }
    EXPECT_EQ(notices<link::Lost>(seen), 0u);
    EXPECT_TRUE(board.connected());
    EXPECT_EQ(fake.close(), 0);
    fs::remove(link + ".log");
}

TEST(MillenniumLink, PressAndClockAreRefusedByTheFake) {
    const std::string link = tempLink("mill-press");
    const std::string script = link + ".script";
    std::ofstream(script) << "lift e2\npress\n";
    const std::string cmd = std::string(OC_OPERATOR_CLI) +
                            " --ui-lang en eboard fake --brand millennium --link " + link + " --script " +
                            script + " > " + link + ".log 2>&1";
    const int status = std::system(cmd.c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 2);
    const std::string text = fakeLog(link);
    EXPECT_NE(text.find("line 2: the Millennium ChessLink has no clock"), std::string::npos) << text;
    const std::string with_clock = std::string(OC_OPERATOR_CLI) +
                                   " --ui-lang en eboard fake --brand millennium --clock --link " + link +
                                   " --script " + script + " > " + link + ".log 2>&1";
    const int refused = std::system(with_clock.c_str());
    EXPECT_EQ(WEXITSTATUS(refused), 2);
    const std::string text2 = fakeLog(link);
    EXPECT_NE(text2.find("--clock: the Millennium ChessLink has no clock"), std::string::npos) << text2;
    fs::remove(link + ".log");
    fs::remove(script);
}

}  // namespace
}  // namespace oc::eboard
