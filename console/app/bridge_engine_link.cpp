#include "bridge_engine_link.hpp"

#include <fmt/format.h>

namespace oc::app {

namespace {

template <class... F>
struct Overload : F... {
    using F::operator()...;
};
template <class... F>
Overload(F...) -> Overload<F...>;

engine::EngineSettings bridgeSettings(const session::EngineSettings& s) {
    engine::EngineSettings out;
    out.process.command = s.command;
    out.process.args = s.args;
    for (const auto& [name, value] : s.options) {
        out.options.push_back({name, value});
    }
    // Pondering needs the ponder/ponderhit dance the session does not drive yet: off for now.
    out.ponder = false;
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

}  // namespace

// The bridge checks every position before `position` and every bestmove before delivery (architecture §3).
BridgeEngineLink::BridgeEngineLink(const session::EngineSettings& settings)
    : engine_(bridgeSettings(settings), engine::makeRulesValidator()) {}

BridgeEngineLink::~BridgeEngineLink() = default;

void BridgeEngineLink::startSearch(const session::SearchRequest& req, session::TimePoint now) {
    pending_ = req;
    searching_.reset();
    std::vector<session::EngineEvent> ignored;
    launchPending(now, ignored);
}

void BridgeEngineLink::stop(session::TimePoint now) {
    pending_.reset();
    if (searching_) {
        (void)engine_.takeBack(now);  // E.III 2.3: only for an arbiter's take-back or the game's end
        searching_.reset();
    }
}

void BridgeEngineLink::launchPending(session::TimePoint now, std::vector<session::EngineEvent>& out) {
    if (!pending_ || !ready_) {
        return;
    }
    if (!in_game_) {
        if (auto ok = engine_.newGame(now); !ok) {
            out.push_back(session::engine_event::Fault{"new game refused: " + ok.error()});
            return;
        }
        in_game_ = true;
    }
    const engine::GameRecord game{pending_->start_fen, pending_->moves};
    if (auto ok = engine_.search(game, goParams(pending_->go), now); !ok) {
        return;  // not idle yet (e.g. still stopping): retried on the next poll
    }
    searching_ = pending_->id;
    pending_.reset();
    last_eval_.reset();
    last_depth_ = 0;
}

void BridgeEngineLink::onEvent(const engine::EngineEvent& ev, session::TimePoint now,
                               std::vector<session::EngineEvent>& out) {
    std::visit(
        Overload{
            [&](const engine::ReadyEvent&) { ready_ = true; }, [&](const engine::PongEvent&) {},
            [&](const engine::InfoEvent& e) {
                if (e.info.depth) last_depth_ = *e.info.depth;
                if (!e.info.score) return;
                session::Evaluation eval;
                if (e.info.score->unit == engine::Score::Unit::Mate) {
                    eval.mate = e.info.score->value;
                } else {
                    eval.cp = e.info.score->value;
                }
                last_eval_ = eval;
            },
            [&](const engine::BestMoveEvent& e) {
                if (!searching_) return;  // a stopped search's late answer
                out.push_back(session::engine_event::BestMove{*searching_, e.move, last_eval_, last_depth_});
                searching_.reset();
            },
            [&](const engine::FaultEvent& e) {
                out.push_back(session::engine_event::Fault{engine::describe(e.fault)});
            },
            [&](const engine::RestartedEvent& e) {
                ready_ = true;
                out.push_back(session::engine_event::Restarted{e.downtime});
            },
            [&](const engine::StoppedEvent&) { ready_ = false; }},
        ev);
    (void)now;
}

std::vector<session::EngineEvent> BridgeEngineLink::poll(session::TimePoint now) {
    std::vector<session::EngineEvent> out;
    if (!started_) {
        started_ = true;
        if (auto ok = engine_.start(now); !ok) {
            out.push_back(session::engine_event::Fault{"the engine did not start: " + ok.error()});
        }
    }
    const auto events = engine_.poll(now);
    takeLines(out);  // the protocol lines first: the journal shows what led to each event
    if (!reconfigure_error_.empty()) {
        out.push_back(session::engine_event::Fault{"engine settings not applied: " + reconfigure_error_});
        reconfigure_error_.clear();
    }
    for (const auto& ev : events) {
        onEvent(ev, now, out);
    }
    launchPending(now, out);
    takeLines(out);
    return out;
}

void BridgeEngineLink::takeLines(std::vector<session::EngineEvent>& out) {
    for (const auto& entry : engine_.takeLog()) {
        if (entry.kind == engine::LogEntry::Kind::Sent || entry.kind == engine::LogEntry::Kind::Received) {
            out.push_back(
                session::engine_event::Line{entry.kind == engine::LogEntry::Kind::Sent, entry.text});
        }
    }
}

void BridgeEngineLink::reconfigure(const session::EngineSettings& settings, session::TimePoint now) {
    if (auto ok = engine_.reconfigure(bridgeSettings(settings), now); !ok) {
        reconfigure_error_ = ok.error();
    }
}

void BridgeEngineLink::shutdown(session::TimePoint now) {
    engine_.shutdown(now);
}

}  // namespace oc::app
