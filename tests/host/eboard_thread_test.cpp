// The e-board on a thread of its own beside a real game (issue 24): the session, the journal and the
// in-process fake engine are real, the board is `operator-cli eboard fake` on a real pty. What the board
// says reaches the program's thread as journal records and commands in order; a wrong computer move shows
// in the status with its squares; an unplug and a replug are journalled; the arbiter's audit reads the
// `eboard` records (ok for the honest game, a breach for a move made while the board differed). Also the
// search of /dev/serial/by-id/ for `auto`. Waits have generous deadlines; nothing asserts on durations.
#include "host/eboard_thread.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>

#include "audit/audit.hpp"
#include "sim/fake_engine.hpp"

namespace oc::host {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

class TempDir {
  public:
    explicit TempDir(const std::string& name)
        : path(fs::temp_directory_path() / (name + "_" + std::to_string(::getpid()))) {
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir() { fs::remove_all(path); }
    fs::path path;
};

TEST(EboardPort, AutoFindsTheOneDgtBoardAndSaysWhenThereIsNoneOrSeveral) {
    TempDir dir("eboard_by_id");
    EXPECT_EQ(resolveEboardPort("/dev/ttyACM3", dir.path).value(), "/dev/ttyACM3")
        << "a port is taken as given";
    std::ofstream(dir.path / "usb-Logitech_USB_Receiver-if02");  // not a board
    auto none = resolveEboardPort("auto", dir.path);
    ASSERT_FALSE(none);
    EXPECT_NE(none.error().find("no DGT board found in " + dir.path.string()), std::string::npos)
        << none.error();
    EXPECT_NE(none.error().find("--eboard"), std::string::npos) << "it says what to give instead";
    std::ofstream(dir.path / "usb-Digital_Game_Technology_DGT_Board_24024-if00");
    EXPECT_EQ(resolveEboardPort("auto", dir.path).value(),
              (dir.path / "usb-Digital_Game_Technology_DGT_Board_24024-if00").string());
    std::ofstream(dir.path / "usb-DGT_DGT_Board_31337-if00");
    auto several = resolveEboardPort("auto", dir.path);
    ASSERT_FALSE(several);
    EXPECT_NE(several.error().find("several DGT boards"), std::string::npos) << several.error();
    EXPECT_NE(several.error().find("31337"), std::string::npos) << "it names them";
    EXPECT_NE(several.error().find("24024"), std::string::npos);
}

TEST(EboardPort, TheSetupKeyAndTheFlag) {
    event::EventSetup setup;
    ASSERT_TRUE(eboardConfig(setup, ""));
    EXPECT_FALSE(*eboardConfig(setup, ""));
    auto flag = *eboardConfig(setup, "/dev/rfcomm0");
    ASSERT_TRUE(flag);
    EXPECT_EQ(flag->port, "/dev/rfcomm0");
    EXPECT_EQ(flag->tracker.settle, eboard::Ms{300});
    EXPECT_EQ(flag->brand, eboard::BoardBrand::Dgt);
    setup.eboard = event::EboardSetup{"auto", 500, "enter", "right"};
    auto key = *eboardConfig(setup, "");
    ASSERT_TRUE(key);
    EXPECT_EQ(key->port, "auto");
    EXPECT_EQ(key->tracker.settle, eboard::Ms{500});
    EXPECT_EQ(key->tracker.white_hand, eboard::Hand::Right);
    EXPECT_EQ(key->attach.commit, eboard::CommitMode::Enter);
    EXPECT_EQ((*eboardConfig(setup, "/dev/ttyUSB0"))->port, "/dev/ttyUSB0")
        << "the flag is over the key's port";
    EXPECT_EQ((*eboardConfig(setup, "/dev/ttyUSB0"))->tracker.settle, eboard::Ms{500})
        << "the rest stays the key's";
}

// A setup file naming an engine (a setup without one is refused before its eboard key is read).
nlohmann::json setupJson(const std::string& text) {
    nlohmann::json j = nlohmann::json::parse(text);
    j["engine"]["command"] = "stockfish";
    return j;
}

TEST(EboardSetupJson, ReadWrittenAndRefusedWithTheKeyNamed) {
    auto s = event::eventSetupFromJson(setupJson(R"({"eboard": {"port": "/dev/ttyACM0"}})"));
    ASSERT_TRUE(s) << s.error();
    ASSERT_TRUE(s->eboard);
    EXPECT_EQ(s->eboard->port, "/dev/ttyACM0");
    EXPECT_EQ(s->eboard->commit, "lever");
    EXPECT_EQ(event::toJson(*s)["eboard"]["settle_ms"], 300);
    EXPECT_FALSE(event::toJson(event::EventSetup{}).contains("eboard")) << "no board: nothing said of one";
    EXPECT_FALSE(event::eventSetupFromJson(setupJson("{}"))->eboard);
    auto bad = event::eventSetupFromJson(setupJson(R"({"eboard": {"commit": "press"}})"));
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().find("eboard.commit"), std::string::npos) << bad.error();
    auto unknown = event::eventSetupFromJson(setupJson(R"({"eboard": {"baud": 9600}})"));
    ASSERT_FALSE(unknown);
    EXPECT_NE(unknown.error().find("eboard.baud"), std::string::npos) << unknown.error();
    EXPECT_FALSE(event::eventSetupFromJson(setupJson(R"({"eboard": {"settle_ms": 10}})")));
}

// Issue 24 item 10: the brand. A Millennium ChessLink has no clock, so `commit: lever` (the press of the
// lever completes the move) cannot work: the setup refuses it, naming the key and what would be right; so
// is `auto`, which knows only DGT's USB names. A brand that is none is refused.
TEST(EboardSetupJson, TheBrandIsReadAndAChessLinkWithLeverOrAutoIsRefused) {
    auto dgt = event::eventSetupFromJson(setupJson(R"({"eboard": {"port": "/dev/ttyACM0"}})"));
    ASSERT_TRUE(dgt);
    EXPECT_EQ(dgt->eboard->brand, "dgt") << "DGT by default";
    auto ok = event::eventSetupFromJson(
        setupJson(R"({"eboard": {"brand": "millennium", "port": "/dev/ttyUSB0", "commit": "enter"}})"));
    ASSERT_TRUE(ok) << ok.error();
    EXPECT_EQ(ok->eboard->brand, "millennium");
    auto config = eboardConfig(*ok, "");
    ASSERT_TRUE(config && *config);
    EXPECT_EQ((*config)->brand, eboard::BoardBrand::Millennium);
    EXPECT_EQ((*config)->attach.commit, eboard::CommitMode::Enter);
    EXPECT_TRUE((*config)->note.empty());

    auto lever = event::eventSetupFromJson(
        setupJson(R"({"eboard": {"brand": "millennium", "port": "/dev/ttyUSB0"}})"));
    ASSERT_FALSE(lever) << "commit is lever by default";
    EXPECT_NE(lever.error().find("eboard.commit: lever"), std::string::npos) << lever.error();
    EXPECT_NE(lever.error().find("enter or auto"), std::string::npos) << lever.error();
    auto automatic =
        event::eventSetupFromJson(setupJson(R"({"eboard": {"brand": "millennium", "commit": "auto"}})"));
    ASSERT_FALSE(automatic) << "port is auto by default";
    EXPECT_NE(automatic.error().find("eboard.port: auto finds only DGT boards"), std::string::npos)
        << automatic.error();
    auto none = event::eventSetupFromJson(setupJson(R"({"eboard": {"brand": "certabo"}})"));
    ASSERT_FALSE(none);
    EXPECT_NE(none.error().find("eboard.brand: expected dgt, millennium or livechess, got \"certabo\""),
              std::string::npos)
        << none.error();
}

// The flag over a DGT setup: a bad brand and `auto` are refused; `lever` falls back to Enter, and says so.
TEST(EboardPort, TheBrandFlagFallsBackFromLeverToEnterAndSaysSo) {
    event::EventSetup setup;
    auto bad = eboardConfig(setup, "/dev/ttyUSB0", "chesslink");
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().find("--eboard-brand: expected dgt, millennium or livechess"), std::string::npos)
        << bad.error();
    auto no_auto = eboardConfig(setup, "auto", "millennium");
    ASSERT_FALSE(no_auto);
    EXPECT_NE(no_auto.error().find("--eboard /dev/ttyUSB0"), std::string::npos) << no_auto.error();
    setup.eboard = event::EboardSetup{};  // commit: lever
    setup.eboard->port = "/dev/ttyUSB0";
    auto fallback = eboardConfig(setup, "", "millennium");
    ASSERT_TRUE(fallback && *fallback);
    EXPECT_EQ((*fallback)->brand, eboard::BoardBrand::Millennium);
    EXPECT_EQ((*fallback)->attach.commit, eboard::CommitMode::Enter);
    EXPECT_NE((*fallback)->note.find("committed with Enter"), std::string::npos);
    auto dgt = eboardConfig(setup, "", "dgt");
    ASSERT_TRUE(dgt && *dgt);
    EXPECT_EQ((*dgt)->attach.commit, eboard::CommitMode::Lever) << "a DGT board keeps its lever";
    EXPECT_TRUE((*dgt)->note.empty());
}

// A board through DGT LiveChess: its port is LiveChess's address, and with no lever from LiveChess the
// setup's `lever` falls back to Enter, saying so, as for the ChessLink.
TEST(EboardPort, LiveChessTakesItsAddressAndFallsBackFromLeverToEnter) {
    event::EventSetup setup;
    auto serial_port = eboardConfig(setup, "/dev/ttyACM0", "livechess");
    ASSERT_FALSE(serial_port);
    EXPECT_NE(serial_port.error().find("e.g. --eboard ws://localhost:1982/api/v1.0"), std::string::npos)
        << serial_port.error();
    auto fallback = eboardConfig(setup, "ws://localhost:1982/api/v1.0", "livechess");
    ASSERT_TRUE(fallback && *fallback);
    EXPECT_EQ((*fallback)->brand, eboard::BoardBrand::LiveChess);
    EXPECT_EQ((*fallback)->attach.commit, eboard::CommitMode::Enter);
    EXPECT_NE((*fallback)->note.find("DGT LiveChess does not pass on the clock's lever"), std::string::npos);
}

// The setup's LiveChess board: its address and serial number; `serial` is written only when given, so a
// setup without it writes the JSON it wrote before.
TEST(EboardPort, LiveChessSetupKeys) {
    auto s = event::eventSetupFromJson(setupJson(
        R"({"eboard": {"brand": "livechess", "port": "ws://localhost:1982/api/v1.0", "serial": "7425"}})"));
    ASSERT_TRUE(s) << s.error();
    EXPECT_EQ(event::toJson(*s)["eboard"]["serial"], "7425");
    auto config = eboardConfig(*s, "");
    ASSERT_TRUE(config && *config);
    EXPECT_EQ((*config)->serial, "7425");
    EXPECT_EQ((*config)->attach.commit, eboard::CommitMode::Enter) << "no lever through LiveChess";
    auto plain = event::eventSetupFromJson(setupJson(R"({"eboard": {"port": "/dev/ttyACM0"}})"));
    ASSERT_TRUE(plain);
    EXPECT_FALSE(event::toJson(*plain)["eboard"].contains("serial"));
    auto no_address = event::eventSetupFromJson(setupJson(R"({"eboard": {"brand": "livechess"}})"));
    ASSERT_FALSE(no_address);
    EXPECT_NE(no_address.error().find("eboard.port: a board through DGT LiveChess needs"), std::string::npos)
        << no_address.error();
    auto bad_serial = event::eventSetupFromJson(setupJson(
        R"({"eboard": {"brand": "livechess", "port": "ws://h:1982/api/v1.0", "serial": "74 25"}})"));
    ASSERT_FALSE(bad_serial);
    EXPECT_NE(bad_serial.error().find("eboard.serial: \"74 25\" is no serial number"), std::string::npos)
        << bad_serial.error();
}

class FakeBoardProcess {
  public:
    explicit FakeBoardProcess(const std::string& link, const std::string& kind = "--clock") : link_(link) {
        pipe_ = ::popen((std::string(OC_OPERATOR_CLI) + " --ui-lang en eboard fake " + kind + " --link " +
                         link + " > " + link + ".log 2>&1")
                            .c_str(),
                        "w");
        for (int i = 0; i < 200 && !fs::is_symlink(link); ++i) std::this_thread::sleep_for(25ms);
    }
    ~FakeBoardProcess() {
        say("quit\n");
        ::pclose(pipe_);
    }
    void say(const std::string& lines) {
        std::fputs(lines.c_str(), pipe_);
        std::fflush(pipe_);
    }

  private:
    std::string link_;
    FILE* pipe_ = nullptr;
};

class EboardThreadGame : public ::testing::Test {
  protected:
    void SetUp() override {
        dir = fs::temp_directory_path() / ("host_eboard_thread_" + std::to_string(::getpid()));
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    void TearDown() override {
        board.reset();  // the thread stops before the game it follows
        game.reset();
        if (!HasFailure()) fs::remove_all(dir);
    }

    OpenRequest request(event::EboardSetup eboard = {}) {
        OpenRequest r;
        r.journal = dir / "game.jsonl";
        r.app = "eboard_thread_test";
        r.setup = [eboard] {
            event::EventSetup s;
            s.computer_side = rules::Color::Black;
            s.time_control = "1m+0s";
            s.engine.command = "fake";
            s.eboard = eboard;
            return tl::expected<event::EventSetup, std::string>(s);
        };
        r.start_engine = [](const event::EngineSettings&)
            -> tl::expected<std::unique_ptr<session::EngineLink>, std::string> {
            auto engine = std::make_unique<sim::FakeEngine>(sim::legalMovesAfter, 1);
            engine->queueMove("e7e5");
            return std::unique_ptr<session::EngineLink>(std::move(engine));
        };
        return r;
    }

    // Opens the game and attaches the board thread to it as the programs do, then waits until the board
    // is connected. `port_flag` stands for --eboard; empty takes the setup's own port.
    void openWithBoard(const std::string& port_flag, event::EboardSetup eboard = {}) {
        auto opened = Game::open(request(std::move(eboard)), Clock::now());
        ASSERT_TRUE(opened) << opened.error().message;
        game = std::move(*opened);
        auto config = eboardConfig(snapshot().setup, port_flag);
        ASSERT_TRUE(config && *config);
        board = std::make_unique<EboardThread>(**config, nullptr);
        game->addOutput(*board);
        game->publish(Clock::now());
        ASSERT_TRUE(pump([](const session::EboardStatus& s) { return s.connected; }));
        EXPECT_TRUE(saw("connected"));
    }

    // The program's loop: the board's records journalled and its commands dispatched, as the programs
    // do; until `done` holds.
    bool pump(const std::function<bool(const session::EboardStatus&)>& done) {
        const auto end = Clock::now() + 20s;
        while (Clock::now() < end) {
            for (EboardItem& item : board->take(Clock::now())) {
                if (auto* record = std::get_if<nlohmann::json>(&item)) {
                    events.push_back(record->value("event", ""));
                    EXPECT_TRUE(game->session().recordEboard(*record, Clock::now()));
                } else if (auto ok = game->dispatch(std::get<session::Command>(item), Clock::now()); !ok) {
                    refusals += ok.error().message + "; ";
                }
            }
            game->poll(Clock::now());
            if (done(board->status())) return true;
            std::this_thread::sleep_for(10ms);
        }
        return false;
    }
    session::Snapshot snapshot() const { return game->session().snapshot(Clock::now()); }
    session::Phase phase() const { return snapshot().phase; }
    bool saw(const std::string& event) const {
        return std::find(events.begin(), events.end(), event) != events.end();
    }
    std::string journalText() const {
        std::ifstream in(dir / "game.jsonl");
        return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    }
    const audit::Check& eboardCheck(const audit::Report& report) {
        for (const audit::Check& c : report.checks)
            if (c.name == "eboard") return c;
        ADD_FAILURE() << "no eboard check";
        return report.checks.front();
    }

    fs::path dir;
    std::unique_ptr<Game> game;
    std::unique_ptr<EboardThread> board;  // after `game`: destroyed first
    std::vector<std::string> events;
    std::string refusals;
};

TEST_F(EboardThreadGame, ABoardGameWithAWrongMoveAnUnplugAndAReplug) {
    const std::string link = (dir / "dgt").string();
    FakeBoardProcess fake(link);
    fake.say("clock 0:01:00 0:01:00\n");
    ASSERT_NO_FATAL_FAILURE(openWithBoard(link));
    EXPECT_FALSE(board->status().serial.empty());
    ASSERT_TRUE(game->dispatch(session::cmd::StartGame{}, Clock::now()));

    fake.say("lift e2\nplace e4\nwait 500ms\npress\n");
    ASSERT_TRUE(pump([&](const session::EboardStatus&) {
        return phase() == session::Phase::EngineMoveShown;
    })) << refusals;
    EXPECT_TRUE(saw("human_move")) << "the command's record came with it";

    fake.say("lift d7\nplace d5\n");
    ASSERT_TRUE(pump([](const session::EboardStatus& s) { return s.computer_move_wrong; }));
    const session::EboardStatus wrong = board->status();
    ASSERT_FALSE(wrong.differences.empty());
    std::string squares;
    for (const std::string& d : wrong.differences) squares += d + "; ";
    EXPECT_NE(squares.find("d5"), std::string::npos) << squares;
    EXPECT_NE(squares.find("d7"), std::string::npos) << squares;
    EXPECT_EQ(wrong.fault, "a wrong piece or square");
    EXPECT_EQ(phase(), session::Phase::EngineMoveShown) << "nothing made";

    fake.say("lift d5\nplace d7\nlift e7\nplace e5\nwait 500ms\npress\n");
    ASSERT_TRUE(pump([&](const session::EboardStatus&) { return phase() == session::Phase::HumanToMove; }))
        << refusals;
    EXPECT_FALSE(board->status().computer_move_wrong);

    fake.say("unplug\n");
    ASSERT_TRUE(pump([](const session::EboardStatus& s) { return !s.connected; }));
    EXPECT_FALSE(board->status().lost.empty());
    fake.say("replug\n");
    ASSERT_TRUE(pump([](const session::EboardStatus& s) { return s.connected; }));
    fake.say("lift g1\nplace f3\nwait 500ms\npress\n");
    ASSERT_TRUE(pump([&](const session::EboardStatus&) { return snapshot().moves.size() == 3; }))
        << "the board is followed again after the replug: " << refusals;
    EXPECT_EQ(snapshot().moves[2].uci, "g1f3");

    const std::string text = journalText();
    for (const char* event : {"connected", "human_move", "differs", "matches", "made", "pressed", "lost"})
        EXPECT_NE(text.find(std::string("\"event\":\"") + event + "\""), std::string::npos) << event;
    // Issue 34 item 11: the board's made is the one record of the computer's move on the board.
    EXPECT_EQ(text.find("\"event\":\"computer_move_on_board\""), std::string::npos) << text;
    auto report = audit::auditJournal(dir / "game.jsonl");
    ASSERT_TRUE(report) << report.error();
    const audit::Check& c = eboardCheck(*report);
    EXPECT_EQ(c.verdict, audit::Verdict::Ok) << c.evidence;
    EXPECT_GT(board->polls(), 0u);
}

// Issue 24: a board set up with Black's side by the cable is detected at the start, journalled as turned,
// and its squares mapped, so that both sides' moves are read on the game's squares.
TEST_F(EboardThreadGame, ABoardTurnedAtTheStartIsDetectedAndFollowed) {
    const std::string link = (dir / "dgt").string();
    FakeBoardProcess fake(link, "--clock --turned");
    fake.say("clock 0:01:00 0:01:00\n");
    ASSERT_NO_FATAL_FAILURE(openWithBoard(link));
    ASSERT_TRUE(game->dispatch(session::cmd::StartGame{}, Clock::now()));

    fake.say("lift e2\nplace e4\nwait 500ms\npress\n");
    ASSERT_TRUE(pump([&](const session::EboardStatus&) {
        return phase() == session::Phase::EngineMoveShown;
    })) << refusals;
    EXPECT_EQ(snapshot().moves[0].uci, "e2e4");
    fake.say("lift e7\nplace e5\nwait 500ms\npress\n");
    ASSERT_TRUE(pump([&](const session::EboardStatus&) { return phase() == session::Phase::HumanToMove; }))
        << refusals;
    EXPECT_FALSE(board->status().computer_move_wrong);

    const std::string text = journalText();
    EXPECT_NE(text.find("\"event\":\"orientation\""), std::string::npos) << text;
    EXPECT_NE(text.find("\"turned\":true"), std::string::npos) << "the orientation record says turned";
    auto report = audit::auditJournal(dir / "game.jsonl");
    ASSERT_TRUE(report) << report.error();
    EXPECT_EQ(eboardCheck(*report).verdict, audit::Verdict::Ok) << eboardCheck(*report).evidence;
}

TEST_F(EboardThreadGame, AComputerMoveMadeByHandWhileTheBoardDiffersIsABreach) {
    const std::string link = (dir / "dgt").string();
    FakeBoardProcess fake(link);
    fake.say("clock 0:01:00 0:01:00\n");
    ASSERT_NO_FATAL_FAILURE(openWithBoard(link));
    ASSERT_TRUE(game->dispatch(session::cmd::StartGame{}, Clock::now()));
    fake.say("lift e2\nplace e4\nwait 500ms\npress\n");
    ASSERT_TRUE(pump([&](const session::EboardStatus&) {
        return phase() == session::Phase::EngineMoveShown;
    })) << refusals;
    fake.say("lift d7\nplace d5\n");
    ASSERT_TRUE(pump([](const session::EboardStatus& s) { return s.computer_move_wrong; }));
    (void)pump([](const session::EboardStatus&) { return true; });  // its record, taken
    // The operator ticks "made on board" by hand although the board shows d7-d5.
    ASSERT_TRUE(game->dispatch(session::cmd::MadeOnBoard{}, Clock::now()));
    auto report = audit::auditJournal(dir / "game.jsonl");
    ASSERT_TRUE(report) << report.error();
    const audit::Check& c = eboardCheck(*report);
    EXPECT_EQ(c.verdict, audit::Verdict::Breach) << c.evidence;
    EXPECT_NE(c.evidence.find("d5"), std::string::npos) << c.evidence;
}

// Issue 24 item 3: the board shows Nf3 (not yet pressed) and the operator types Nc3. The conflict is
// found against the thread's status; confirmed, the move goes in as typed and the journal says that it
// overrode the board (the window's confirm is tests/gui/eboard_flow.sh's).
TEST_F(EboardThreadGame, ATypedMoveTheBoardContradictsIsAskedAboutAndJournalledWhenConfirmed) {
    const std::string link = (dir / "dgt").string();
    FakeBoardProcess fake(link);
    fake.say("clock 0:01:00 0:01:00\n");
    ASSERT_NO_FATAL_FAILURE(openWithBoard(link));
    ASSERT_TRUE(game->dispatch(session::cmd::StartGame{}, Clock::now()));
    ASSERT_TRUE(pump([](const session::EboardStatus& s) { return !s.board_fen.empty(); }));
    const auto untouched = typedAgainstBoard(snapshot(), board->status(), "e4");
    ASSERT_TRUE(untouched) << "the board still shows the start";
    EXPECT_TRUE(untouched->board_unchanged);

    fake.say("lift g1\nplace f3\n");
    ASSERT_TRUE(pump([](const session::EboardStatus& s) { return s.proposed_uci == "g1f3"; }));
    EXPECT_FALSE(typedAgainstBoard(snapshot(), board->status(), "Nf3")) << "typing what the board shows";
    const auto conflict = typedAgainstBoard(snapshot(), board->status(), "Nc3");
    ASSERT_TRUE(conflict);
    EXPECT_EQ(conflict->board_uci, "g1f3");
    EXPECT_EQ(phase(), session::Phase::HumanToMove) << "asking changes nothing";

    // Confirmed: as the window does it, the record first, then the move as typed.
    ASSERT_TRUE(game->session().recordEboard(overrideRecord(*conflict), Clock::now()));
    ASSERT_TRUE(game->dispatch(session::cmd::HumanMove{"Nc3", std::nullopt, false}, Clock::now()));
    EXPECT_EQ(snapshot().moves.at(0).uci, "b1c3") << "typing wins";
    const std::string text = journalText();
    EXPECT_NE(text.find("\"event\":\"typed_override\""), std::string::npos) << text;
    auto report = audit::auditJournal(dir / "game.jsonl");
    ASSERT_TRUE(report) << report.error();
    const audit::Check& c = eboardCheck(*report);
    EXPECT_EQ(c.verdict, audit::Verdict::Ok) << c.evidence;
    std::string details;
    for (const std::string& d : c.details) details += d + "\n";
    EXPECT_NE(details.find("entered b1c3 as typed although the e-board showed g1f3"), std::string::npos)
        << details;
}

// Issue 24 item 10: a game on the fake Millennium ChessLink (no clock; `commit: auto`). The human's move
// comes from the board, the computer's move is shown on the LEDs, played wrongly first and flagged, then
// put right and made on board; the clock is pressed by hand, as without a board. The journal names the
// brand, and the audit agrees.
TEST_F(EboardThreadGame, AGameOnAMillenniumChessLink) {
    const std::string link = (dir / "chesslink").string();
    FakeBoardProcess fake(link, "--brand millennium");
    event::EboardSetup chesslink{link, 300, "auto", "left", "millennium"};
    ASSERT_NO_FATAL_FAILURE(openWithBoard("", chesslink));
    EXPECT_EQ((*eboardConfig(snapshot().setup, ""))->brand, eboard::BoardBrand::Millennium);
    EXPECT_EQ(board->status().clock_present, false);
    EXPECT_EQ(board->status().version, "1.4");
    ASSERT_TRUE(game->dispatch(session::cmd::StartGame{}, Clock::now()));

    fake.say("lift e2\nplace e4\n");
    ASSERT_TRUE(pump([&](const session::EboardStatus&) {
        return phase() == session::Phase::EngineMoveShown;
    })) << refusals;
    fake.say("lift d7\nplace d5\n");
    ASSERT_TRUE(pump([](const session::EboardStatus& s) { return s.computer_move_wrong; }));
    EXPECT_EQ(phase(), session::Phase::EngineMoveShown) << "nothing made";
    fake.say("lift d5\nplace d7\nlift e7\nplace e5\n");
    ASSERT_TRUE(pump([&](const session::EboardStatus&) { return saw("made"); })) << refusals;
    EXPECT_FALSE(board->status().computer_move_wrong);
    ASSERT_TRUE(game->dispatch(session::cmd::ClockPressed{}, Clock::now())) << "pressed by hand";
    ASSERT_TRUE(pump([&](const session::EboardStatus&) { return phase() == session::Phase::HumanToMove; }));
    (void)pump([](const session::EboardStatus&) { return true; });

    const std::string text = journalText();
    EXPECT_NE(text.find("\"brand\":\"millennium\""), std::string::npos) << text;
    for (const char* event : {"connected", "human_move", "differs", "made"})
        EXPECT_NE(text.find(std::string("\"event\":\"") + event + "\""), std::string::npos) << event;
    // Issue 34 item 11: the computer's move made on the board is one record, naming the move.
    EXPECT_EQ(text.find("\"event\":\"computer_move_on_board\""), std::string::npos) << "one record per fact";
    const auto made = text.find("\"event\":\"made\"");
    ASSERT_NE(made, std::string::npos);
    EXPECT_NE(text.substr(made, text.find('}', made) - made).find("\"uci\":\"e7e5\""), std::string::npos)
        << text.substr(made, 200);
    EXPECT_EQ(text.find("\"event\":\"pressed\""), std::string::npos) << "no lever on a ChessLink";
    auto report = audit::auditJournal(dir / "game.jsonl");
    ASSERT_TRUE(report) << report.error();
    EXPECT_EQ(eboardCheck(*report).verdict, audit::Verdict::Ok) << eboardCheck(*report).evidence;
    // The fake logs what its LEDs show (it flushes every line); the move's squares, then off once made.
    const auto logged = [&](const std::string& line) {
        std::string shown;
        (void)pump([&](const session::EboardStatus&) {
            std::ifstream log(link + ".log");
            shown.assign(std::istreambuf_iterator<char>(log), std::istreambuf_iterator<char>());
            return shown.find(line) != std::string::npos;
        });
        return shown;
    };
    const std::string shown = logged("LEDs: off");
    EXPECT_NE(shown.find("LEDs: e7 steady, e5 flashing"), std::string::npos) << shown;
    EXPECT_NE(shown.find("LEDs: off"), std::string::npos) << shown;
}

TEST(EboardAudit, NotApplicableWithoutABoard) {
    TempDir dir("eboard_audit_na");
    OpenRequest r;
    r.journal = dir.path / "game.jsonl";
    r.app = "eboard_thread_test";
    r.setup = [] {
        event::EventSetup s;
        s.engine.command = "fake";
        return tl::expected<event::EventSetup, std::string>(s);
    };
    r.start_engine =
        [](const event::EngineSettings&) -> tl::expected<std::unique_ptr<session::EngineLink>, std::string> {
        return std::unique_ptr<session::EngineLink>(
            std::make_unique<sim::FakeEngine>(sim::legalMovesAfter, 1));
    };
    auto game = Game::open(r, Clock::now());
    ASSERT_TRUE(game) << game.error().message;
    ASSERT_TRUE((*game)->dispatch(session::cmd::StartGame{}, Clock::now()));
    auto report = audit::auditJournal(r.journal);
    ASSERT_TRUE(report) << report.error();
    bool found = false;
    for (const audit::Check& c : report->checks)
        if (c.name == "eboard") {
            found = true;
            EXPECT_EQ(c.verdict, audit::Verdict::NotApplicable) << c.evidence;
        }
    EXPECT_TRUE(found);
}

}  // namespace
}  // namespace oc::host
