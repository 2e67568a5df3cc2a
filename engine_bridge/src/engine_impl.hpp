#pragma once
// Private state machine behind oc::engine::Engine.

#include <optional>
#include <string>
#include <vector>

#include "engine_bridge/engine.hpp"

namespace oc::engine {

// One search or ponder: the game, the clock figures at `started`, and whether it is a ponder.
struct SearchJob {
    GameRecord game;
    GoParams params;
    TimePoint started{};
    bool ponder = false;
};

// Checks configured options against those the engine offers; returns the lines to send or the reason.
[[nodiscard]] tl::expected<std::vector<std::string>, std::string> optionCommands(
    const std::vector<OptionSetting>& wanted, const std::vector<Option>& offered, bool ponder);

// The go parameters for a job resumed `elapsed` after it started: the engine's own time shrinks.
[[nodiscard]] GoParams paramsAfter(const SearchJob& job, Millis elapsed);

// When a search counts as hung: its time budget (or, for depth/nodes/mate, Timeouts::unclocked_search)
// plus the margin; nullopt only for searches that end with `stop` (ponder, infinite).
[[nodiscard]] std::optional<TimePoint> searchDeadline(const SearchJob& job, const Timeouts& timeouts);

struct Engine::Impl {
    Impl(EngineSettings s, std::shared_ptr<const MoveValidator> v, TransportFactory f)
        : settings(std::move(s)), validator(std::move(v)), factory(std::move(f)) {}

    EngineSettings settings;
    std::shared_ptr<const MoveValidator> validator;
    TransportFactory factory;
    std::unique_ptr<Transport> transport;
    EngineState state = EngineState::Stopped;
    bool in_game = false;
    EngineIdentity identity;
    std::vector<Option> offered;
    std::vector<Downtime> downtimes;
    std::vector<LogEntry> log;
    std::vector<EngineEvent> events;

    std::optional<TimePoint> deadline;  // of whatever the engine owes us now
    std::string awaited;                // "uciok", "readyok", "bestmove": for hang messages
    std::optional<SearchJob> job;       // the running search or ponder
    std::optional<SearchJob> next_job;  // starts when the engine is next ready
    std::optional<BestMove> early_bestmove;
    std::optional<TimePoint> ping_sent;
    std::optional<TimePoint> eof_at;
    std::optional<Fault> recovering;  // the fault whose restart is in progress
    int restarts_in_row = 0;

    // engine_impl.cpp
    void record(LogEntry::Kind kind, std::string text, TimePoint now);
    void note(std::string text, TimePoint now);
    bool send(const std::string& line, TimePoint now);
    [[nodiscard]] tl::expected<void, std::string> spawn(TimePoint now);
    void expect(std::string what, std::optional<TimePoint> when);
    void handleLine(const OutputLine& line, TimePoint now);
    void handleMessage(const EngineMessage& message, const std::string& raw, TimePoint now);
    void onUciOk(TimePoint now);
    void onReadyOk(TimePoint now);
    void onBestMove(const BestMove& best, TimePoint now);
    void deliver(const BestMove& best, TimePoint now);
    void becameReady(TimePoint now);
    void startNextJob(TimePoint now);
    void checkProcess(TimePoint now);
    void checkDeadline(TimePoint now);
    void fault(FaultKind kind, std::string detail, TimePoint now, std::optional<ExitStatus> exit = {});
    void recover(Fault f, TimePoint now);
    void dropProcess(TimePoint now);
    [[nodiscard]] tl::expected<void, std::string> startJob(SearchJob next, TimePoint now);
    void stopSearch(std::optional<SearchJob> then, TimePoint now);
};

}  // namespace oc::engine
