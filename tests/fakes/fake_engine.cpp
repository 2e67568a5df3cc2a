// fake_engine: a UCI engine that misbehaves on purpose, for the engine_bridge fault tests.
// Usage: fake_engine [--mode M] [--once FILE] [--log FILE] [--bestmove MOVE] [--ponder MOVE] [--bad-move
// MOVE] Modes: normal, crash-handshake, crash-search, crash-after-bestmove, hang-handshake, hang-ready,
// hang-search, garbage, illegal-bestmove, slow-quit, stderr-flood, long-lines, chatty-handshake.
// With --once FILE the misbehaviour happens only while FILE does not exist (it is created when the
// fake misbehaves), so a restarted fake behaves: that is how the tests see recovery.
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>

namespace {

struct Config {
    std::string mode = "normal";
    std::string once_file;
    std::string log_file;
    std::string bestmove = "e2e4";
    std::string ponder;
    std::string bad_move = "e2e5";
};

Config g_config;
bool g_misbehave = false;

void say(const std::string& line) {
    std::cout << line << std::endl;
}

void logCommand(const std::string& line) {
    if (g_config.log_file.empty()) return;
    std::ofstream(g_config.log_file, std::ios::app) << line << '\n';
}

bool mode(const char* name) {
    return g_misbehave && g_config.mode == name;
}

void garbage() {
    if (!mode("garbage")) return;
    say("hello from the fake");
    say("\x01\x02\x7f binary junk");
    say("info depth x score cp nodes -5");
    say("option name");
    say("   ");
}

void flood(int lines) {
    if (!mode("stderr-flood")) return;
    std::string text;
    for (int i = 0; i < lines; ++i)
        text += "stderr noise line " + std::to_string(i) + " ..........................\n";
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(2, text.data() + done, text.size() - done);
        if (n <= 0) return;
        done += static_cast<std::size_t>(n);
    }
}

void handshake() {
    if (mode("crash-handshake")) {
        say("id name Fake");
        std::abort();
    }
    if (mode("hang-handshake")) return;
    garbage();
    // An engine that reports its loading line by line for two seconds before `uciok`: well within the
    // handshake's 10 s, but two thousand separate writes, each waking the console.
    for (int i = 0; mode("chatty-handshake") && i < 2000; ++i) {
        say("info string loading network part " + std::to_string(i));
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    if (mode("long-lines")) say("info string " + std::string(200'000, 'x'));
    say("id name Fake Engine");
    say("id author  The   Tests ");
    say("option name Hash type spin default 16 min 1 max 1024");
    say("option name Ponder type check default false");
    say("option name Style type combo default Normal var Solid var Normal var Risky");
    say("option name Clear Hash type button");
    say("option name Book File type string default <empty>");
    say("uciok");
}

void answerBestMove() {
    garbage();
    if (mode("long-lines")) say("info depth 1 pv " + std::string(1'000'000, 'e'));
    say("info depth 1 seldepth 1 score cp 12 nodes 100 nps 1000 time 1 pv " + g_config.bestmove);
    if (mode("illegal-bestmove")) {
        say("bestmove " + g_config.bad_move);
        return;
    }
    std::string line = "bestmove " + g_config.bestmove;
    if (!g_config.ponder.empty()) line += " ponder " + g_config.ponder;
    say(line);
    if (mode("crash-after-bestmove")) std::_Exit(3);
}

// Returns true when a search is left open (ponder or infinite) until ponderhit/stop.
bool go(const std::string& line) {
    if (mode("crash-search")) {
        say("info depth 1 score cp 0");
        std::raise(SIGSEGV);
    }
    if (mode("hang-search")) return false;
    if (line.find("ponder") != std::string::npos || line.find("infinite") != std::string::npos) return true;
    answerBestMove();
    return false;
}

void parseArgs(int argc, char** argv) {
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string key = argv[i];
        const std::string value = argv[i + 1];
        if (key == "--mode")
            g_config.mode = value;
        else if (key == "--once")
            g_config.once_file = value;
        else if (key == "--log")
            g_config.log_file = value;
        else if (key == "--bestmove")
            g_config.bestmove = value;
        else if (key == "--ponder")
            g_config.ponder = value;
        else if (key == "--bad-move")
            g_config.bad_move = value;
    }
    g_misbehave = g_config.mode != "normal";
    if (g_misbehave && !g_config.once_file.empty()) {
        g_misbehave = !std::ifstream(g_config.once_file).good();
        if (g_misbehave) std::ofstream(g_config.once_file) << "misbehaved\n";
    }
}

void quit() {
    if (mode("slow-quit")) {
        std::signal(SIGTERM, SIG_IGN);
        std::this_thread::sleep_for(std::chrono::seconds(30));
    }
    std::exit(0);
}

}  // namespace

int main(int argc, char** argv) {
    parseArgs(argc, argv);
    logCommand("# started pid " + std::to_string(::getpid()));
    say("FakeEngine 1.0 by the tests (a banner line, not UCI)");
    flood(200'000);
    bool open_search = false;
    std::string line;
    while (std::getline(std::cin, line)) {
        logCommand(line);
        flood(100);
        if (line == "uci")
            handshake();
        else if (line == "isready" && !mode("hang-ready"))
            say("readyok");
        else if (line.rfind("go", 0) == 0)
            open_search = go(line);
        else if ((line == "ponderhit" || line == "stop") && open_search) {
            open_search = false;
            answerBestMove();
        } else if (line == "quit")
            quit();
    }
    return 0;
}
