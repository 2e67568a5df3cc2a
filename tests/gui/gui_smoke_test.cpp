// Starts the real console in a real X server (Xvfb) and checks the screenshots it writes: the setup
// screen, and a game in progress against the real Stockfish driven by an operator script.
#include <gtest/gtest.h>
#include <stb_image.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

// In the asan build the consoles started here would report leaks inside Mesa's llvmpipe driver and
// libdbus at exit: libraries that are dlopen'd and unloaded, so their frames cannot be named in a
// suppression. Leak checking of the console's own UI code is done by the headless UI tests.
[[maybe_unused]] const int kNoLeakCheckInConsoles = setenv("ASAN_OPTIONS", "detect_leaks=0", 1);

constexpr std::uint32_t kLight = 0xF0D9B5;
constexpr std::uint32_t kDark = 0xB58863;

struct Image {
    int width = 0;
    int height = 0;
    std::unique_ptr<unsigned char, void (*)(void*)> pixels{nullptr, stbi_image_free};
    std::uint32_t at(int x, int y) const {
        const unsigned char* p =
            pixels.get() +
            (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 3;
        return (std::uint32_t{p[0]} << 16) | (std::uint32_t{p[1]} << 8) | p[2];
    }
};

Image load(const std::string& path) {
    Image img;
    int channels = 0;
    img.pixels.reset(stbi_load(path.c_str(), &img.width, &img.height, &channels, 3));
    return img;
}

// A scratch directory per test: the console writes its journal there.
class GuiSmoke : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("oc-gui-" + std::to_string(getpid()) + "-" +
                                            ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override {
        if (!HasFailure()) fs::remove_all(dir_);
    }
    std::string file(const std::string& name, const std::string& text = "") {
        const fs::path p = dir_ / name;
        if (!text.empty()) std::ofstream(p) << text;
        return p.string();
    }
    int console(const std::string& args) {
        const std::string cmd = std::string(OC_XVFB_RUN) + " -a -s '-screen 0 1280x800x24' " +
                                OC_CONSOLE_EXE + " --journal " + file("game.journal") + " " + args + " 2>" +
                                file("stderr.txt");
        return std::system(cmd.c_str());
    }
    fs::path dir_;
};

struct Census {
    int light = 0, dark = 0, white = 0, black = 0;
    std::size_t colours = 0;
};

Census census(const Image& img) {
    Census c;
    std::set<std::uint32_t> colours;
    for (int y = 0; y < img.height; y += 2) {
        for (int x = 0; x < img.width; x += 2) {
            const std::uint32_t px = img.at(x, y);
            colours.insert(px);
            c.light += px == kLight;
            c.dark += px == kDark;
            c.white += px == 0xFFFFFF;
            c.black += px == 0x000000;
        }
    }
    c.colours = colours.size();
    return c;
}

// The board's square area: the bounding box of the two square colours (they appear nowhere else).
struct Board {
    int x0 = 1 << 30, y0 = 1 << 30, x1 = -1, y1 = -1;
    double cell() const { return (x1 - x0 + 1) / 8.0; }
};

Board findBoard(const Image& img) {
    Board b;
    for (int y = 0; y < img.height; ++y) {
        for (int x = 0; x < img.width; ++x) {
            const std::uint32_t px = img.at(x, y);
            if (px == kLight || px == kDark) {
                b.x0 = std::min(b.x0, x), b.y0 = std::min(b.y0, y);
                b.x1 = std::max(b.x1, x), b.y1 = std::max(b.y1, y);
            }
        }
    }
    return b;
}

// Share of the cell's central area in `colour` (or in either square colour when colour is 0).
double share(const Image& img, const Board& b, int col, int row, std::uint32_t colour) {
    const double c = b.cell();
    int hits = 0, total = 0;
    for (int y = int(b.y0 + (row + 0.2) * c); y < int(b.y0 + (row + 0.8) * c); ++y) {
        for (int x = int(b.x0 + (col + 0.2) * c); x < int(b.x0 + (col + 0.8) * c); ++x) {
            const std::uint32_t px = img.at(x, y);
            hits += colour == 0 ? (px == kLight || px == kDark) : px == colour;
            ++total;
        }
    }
    return total == 0 ? 0 : double(hits) / total;
}

TEST_F(GuiSmoke, SetupScreenBeforeTheGame) {
    ASSERT_EQ(console("--screenshot " + file("setup.png")), 0) << file("stderr.txt");
    const Image img = load(file("setup.png"));
    ASSERT_NE(img.pixels, nullptr);
    EXPECT_EQ(img.width, 1280);
    EXPECT_EQ(img.height, 800);
    const Census c = census(img);
    EXPECT_GT(c.colours, 30u) << "a blank or flat image is not a console";
    EXPECT_EQ(c.light + c.dark, 0) << "no board before the game starts";
    EXPECT_TRUE(fs::exists(file("game.journal"))) << "the setup is journalled from the start";
}

TEST_F(GuiSmoke, MidGameAgainstStockfishShowsTheMovedPieces) {
    if (!fs::exists("/usr/games/stockfish")) GTEST_SKIP() << "stockfish is not installed";
    const std::string event = file("event.json",
                                   R"({"white": "Human, Test", "black": "Stockfish", "computer_side": "black",
                                       "time_control": "1m", "engine": {"command": "/usr/games/stockfish"}})");
    const std::string script =
        file("mid.script", "start\nmove e4\nmade\npressed\nrecorded\nmove Nf3\nmade\n");
    ASSERT_EQ(console("--event " + event + " --script " + script + " --screenshot " + file("mid.png")), 0)
        << std::ifstream(file("stderr.txt")).rdbuf();
    const Image img = load(file("mid.png"));
    ASSERT_NE(img.pixels, nullptr);
    const Census c = census(img);
    EXPECT_GT(c.light, 5000);
    EXPECT_GT(c.dark, 5000);
    EXPECT_GT(c.white, 1000) << "white pieces should be filled, not hollow";
    const Board b = findBoard(img);
    ASSERT_NEAR(b.x1 - b.x0, b.y1 - b.y0, 4) << "the board is square";
    // The computer plays Black, so Black is at the bottom: file h is the left column, rank 1 the top row.
    auto col = [](char file) { return 7 - (file - 'a'); };
    auto row = [](int rank) { return rank - 1; };
    EXPECT_GT(share(img, b, col('e'), row(2), 0), 0.95) << "e2 is empty after 1.e4";
    EXPECT_GT(share(img, b, col('g'), row(1), 0), 0.95) << "g1 is empty after 2.Nf3";
    EXPECT_GT(share(img, b, col('e'), row(4), 0xFFFFFF), 0.05) << "a white pawn on e4";
    EXPECT_GT(share(img, b, col('f'), row(3), 0xFFFFFF), 0.05) << "a white knight on f3";
    std::stringstream journal;
    journal << std::ifstream(file("game.journal")).rdbuf();
    EXPECT_NE(journal.str().find("human_move"), std::string::npos) << "the moves are journalled";
}

// A wrong --event file (here 2 MiB of spaces) is refused by name before any window or journal, and read
// no further than the setup's 1 MiB bound (docs/limits.md).
TEST_F(GuiSmoke, AnEventFileOverItsBoundIsRefusedByName) {
    const std::string event = file("huge.json", std::string(2 << 20, ' '));
    EXPECT_NE(console("--event " + event + " --screenshot " + file("never.png")), 0);
    std::stringstream err;
    err << std::ifstream(file("stderr.txt")).rdbuf();
    EXPECT_NE(err.str().find("huge.json: the file is longer than 1048576 bytes"), std::string::npos)
        << err.str();
    EXPECT_FALSE(fs::exists(file("never.png")));
    EXPECT_FALSE(fs::exists(file("game.journal")));
}

TEST_F(GuiSmoke, ResumeRebuildsTheGameFromTheJournal) {
    if (!fs::exists("/usr/games/stockfish")) GTEST_SKIP() << "stockfish is not installed";
    const std::string event = file("event.json", R"({"computer_side": "black", "time_control": "1m"})");
    const std::string script = file("first.script", "start\nmove e4\nmade\npressed\nrecorded\nmove d4\n");
    ASSERT_EQ(console("--event " + event + " --script " + script + " --screenshot " + file("first.png")), 0)
        << std::ifstream(file("stderr.txt")).rdbuf();
    // A second console on the same journal, as after a crash: the position comes back from the records.
    ASSERT_EQ(console("--resume --screenshot " + file("resumed.png")), 0)
        << std::ifstream(file("stderr.txt")).rdbuf();
    std::stringstream err;
    err << std::ifstream(file("stderr.txt")).rdbuf();
    EXPECT_NE(err.str().find("Resumed"), std::string::npos) << err.str();
    const Image img = load(file("resumed.png"));
    ASSERT_NE(img.pixels, nullptr);
    const Board b = findBoard(img);
    auto col = [](char f) { return 7 - (f - 'a'); };
    EXPECT_GT(share(img, b, col('e'), 3, 0xFFFFFF), 0.05) << "the white pawn on e4 is back";
    EXPECT_GT(share(img, b, col('d'), 3, 0xFFFFFF), 0.05) << "and the one on d4";
    // A new game never overwrites a journal.
    EXPECT_NE(console("--event " + event + " --screenshot " + file("again.png")), 0);
}

// The keyboard-first cycle with real key events: move, Enter; Enter, Enter, Enter for the three steps.
TEST_F(GuiSmoke, KeyboardOnlyOperatorCycle) {
    if (!fs::exists("/usr/games/stockfish")) GTEST_SKIP() << "stockfish is not installed";
    if (std::system("command -v xdotool >/dev/null") != 0) GTEST_SKIP() << "xdotool is not installed";
    const std::string event = file("event.json", R"({"computer_side": "black", "time_control": "5m"})");
    const std::string cmd = std::string(OC_XVFB_RUN) + " -a -s '-screen 0 1280x800x24' sh " +
                            OC_KEYBOARD_FLOW + " " + OC_CONSOLE_EXE + " " + event + " " +
                            file("game.journal") + " 2>" + file("stderr.txt");
    EXPECT_EQ(std::system(cmd.c_str()), 0) << std::ifstream(file("stderr.txt")).rdbuf();
}

// Issue 15 (Art. 9.1, App. C.12) in the real window: "e4 (=)" typed is recorded as the offer; with the
// offer pending the first Enter on "Made on board" asks, the second plays the move.
TEST_F(GuiSmoke, DrawOfferTypedWithTheMoveAndMadeOnBoardAsksFirst) {
    if (!fs::exists("/usr/games/stockfish")) GTEST_SKIP() << "stockfish is not installed";
    if (std::system("command -v xdotool >/dev/null && command -v import >/dev/null") != 0)
        GTEST_SKIP() << "xdotool or ImageMagick's import is not installed";
    const std::string event = file("event.json", R"({"computer_side": "black", "time_control": "5m"})");
    const std::string cmd = std::string(OC_XVFB_RUN) + " -a -s '-screen 0 1280x800x24' sh " + OC_OFFER_FLOW +
                            " " + OC_CONSOLE_EXE + " " + event + " " + file("game.journal") + " " +
                            dir_.string() + " 2>" + file("flow.txt");
    ASSERT_EQ(std::system(cmd.c_str()), 0) << std::ifstream(file("flow.txt")).rdbuf();
}

// Issue 38: "Import from TRF…" on the setup screen: an unknown entry is refused on screen and changes
// nothing; the computer's entry fills the form, the screen lists what the TRF left, Start locks it in.
TEST_F(GuiSmoke, ImportFromTrfFillsTheSetupScreen) {
    if (!fs::exists("/usr/games/stockfish")) GTEST_SKIP() << "stockfish is not installed";
    if (std::system("command -v xdotool >/dev/null") != 0) GTEST_SKIP() << "xdotool is not installed";
    const std::string event = file("event.json", R"({"time_control": "5m"})");
    const std::string cmd = std::string(OC_XVFB_RUN) + " -a -s '-screen 0 1280x800x24' sh " +
                            OC_TRF_IMPORT_FLOW + " " + OC_CONSOLE_EXE + " " + event + " " +
                            file("game.journal") + " " + dir_.string() + " " + OC_TRF_DATA + " 2>" +
                            file("flow.txt");
    ASSERT_EQ(std::system(cmd.c_str()), 0) << std::ifstream(file("flow.txt")).rdbuf();
}

// Issue 38: a --trf the console cannot use is a bad argument: exit 2 with the message (naming the file's
// line and column), before any window opens, and no journal is written.
TEST_F(GuiSmoke, ABadTrfStopsTheConsoleBeforeTheWindow) {
    const std::string trf = std::string(OC_TRF_DATA);
    const std::pair<std::string, std::string> bad[] = {
        {"--trf " + trf + "/malformed.trf --round 3 --player 6",
         "line 4, column 49: expected the FIDE rating"},
        {"--trf " + trf + "/trf2026.trf --round 4 --player 6", "round 4 is not yet paired for Stockfish 17"},
        {"--trf " + trf + "/trf2026.trf --round 3 --player 5",
         "has the pairing-allocated bye (U) in round 3"},
        {"--trf " + trf + "/trf2026.trf --player 6", "--trf needs --round N"},
    };
    for (const auto& [args, message] : bad) {
        const int status = console("--screenshot " + file("shot.png") + " " + args);
        ASSERT_TRUE(WIFEXITED(status)) << args;
        EXPECT_EQ(WEXITSTATUS(status), 2) << args;
        std::ostringstream err;
        err << std::ifstream(file("stderr.txt")).rdbuf();
        EXPECT_NE(err.str().find(message), std::string::npos) << args << ": " << err.str();
        EXPECT_FALSE(fs::exists(file("game.journal"))) << args;
        EXPECT_FALSE(fs::exists(file("shot.png"))) << args;
    }
}

// Issue 22's silent traps in the real window: the move entered by two clicks on the drawn board, the
// arbiter's Correct reaching the journal, and spoken moves asked for without a sound device shown as off
// (and journalled).
TEST_F(GuiSmoke, BoardEntryArbiterCorrectionAndSpeechWithoutASoundDevice) {
    if (!fs::exists("/usr/games/stockfish")) GTEST_SKIP() << "stockfish is not installed";
    if (std::system("command -v xdotool >/dev/null") != 0) GTEST_SKIP() << "xdotool is not installed";
    const std::string event =
        file("event.json", R"({"computer_side": "black", "time_control": "5m", "speech": "all"})");
    const std::string cmd = "SDL_AUDIODRIVER=no-such-driver " + std::string(OC_XVFB_RUN) +
                            " -a -s '-screen 0 1280x800x24' sh " + OC_CORRECT_FLOW + " " + OC_CONSOLE_EXE +
                            " " + event + " " + file("game.journal") + " " + dir_.string() + " 2>" +
                            file("flow.txt");
    ASSERT_EQ(std::system(cmd.c_str()), 0) << std::ifstream(file("flow.txt")).rdbuf();
}

// Issue 24: a game on an electronic board in the real window, against Stockfish, with the fake DGT board
// (and DGT 3000) on a real pty: the human's moves from the board and the lever, the computer's first move
// played wrong (red, with its squares, nothing made) then right, an unplug and a replug mid-game; the
// journal, the PGN and the audit agree at the end (eboard_flow.sh).
TEST_F(GuiSmoke, AGameOnTheElectronicBoardWithAWrongMoveAndAnUnplug) {
    if (!fs::exists("/usr/games/stockfish")) GTEST_SKIP() << "stockfish is not installed";
    if (std::system("command -v xdotool >/dev/null && command -v import >/dev/null") != 0)
        GTEST_SKIP() << "xdotool or ImageMagick's import is not installed";
    const std::string event =
        file("event.json", R"({"computer_side": "black", "time_control": "5m", "enforce_recording": false})");
    const std::string cmd = std::string(OC_XVFB_RUN) + " -a -s '-screen 0 1280x800x24' sh " + OC_EBOARD_FLOW +
                            " " + OC_CONSOLE_EXE + " " + OC_OPERATOR_CLI + " " + event + " " +
                            file("game.journal") + " " + dir_.string() + " 2>" + file("flow.txt");
    ASSERT_EQ(std::system(cmd.c_str()), 0) << std::ifstream(file("flow.txt")).rdbuf();
}

// Issue 38 part 2: a game in the real window on a board read through the fake DGT LiveChess (a real
// WebSocket server in a real process), against Stockfish: the moves from the board entered with Enter (no
// lever through LiveChess: the fallback is journalled), LiveChess stopped and started again mid-game; the
// journal, the PGN and the audit agree at the end (livechess_flow.sh).
TEST_F(GuiSmoke, AGameOnABoardReadThroughLiveChessWithARestart) {
    if (!fs::exists("/usr/games/stockfish")) GTEST_SKIP() << "stockfish is not installed";
    if (std::system("command -v xdotool >/dev/null && command -v import >/dev/null") != 0)
        GTEST_SKIP() << "xdotool or ImageMagick's import is not installed";
    const std::string event =
        file("event.json", R"({"computer_side": "black", "time_control": "5m", "enforce_recording": false})");
    const std::string cmd = std::string(OC_XVFB_RUN) + " -a -s '-screen 0 1280x800x24' sh " +
                            OC_LIVECHESS_FLOW + " " + OC_CONSOLE_EXE + " " + OC_OPERATOR_CLI + " " + event +
                            " " + file("game.journal") + " " + dir_.string() + " 2>" + file("flow.txt");
    ASSERT_EQ(std::system(cmd.c_str()), 0) << std::ifstream(file("flow.txt")).rdbuf();
}

// Issue 34: the traps a whole game on the board met, each in the order the human and the operator acted
// (eboard_trial_flow.sh): an Enter for "Recorded" while the human's reply stands on the board, a draw offer
// ticked before his press, the computer's move played while the offer waits, an illegal move pressed and
// ruled, the override, one record per computer move, a press after the end.
TEST_F(GuiSmoke, TheElectronicBoardsTrapsInTheOrderPeopleAct) {
    if (!fs::exists("/usr/games/stockfish")) GTEST_SKIP() << "stockfish is not installed";
    if (std::system("command -v xdotool >/dev/null && command -v import >/dev/null") != 0)
        GTEST_SKIP() << "xdotool or ImageMagick's import is not installed";
    const std::string event = file("event.json", R"({"computer_side": "black", "time_control": "5m+3s"})");
    const std::string cmd = std::string(OC_XVFB_RUN) + " -a -s '-screen 0 1280x800x24' sh " +
                            OC_EBOARD_TRIAL_FLOW + " " + OC_CONSOLE_EXE + " " + OC_OPERATOR_CLI + " " +
                            event + " " + file("game.journal") + " " + dir_.string() + " 2>" +
                            file("flow.txt");
    ASSERT_EQ(std::system(cmd.c_str()), 0) << std::ifstream(file("flow.txt")).rdbuf();
}

// Issue 34: the other orders of a whole game on the board (eboard_game_flow.sh), against an engine that
// plays a fixed line so the game reaches a castling and a promotion: a piece held in the air, a wrong
// computer move put right (with "Made on board" disabled meanwhile), the human moving out of turn,
// castling rook first, a promotion with a capture.
TEST_F(GuiSmoke, AWholeGameOnTheBoardWithTheOtherOrdersPeopleAct) {
    if (std::system("command -v xdotool >/dev/null && command -v import >/dev/null") != 0)
        GTEST_SKIP() << "xdotool or ImageMagick's import is not installed";
    const std::string event =
        file("event.json",
             std::string(R"({"computer_side": "black", "time_control": "5m+3s", "engine": {"command": ")") +
                 OC_SCRIPTED_ENGINE +
                 R"(", "args": ["b7b5", "a7a6", "c8b7", "b8c6", "e7e6", "f8e7", "g8f6", "e8g8", "d8a8"]}})");
    const std::string cmd = std::string(OC_XVFB_RUN) + " -a -s '-screen 0 1280x800x24' sh " +
                            OC_EBOARD_GAME_FLOW + " " + OC_CONSOLE_EXE + " " + OC_OPERATOR_CLI + " " + event +
                            " " + file("game.journal") + " " + dir_.string() + " 2>" + file("flow.txt");
    ASSERT_EQ(std::system(cmd.c_str()), 0) << std::ifstream(file("flow.txt")).rdbuf();
}

// What the audience sees of the public display, minus the running clocks: the board with its frame and,
// with `banner`, the banner's text (left of the view buttons).
bool sameAudienceView(const Image& a, const Image& b, const Board& board, std::string& where,
                      bool banner = true) {
    if (a.width != b.width || a.height != b.height) return where = "the size", false;
    auto differs = [&](int x0, int y0, int x1, int y1) {
        for (int y = y0; y < y1; ++y)
            for (int x = x0; x < x1; ++x)
                if (a.at(x, y) != b.at(x, y))
                    return where = std::to_string(x) + "," + std::to_string(y), true;
        return false;
    };
    return !(banner && differs(0, 0, a.width * 2 / 3, board.y0 - 12)) &&
           !differs(0, board.y0 - 8, board.x1 + 8, a.height - 8);
}

// Pixels of the banner's state text in the view's amber (ADJOURNED, PAUSED, GAME OVER ...); GAME IN
// PROGRESS is grey.
int amberInBanner(const Image& img, const Board& board) {
    int n = 0;
    for (int y = 0; y < board.y0 - 12; ++y)
        for (int x = 0; x < img.width * 2 / 3; ++x) n += img.at(x, y) == 0xFFBF33;
    return n;
}

// CMP-3.5 / Q18: the computer seals in the real window, driven by mouse and keys; from the seal request
// until the sealed move is played after resumption, the public display shows no board change and no
// move (its pixels stay the same); the envelope record carries field (g).
TEST_F(GuiSmoke, ComputerSealsAndThePublicDisplayNeverChangesUntilTheMoveIsPlayed) {
    if (!fs::exists("/usr/games/stockfish")) GTEST_SKIP() << "stockfish is not installed";
    if (std::system("command -v xdotool >/dev/null && command -v import >/dev/null") != 0)
        GTEST_SKIP() << "xdotool or ImageMagick's import is not installed";
    const std::string event = file("event.json", R"({"computer_side": "black", "time_control": "5m"})");
    const std::string cmd = std::string(OC_XVFB_RUN) + " -a -s '-screen 0 1280x800x24' sh " + OC_SEAL_FLOW +
                            " " + OC_CONSOLE_EXE + " " + event + " " + file("game.journal") + " " +
                            dir_.string() + " 2>" + file("flow.txt");
    const int status = std::system(cmd.c_str());
    if (WIFEXITED(status) && WEXITSTATUS(status) == 77) GTEST_SKIP() << "the engine answered too early";
    ASSERT_EQ(status, 0) << std::ifstream(file("flow.txt")).rdbuf();
    const Image before = load(file("public-0-engine-thinking.png"));
    ASSERT_NE(before.pixels, nullptr);
    const Board board = findBoard(before);
    ASSERT_GT(board.x1 - board.x0, 400) << "the public display shows a large board";
    for (const char* step : {"public-1-seal-requested", "public-2-computer-has-chosen", "public-3-adjourned",
                             "public-4-resumed-not-yet-played"}) {
        const Image now = load(file(std::string(step) + ".png"));
        ASSERT_NE(now.pixels, nullptr) << step;
        std::string where;
        EXPECT_TRUE(sameAudienceView(before, now, board, where, false))
            << step << ": a pixel of the board changed at " << where;
    }
    // The banner says the game's state (issue 15), but never whether the computer has chosen (Q18).
    std::string where;
    EXPECT_TRUE(sameAudienceView(load(file("public-1-seal-requested.png")),
                                 load(file("public-2-computer-has-chosen.png")), board, where))
        << "the seal request's banner changed when the computer chose, at " << where;
    EXPECT_TRUE(sameAudienceView(before, load(file("public-4-resumed-not-yet-played.png")), board, where))
        << "resumed, the game is in progress again: " << where;
    EXPECT_EQ(amberInBanner(before, board), 0) << "GAME IN PROGRESS is grey";
    EXPECT_GT(amberInBanner(load(file("public-3-adjourned.png")), board), 50) << "ADJOURNED, in amber";
    EXPECT_FALSE(sameAudienceView(before, load(file("public-5-sealed-move-played.png")), board, where))
        << "once played on the board the sealed move shows (the comparison can see a move)";
    ASSERT_TRUE(fs::exists(file("game-envelope.pdf"))) << "the envelope record, next to the journal";
    const std::string grep_g = "pdftotext -layout " + file("game-envelope.pdf") + " - | grep -q 'Hall B'";
    EXPECT_EQ(std::system(grep_g.c_str()), 0) << "field (g) as typed in the Adjournment tab";
}

// Guidelines I.1-I.2: the human seals (the console never learns his move) and the console's own script
// runner writes the envelope record with field (g), as operator-cli's does.
TEST_F(GuiSmoke, HumanSealsAndTheScriptWritesTheEnvelopeWithTheResumption) {
    if (!fs::exists("/usr/games/stockfish")) GTEST_SKIP() << "stockfish is not installed";
    const std::string event = file("event.json", R"({"computer_side": "black", "time_control": "1m"})");
    const std::string pdf = file("envelope.pdf");
    const std::string script = file("seal.script",
                                    "start\nmove e4\nmade\npressed\nrecorded\nseal\nseal-human\n"
                                    "envelope-pdf " +
                                        pdf + " resumption 3 Dec 2026, 18:00, Room 2\n");
    ASSERT_EQ(console("--event " + event + " --script " + script + " --screenshot " + file("adj.png")), 0)
        << std::ifstream(file("stderr.txt")).rdbuf();
    const std::string grep_g = "pdftotext -layout " + pdf + " - | grep -q '3 Dec 2026, 18:00, Room 2'";
    EXPECT_EQ(std::system(grep_g.c_str()), 0) << "field (g) from the script line";
}

// Issue 15, item 7: the public display faces the human: his side at the bottom unless White's is chosen,
// whatever the operator's own view; an adjourned game says so in the banner.
TEST_F(GuiSmoke, PublicDisplayShowsTheHumansSideAtTheBottomAndTheGamesState) {
    if (!fs::exists("/usr/games/stockfish")) GTEST_SKIP() << "stockfish is not installed";
    const std::string event =
        file("event.json", R"({"white": "Stockfish", "black": "Human, Test", "computer_side": "white",
                               "time_control": "5m", "engine": {"command": "/usr/games/stockfish"}})");
    const std::string start = file("start.script", "start\n");
    // White's pieces (drawn white) fill the bottom rank when White is at the bottom, else Black's.
    auto whiteAtBottom = [&](const std::string& png) {
        const Image img = load(png);
        const Board b = findBoard(img);
        double bottom = 0, top = 0;
        for (int c = 0; c < 8; ++c)
            bottom += share(img, b, c, 7, 0xFFFFFF), top += share(img, b, c, 0, 0xFFFFFF);
        return bottom > top;
    };
    ASSERT_EQ(
        console("--event " + event + " --script " + start + " --public --screenshot " + file("human.png")), 0)
        << std::ifstream(file("stderr.txt")).rdbuf();
    EXPECT_FALSE(whiteAtBottom(file("human.png"))) << "the human plays Black: Black at the bottom";
    fs::remove(file("game.journal"));
    ASSERT_EQ(console("--event " + event + " --script " + start +
                      " --public --public-orientation white --screenshot " + file("white.png")),
              0)
        << std::ifstream(file("stderr.txt")).rdbuf();
    EXPECT_TRUE(whiteAtBottom(file("white.png"))) << "--public-orientation white";
    fs::remove(file("game.journal"));
    const std::string adjourn = file("adjourn.script", "start\nmade\npressed\nrecorded\nseal\nseal-human\n");
    ASSERT_EQ(
        console("--event " + event + " --script " + adjourn + " --public --screenshot " + file("adj.png")), 0)
        << std::ifstream(file("stderr.txt")).rdbuf();
    const Image in_play = load(file("human.png"));
    const Image adjourned = load(file("adj.png"));
    EXPECT_EQ(amberInBanner(in_play, findBoard(in_play)), 0) << "GAME IN PROGRESS is grey";
    EXPECT_GT(amberInBanner(adjourned, findBoard(adjourned)), 50) << "ADJOURNED, in amber";
}

// The text each control showed, from the console's --widget-map file (name, x, y, enabled, text).
std::map<std::string, std::string> shownTexts(const std::string& map) {
    std::map<std::string, std::string> texts;
    std::ifstream in(map);
    for (std::string line; std::getline(in, line);) {
        std::vector<std::string> fields;
        std::stringstream row(line);
        for (std::string f; std::getline(row, f, '\t');) fields.push_back(f);
        if (fields.size() >= 5) texts[fields[0]] = fields[4];
    }
    return texts;
}

// Issue 12: --ui-lang pl gives Polish screens from the first frame; the window's controls keep their
// English names (the map's first column), their text is Polish.
TEST_F(GuiSmoke, UiLangFlagGivesPolishScreens) {
    ASSERT_EQ(console("--ui-lang pl --widget-map " + file("map.txt") + " --screenshot " + file("pl.png")), 0)
        << std::ifstream(file("stderr.txt")).rdbuf();
    auto texts = shownTexts(file("map.txt"));
    EXPECT_EQ(texts["Start the game"], "Rozpocznij partię");
    EXPECT_EQ(texts["Language of the screens"], "Język ekranów");
    EXPECT_EQ(texts["setup heading"], "Ustawienia turnieju");
    std::stringstream err;
    err << std::ifstream(file("stderr.txt")).rdbuf();
    EXPECT_NE(err.str().find("dziennik"), std::string::npos)
        << "the program's own messages too: " << err.str();
}

TEST_F(GuiSmoke, UnknownUiLangIsRefusedNamingTheLanguages) {
    EXPECT_NE(console("--ui-lang de --screenshot " + file("x.png")), 0);
    std::stringstream err;
    err << std::ifstream(file("stderr.txt")).rdbuf();
    EXPECT_NE(err.str().find("--ui-lang"), std::string::npos) << err.str();
    EXPECT_NE(err.str().find("en, pl"), std::string::npos) << err.str();
    EXPECT_FALSE(fs::exists(file("x.png")));
    EXPECT_FALSE(fs::exists(file("game.journal"))) << "refused before anything is opened";
}

// Precedence: --ui-lang, else the setup's ui_language, else the notation language's catalogue; on
// --resume the journal's setup counts.
TEST_F(GuiSmoke, UiLanguageFollowsTheFlagThenTheSetupThenTheNotation) {
    const std::string polish_notation = file("pl.json", R"({"language": "pl", "time_control": "5m"})");
    auto startText = [&](const std::string& args) {
        fs::remove(file("game.journal"));
        EXPECT_EQ(console(args + " --widget-map " + file("map.txt") + " --screenshot " + file("s.png")), 0)
            << args << ": " << std::ifstream(file("stderr.txt")).rdbuf();
        return shownTexts(file("map.txt"))["Start the game"];
    };
    EXPECT_EQ(startText("--event " + polish_notation), "Rozpocznij partię") << "Sf3 notation: Polish screens";
    EXPECT_EQ(startText("--event " + polish_notation + " --ui-lang en"), "Start the game") << "the flag wins";
    const std::string english_screens =
        file("en.json", R"({"language": "pl", "ui_language": "en", "time_control": "5m"})");
    EXPECT_EQ(startText("--event " + english_screens), "Start the game") << "ui_language over the notation";
    // A game begun with Polish screens resumes with them, from the journal's setup alone.
    const std::string polish = file("ui.json", R"({"ui_language": "pl", "time_control": "5m"})");
    const std::string start = file("start.script", "start\n");
    fs::remove(file("game.journal"));
    ASSERT_EQ(console("--event " + polish + " --script " + start + " --screenshot " + file("a.png")), 0)
        << std::ifstream(file("stderr.txt")).rdbuf();
    ASSERT_EQ(console("--resume --widget-map " + file("map.txt") + " --screenshot " + file("b.png")), 0)
        << std::ifstream(file("stderr.txt")).rdbuf();
    EXPECT_EQ(shownTexts(file("map.txt"))["Flip board"], "Obróć szachownicę");
}

TEST_F(GuiSmoke, SigtermClosesCleanly) {
    // No --screenshot: the console runs until the signal; SDL turns SIGTERM into a quit event. The signal
    // goes to the console itself, inside the X server's session.
    const std::string inner = std::string(OC_CONSOLE_EXE) + " --journal " + file("game.journal") + " 2>" +
                              file("stderr.txt") + " & pid=$!; sleep 3; kill -TERM $pid; wait $pid";
    const std::string cmd = std::string(OC_XVFB_RUN) + " -a -s '-screen 0 1280x800x24' sh -c '" + inner + "'";
    EXPECT_EQ(std::system(cmd.c_str()), 0) << std::ifstream(file("stderr.txt")).rdbuf();
    EXPECT_TRUE(fs::exists(file("game.journal")));
}

TEST_F(GuiSmoke, BadArgumentIsRefused) {
    const std::string cmd = std::string(OC_CONSOLE_EXE) + " --frames 0 >/dev/null 2>&1";
    EXPECT_NE(std::system(cmd.c_str()), 0);
}

TEST_F(GuiSmoke, UnreadableEventFileIsRefusedWithTheReason) {
    const std::string event = file("bad.json", R"({"computer_side": "purple"})");
    EXPECT_NE(console("--event " + event + " --screenshot " + file("x.png")), 0);
    std::stringstream err;
    err << std::ifstream(file("stderr.txt")).rdbuf();
    EXPECT_NE(err.str().find("computer_side"), std::string::npos) << err.str();
    EXPECT_FALSE(fs::exists(file("x.png")));
}

}  // namespace
