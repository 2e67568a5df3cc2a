#include "engine_bridge/uci_commands.hpp"

#include <algorithm>

#include "engine_bridge/uci_parser.hpp"
#include "uci_tokens.hpp"

namespace oc::engine {
namespace {

bool hasLineBreak(std::string_view text) {
    return text.find_first_of("\r\n") != std::string_view::npos;
}

bool hasToken(std::string_view text, std::string_view word) {
    const auto tokens = detail::tokenize(text);
    return std::find(tokens.begin(), tokens.end(), word) != tokens.end();
}

void appendTime(std::string& out, const char* key, const std::optional<std::chrono::milliseconds>& t) {
    if (!t) return;
    // A flagged clock can read below zero; engines expect a non-negative count.
    out += ' ';
    out += key;
    out += ' ';
    out += std::to_string(std::max<std::int64_t>(0, t->count()));
}

template <typename T>
void appendNumber(std::string& out, const char* key, const std::optional<T>& value) {
    if (!value) return;
    out += ' ';
    out += key;
    out += ' ';
    out += std::to_string(*value);
}

}  // namespace

std::string formatUci() {
    return "uci";
}
std::string formatIsReady() {
    return "isready";
}
std::string formatUciNewGame() {
    return "ucinewgame";
}
std::string formatPonderHit() {
    return "ponderhit";
}
std::string formatStop() {
    return "stop";
}
std::string formatQuit() {
    return "quit";
}

tl::expected<std::string, std::string> formatSetOption(std::string_view name,
                                                       std::optional<std::string_view> value) {
    const auto clean_name = detail::trim(name);
    if (clean_name.empty()) return tl::unexpected(std::string("option name is empty"));
    if (hasLineBreak(name) || (value && hasLineBreak(*value))) {
        return tl::unexpected("option '" + std::string(clean_name) + "': name and value must be one line");
    }
    if (hasToken(name, "value") || hasToken(name, "name")) {
        return tl::unexpected("option '" + std::string(clean_name) +
                              "': a name containing the word 'name' or 'value' cannot be sent unambiguously");
    }
    std::string line = "setoption name " + std::string(clean_name);
    if (value) line += " value " + std::string(detail::trim(*value));
    return line;
}

tl::expected<std::string, std::string> formatPosition(const GameRecord& game) {
    if (hasLineBreak(game.start_fen))
        return tl::unexpected(std::string("the start FEN contains a line break"));
    std::string line = "position ";
    const auto fen = detail::trim(game.start_fen);
    line += fen.empty() ? std::string("startpos") : "fen " + std::string(fen);
    if (game.moves.empty()) return line;
    line += " moves";
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        if (!looksLikeUciMove(game.moves[i])) {
            return tl::unexpected("move " + std::to_string(i + 1) + " '" + game.moves[i] +
                                  "' is not a UCI move (expected like e2e4 or e7e8q)");
        }
        line += ' ';
        line += game.moves[i];
    }
    return line;
}

std::string formatGo(const GoParams& params) {
    std::string line = "go";
    if (params.ponder) line += " ponder";
    appendTime(line, "wtime", params.wtime);
    appendTime(line, "btime", params.btime);
    appendTime(line, "winc", params.winc);
    appendTime(line, "binc", params.binc);
    appendNumber(line, "movestogo", params.movestogo);
    appendTime(line, "movetime", params.movetime);
    appendNumber(line, "depth", params.depth);
    appendNumber(line, "nodes", params.nodes);
    if (params.infinite) line += " infinite";
    return line;
}

}  // namespace oc::engine
