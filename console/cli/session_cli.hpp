#pragma once
// Shared pieces of the session's CLI commands (play options, human players, replay).

#include <optional>
#include <string>
#include <tl/expected.hpp>
#include <vector>

#include "commands.hpp"
#include "sim/driver.hpp"

namespace oc::cli {

struct PlayArgs {
    std::string engine, engine_side, tc, human, journal, pgn, setup_file, lang, pdf, envelope_pdf;
    std::string eboard;        // --eboard PORT|auto with --human eboard
    std::string eboard_brand;  // --eboard-brand dgt|millennium with --human eboard ("": the setup's)
    // --trf FILE --round N --player NAME|START_RANK: the pairing fills the setup after --setup (issue 38).
    std::string trf_file, trf_player;
    int trf_round = 0;
    std::vector<std::string> engine_args;
    std::string operator_delay;
    std::uint64_t seed = 1, nodes = 20000;
    double engine_deadline_s = 10;  // real time a node-limited search may take before it counts as hung
    int max_plies = 0;
    std::optional<int> edition;
    bool resume = false, verbose = false;
};

struct HumanSpec {
    sim::DriverOptions options;
    std::optional<event::EngineSettings> engine_settings;  // engine:CMD
};

void addPlayOptions(CLI::App& play, PlayArgs& args);
// random | engine:CMD | script:FILE; the script is read and parsed here (errors name the line).
[[nodiscard]] tl::expected<HumanSpec, std::string> parseHuman(const PlayArgs& args, rules::Color computer);
// With --resume, before anything is written (the journal's game records): where a script human continues
// (nullopt for the other humans, or a journal with no game yet); refuses a journal that another script, or no
// script, wrote.
[[nodiscard]] tl::expected<std::optional<sim::ScriptResume>, std::string> resumePoint(
    const std::vector<nlohmann::json>& records, const sim::DriverOptions& options);
// One word for the final line: checkmate, stalemate, dead-position, fivefold, seventy-five, threefold,
// fifty-move, agreement, resignation, time-forfeit, illegal-move, arbiter, adjourned, unterminated.
std::string terminationName(const session::Snapshot& s);
// The last line of play and journal replay, which scripts read (English key/value words, never translated):
// "result R termination T plies N engine_restarts N computer_flags N".
std::string resultLine(const session::Snapshot& s);
void addReplayCommand(CLI::App& app, ExitCode& code);
// --human eboard: the game played live on the electronic board, in real time (board_play.cpp).
int playOnBoard(const PlayArgs& args, const event::EventSetup& setup);

}  // namespace oc::cli
