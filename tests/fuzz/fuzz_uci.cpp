// Engine output, one UCI line per input line (any program can be named as the engine): the parser never
// crashes and says why a line is not a message; the bridge's rules validator checks each bestmove and
// ponder move against the game so far, and a move it accepts joins the game, so the fuzzer plays on.
// A line "position startpos|fen F [moves ...]" (what the bridge sent, as journals hold it) sets the game.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <variant>

#include "engine_bridge/uci_commands.hpp"
#include "engine_bridge/uci_parser.hpp"
#include "engine_bridge/validator.hpp"
#include "fuzz_input.hpp"

namespace {

using namespace oc::engine;

void checkBestMove(const MoveValidator& validator, GameRecord& game, const BestMove& best) {
    if (!validator.checkGame(game)) return;  // the game is over: the bridge would not search
    auto ok = validator.checkMove(game, best.move);
    if (!ok) {
        if (ok.error().empty()) __builtin_trap();
        return;
    }
    if (!looksLikeUciMove(best.move)) __builtin_trap();
    game.moves.push_back(best.move);
    if (!formatPosition(game)) __builtin_trap();  // a game of accepted moves can always be sent
    if (best.ponder) (void)validator.checkMove(game, *best.ponder);
}

// "position startpos|fen <six fields> [moves m1 m2 ...]"; nullopt for any other line.
std::optional<GameRecord> positionLine(std::string_view line) {
    std::istringstream in{std::string(line)};
    std::string word;
    if (!(in >> word) || word != "position" || !(in >> word)) return std::nullopt;
    GameRecord game;
    if (word == "fen") {
        for (int field = 0; field < 6 && in >> word; ++field) game.start_fen += (field ? " " : "") + word;
    } else if (word != "startpos") {
        return std::nullopt;
    }
    if (in >> word && word == "moves")
        while (in >> word) game.moves.push_back(word);
    return game;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const auto validator = makeRulesValidator();
    const auto lines = oc::fuzz::splitLines(oc::fuzz::asText(data, size));
    GameRecord game;
    for (std::string_view line : lines) {
        if (auto position = positionLine(line)) {
            game = std::move(*position);
            continue;
        }
        const EngineMessage message = parseEngineLine(line);
        if (const auto* unparsed = std::get_if<Unparsed>(&message)) {
            if (unparsed->reason.empty()) __builtin_trap();
        } else if (const auto* best = std::get_if<BestMove>(&message)) {
            checkBestMove(*validator, game, *best);
        } else if (const auto* option = std::get_if<Option>(&message)) {
            (void)formatSetOption(option->name, option->default_value);
        }
    }
    return 0;
}
