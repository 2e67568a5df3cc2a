#pragma once
// The session's EngineLink over the real engine process (engine_bridge/): the app's adapter, so the
// session core stays free of processes and threads.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine_bridge/engine.hpp"
#include "session/engine_link.hpp"
#include "session/event_setup.hpp"

namespace oc::app {

class BridgeEngineLink : public session::EngineLink {
  public:
    // Prepares the engine of the event setup; the process starts on the first poll().
    explicit BridgeEngineLink(const session::EngineSettings& settings);
    ~BridgeEngineLink() override;

    void startSearch(const session::SearchRequest& req, session::TimePoint now) override;
    void stop(session::TimePoint now) override;
    std::vector<session::EngineEvent> poll(session::TimePoint now) override;

    // Whether a search is under way or waiting for the engine to become ready.
    bool busy() const { return pending_.has_value() || searching_.has_value(); }
    // Blocks until the engine writes something or `max` passes (the app's idle wait).
    void waitForActivity(std::chrono::milliseconds max) { engine_.waitForActivity(max); }
    // New settings from the setup form, before the game (the bridge refuses them during a game).
    void reconfigure(const session::EngineSettings& settings, session::TimePoint now);
    // quit, grace period, terminate (E.III: the engine is not left running after the console).
    void shutdown(session::TimePoint now);

  private:
    void launchPending(session::TimePoint now, std::vector<session::EngineEvent>& out);
    void takeLines(std::vector<session::EngineEvent>& out);
    void onEvent(const engine::EngineEvent& ev, session::TimePoint now,
                 std::vector<session::EngineEvent>& out);

    engine::Engine engine_;
    bool started_ = false;
    bool ready_ = false;
    bool in_game_ = false;
    std::optional<session::SearchRequest> pending_;  // asked for before the engine was ready
    std::optional<std::uint64_t> searching_;         // the id of the search running now
    std::optional<session::Evaluation> last_eval_;
    int last_depth_ = 0;
    std::string reconfigure_error_;
};

}  // namespace oc::app
