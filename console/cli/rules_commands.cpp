// Rules commands: perft, move, pgn status, pgn normalize (contracts in docs/rules.md).
#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "commands.hpp"
#include "i18n/tr.hpp"
#include "rules/notation.hpp"
#include "rules/position.hpp"
#include "rules_pgn_commands.hpp"

namespace oc::cli {

namespace {

using i18n::tr;
using i18n::trf;

struct PerftArgs {
    std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    int depth = 1;
};

// One line per root move, then the total (the divide format engines print).
int runPerft(const PerftArgs& args) {
    auto pos = rules::Position::fromFen(args.fen);
    if (!pos) {
        std::cerr << trf("bad FEN: {}", i18n::translateMessage(pos.error().message)) << '\n';
        return 2;
    }
    if (args.depth < 1) {
        std::cerr << trf("bad depth {}: expected 1 or more", args.depth) << '\n';
        return 2;
    }
    std::uint64_t total = 0;
    for (rules::Move m : pos->legalMoves()) {
        const auto n = rules::perft(pos->play(m), args.depth - 1);
        total += n;
        fmt::print("{}: {}\n", rules::toUci(m), n);
    }
    // The divide format engines print, read by programs (bench/rules): never translated.
    fmt::print("nodes {}\n", total);
    return 0;
}

void addPerft(CLI::App& app, ExitCode& code) {
    auto args = std::make_shared<PerftArgs>();
    auto* cmd = app.add_subcommand("perft", tr("Count leaf nodes of the legal move tree, per root move"));
    cmd->add_option("--fen", args->fen, tr("Position (FEN); default the initial position"));
    cmd->add_option("--depth", args->depth, tr("Depth in plies (>= 1)"))->required();
    cmd->callback([args, &code] { code.value = runPerft(*args); });
}

struct MoveArgs {
    std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    std::string lang = "en";
    std::string text;
    std::string batch;
};

// "<uci> <san>" for an accepted move, or the reason it was refused.
tl::expected<std::string, std::string> readMove(std::string_view fen, std::string_view lang,
                                                std::string_view text) {
    auto pos = rules::Position::fromFen(fen);
    if (!pos) return tl::unexpected(trf("bad FEN: {}", i18n::translateMessage(pos.error().message)));
    auto language = rules::parseLanguage(lang);
    if (!language)
        return tl::unexpected(trf("unknown language '{}' (expected {})", lang, rules::languageList()));
    auto parsed = rules::parseMoveText(*pos, text, *language);
    if (!parsed) return tl::unexpected(i18n::translateMessage(parsed.error().message));
    return rules::toUci(parsed->move) + " " + rules::toSan(*pos, parsed->move);
}

// One output line per input line "FEN<TAB>LANG<TAB>TEXT", so a caller can zip inputs and outputs.
int runMoveBatch() {
    // Every line is read by a program, refusals too: English whatever --ui-lang chose.
    (void)i18n::setUiLanguage(i18n::UiLanguage::En);
    std::string line;
    while (std::getline(std::cin, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const auto t1 = line.find('\t');
        const auto t2 = t1 == std::string::npos ? t1 : line.find('\t', t1 + 1);
        if (t2 == std::string::npos) {
            fmt::print("error expected FEN<TAB>LANG<TAB>TEXT\n");
            continue;
        }
        const std::string_view view(line);
        auto out = readMove(view.substr(0, t1), view.substr(t1 + 1, t2 - t1 - 1), view.substr(t2 + 1));
        fmt::print("{}\n", out ? *out : "error " + out.error());
    }
    std::fflush(stdout);
    return 0;
}

int runMove(const MoveArgs& args) {
    if (!args.batch.empty()) {
        if (args.batch != "-") {
            std::cerr << tr("--batch takes '-' (read from stdin)") << '\n';
            return 2;
        }
        return runMoveBatch();
    }
    if (!rules::Position::fromFen(args.fen)) {
        std::cerr << readMove(args.fen, args.lang, args.text).error() << '\n';
        return 2;
    }
    auto out = readMove(args.fen, args.lang, args.text);
    if (!out) {
        std::cerr << out.error() << '\n';
        return 1;
    }
    fmt::print("{}\n", *out);
    return 0;
}

void addMove(CLI::App& app, ExitCode& code) {
    auto args = std::make_shared<MoveArgs>();
    auto* cmd =
        app.add_subcommand("move", tr("Read a move in an event language; print its UCI and English SAN"));
    cmd->add_option("--fen", args->fen, tr("Position (FEN); default the initial position"));
    cmd->add_option("--lang", args->lang, tr("Notation language: en pl de fr es nl ru fa"))
        ->check(CLI::IsMember({"en", "pl", "de", "fr", "es", "nl", "ru", "fa"}));
    cmd->add_option("--batch", args->batch, tr("'-': read FEN<TAB>LANG<TAB>TEXT lines from stdin"));
    cmd->add_option("text", args->text, tr("The move text, e.g. Nf3, Sg1-f3, e8=Q, 0-0, g1f3"));
    cmd->callback([args, cmd, &code] {
        if (args->batch.empty() && cmd->count("text") == 0) {
            std::cerr << tr("move: give the move TEXT, or --batch -") << '\n';
            code.value = 2;
            return;
        }
        code.value = runMove(*args);
    });
}

}  // namespace

void addRulesCommands(CLI::App& app, ExitCode& code) {
    addPerft(app, code);
    addMove(app, code);
    addRulesPgnCommands(app, code);
}

}  // namespace oc::cli
