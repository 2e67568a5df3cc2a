#pragma once
// The session's EngineLink over engine_bridge's Engine: lives in the shell because the bridge's
// timeouts run on the real steady clock while the session may run on simulated time.

#include <memory>
#include <optional>
#include <string>
#include <tl/expected.hpp>

#include "engine_bridge/engine.hpp"
#include "session/engine_link.hpp"
#include "session/event_setup.hpp"

namespace oc::cli {

struct BridgeOptions {
    bool simulated = false;       // simulated time: search by nodes, charge simulatedThinkTime()
    std::uint64_t nodes = 20000;  // the deterministic search limit in simulated time
};

class BridgeEngine : public session::EngineLink {
  public:
    // Starts the engine and completes the handshake (real time); the error says which step failed.
    [[nodiscard]] static tl::expected<std::unique_ptr<BridgeEngine>, std::string> start(
        const session::EngineSettings& settings, BridgeOptions options);
    ~BridgeEngine() override;

    void startSearch(const session::SearchRequest& req, session::TimePoint now) override;
    void stop(session::TimePoint now) override;
    std::vector<session::EngineEvent> poll(session::TimePoint now) override;
    std::optional<session::TimePoint> nextDue() const override;
    // Blocks until the engine writes something (at most `ms`).
    void wait(int ms);

  private:
    BridgeEngine(std::unique_ptr<engine::Engine> e, BridgeOptions o);
    std::unique_ptr<engine::Engine> engine_;
    BridgeOptions opt_;
    std::optional<session::SearchRequest> current_;
    session::TimePoint search_start_{};
    std::optional<session::Evaluation> last_eval_;
    int last_depth_ = 0;
    std::optional<session::engine_event::BestMove> held_;
    session::TimePoint due_{};
};

}  // namespace oc::cli
