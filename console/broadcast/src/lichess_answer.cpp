#include "broadcast/lichess_answer.hpp"

#include <fmt/format.h>

#include "broadcast/render.hpp"
#include "journal/journal.hpp"

namespace oc::broadcast {
namespace {

bool inRound(const BoardView& view, const std::string& filter) {
    if (filter.empty()) return true;
    const std::string round = view.game.tag("Round").value_or("");
    return round == filter || round.starts_with(filter + ".");
}

std::string tagOf(const nlohmann::json& tags, const char* name) {
    if (!tags.is_object() || !tags.contains(name) || !tags[name].is_string()) return "?";
    return tags[name].get<std::string>();
}

tl::unexpected<std::string> unexpectedAnswer(std::string_view body) {
    return tl::unexpected("lichess's answer is not the push's JSON: " + std::string(body.substr(0, 200)));
}

std::string gameName(const PushedGame& g) {
    return fmt::format("round {}, board {}, {} - {}", g.round, g.board, g.white, g.black);
}

nlohmann::json gameJson(const PushedGame& g) {
    nlohmann::json j{{"white", g.white}, {"black", g.black}, {"round", g.round}, {"board", g.board}};
    if (!g.error.empty()) j["error"] = g.error;
    if (g.moves) j["moves"] = *g.moves;
    return j;
}

}  // namespace

PushPgn pushPgn(const std::vector<BoardView>& views, const std::string& round_filter) {
    PushPgn out;
    for (const auto& v : views) {
        if (!v.game.tag("White") || !inRound(v, round_filter)) continue;  // gamesPgn's rule, then the round
        if (out.games == kLichessMaxGames) {
            ++out.left_out;
            continue;
        }
        if (!out.pgn.empty()) out.pgn += '\n';
        out.pgn += boardPgn(v);
        ++out.games;
    }
    return out;
}

tl::expected<std::vector<PushedGame>, std::string> parsePushAnswer(std::string_view body) {
    // Bounded as every JSON the programs read (docs/limits.md): the answer comes from over the network.
    const auto parsed = journal::parseJsonBounded(body);
    if (!parsed) return unexpectedAnswer(body);
    const nlohmann::json& j = *parsed;
    if (!j.is_object() || !j.contains("games") || !j["games"].is_array()) return unexpectedAnswer(body);
    std::vector<PushedGame> games;
    for (const auto& g : j["games"]) {
        if (!g.is_object()) return unexpectedAnswer(body);
        const nlohmann::json tags = g.value("tags", nlohmann::json::object());
        PushedGame game{
            tagOf(tags, "White"), tagOf(tags, "Black"), tagOf(tags, "Round"), tagOf(tags, "Board"), {}, {}};
        if (g.contains("moves") && g["moves"].is_number_integer()) game.moves = g["moves"].get<long long>();
        if (g.contains("error"))
            game.error = g["error"].is_string() ? g["error"].get<std::string>() : g["error"].dump();
        games.push_back(std::move(game));
    }
    return games;
}

std::vector<std::string> GameNotices::update(const std::vector<PushedGame>& games) {
    std::vector<std::string> said;
    std::map<std::string, std::string> now;
    last_ = nlohmann::json::array();
    for (const auto& g : games) {
        last_.push_back(gameJson(g));
        if (g.error.empty()) continue;
        const std::string name = gameName(g);
        now[name] = g.error;
        auto it = errors_.find(name);
        if (it == errors_.end() || it->second != g.error)
            said.push_back(fmt::format("lichess push: {}: lichess refused the game: {}", name, g.error));
    }
    for (const auto& g : games)
        if (g.error.empty() && errors_.contains(gameName(g)))
            said.push_back(fmt::format("lichess push: {}: lichess takes the game again", gameName(g)));
    errors_ = std::move(now);
    return said;
}

}  // namespace oc::broadcast
