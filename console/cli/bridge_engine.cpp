#include "bridge_engine.hpp"

#include <chrono>

#include "session/fake_engine.hpp"

namespace oc::cli {
namespace {

using session::engine_event::BestMove;
using session::engine_event::Fault;
using session::engine_event::Line;
using session::engine_event::Restarted;

engine::TimePoint realNow() {
    return engine::SteadyClock::now();
}

// Checks every position and bestmove against rules/ (engines do not validate, architecture §7).
class RulesValidator : public engine::MoveValidator {
  public:
    tl::expected<void, std::string> checkGame(const engine::GameRecord& game) const override {
        if (!game.start_fen.empty()) return tl::make_unexpected("only games from the initial position");
        std::vector<std::string> so_far;
        for (const auto& m : game.moves) {
            if (auto ok = checkMove({"", so_far}, m); !ok) return ok;
            so_far.push_back(m);
        }
        return {};
    }
    tl::expected<void, std::string> checkMove(const engine::GameRecord& game,
                                              std::string_view move) const override {
        auto legal = session::legalMovesAfter(game.moves);
        if (std::find(legal.begin(), legal.end(), move) == legal.end())
            return tl::make_unexpected("illegal move " + std::string(move));
        return {};
    }
};

engine::EngineSettings bridgeSettings(const session::EngineSettings& s) {
    engine::EngineSettings out;
    out.process.command = s.command;
    out.process.args = s.args;
    for (const auto& [name, value] : s.options) out.options.push_back({name, value});
    out.ponder = false;  // the session does not ponder (yet)
    return out;
}

std::optional<session::Evaluation> evalOf(const engine::Info& info) {
    if (!info.score || info.score->bound != engine::Score::Bound::Exact) return std::nullopt;
    if (info.score->unit == engine::Score::Unit::Mate) return session::Evaluation{0, info.score->value};
    return session::Evaluation{info.score->value, std::nullopt};
}

}  // namespace

BridgeEngine::BridgeEngine(std::unique_ptr<engine::Engine> e, BridgeOptions o)
    : engine_(std::move(e)), opt_(o) {}

BridgeEngine::~BridgeEngine() {
    engine_->shutdown(realNow());
    for (int i = 0; i < 50 && engine_->state() != engine::EngineState::Stopped; ++i) {
        engine_->waitForActivity(engine::Millis(20));
        (void)engine_->poll(realNow());
    }
}

tl::expected<std::unique_ptr<BridgeEngine>, std::string> BridgeEngine::start(const session::EngineSettings& s,
                                                                             BridgeOptions o) {
    auto e = std::make_unique<engine::Engine>(bridgeSettings(s), std::make_shared<RulesValidator>());
    if (auto ok = e->start(realNow()); !ok) return tl::make_unexpected("engine start: " + ok.error());
    for (int i = 0; i < 1000; ++i) {
        for (auto& ev : e->poll(realNow())) {
            if (std::holds_alternative<engine::ReadyEvent>(ev)) {
                if (auto ng = e->newGame(realNow()); !ng)
                    return tl::make_unexpected("engine newgame: " + ng.error());
                return std::unique_ptr<BridgeEngine>(new BridgeEngine(std::move(e), o));
            }
            if (auto* f = std::get_if<engine::FaultEvent>(&ev);
                f && f->fault.kind != engine::FaultKind::Garbage)
                return tl::make_unexpected("engine handshake: " + engine::describe(f->fault));
        }
        e->waitForActivity(engine::Millis(20));
    }
    return tl::make_unexpected("engine handshake: no answer");
}

void BridgeEngine::startSearch(const session::SearchRequest& req, session::TimePoint now) {
    engine::GoParams go;
    if (opt_.simulated) {
        // Deterministic: a fixed node count on a cleared hash (ucinewgame), charged in simulated time.
        engine_->endGame(realNow());
        (void)engine_->newGame(realNow());
        go.nodes = opt_.nodes;
    } else {
        go.wtime = req.go.wtime;
        go.btime = req.go.btime;
        go.winc = req.go.winc;
        go.binc = req.go.binc;
        if (req.go.movestogo > 0) go.movestogo = req.go.movestogo;
    }
    current_ = req;
    search_start_ = now;
    last_eval_.reset();
    held_.reset();
    if (auto ok = engine_->search({req.start_fen, req.moves}, go, realNow()); !ok) current_.reset();
}

void BridgeEngine::stop(session::TimePoint) {
    (void)engine_->takeBack(realNow());
    current_.reset();
    held_.reset();
}

std::vector<session::EngineEvent> BridgeEngine::poll(session::TimePoint now) {
    std::vector<session::EngineEvent> out;
    for (auto& ev : engine_->poll(realNow())) {
        if (auto* i = std::get_if<engine::InfoEvent>(&ev)) {
            if (auto e = evalOf(i->info)) last_eval_ = e;
            if (i->info.depth) last_depth_ = *i->info.depth;
        } else if (auto* b = std::get_if<engine::BestMoveEvent>(&ev); b && current_) {
            held_ = BestMove{current_->id, b->move, last_eval_, last_depth_};
            rules::Color side = current_->moves.size() % 2 == 0 ? rules::Color::White : rules::Color::Black;
            due_ = opt_.simulated ? search_start_ + session::simulatedThinkTime(current_->go, side) : now;
        } else if (auto* f = std::get_if<engine::FaultEvent>(&ev)) {
            out.emplace_back(Fault{engine::describe(f->fault)});
        } else if (auto* r = std::get_if<engine::RestartedEvent>(&ev)) {
            out.emplace_back(Restarted{r->downtime});
        }
    }
    for (auto& l : engine_->takeLog()) {
        if (l.kind == engine::LogEntry::Kind::Sent)
            out.emplace_back(Line{true, l.text});
        else if (l.kind == engine::LogEntry::Kind::Received)
            out.emplace_back(Line{false, l.text});
    }
    if (held_ && now >= due_) {
        out.emplace_back(*held_);
        held_.reset();
        current_.reset();
    }
    return out;
}

std::optional<session::TimePoint> BridgeEngine::nextDue() const {
    if (held_) return due_;
    return std::nullopt;
}

void BridgeEngine::wait(int ms) {
    engine_->waitForActivity(engine::Millis(ms));
}

}  // namespace oc::cli
