// Read-only views: the snapshot, the scoresheet and the PGN export.
#include <fmt/format.h>

#include "i18n/mark.hpp"
#include "session_impl.hpp"

namespace oc::session {
namespace {}  // namespace

// Marked: a refusal names the phase ("not the human's move (phase: engine-thinking)"), and the screens
// translate that word too; the journal and the scripts keep the English.
const char* phaseName(Phase p) {
    switch (p) {
        case Phase::Setup:
            return i18n::N_("setup");
        case Phase::HumanToMove:
            return i18n::N_("human-to-move");
        case Phase::EngineThinking:
            return i18n::N_("engine-thinking");
        case Phase::EngineMoveHeld:
            return i18n::N_("engine-move-held");
        case Phase::EngineMoveShown:
            return i18n::N_("engine-move-shown");
        case Phase::EngineMoveMade:
            return i18n::N_("engine-move-made");
        case Phase::ClaimPending:
            return i18n::N_("claim-pending");
        case Phase::Adjourned:
            return i18n::N_("adjourned");
        case Phase::GameOver:
            return i18n::N_("game-over");
    }
    return "?";
}

std::string commandName(const Command& c) {
    // In the variant's order (journal, scripts and refusals use these names).
    // clang-format off
    static const char* kNames[] = {
        "setup", "start", "move", "made", "pressed", "recorded", "sync", "offer", "answer-offer",
        "computer-offer", "human-answer", "claim", "resign", "flag", "confirm-flag", "pause", "unpause",
        "adjust", "illegal", "correct", "result", "consult", "faster", "seal", "seal-human",
        "seal-computer", "resume", "arbiter-qpf", "request-increment", "arbiter-increment",
        "module-change", "illegal-kind", "arrive", "forfeit", "resumption"};
    // clang-format on
    static_assert(std::size(kNames) == std::variant_size_v<Command>, "one name per command");
    return kNames[c.index()];
}

const std::vector<EntryMove>& Session::Impl::entryMoves() const {
    const std::string fen = game.fen();
    if (fen == entry_fen) return entry_moves;
    entry_fen = fen;
    entry_moves.clear();
    for (const std::string& uci : game.legalMoves())
        if (auto d = game.describe(uci)) entry_moves.push_back({uci, d->local});
    return entry_moves;
}

// The mirrored clocks as read at `now`, the faster rate (E.III 2.2), the handling reserve (2.1) and the
// last table-clock warning (CLK-01).
void Session::Impl::clockSnapshot(Snapshot& s, TimePoint now) const {
    s.clock_sync_warning = sync_warning;
    s.clock_sync_warning_move = sync_warning_move;
    if (!clock) return;
    s.remaining[Color::White] = clock->remaining(Color::White, now);
    s.remaining[Color::Black] = clock->remaining(Color::Black, now);
    // Resumed with the computer's sealed move: stopped, but not by the arbiter (Guidelines I.9).
    s.clock_waits_for_sealed_move = adjourn.clock_waits_for_sealed_move;
    s.clock_running = adjourn.clock_waits_for_sealed_move ? std::nullopt : clock->running();
    s.clock_paused = clock->paused() && !adjourn.clock_waits_for_sealed_move;
    s.faster_rate = clock->fasterRate();
    s.faster_rate_available = !over() && clock->fasterRateAvailable(computer(), now);
    s.faster_rate_can_end = !over() && clock->fasterRateCanEnd(computer());
    s.handling_reserve = clock->reserveView(computer(), now);
}

Snapshot Session::Impl::snapshot(TimePoint now) const {
    Snapshot s;
    s.phase = phase;
    s.setup = setup;
    s.setup_locked = locked;
    s.fen = game.fen();
    s.to_move = game.toMove();
    s.move_number = game.moveNumber();
    s.moves = moves;
    s.scoresheet_lines = scoresheetLines();
    // The engine's move is visible to the operator only once the previous one is recorded (REC-03).
    if (phase != Phase::EngineMoveHeld) s.engine_move = cycle.engine_move;
    s.previous_unrecorded = cycle.unrecorded;
    clockSnapshot(s, now);
    s.resync_needed = resync_needed && !over();
    s.flag_reported = irregular.flag_reported;
    s.seal_requested = adjourn.seal_requested;
    s.sealed_by = adjourn.sealed_by;
    s.envelope_resumption = adjourn.resumption;
    s.computer_move_withheld = adjourn.withheld;
    s.computer_move_rechoosing = adjourn.withheld && adjourn.withheld_uci.empty() && !over();
    s.human_offer_pending = draws.human_offer;
    s.computer_offer_pending = draws.computer_offer;
    if (!over() && phase != Phase::Setup) s.indication = indication(now);
    s.can_claim_for_computer = s.indication.claim_draw;
    quickplaySnapshot(s, now);
    if (!cycle.expected_human_move.empty()) {
        auto d = game.describe(cycle.expected_human_move);
        s.expected_human_move = d ? d->local : cycle.expected_human_move;
    }
    if (phase == Phase::HumanToMove) s.entry_moves = entryMoves();
    s.repetition_plies = game.repetitionReport();
    s.illegal_moves = irregular.illegal;
    s.forfeit_proposed = irregular.forfeit_proposed;
    s.arrived = irregular.arrived;
    for (const Color c : {Color::White, Color::Black})
        s.pressed_this_session[c] = irregular.first_press[c].has_value();
    s.result = result;
    s.termination = termination;
    s.engine_restarts = engine_state.restarts;
    s.engine_pondering = pondering.search.has_value();
    s.computer_flags = irregular.computer_flags;
    s.last_engine_fault = engine_state.last_fault;
    if (engine_state.module_request)
        s.module_request =
            Snapshot::ModuleRequest{engine_state.module_request->name, engine_state.module_request->value};
    s.notices.assign(notices.begin(), notices.end());
    s.records = records;
    s.journal_failure = journal_failure;
    return s;
}

// FIDE scoresheet lines: "12. Sf3 (=) Sc6" in the event's language.
std::vector<std::string> Session::Impl::scoresheetLines() const {
    std::vector<std::string> lines;
    for (const auto& m : moves) {
        std::string text = m.text + (m.draw_offer ? " (=)" : "");
        if (m.side == Color::White || lines.empty())
            lines.push_back(fmt::format("{}.{} {}", m.number, m.side == Color::White ? "" : " ...", text));
        else
            lines.back() += " " + text;
    }
    if (over()) lines.push_back(result);
    return lines;
}

std::string Session::Impl::pgn() const {
    std::vector<std::pair<std::string, std::string>> tags{
        {"Event", setup.event},
        {"Site", setup.site},
        {"Date", setup.date},
        {"Round", setup.round},
        {"White", setup.white},
        {"Black", setup.black},
        {"Result", result},
        {"Board", setup.board},
        {"TimeControl", clock ? clock->pgnTimeControl() : "-"},
        {"WhiteType", computer() == Color::White ? "program" : "human"},
        {"BlackType", computer() == Color::Black ? "program" : "human"}};
    if (!termination.empty()) tags.emplace_back("Termination", termination);
    // The players' FIDE data, as rating lists and broadcasts read it (only what the setup gives).
    const std::pair<const char*, std::string> players[] = {
        {"WhiteFideId", setup.white_fide_id},
        {"BlackFideId", setup.black_fide_id},
        {"WhiteElo", setup.white_rating > 0 ? std::to_string(setup.white_rating) : ""},
        {"BlackElo", setup.black_rating > 0 ? std::to_string(setup.black_rating) : ""},
        {"WhiteTitle", setup.white_title},
        {"BlackTitle", setup.black_title}};
    for (const auto& [tag, value] : players)
        if (!value.empty()) tags.emplace_back(tag, value);
    std::vector<ChessGame::Annotation> notes;
    for (const auto& m : moves) notes.push_back({m.clock_after, m.elapsed, m.draw_offer});
    return game.pgn(tags, notes, result);
}

json Session::resultsJson() const {
    const Impl& s = *impl_;
    auto score = [&](Color c) -> json {
        if (s.result == "1/2-1/2") return 0.5;
        if (s.result == "1-0" || s.result == "0-1") return (s.result == "1-0") == (c == Color::White) ? 1 : 0;
        return nullptr;  // game not finished
    };
    json players = json::array();
    for (Color c : {Color::White, Color::Black}) {
        bool computer = c == s.computer();
        players.push_back({{"color", colorName(c)},
                           {"name", c == Color::White ? s.setup.white : s.setup.black},
                           {"is_computer", computer},
                           {"type", computer ? "program" : "human"},
                           {"score", score(c)}});
    }
    return {{"event", s.setup.event},       {"site", s.setup.site},   {"date", s.setup.date},
            {"round", s.setup.round},       {"board", s.setup.board}, {"result", s.result},
            {"termination", s.termination}, {"players", players}};
}

}  // namespace oc::session
