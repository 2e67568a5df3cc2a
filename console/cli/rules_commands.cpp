// Rules commands: perft, move, pgn status, pgn normalize (contracts in docs/rules.md).
#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "commands.hpp"
#include "rules/position.hpp"

namespace oc::cli {

namespace {

struct PerftArgs {
    std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    int depth = 1;
};

// One line per root move, then the total (the divide format engines print).
int runPerft(const PerftArgs& args) {
    auto pos = rules::Position::fromFen(args.fen);
    if (!pos) {
        std::cerr << "bad FEN: " << pos.error().message << '\n';
        return 2;
    }
    if (args.depth < 1) {
        std::cerr << "bad depth " << args.depth << ": expected 1 or more\n";
        return 2;
    }
    std::uint64_t total = 0;
    for (rules::Move m : pos->legalMoves()) {
        const auto n = rules::perft(pos->play(m), args.depth - 1);
        total += n;
        fmt::print("{}: {}\n", rules::toUci(m), n);
    }
    fmt::print("nodes {}\n", total);
    return 0;
}

void addPerft(CLI::App& app, ExitCode& code) {
    auto args = std::make_shared<PerftArgs>();
    auto* cmd = app.add_subcommand("perft", "Count leaf nodes of the legal move tree, per root move");
    cmd->add_option("--fen", args->fen, "Position (FEN); default the initial position");
    cmd->add_option("--depth", args->depth, "Depth in plies (>= 1)")->required();
    cmd->callback([args, &code] { code.value = runPerft(*args); });
}

}  // namespace

void addRulesCommands(CLI::App& app, ExitCode& code) {
    addPerft(app, code);
}

}  // namespace oc::cli
