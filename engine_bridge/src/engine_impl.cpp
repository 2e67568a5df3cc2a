#include "engine_impl.hpp"

#include "engine_bridge/uci_parser.hpp"

namespace oc::engine {
namespace {

constexpr std::size_t kMaxLogEntries = 100'000;
constexpr std::size_t kQuoteChars = 80;

std::string quote(const std::string& text) {
    return "'" + (text.size() > kQuoteChars ? text.substr(0, kQuoteChars) + "..." : text) + "'";
}

}  // namespace

void Engine::Impl::record(LogEntry::Kind kind, std::string text, TimePoint now) {
    // A caller that never drains the log must not run out of memory: keep the newer half.
    if (log.size() >= kMaxLogEntries) log.erase(log.begin(), log.begin() + kMaxLogEntries / 2);
    log.push_back({kind, std::move(text), now});
}

void Engine::Impl::note(std::string text, TimePoint now) {
    record(LogEntry::Kind::Note, std::move(text), now);
}

// A failed write is only logged: the dead or stuck engine is then caught by the end-of-output, exit
// or deadline checks in poll(), which raise the typed fault and restart it.
bool Engine::Impl::send(const std::string& line, TimePoint now) {
    record(LogEntry::Kind::Sent, line, now);
    if (!transport) return false;
    auto written = transport->writeLine(line);
    if (!written) note(written.error(), now);
    return written.has_value();
}

tl::expected<void, std::string> Engine::Impl::spawn(TimePoint now) {
    auto created = factory(settings.process);
    if (!created) return tl::unexpected(created.error());
    transport = std::move(*created);
    note("started " + describe(settings.process) + " (pid " + std::to_string(transport->pid()) + ")", now);
    identity = {};
    offered.clear();
    eof_at.reset();
    ping_sent.reset();
    early_bestmove.reset();
    state = EngineState::Starting;
    send(formatUci(), now);
    expect("uciok", now + settings.timeouts.handshake);
    return {};
}

void Engine::Impl::expect(std::string what, std::optional<TimePoint> when) {
    awaited = std::move(what);
    deadline = when;
}

void Engine::Impl::handleLine(const OutputLine& line, TimePoint now) {
    if (line.stream == Stream::Stderr) {
        record(LogEntry::Kind::Stderr, line.text, now);
        return;
    }
    record(LogEntry::Kind::Received, line.text, now);
    if (line.truncated) {
        fault(FaultKind::Garbage, "line longer than 64 KiB skipped: " + quote(line.text), now);
        return;
    }
    handleMessage(parseEngineLine(line.text), line.text, now);
}

void Engine::Impl::handleMessage(const EngineMessage& message, const std::string& raw, TimePoint now) {
    if (const auto* id = std::get_if<Id>(&message)) {
        (id->field == Id::Field::Name ? identity.name : identity.author) = id->value;
    } else if (const auto* option = std::get_if<Option>(&message)) {
        if (state == EngineState::Starting) offered.push_back(*option);
    } else if (std::holds_alternative<UciOk>(message)) {
        if (state == EngineState::Starting) onUciOk(now);
    } else if (std::holds_alternative<ReadyOk>(message)) {
        onReadyOk(now);
    } else if (const auto* best = std::get_if<BestMove>(&message)) {
        onBestMove(*best, now);
    } else if (const auto* info = std::get_if<Info>(&message)) {
        if (state == EngineState::Searching || state == EngineState::Pondering)
            events.push_back(InfoEvent{*info});
    } else if (const auto* req = std::get_if<OptionRequest>(&message)) {
        events.push_back(OptionRequestEvent{req->name, req->value});  // E.III 3.4: the session decides
    } else if (const auto* bad = std::get_if<Unparsed>(&message)) {
        // Banners before `uciok` and blank lines are normal; anything else is reported and skipped.
        if (state != EngineState::Starting && bad->reason != "blank line") {
            fault(FaultKind::Garbage, "line skipped: " + quote(raw) + " (" + bad->reason + ")", now);
        }
    }
}

void Engine::Impl::onUciOk(TimePoint now) {
    auto commands = optionCommands(settings.options, offered, settings.ponder);
    if (!commands) {
        fault(FaultKind::OptionRejected, commands.error(), now);
        return;
    }
    for (const auto& line : *commands) send(line, now);
    if (in_game) send(formatUciNewGame(), now);
    send(formatIsReady(), now);
    state = EngineState::Configuring;
    expect("readyok", now + settings.timeouts.ready);
}

void Engine::Impl::onReadyOk(TimePoint now) {
    if (state == EngineState::Configuring) {
        becameReady(now);
    } else if (state == EngineState::Idle && ping_sent) {
        events.push_back(PongEvent{now - *ping_sent});
        ping_sent.reset();
        expect("", std::nullopt);
    }
}

void Engine::Impl::becameReady(TimePoint now) {
    state = EngineState::Idle;
    expect("", std::nullopt);
    if (recovering) {
        downtimes.push_back({recovering->kind, recovering->at, now});
        const bool resume = next_job.has_value();
        events.push_back(RestartedEvent{restarts_in_row,
                                        std::chrono::duration_cast<Millis>(now - recovering->at), resume});
        note("restarted after " + describe(*recovering), now);
        recovering.reset();
    } else {
        events.push_back(ReadyEvent{});
    }
    startNextJob(now);
}

void Engine::Impl::startNextJob(TimePoint now) {
    if (!next_job) return;
    auto queued = std::move(*next_job);
    next_job.reset();
    if (auto started = startJob(std::move(queued), now); !started) note(started.error(), now);
}

void Engine::Impl::onBestMove(const BestMove& best, TimePoint now) {
    if (state == EngineState::Searching) {
        deliver(best, now);
    } else if (state == EngineState::Pondering) {
        early_bestmove = best;  // a UCI slip: keep it until ponderhit, discard on a miss
    } else if (state == EngineState::Stopping) {
        note("bestmove " + best.move + " after stop discarded", now);
        state = EngineState::Idle;
        expect("", std::nullopt);
        job.reset();
        startNextJob(now);
    } else {
        note("unsolicited bestmove ignored", now);
    }
}

// Only a move legal in the searched game reaches the operator; anything else is a fault.
void Engine::Impl::deliver(const BestMove& best, TimePoint now) {
    const GameRecord game = job ? job->game : GameRecord{};
    if (best.move.empty()) return fault(FaultKind::IllegalBestMove, "bestmove without a move", now);
    if (auto legal = validator->checkMove(game, best.move); !legal) {
        return fault(FaultKind::IllegalBestMove, "bestmove " + quote(best.move) + ": " + legal.error(), now);
    }
    BestMoveEvent event{best.move, std::nullopt};
    if (best.ponder) {
        GameRecord after = game;
        after.moves.push_back(best.move);
        if (validator->checkMove(after, *best.ponder)) event.ponder = best.ponder;
    }
    events.push_back(std::move(event));
    state = EngineState::Idle;
    expect("", std::nullopt);
    job.reset();
    restarts_in_row = 0;
}

void Engine::Impl::checkProcess(TimePoint now) {
    if (!transport || state == EngineState::Stopped || state == EngineState::Failed) return;
    if (auto exit = transport->tryReap()) {
        if (state == EngineState::Quitting) {
            dropProcess(now);
            events.push_back(StoppedEvent{exit});
            return;
        }
        return fault(FaultKind::Crash, describe(*exit), now, exit);
    }
    if (!transport->outputClosed()) return;
    // The pipe closes a moment before the kernel lets us reap; wait briefly for the exit status.
    if (!eof_at) eof_at = now;
    if (now - *eof_at < settings.timeouts.exit_status) return;
    const auto exit = transport->kill();
    if (state == EngineState::Quitting) {
        dropProcess(now);
        events.push_back(StoppedEvent{exit});
        return;
    }
    fault(FaultKind::Crash, "output closed; " + describe(exit), now, exit);
}

void Engine::Impl::checkDeadline(TimePoint now) {
    if (!deadline || now <= *deadline || !transport) return;
    if (state == EngineState::Quitting) {
        note("no exit within the quit grace period: killing", now);
        const auto exit = transport->kill();
        dropProcess(now);
        events.push_back(StoppedEvent{exit});
        return;
    }
    fault(FaultKind::Hang, "no " + awaited + " in time", now);
}

void Engine::Impl::fault(FaultKind kind, std::string detail, TimePoint now, std::optional<ExitStatus> exit) {
    Fault f{kind, state, std::move(detail), exit, now};
    note(describe(f), now);
    events.push_back(FaultEvent{f});
    if (kind == FaultKind::Garbage) return;
    if (kind == FaultKind::OptionRejected) {
        dropProcess(now);
        state = EngineState::Failed;
        return;
    }
    recover(std::move(f), now);
}

// The replacement gets the same settings and, through next_job, the whole game and the time left.
void Engine::Impl::recover(Fault f, TimePoint now) {
    if (job && !job->ponder && f.during != EngineState::Stopping) next_job = job;
    job.reset();
    dropProcess(now);
    if (restarts_in_row >= settings.max_restarts) {
        state = EngineState::Failed;
        next_job.reset();
        Fault gave_up{
            FaultKind::GaveUp, f.during, std::to_string(restarts_in_row) + " restarts did not help", {}, now};
        note(describe(gave_up), now);
        events.push_back(FaultEvent{std::move(gave_up)});
        return;
    }
    ++restarts_in_row;
    if (!recovering) recovering = f;  // downtime counts from the first fault of a series
    if (auto spawned = spawn(now); !spawned) {
        state = EngineState::Failed;
        next_job.reset();
        Fault failed{FaultKind::StartFailed, EngineState::Starting, spawned.error(), {}, now};
        note(describe(failed), now);
        events.push_back(FaultEvent{std::move(failed)});
    }
}

void Engine::Impl::dropProcess(TimePoint now) {
    if (transport) {
        const auto exit = transport->kill();
        for (const auto& line : transport->takeLines()) {
            record(line.stream == Stream::Stderr ? LogEntry::Kind::Stderr : LogEntry::Kind::Received,
                   line.text, now);
        }
        note("process " + describe(exit), now);
    }
    transport.reset();
    state = EngineState::Stopped;
    expect("", std::nullopt);
}

tl::expected<void, std::string> Engine::Impl::startJob(SearchJob next, TimePoint now) {
    if (auto valid = validator->checkGame(next.game); !valid) {
        return tl::unexpected("position refused: " + valid.error());
    }
    auto position = formatPosition(next.game);
    if (!position) return tl::unexpected("position refused: " + position.error());
    const auto waited = std::chrono::duration_cast<Millis>(now - next.started);
    GoParams params = paramsAfter(next, waited);
    params.ponder = next.ponder;
    send(*position, now);
    // E.III 2.1: the engine's clock ran while the search waited to be sent (the new game's isready): the
    // deduction is logged, so that an audit of the wire can tell it from a hidden faster rate.
    if (params.wtime != next.params.wtime || params.btime != next.params.btime)
        note("go waited " + std::to_string(waited.count()) + " ms: deducted from the engine's clock", now);
    send(formatGo(params), now);
    state = next.ponder ? EngineState::Pondering : EngineState::Searching;
    // A resumed search owes its bestmove within the time it was just given, counted from now.
    expect("bestmove", searchDeadline(SearchJob{next.game, params, now, next.ponder}, settings.timeouts));
    job = std::move(next);
    early_bestmove.reset();
    ping_sent.reset();  // a readyok still on its way is answered by nobody now
    return {};
}

// `stop` is sent only from here, and only for a ponder miss, game end or take-back (E.III 2.3).
void Engine::Impl::stopSearch(std::optional<SearchJob> then, TimePoint now) {
    send(formatStop(), now);
    state = EngineState::Stopping;
    next_job = std::move(then);
    expect("bestmove after stop", now + settings.timeouts.ready);
}

}  // namespace oc::engine
