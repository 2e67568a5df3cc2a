// `operator-cli pgn status|normalize FILE`: validate games and report their endings, or rewrite them in
// PGN export format. A bad game is reported and skipped; the command then exits 1.
#include "rules_pgn_commands.hpp"

#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "i18n/tr.hpp"
#include "rules/pgn.hpp"

namespace oc::cli {

namespace {

using i18n::tr;

struct PgnArgs {
    std::string file;
    std::string edition = "2023";
};

std::string jsonEscape(std::string_view s) {
    std::string out;
    for (char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            out += fmt::format("\\u{:04x}", static_cast<unsigned>(static_cast<unsigned char>(c)));
        } else {
            out += c;
        }
    }
    return out;
}

std::optional<std::string> readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream buf;
    buf << in.rdbuf();
    return buf.str();
}

std::string statusLine(std::size_t index, const rules::PgnGame& pgn, rules::Edition edition) {
    const rules::Game game = pgn.toGame(edition);
    const rules::Claims claims = game.claimsNow();
    std::string claimable;
    if (claims.threefold) claimable += "\"threefold\"";
    if (claims.fifty) claimable += claimable.empty() ? "\"fifty\"" : ", \"fifty\"";
    return fmt::format(R"({{"game": {}, "plies": {}, "fen": "{}", "termination": "{}", "claimable": [{}]}})",
                       index, game.plies(), jsonEscape(game.current().fen()),
                       rules::terminationName(game.termination()), claimable);
}

// Runs `each` on every good game; reports bad ones with `onError`. Returns the exit code.
template <typename Each, typename OnError>
int forEachGame(const PgnArgs& args, Each each, OnError on_error) {
    auto text = readFile(args.file);
    if (!text) {
        std::cerr << i18n::trf("cannot read PGN file '{}'", args.file) << '\n';
        return 2;
    }
    rules::PgnReader reader(*text, rules::PgnReadOptions{true, true});
    int rc = 0;
    std::size_t index = 0;
    while (auto game = reader.next()) {
        ++index;
        if (*game) {
            each(index, **game);
        } else {
            on_error(game->error());
            rc = 1;
        }
    }
    std::fflush(stdout);
    return rc;
}

void addStatus(CLI::App& pgn, ExitCode& code) {
    auto args = std::make_shared<PgnArgs>();
    auto* cmd = pgn.add_subcommand("status",
                                   tr("One JSON line per game: plies, final FEN, automatic ending, claims"));
    cmd->add_option("file", args->file, tr("PGN file"))->required();
    cmd->add_option("--edition", args->edition, tr("Laws of Chess edition: 2005 or 2023"))
        ->check(CLI::IsMember({"2005", "2023"}));
    cmd->callback([args, &code] {
        const auto edition = args->edition == "2005" ? rules::Edition::E2005 : rules::Edition::E2023;
        // JSON lines, read by programs: their errors stay English.
        code.value = forEachGame(
            *args,
            [&](std::size_t i, const rules::PgnGame& g) { fmt::print("{}\n", statusLine(i, g, edition)); },
            [](const rules::PgnError& e) {
                fmt::print(R"({{"game": {}, "error": "{}"}})"
                           "\n",
                           e.game, jsonEscape(e.message));
            });
    });
}

void addNormalize(CLI::App& pgn, ExitCode& code) {
    auto args = std::make_shared<PgnArgs>();
    auto* cmd =
        pgn.add_subcommand("normalize", tr("Rewrite the games in PGN export format (bad games: stderr)"));
    cmd->add_option("file", args->file, tr("PGN file"))->required();
    cmd->callback([args, &code] {
        code.value = forEachGame(
            *args, [](std::size_t, const rules::PgnGame& g) { fmt::print("{}", rules::writePgn(g)); },
            [](const rules::PgnError& e) { std::cerr << i18n::translateMessage(e.message) << '\n'; });
    });
}

}  // namespace

void addRulesPgnCommands(CLI::App& app, ExitCode& code) {
    auto* pgn = app.add_subcommand("pgn", tr("Validate and normalise PGN files"));
    pgn->require_subcommand(1);
    addStatus(*pgn, code);
    addNormalize(*pgn, code);
}

}  // namespace oc::cli
