#include "host/bridge_engine_link.hpp"

#include <algorithm>
#include <cctype>
#include <variant>

#include "engine_bridge/validator.hpp"
#include "i18n/mark.hpp"
#include "i18n/tr.hpp"
#include "sim/fake_engine.hpp"

namespace oc::host {

namespace {

using i18n::translateMessage;
using i18n::trf;
using session::engine_event::BestMove;
using session::engine_event::Fault;
using session::engine_event::Line;
using session::engine_event::Restarted;

template <class... F>
struct Overload : F... {
    using F::operator()...;
};
template <class... F>
Overload(F...) -> Overload<F...>;

engine::TimePoint realNow() {
    return engine::SteadyClock::now();
}

engine::EngineSettings bridgeSettings(const event::EngineSettings& s, const BridgeOptions& o) {
    engine::EngineSettings out;
    out.timeouts.unclocked_search = o.unclocked_deadline;
    out.process.nice = o.nice;
    out.process.command = s.command;
    out.process.args = s.args;
    for (const auto& [name, value] : s.options) {
        out.options.push_back({name, value});
    }
    // E.III 2.2: locked with the rest; `setoption name Ponder value true` at the handshake.
    out.ponder = s.ponder;
    return out;
}

engine::GoParams goParams(const session::GoParams& g) {
    engine::GoParams p;
    p.wtime = g.wtime;
    p.btime = g.btime;
    p.winc = g.winc;
    p.binc = g.binc;
    if (g.movestogo > 0) {
        p.movestogo = g.movestogo;
    }
    return p;
}

// Only an exact score is an evaluation: a lower or upper bound is a search still under way.
std::optional<event::Evaluation> evalOf(const engine::Info& info) {
    if (!info.score || info.score->bound != engine::Score::Bound::Exact) return std::nullopt;
    if (info.score->unit == engine::Score::Unit::Mate) return event::Evaluation{0, info.score->value};
    return event::Evaluation{info.score->value, std::nullopt};
}

rules::Color sideToMove(const session::SearchRequest& req) {
    return req.moves.size() % 2 == 0 ? rules::Color::White : rules::Color::Black;
}

}  // namespace

// The bridge checks every position before `position` and every bestmove before delivery (architecture §3).
BridgeEngineLink::BridgeEngineLink(const event::EngineSettings& settings, BridgeOptions options,
                                   engine::TransportFactory factory)
    : engine_(bridgeSettings(settings, options), engine::makeRulesValidator(), std::move(factory)),
      opt_(options) {}

// Without an explicit shutdown() (operator-cli), quit gracefully here: the engine's quit grace (a
// second) to exit before the engine bridge kills it. Bounded by time, not by wake-ups: an engine that
// prints while it quits wakes the loop once per line.
BridgeEngineLink::~BridgeEngineLink() {
    if (shutdown_sent_) return;
    engine_.shutdown(realNow());
    const auto& t = engine_.settings().timeouts;
    const auto until = realNow() + t.quit_grace + t.exit_status;
    while (engine_.state() != engine::EngineState::Stopped && realNow() < until) {
        engine_.waitForActivity(engine::Millis(20));
        (void)engine_.poll(realNow());
    }
}

tl::expected<std::unique_ptr<BridgeEngineLink>, std::string> BridgeEngineLink::startBlocking(
    const event::EngineSettings& settings, BridgeOptions options, engine::TransportFactory factory) {
    auto link = std::make_unique<BridgeEngineLink>(settings, options, std::move(factory));
    if (auto ok = link->handshake(); !ok) return tl::make_unexpected(ok.error());
    return link;
}

// Said to the operator (the game has not started, nothing is journalled): in the UI language. The Fault
// events below go into the journal, the arbiter's evidence, and stay English.
tl::expected<void, std::string> BridgeEngineLink::handshake() {
    started_ = true;
    if (auto ok = engine_.start(realNow()); !ok)
        return tl::make_unexpected(trf("engine start: {}", translateMessage(ok.error())));
    // The engine bridge ends a silent handshake itself (no uciok, then no readyok, in time: a Hang fault);
    // this bound is a backstop after both. It is time, not a count of wake-ups: an engine (or a relay in
    // front of it) that prints its banner and options line by line wakes the loop once per line, and
    // under load a thousand wake-ups came in a second and a half, long before the engine's deadline.
    const auto& t = engine_.settings().timeouts;
    const auto until = realNow() + t.handshake + t.ready + engine::Millis(1000);
    while (realNow() < until) {
        for (auto& ev : engine_.poll(realNow())) {
            // The engine's game opens at the first search (launchPending), as the window's does: a setup
            // changed before it still reaches the engine (reconfigure, E.III 2.2).
            if (std::holds_alternative<engine::ReadyEvent>(ev)) {
                ready_ = true;
                return {};
            }
            // Garbage before `uciok` (banners, copyright lines) is harmless.
            if (auto* f = std::get_if<engine::FaultEvent>(&ev);
                f && f->fault.kind != engine::FaultKind::Garbage)
                return tl::make_unexpected(
                    trf("engine handshake: {}", translateMessage(engine::describe(f->fault))));
        }
        engine_.waitForActivity(engine::Millis(20));
    }
    return tl::make_unexpected(i18n::tr("engine handshake: no answer"));
}

// In simulated time the session's clock is not the real one, so the bridge's timeouts use the steady
// clock; otherwise the session's `now` is the shell's reading of it.
engine::TimePoint BridgeEngineLink::engineTime(session::TimePoint now) const {
    return opt_.simulated ? realNow() : now;
}

void BridgeEngineLink::startSearch(const session::SearchRequest& req, session::TimePoint now) {
    queue(req, false, now);
}

void BridgeEngineLink::queue(const session::SearchRequest& req, bool ponder, session::TimePoint now) {
    if (opt_.simulated && in_game_) {
        // Deterministic: every search starts on a cleared hash (a fresh ucinewgame).
        engine_.endGame(engineTime(now));
        in_game_ = false;
    }
    pending_ = req;
    pending_ponder_ = ponder;
    searching_.reset();
    pondering_.reset();
    held_.reset();
    search_start_ = now;
    std::vector<session::EngineEvent> ignored;
    launchPending(now, ignored);
}

std::optional<bool> BridgeEngineLink::offersPonder() const {
    // Between a (re)start and `uciok` the options are not known yet (e.g. just after a setup change).
    const engine::EngineState st = engine_.state();
    if (!ready_ || st == engine::EngineState::Stopped || st == engine::EngineState::Starting)
        return std::nullopt;
    const auto& offered = engine_.offeredOptions();
    return std::any_of(offered.begin(), offered.end(), [](const engine::Option& o) {
        std::string name = o.name;
        std::transform(name.begin(), name.end(), name.begin(),
                       [](unsigned char c) { return std::tolower(c); });
        return name == "ponder";
    });
}

void BridgeEngineLink::startPonder(const session::SearchRequest& req, session::TimePoint now) {
    queue(req, true, now);
}

// `ponderhit`: the engine goes on with the figures of its `go ponder` (the session made them fit the
// budget); in simulated time its move is due a think time after the ponder search started.
void BridgeEngineLink::ponderHit(const session::SearchRequest& req, session::TimePoint now) {
    if (!pondering_ || pondering_->moves != req.moves) return startSearch(req, now);
    if (auto ok = engine_.opponentMoved({req.start_fen, req.moves}, goFor(req.go), engineTime(now)); !ok)
        return startSearch(req, now);
    session::GoParams sent = pondering_->go;
    searching_ = req;
    searching_->go = sent;
    pondering_.reset();
}

// A ponder miss (or adjournment, game end, take-back): `stop`, the ponder search's bestmove discarded.
// Not a stop of the computer's own search (E.III 2.3): it was searching on the human's time.
void BridgeEngineLink::stopPonder(session::TimePoint now) {
    if (pending_ && pending_ponder_) pending_.reset();
    if (!pondering_) return;
    pondering_.reset();
    (void)engine_.takeBack(engineTime(now));
}

void BridgeEngineLink::stop(session::TimePoint now) {
    pending_.reset();
    held_.reset();
    if (searching_) {
        (void)engine_.takeBack(
            engineTime(now));  // E.III 2.3: only for an arbiter's take-back or the game's end
        searching_.reset();
    }
}

void BridgeEngineLink::setOption(const std::string& name, const std::string& value, session::TimePoint) {
    options_.push_back({name, value});
}

// One at a time: each `setoption` is followed by `isready`, and the engine is busy until `readyok`.
void BridgeEngineLink::applyOptions(session::TimePoint now, std::vector<session::EngineEvent>& out) {
    if (options_.empty() || !ready_ || engine_.state() != engine::EngineState::Idle) return;
    if (auto ok = engine_.applyRequestedOption(options_.front(), engineTime(now)); !ok)
        out.push_back(Fault{"requested option " + options_.front().name + " not applied: " + ok.error()});
    options_.erase(options_.begin());
}

void BridgeEngineLink::launchPending(session::TimePoint now, std::vector<session::EngineEvent>& out) {
    if (!pending_ || !ready_ || !options_.empty()) {
        return;  // E.III 3.4: a requested option goes to the engine before the search
    }
    if (!in_game_) {
        if (engine_.state() != engine::EngineState::Idle) {
            return;  // still stopping the previous search: ucinewgame waits for the next poll
        }
        if (auto ok = engine_.newGame(engineTime(now)); !ok) {
            out.push_back(Fault{"new game refused: " + ok.error()});
            return;
        }
        in_game_ = true;
    }
    engine::GameRecord game{pending_->start_fen, pending_->moves};
    engine::GoParams go = goFor(pending_->go);
    auto ok = pending_ponder_ ? engine_.ponder(game, go, engineTime(now))
                              : engine_.search(game, go, engineTime(now));
    if (!ok) {
        return;  // not accepted yet (e.g. a ponder search while a stop is answered): retried next poll
    }
    (pending_ponder_ ? pondering_ : searching_) = std::move(pending_);
    pending_.reset();
    last_eval_.reset();
    last_depth_ = 0;
}

engine::GoParams BridgeEngineLink::goFor(const session::GoParams& g) const {
    if (!opt_.simulated) return goParams(g);
    engine::GoParams go;
    go.nodes = opt_.nodes;  // a fixed node count, charged as simulatedThinkTime() in session time
    return go;
}

void BridgeEngineLink::onEvent(const engine::EngineEvent& ev, session::TimePoint now,
                               std::vector<session::EngineEvent>& out) {
    std::visit(Overload{[&](const engine::ReadyEvent&) { ready_ = true; }, [&](const engine::PongEvent&) {},
                        [&](const engine::InfoEvent& e) {
                            if (e.info.depth) last_depth_ = *e.info.depth;
                            if (auto eval = evalOf(e.info)) last_eval_ = eval;
                        },
                        [&](const engine::BestMoveEvent& e) { onBestMove(e, now, out); },
                        [&](const engine::FaultEvent& e) { out.push_back(Fault{engine::describe(e.fault)}); },
                        [&](const engine::RestartedEvent& e) {
                            ready_ = true;
                            pondering_.reset();  // the bridge re-issues a search, never a ponder search
                            out.push_back(Restarted{e.downtime});
                        },
                        [&](const engine::StoppedEvent&) { ready_ = false; },
                        [&](const engine::OptionRequestEvent& e) {
                            out.push_back(session::engine_event::OptionRequest{e.name, e.value});
                        }},
               ev);
}

void BridgeEngineLink::onBestMove(const engine::BestMoveEvent& ev, session::TimePoint now,
                                  std::vector<session::EngineEvent>& out) {
    (void)now;
    if (!searching_) return;  // a stopped search's late answer
    BestMove best{searching_->id, ev.move, last_eval_, last_depth_, ev.ponder.value_or("")};
    if (opt_.simulated) {
        // The engine answered in real time; the session sees the move after its simulated thinking time.
        held_ = std::move(best);
        due_ = search_start_ + sim::simulatedThinkTime(searching_->go, sideToMove(*searching_));
    } else {
        out.push_back(std::move(best));
    }
    searching_.reset();
}

std::vector<session::EngineEvent> BridgeEngineLink::poll(session::TimePoint now) {
    std::vector<session::EngineEvent> out;
    if (!started_) {
        started_ = true;
        if (auto ok = engine_.start(engineTime(now)); !ok) {
            out.push_back(Fault{fmt::format(i18n::N_("the engine did not start: {}"), ok.error())});
        }
    }
    const auto events = engine_.poll(engineTime(now));
    takeLines(out);  // the protocol lines first: the journal shows what led to each event
    if (!reconfigure_error_.empty()) {
        out.push_back(Fault{fmt::format(i18n::N_("engine settings not applied: {}"), reconfigure_error_)});
        reconfigure_error_.clear();
    }
    for (const auto& ev : events) {
        onEvent(ev, now, out);
    }
    applyOptions(now, out);
    launchPending(now, out);
    takeLines(out);
    if (held_ && now >= due_) {
        out.push_back(std::move(*held_));
        held_.reset();
    }
    return out;
}

std::optional<session::TimePoint> BridgeEngineLink::nextDue() const {
    if (held_) return due_;
    return std::nullopt;
}

void BridgeEngineLink::takeLines(std::vector<session::EngineEvent>& out) {
    for (const auto& entry : engine_.takeLog()) {
        if (entry.kind == engine::LogEntry::Kind::Sent || entry.kind == engine::LogEntry::Kind::Received) {
            out.push_back(Line{entry.kind == engine::LogEntry::Kind::Sent, entry.text});
        } else if (entry.kind == engine::LogEntry::Kind::Note &&
                   (entry.text.rfind("go waited ", 0) == 0 || entry.text.rfind("started ", 0) == 0)) {
            // The audit reads "go waited" against the next go, and "started" as the evidence that the
            // "> uci" after it opens a new process's handshake (E.III 2.2: its options are the event's).
            out.push_back(Line{false, entry.text, true});
        }
    }
}

void BridgeEngineLink::reconfigure(const event::EngineSettings& settings, session::TimePoint now) {
    if (auto ok = engine_.reconfigure(bridgeSettings(settings, opt_), engineTime(now)); !ok) {
        reconfigure_error_ = ok.error();
    }
}

void BridgeEngineLink::shutdown(session::TimePoint now) {
    shutdown_sent_ = true;
    engine_.shutdown(engineTime(now));
}

}  // namespace oc::host
