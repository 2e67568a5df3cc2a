#include "broadcast/witness.hpp"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "broadcast/board_view.hpp"
#include "journal/journal.hpp"
#include "rules/notation.hpp"

namespace oc::broadcast {
namespace {

std::vector<PublishedGame> fromJson(const nlohmann::json& j, const std::string& name) {
    std::vector<PublishedGame> out;
    for (const auto& b : j) {
        PublishedGame g;
        g.id = b.value("journal_id", "");
        g.head = b.value("journal_head", "");
        g.moves = b.value("moves", std::vector<std::string>{});
        g.result = b.value("result", "*");
        g.white = b.value("white", "");
        g.black = b.value("black", "");
        g.event = b.value("event", "");
        g.round = b.value("round", "?");
        g.where = fmt::format("{} board {}", name, b.value("board", 0));
        out.push_back(std::move(g));
    }
    return out;
}

tl::expected<std::vector<PublishedGame>, std::string> fromPgn(const std::string& text,
                                                              const std::string& name) {
    auto games = rules::parsePgn(text, {false, false});
    if (!games) return tl::make_unexpected(name + ": " + games.error().message);
    std::vector<PublishedGame> out;
    for (std::size_t i = 0; i < games->size(); ++i) {
        const rules::PgnGame& pg = (*games)[i];
        PublishedGame g;
        g.id = pg.tag("JournalId").value_or("");
        g.head = pg.tag("JournalHead").value_or("");
        rules::Position pos = pg.start;
        for (const auto& node : pg.moves) {
            g.moves.push_back(rules::toSan(pos, node.move));
            pos = pos.play(node.move);
        }
        g.result = pg.result;
        g.white = pg.tag("White").value_or("");
        g.black = pg.tag("Black").value_or("");
        g.event = pg.tag("Event").value_or("");
        g.round = pg.tag("Round").value_or("?");
        g.where = fmt::format("{} game {}", name, i + 1);
        out.push_back(std::move(g));
    }
    return out;
}

}  // namespace

tl::expected<std::vector<PublishedGame>, std::string> readArchive(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return tl::make_unexpected(file.string() + ": cannot be read");
    std::ostringstream s;
    s << in.rdbuf();
    const std::string text = std::move(s).str();
    // A games.json is an array of objects; a PGN starts with a tag such as [Event "..."].
    const auto first = text.find_first_not_of(" \t\r\n");
    const auto second = first == std::string::npos ? first : text.find_first_not_of(" \t\r\n", first + 1);
    if (second != std::string::npos && text[first] == '[' && (text[second] == '{' || text[second] == ']')) {
        auto parsed = journal::parseJsonBounded(text);  // bounded: a deep bomb is refused, not a crash
        const nlohmann::json j = parsed ? std::move(*parsed) : nlohmann::json();
        if (!parsed || !j.is_array())
            return tl::make_unexpected(file.string() + ": not a saved games.json (a JSON array of boards)");
        return fromJson(j, file.filename().string());
    }
    return fromPgn(text, file.filename().string());
}

WitnessResult checkPublished(const std::vector<journal::Record>& records,
                             const std::vector<PublishedGame>& games) {
    WitnessResult r;
    FollowState state;
    state.records = records;
    const BoardView whole = buildView(1, state, records.size(), records.back().wall);
    for (const auto& g : games) {
        if (g.head.empty()) continue;  // nothing of the journal was public yet
        std::size_t at = records.size();
        for (std::size_t i = 0; i < records.size(); ++i)
            if (records[i].hash == g.head) at = i;
        // Which journal a game came from: its header's hash; older copies without it by players and event.
        const bool ours = g.id.empty()
                              ? g.white == whole.white && g.black == whole.black && g.event == whole.event &&
                                    g.round == whole.game.tag("Round").value_or("?")
                              : g.id == records.front().hash;
        if (at == records.size()) {
            if (ours)
                r.fails.push_back(
                    fmt::format("{}: published head {} is not a record of this journal", g.where, g.head));
            else
                ++r.others;
            continue;
        }
        const BoardView then = buildView(1, state, at + 1, records[at].wall);
        if (then.moves != g.moves || then.result != g.result) {
            r.fails.push_back(
                fmt::format("{}: at record {} the journal's game is {} move(s), result {}; published: {} "
                            "move(s), result {}",
                            g.where, at, then.moves.size(), then.result, g.moves.size(), g.result));
            continue;
        }
        ++r.checked;
    }
    return r;
}

}  // namespace oc::broadcast
