// Read-only views: the snapshot, the scoresheet and the PGN export.
#include <fmt/format.h>

#include "session_impl.hpp"

namespace oc::session {
namespace {}  // namespace

const char* phaseName(Phase p) {
    switch (p) {
        case Phase::Setup:
            return "setup";
        case Phase::HumanToMove:
            return "human-to-move";
        case Phase::EngineThinking:
            return "engine-thinking";
        case Phase::EngineMoveHeld:
            return "engine-move-held";
        case Phase::EngineMoveShown:
            return "engine-move-shown";
        case Phase::EngineMoveMade:
            return "engine-move-made";
        case Phase::ClaimPending:
            return "claim-pending";
        case Phase::Adjourned:
            return "adjourned";
        case Phase::GameOver:
            return "game-over";
    }
    return "?";
}

std::string commandName(const Command& c) {
    static const char* kNames[] = {"setup",         "start",   "move",   "made",         "pressed",
                                   "recorded",      "sync",    "offer",  "answer-offer", "computer-offer",
                                   "human-answer",  "claim",   "resign", "flag",         "confirm-flag",
                                   "pause",         "unpause", "adjust", "illegal",      "correct",
                                   "result",        "consult", "faster", "seal",         "seal-human",
                                   "seal-computer", "resume"};
    return kNames[c.index()];
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
    if (phase != Phase::EngineMoveHeld) s.engine_move = engine_move;
    s.previous_unrecorded = unrecorded;
    if (clock) {
        s.remaining[Color::White] = clock->remaining(Color::White, now);
        s.remaining[Color::Black] = clock->remaining(Color::Black, now);
        s.clock_running = clock->running();
        s.clock_paused = clock->paused();
        s.faster_rate = clock->fasterRate();
        s.faster_rate_available = !over() && clock->fasterRateAvailable(computer(), now);
    }
    s.flag_reported = flag_reported;
    s.seal_requested = seal_requested;
    s.sealed_by = sealed_by;
    s.computer_move_withheld = withheld;
    s.human_offer_pending = human_offer;
    s.computer_offer_pending = computer_offer;
    if (!over() && phase != Phase::Setup) s.indication = indication(now);
    s.can_claim_for_computer = s.indication.claim_draw;
    if (!expected_human_move.empty()) {
        auto d = game.describe(expected_human_move);
        s.expected_human_move = d ? d->local : expected_human_move;
    }
    s.repetition_plies = game.repetitionReport();
    s.illegal_moves = illegal;
    s.result = result;
    s.termination = termination;
    s.engine_restarts = restarts;
    s.engine_pondering = ponder.has_value();
    s.computer_flags = computer_flags;
    s.last_engine_fault = last_fault;
    s.notices.assign(notices.begin(), notices.end());
    s.records = records;
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
    std::vector<ChessGame::Annotation> notes;
    for (const auto& m : moves) notes.push_back({m.clock_after, m.elapsed, m.draw_offer});
    return game.pgn(tags, notes, result);
}

}  // namespace oc::session
