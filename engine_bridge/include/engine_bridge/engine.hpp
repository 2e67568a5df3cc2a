#pragma once
// The engine controller: handshake, locked settings, whole-game positions, search, pondering, faults and
// restarts on top of a Transport. Driven by the caller: every call takes `now`, no OS clock inside.
// There is no "move now" (FIDE E.III 2.3): `stop` is sent only on a ponder miss, at game end or for an
// arbiter-ordered take-back.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tl/expected.hpp>
#include <vector>

#include "engine_bridge/engine_events.hpp"
#include "engine_bridge/transport.hpp"
#include "engine_bridge/uci_commands.hpp"
#include "engine_bridge/uci_messages.hpp"
#include "engine_bridge/validator.hpp"

namespace oc::engine {

struct EngineIdentity {
    std::string name;
    std::string author;
};

class Engine {
  public:
    // `factory` defaults to spawnProcess; tests pass an in-process scripted transport.
    Engine(EngineSettings settings, std::shared_ptr<const MoveValidator> validator,
           TransportFactory factory = spawnProcess);
    ~Engine();  // kills and reaps a process still running (shutdown() is the graceful way)
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;
    Engine(Engine&&) noexcept;
    Engine& operator=(Engine&&) noexcept;

    // Starts the process and sends `uci`; ReadyEvent follows once options are applied.
    [[nodiscard]] tl::expected<void, std::string> start(TimePoint now);
    // Replaces the settings before a game (restarts the process if binary or arguments change);
    // refused with the reason during a game (E.III 2.2).
    [[nodiscard]] tl::expected<void, std::string> reconfigure(const EngineSettings& settings, TimePoint now);
    // E.III 3.4: an option change the engine itself asked for, carried out by the operator. Only while
    // Idle (never mid-search); sends `setoption` + `isready` and keeps the value for restarts.
    [[nodiscard]] tl::expected<void, std::string> applyRequestedOption(const OptionSetting& option,
                                                                       TimePoint now);
    // Starts a game (`ucinewgame`): from now on the settings are locked until endGame().
    [[nodiscard]] tl::expected<void, std::string> newGame(TimePoint now);
    // Ends the game: a running search or ponder is stopped and its result discarded; settings unlock.
    void endGame(TimePoint now);
    // Sends the whole game and `go`; BestMoveEvent follows. While the engine starts or stops its last
    // search the request waits, and the wait is taken from the engine's clock when it is sent. Refused
    // in any other state (searching, pondering, quitting, failed) and for an invalid game.
    [[nodiscard]] tl::expected<void, std::string> search(const GameRecord& game, const GoParams& params,
                                                         TimePoint now);
    // Ponders on `game` (which ends with the predicted opponent move); refused unless pondering is enabled.
    [[nodiscard]] tl::expected<void, std::string> ponder(const GameRecord& game, const GoParams& params,
                                                         TimePoint now);
    // The opponent moved: `ponderhit` if `game` is the pondered one, else `stop` and a fresh search with
    // `params` (the clock's current figures). Without pondering this is search().
    [[nodiscard]] tl::expected<void, std::string> opponentMoved(const GameRecord& game,
                                                                const GoParams& params, TimePoint now);
    // Arbiter-ordered take-back (Art. 7, E.III 2.3): stops a search or ponder and discards its result.
    [[nodiscard]] tl::expected<void, std::string> takeBack(TimePoint now);
    // Sends `isready`; PongEvent follows. Refused unless Idle.
    [[nodiscard]] tl::expected<void, std::string> ping(TimePoint now);
    // `quit`, then after the grace period terminate; StoppedEvent follows once the process is reaped.
    void shutdown(TimePoint now);

    // Reads the engine's output, checks deadlines and process state, and returns what happened.
    [[nodiscard]] std::vector<EngineEvent> poll(TimePoint now);
    // Blocks the calling shell until the engine writes something or `max` passes.
    void waitForActivity(Millis max);

    [[nodiscard]] EngineState state() const;
    [[nodiscard]] const EngineSettings& settings() const;
    [[nodiscard]] const EngineIdentity& identity() const;
    [[nodiscard]] const std::vector<Option>& offeredOptions() const;  // from the last handshake
    [[nodiscard]] const std::vector<Downtime>& downtimes() const;
    [[nodiscard]] int pid() const;  // -1 without a process
    // The engine log since the last call: every line sent and received, stderr, and controller notes.
    [[nodiscard]] std::vector<LogEntry> takeLog();

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace oc::engine
