#pragma once
// The session's EngineLink over engine_bridge's Engine (the real engine process): one adapter for both
// shells, so the session core stays free of processes and threads.

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <tl/expected.hpp>
#include <vector>

#include "engine_bridge/engine.hpp"
#include "event/event_setup.hpp"
#include "session/engine_link.hpp"

namespace oc::host {

struct BridgeOptions {
    // Simulated session time (operator-cli play): each search is a fixed node count on a cleared hash,
    // its bestmove held back until simulatedThinkTime() has passed in session time, and the bridge's
    // timeouts run on the real steady clock. Otherwise (the GUI) the session's `now` is real time:
    // `go` carries the clock readings and the bestmove is delivered as soon as it arrives.
    bool simulated = false;
    std::uint64_t nodes = 20000;  // the deterministic search limit in simulated time
    // Real time a node-limited search may take (plus the bridge's margin) before the engine counts as
    // hung and is restarted with the whole game; every search has a deadline.
    std::chrono::milliseconds unclocked_deadline{10000};
    // Added to the engine process's nice value: the console keeps answering the operator while the
    // engine searches on every core (docs/configuration.md, "Performance").
    int nice = 0;
};

class BridgeEngineLink : public session::EngineLink {
  public:
    // Prepares the engine of the event setup; the process starts on the first poll(). `factory`:
    // tests pass an in-process scripted transport.
    explicit BridgeEngineLink(const event::EngineSettings& settings, BridgeOptions options = {},
                              engine::TransportFactory factory = engine::spawnProcess);
    ~BridgeEngineLink() override;

    // Starts the engine and completes the handshake and `ucinewgame` before returning (real time);
    // the error says which step failed.
    [[nodiscard]] static tl::expected<std::unique_ptr<BridgeEngineLink>, std::string> startBlocking(
        const event::EngineSettings& settings, BridgeOptions options,
        engine::TransportFactory factory = engine::spawnProcess);

    void startSearch(const session::SearchRequest& req, session::TimePoint now) override;
    void stop(session::TimePoint now) override;
    std::vector<session::EngineEvent> poll(session::TimePoint now) override;
    std::optional<session::TimePoint> nextDue() const override;
    std::optional<bool> offersPonder() const override;
    void startPonder(const session::SearchRequest& req, session::TimePoint now) override;
    void ponderHit(const session::SearchRequest& req, session::TimePoint now) override;
    void stopPonder(session::TimePoint now) override;
    // E.III 3.4: queued; applied one by one while the engine is idle, before the next search starts.
    void setOption(const std::string& name, const std::string& value, session::TimePoint now) override;

    // Whether a search or ponder search is under way, waiting for the engine, or its move held back.
    bool busy() const {
        return pending_.has_value() || searching_.has_value() || held_.has_value() ||
               pondering_.has_value() || !options_.empty();
    }
    // The engine as its last handshake described itself: name and options with their defaults (empty
    // before the handshake), and the command it runs (the setup screen shows them, E.III 2.2).
    const engine::EngineIdentity& identity() const { return engine_.identity(); }
    const std::vector<engine::Option>& offeredOptions() const { return engine_.offeredOptions(); }
    const std::string& command() const { return engine_.settings().process.command; }
    // Blocks until the engine writes something or `max` passes (the shells' idle wait).
    void waitForActivity(std::chrono::milliseconds max) { engine_.waitForActivity(max); }
    // New settings from the setup form, before the game (the bridge refuses them during a game).
    void reconfigure(const event::EngineSettings& settings, session::TimePoint now);
    // quit, grace period, terminate (E.III: the engine is not left running after the console).
    void shutdown(session::TimePoint now);

  private:
    [[nodiscard]] tl::expected<void, std::string> handshake();
    engine::TimePoint engineTime(session::TimePoint now) const;
    void launchPending(session::TimePoint now, std::vector<session::EngineEvent>& out);
    void queue(const session::SearchRequest& req, bool ponder, session::TimePoint now);
    engine::GoParams goFor(const session::GoParams& g) const;
    void takeLines(std::vector<session::EngineEvent>& out);
    void applyOptions(session::TimePoint now, std::vector<session::EngineEvent>& out);
    void onEvent(const engine::EngineEvent& ev, session::TimePoint now,
                 std::vector<session::EngineEvent>& out);
    void onBestMove(const engine::BestMoveEvent& ev, session::TimePoint now,
                    std::vector<session::EngineEvent>& out);

    engine::Engine engine_;
    BridgeOptions opt_;
    bool started_ = false;
    bool ready_ = false;
    bool in_game_ = false;
    std::optional<session::SearchRequest> pending_;    // asked for before the engine was ready
    bool pending_ponder_ = false;                      // pending_ is a ponder search
    std::optional<session::SearchRequest> searching_;  // the search running now
    std::optional<session::SearchRequest> pondering_;  // the ponder search running now (`go ponder`)
    session::TimePoint search_start_{};
    std::optional<event::Evaluation> last_eval_;
    int last_depth_ = 0;
    std::optional<session::engine_event::BestMove> held_;  // simulated time: due at due_
    session::TimePoint due_{};
    std::string reconfigure_error_;
    std::vector<engine::OptionSetting> options_;  // E.III 3.4 changes waiting for an idle engine
    bool shutdown_sent_ = false;
};

}  // namespace oc::host
