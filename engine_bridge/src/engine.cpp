#include "engine_bridge/engine.hpp"

#include <algorithm>
#include <cctype>
#include <thread>

#include "engine_impl.hpp"

namespace oc::engine {
namespace {

tl::unexpected<std::string> refuse(std::string why) {
    return tl::unexpected(std::move(why));
}

bool thinking(EngineState s) {
    return s == EngineState::Searching || s == EngineState::Pondering;
}

bool starting(EngineState s) {
    return s == EngineState::Starting || s == EngineState::Configuring;
}

std::string busy(EngineState s) {
    return std::string("the engine is ") + toString(s);
}

}  // namespace

Engine::Engine(EngineSettings settings, std::shared_ptr<const MoveValidator> validator,
               TransportFactory factory)
    : impl_(std::make_unique<Impl>(std::move(settings), std::move(validator), std::move(factory))) {}

Engine::~Engine() = default;
Engine::Engine(Engine&&) noexcept = default;
Engine& Engine::operator=(Engine&&) noexcept = default;

tl::expected<void, std::string> Engine::start(TimePoint now) {
    if (impl_->transport) return refuse("the engine is already running");
    impl_->restarts_in_row = 0;
    impl_->recovering.reset();
    impl_->next_job.reset();
    auto spawned = impl_->spawn(now);
    if (!spawned) impl_->state = EngineState::Failed;
    return spawned;
}

tl::expected<void, std::string> Engine::reconfigure(const EngineSettings& settings, TimePoint now) {
    if (impl_->in_game) {
        return refuse(
            "engine settings are locked during a game (FIDE E.III 2.2); only the time budget may change. "
            "End the game first.");
    }
    if (thinking(impl_->state) || impl_->state == EngineState::Stopping) return refuse(busy(impl_->state));
    const bool was_running = impl_->transport != nullptr;
    impl_->dropProcess(now);
    impl_->settings = settings;
    impl_->note("settings replaced", now);
    if (!was_running) return {};
    return start(now);
}

// Allowed during a game (unlike reconfigure): the engine's own instruction is not a parameter change by
// the operator (E.III 3.4). Stored in the settings so that a restarted process gets it too.
tl::expected<void, std::string> Engine::applyRequestedOption(const OptionSetting& option, TimePoint now) {
    if (impl_->state != EngineState::Idle) return refuse(busy(impl_->state) + "; options change while Idle");
    // Checked like the configured options (offered name, value type and bounds): a restart re-applies it.
    auto lines = optionCommands({option}, impl_->offered, false);
    if (!lines) return refuse(lines.error());
    const std::string line = lines->front();
    auto& options = impl_->settings.options;
    auto same = [&](const OptionSetting& o) {  // UCI names are case-insensitive: replace, never duplicate
        return std::equal(o.name.begin(), o.name.end(), option.name.begin(), option.name.end(),
                          [](char a, char b) {
                              return std::tolower(static_cast<unsigned char>(a)) ==
                                     std::tolower(static_cast<unsigned char>(b));
                          });
    };
    auto it = std::find_if(options.begin(), options.end(), same);
    if (it == options.end())
        options.push_back(option);
    else
        it->value = option.value;
    impl_->note("option changed on the engine's request (E.III 3.4): " + option.name, now);
    impl_->send(line, now);
    impl_->send(formatIsReady(), now);
    impl_->state = EngineState::Configuring;
    impl_->expect("readyok", now + impl_->settings.timeouts.ready);
    return {};
}

tl::expected<void, std::string> Engine::newGame(TimePoint now) {
    if (impl_->state != EngineState::Idle) return refuse(busy(impl_->state) + "; a game starts from Idle");
    impl_->in_game = true;
    impl_->send(formatUciNewGame(), now);
    impl_->send(formatIsReady(), now);
    impl_->state = EngineState::Configuring;
    impl_->expect("readyok", now + impl_->settings.timeouts.ready);
    return {};
}

void Engine::endGame(TimePoint now) {
    impl_->in_game = false;
    impl_->next_job.reset();
    if (thinking(impl_->state)) impl_->stopSearch(std::nullopt, now);
}

tl::expected<void, std::string> Engine::search(const GameRecord& game, const GoParams& params,
                                               TimePoint now) {
    SearchJob job{game, params, now, false};
    job.params.ponder = false;
    if (starting(impl_->state) || impl_->state == EngineState::Stopping) {
        // Not ready yet (game start, restart), or still stopping the last search (a ponder miss or a
        // take-back the console asked for): validate now, send once `readyok` or the stopped search's
        // bestmove arrives. The engine's clock runs meanwhile: startJob takes the wait from it and notes
        // it (E.III 2.1).
        if (auto valid = impl_->validator->checkGame(game); !valid)
            return refuse("position refused: " + valid.error());
        impl_->next_job = std::move(job);
        return {};
    }
    if (impl_->state != EngineState::Idle) return refuse(busy(impl_->state) + "; a search starts from Idle");
    return impl_->startJob(std::move(job), now);
}

tl::expected<void, std::string> Engine::ponder(const GameRecord& game, const GoParams& params,
                                               TimePoint now) {
    if (!impl_->settings.ponder) return refuse("pondering is not enabled in the engine settings");
    if (impl_->state != EngineState::Idle) return refuse(busy(impl_->state) + "; pondering starts from Idle");
    if (game.moves.empty()) return refuse("a ponder position must end with the predicted opponent move");
    return impl_->startJob(SearchJob{game, params, now, true}, now);
}

tl::expected<void, std::string> Engine::opponentMoved(const GameRecord& game, const GoParams& params,
                                                      TimePoint now) {
    if (impl_->state != EngineState::Pondering) return search(game, params, now);
    if (auto valid = impl_->validator->checkGame(game); !valid)
        return refuse("position refused: " + valid.error());
    SearchJob job{game, params, now, false};
    job.params.ponder = false;
    if (impl_->job && impl_->job->game == game) {
        impl_->send(formatPonderHit(), now);
        impl_->state = EngineState::Searching;
        impl_->expect("bestmove", searchDeadline(job, impl_->settings.timeouts));
        impl_->job = std::move(job);
        if (auto early = impl_->early_bestmove) impl_->deliver(*early, now);
        return {};
    }
    if (impl_->early_bestmove) {
        // The engine already ended its ponder search on its own: nothing to stop, search afresh.
        impl_->early_bestmove.reset();
        impl_->job.reset();
        impl_->state = EngineState::Idle;
        return impl_->startJob(std::move(job), now);
    }
    impl_->stopSearch(std::move(job), now);  // ponder miss (E.III 2.3 allows this stop)
    return {};
}

tl::expected<void, std::string> Engine::takeBack(TimePoint now) {
    impl_->next_job.reset();
    if (thinking(impl_->state)) impl_->stopSearch(std::nullopt, now);
    return {};
}

tl::expected<void, std::string> Engine::ping(TimePoint now) {
    if (impl_->state != EngineState::Idle) return refuse(busy(impl_->state) + "; ping needs Idle");
    if (impl_->ping_sent) return refuse("a ping is already waiting for readyok");
    impl_->ping_sent = now;
    impl_->send(formatIsReady(), now);
    impl_->expect("readyok", now + impl_->settings.timeouts.ready);
    return {};
}

void Engine::shutdown(TimePoint now) {
    impl_->next_job.reset();
    impl_->in_game = false;
    if (!impl_->transport) {
        impl_->state = EngineState::Stopped;
        impl_->events.push_back(StoppedEvent{});
        return;
    }
    impl_->send(formatQuit(), now);
    impl_->state = EngineState::Quitting;
    impl_->expect("exit", now + impl_->settings.timeouts.quit_grace);
}

std::vector<EngineEvent> Engine::poll(TimePoint now) {
    if (impl_->transport) {
        for (const auto& line : impl_->transport->takeLines()) {
            impl_->handleLine(line, now);
            if (!impl_->transport) break;  // a fault replaced the process
        }
    }
    impl_->checkProcess(now);
    impl_->checkDeadline(now);
    return std::exchange(impl_->events, {});
}

void Engine::waitForActivity(Millis max) {
    if (impl_->transport && !impl_->transport->outputClosed()) {
        impl_->transport->waitForOutput(max);
    } else {
        // Nothing to wait on (no process, or its output ended): a short real pause for the shell loop.
        std::this_thread::sleep_for(std::min(max, Millis{5}));
    }
}

EngineState Engine::state() const {
    return impl_->state;
}
const EngineSettings& Engine::settings() const {
    return impl_->settings;
}
const EngineIdentity& Engine::identity() const {
    return impl_->identity;
}
const std::vector<Option>& Engine::offeredOptions() const {
    return impl_->offered;
}
const std::vector<Downtime>& Engine::downtimes() const {
    return impl_->downtimes;
}
int Engine::pid() const {
    return impl_->transport ? impl_->transport->pid() : -1;
}
std::vector<LogEntry> Engine::takeLog() {
    return std::exchange(impl_->log, {});
}

const char* toString(EngineState state) {
    switch (state) {
        case EngineState::Stopped:
            return "Stopped";
        case EngineState::Starting:
            return "Starting";
        case EngineState::Configuring:
            return "Configuring";
        case EngineState::Idle:
            return "Idle";
        case EngineState::Searching:
            return "Searching";
        case EngineState::Pondering:
            return "Pondering";
        case EngineState::Stopping:
            return "Stopping";
        case EngineState::Quitting:
            return "Quitting";
        case EngineState::Failed:
            return "Failed";
    }
    return "Unknown";
}

const char* toString(FaultKind kind) {
    switch (kind) {
        case FaultKind::StartFailed:
            return "start failed";
        case FaultKind::Crash:
            return "crash";
        case FaultKind::Hang:
            return "hang";
        case FaultKind::Garbage:
            return "garbage";
        case FaultKind::IllegalBestMove:
            return "illegal bestmove";
        case FaultKind::OptionRejected:
            return "option rejected";
        case FaultKind::GaveUp:
            return "gave up";
    }
    return "fault";
}

std::string describe(const Fault& fault) {
    return std::string(toString(fault.kind)) + " while " + toString(fault.during) + ": " + fault.detail;
}

}  // namespace oc::engine
