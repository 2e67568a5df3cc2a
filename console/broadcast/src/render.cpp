// Rendering the public views. The PGN writer is the rules module's (export format, lines under 80
// characters); the view already holds only what may be published.
#include "broadcast/render.hpp"

#include <algorithm>
#include <initializer_list>
#include <string_view>

#include "rules/position.hpp"

namespace oc::broadcast {
namespace {

bool startsWith(std::string_view text, std::initializer_list<std::string_view> prefixes) {
    return std::any_of(prefixes.begin(), prefixes.end(), [&](auto p) { return text.starts_with(p); });
}

// The console's words for how a game ended (console/session's endGame texts) as one of the values the
// PGN standard allows for Termination (8.2.5 / 9.8.1); platforms read only those (issue 35 item 13).
std::string_view standardTermination(std::string_view words, std::string_view result) {
    if (words.starts_with("time forfeit")) return "time forfeit";
    if (startsWith(words, {"arbiter decision", "quickplay-finish claim upheld"})) return "adjudication";
    // The PGN standard's "administrative forfeit due to the losing player's failure to observe either
    // the Laws of Chess or the event regulations": illegal moves, a defective sealed move, a default.
    if (startsWith(words, {"illegal move", "defective sealed move", "forfeit for late arrival"}))
        return "rules infraction";
    // A quickplay-finish claim left to the arbiter ends the console's game with "*".
    if (result == "*") return "unterminated";
    // Checkmate, stalemate, resignation, agreement, repetitions, the move-count rules, dead positions.
    return "normal";
}

// The game as published in PGN: Termination in the standard's words, the console's own words (which
// say more: "time forfeit, opponent cannot mate (Art. 6.9)") kept in TerminationDetails.
rules::PgnGame publishedGame(const rules::PgnGame& game) {
    rules::PgnGame out = game;
    const std::string words = *game.tag("Termination");
    const std::string_view standard = standardTermination(words, game.result);
    out.setTag("Termination", std::string(standard));
    if (words != standard) out.setTag("TerminationDetails", words);
    return out;
}

// The Seven Tag Roster comes from the session, which exists once the journal's setup was read. Before
// that the board has no pairing: it is left out of the PGN rather than published as "?" - "?" (a
// platform would make a game of it) and its number may still change.
bool setupRead(const BoardView& view) {
    return view.game.tag("White").has_value();
}

}  // namespace

std::string boardPgn(const BoardView& view) {
    if (!view.game.tag("Termination")) return rules::writePgn(view.game);
    return rules::writePgn(publishedGame(view.game));
}

std::string gamesPgn(const std::vector<BoardView>& views) {
    std::string out;
    for (const auto& v : views) {
        if (!setupRead(v)) continue;
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
                     {"journal_seq", view.journal_seq},
                     {"signing_key", view.signing_key},
                     {"signing_key_fingerprint", journal::keyFingerprint(view.signing_key)}};
    j["journal_version"] = view.journal_version > 0 ? nlohmann::json(view.journal_version) : nlohmann::json();
    if (!view.head_withheld.empty()) j["journal_head_withheld"] = view.head_withheld;
    if (!view.signature_notice.empty()) j["signature_notice"] = view.signature_notice;
    if (view.broken_index) {
        j["journal_broken_at"] = *view.broken_index;
        j["problem"] = view.problem;
    }
    if (!view.notice.empty()) j["notice"] = view.notice;
    // The hub's measure of the console's clock: null until a record read as it was written gives it.
    j["clock_offset_ms"] = view.clock_offset_ms ? nlohmann::json(*view.clock_offset_ms) : nlohmann::json();
    if (!view.clock_notice.empty()) j["clock_notice"] = view.clock_notice;
    // `board` is the slot until the setup names the event's number: the projector's page waits.
    if (!setupRead(view)) j["board_pending"] = true;
    if (!view.language.empty()) j["language"] = view.language;
    return j;
}

std::string gamesJson(const std::vector<BoardView>& views) {
    nlohmann::json all = nlohmann::json::array();
    for (const auto& v : views) all.push_back(boardJson(v));
    return all.dump(1) + "\n";
}

}  // namespace oc::broadcast
