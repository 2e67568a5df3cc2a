// Rendering the public views. The PGN writer is the rules module's (export format, lines under 80
// characters); the view already holds only what may be published.
#include "broadcast/render.hpp"

#include "rules/position.hpp"

namespace oc::broadcast {

std::string boardPgn(const BoardView& view) {
    return rules::writePgn(view.game);
}

std::string gamesPgn(const std::vector<BoardView>& views) {
    std::string out;
    for (const auto& v : views) {
        if (!out.empty()) out += '\n';
        out += boardPgn(v);
    }
    return out;
}

namespace {

// The page highlights the last move's squares; the public game never holds the sealed move.
nlohmann::json lastMove(const BoardView& view) {
    if (view.game.moves.empty()) return nullptr;
    return rules::toUci(view.game.moves.back().move);
}

}  // namespace

nlohmann::json boardJson(const BoardView& view) {
    nlohmann::json running = nullptr;
    if (view.clocks.running) running = *view.clocks.running == rules::Color::White ? "white" : "black";
    nlohmann::json j{{"board", view.board},
                     {"slot", view.slot},
                     {"white", view.white},
                     {"black", view.black},
                     {"event", view.event},
                     {"round", view.game.tag("Round").value_or("?")},
                     {"fen", view.fen},
                     {"moves", view.moves},
                     {"clocks",
                      {{"white_ms", view.clocks.white_ms},
                       {"black_ms", view.clocks.black_ms},
                       {"running", running},
                       {"as_of", journal::formatWallTime(view.clocks.as_of)},
                       {"delay_ms", view.clocks.delay_ms}}},
                     {"status", statusName(view.status)},
                     {"result", view.result},
                     {"termination", view.game.tag("Termination").value_or("")},
                     {"time_control", view.game.tag("TimeControl").value_or("")},
                     {"last_move", lastMove(view)},
                     {"journal_id", view.journal_id},
                     {"journal_head", view.journal_head},
                     {"journal_seq", view.journal_seq}};
    if (view.broken_index) {
        j["journal_broken_at"] = *view.broken_index;
        j["problem"] = view.problem;
    }
    if (!view.notice.empty()) j["notice"] = view.notice;
    if (!view.language.empty()) j["language"] = view.language;
    return j;
}

std::string gamesJson(const std::vector<BoardView>& views) {
    nlohmann::json all = nlohmann::json::array();
    for (const auto& v : views) all.push_back(boardJson(v));
    return all.dump(1) + "\n";
}

}  // namespace oc::broadcast
