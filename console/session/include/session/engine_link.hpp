#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "event/draw_policy.hpp"
#include "session/commands.hpp"

namespace oc::session {

// The engine's `go` clock values, from the clock module's budget (E.III 2.1) at the moment of `go`.
struct GoParams {
    Ms wtime{0}, btime{0}, winc{0}, binc{0};
    int movestogo = 0;  // 0: sudden death (not sent)
};

// One search: the whole game (so the engine sees the repetition history) and the clock values.
struct SearchRequest {
    std::uint64_t id = 0;
    std::string start_fen;           // empty: the initial position
    std::vector<std::string> moves;  // UCI, from the start
    GoParams go;
};

namespace engine_event {
struct BestMove {
    std::uint64_t search = 0;
    std::string uci;
    std::optional<event::Evaluation>
        eval;  // the last score, from the side to move (the engine's) point of view
    int depth = 0;
    std::string ponder;  // the reply the engine expects (UCI `bestmove .. ponder ..`), empty if none
};
// A crash, a hang or garbage, as the engine bridge reported it; shown to the operator.
struct Fault {
    std::string what;
};
// The engine was restarted with the whole game; the search (if any) was re-issued.
struct Restarted {
    Ms downtime{0};
};
// A raw protocol line, for the journal (`to_engine`: sent by us); `note`: the bridge's own remark on the
// wire, such as the time a search waited before its `go` (journalled as "# ...").
struct Line {
    bool to_engine = false;
    std::string text;
    bool note = false;
};
// E.III 3.4: the engine asks for a resource option change (docs/engine.md `request-option`).
struct OptionRequest {
    std::string name;
    std::string value;
};
}  // namespace engine_event

using EngineEvent = std::variant<engine_event::BestMove, engine_event::Fault, engine_event::Restarted,
                                 engine_event::Line, engine_event::OptionRequest>;

// How the session reaches an engine: the real bridge (engine_bridge/) or a fake in tests.
class EngineLink {
  public:
    virtual ~EngineLink() = default;
    // Starts searching `req`; a previous search's late bestmove must be dropped (or carry its id).
    virtual void startSearch(const SearchRequest& req, TimePoint now) = 0;
    // Ends the current search (E.III 2.3: only on a take-back ordered by the arbiter or at game end).
    virtual void stop(TimePoint now) = 0;
    // Whether the engine offered the UCI option Ponder at its handshake; nullopt while not known yet.
    virtual std::optional<bool> offersPonder() const { return false; }
    // `go ponder` on `req` (the game ends with the human's expected reply) on the human's time; a ponder
    // search never reports a bestmove of its own.
    virtual void startPonder(const SearchRequest& req, TimePoint now) { (void)req, (void)now; }
    // The human played the expected reply: `ponderhit`, the ponder search goes on as the search `req`
    // (same game, new id) with the figures of its `go ponder`. Without a ponder search: startSearch().
    virtual void ponderHit(const SearchRequest& req, TimePoint now) { startSearch(req, now); }
    // Ends the ponder search and discards its result (miss, adjournment, game end, take-back, fault).
    // Not a stop of the computer's own search: it searched on the human's time (E.III 2.3).
    virtual void stopPonder(TimePoint now) { (void)now; }
    // E.III 3.4: sets an option the engine asked for and the operator carried out. The session calls it
    // only while no search of its own runs (before the next search); links without an engine ignore it.
    virtual void setOption(const std::string& name, const std::string& value, TimePoint now) {
        (void)name, (void)value, (void)now;
    }
    // Everything that happened since the last call.
    virtual std::vector<EngineEvent> poll(TimePoint now) = 0;
    // When the next event is due in simulated time, if the link knows (simulation drivers only).
    virtual std::optional<TimePoint> nextDue() const { return std::nullopt; }
};

}  // namespace oc::session
