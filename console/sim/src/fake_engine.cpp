#include "sim/fake_engine.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "rules/position.hpp"
#include "sim/operator_delay.hpp"

namespace oc::sim {

std::vector<std::string> legalMovesAfter(const std::vector<std::string>& game) {
    rules::Position pos = rules::Position::startpos();
    for (const auto& uci : game) {
        auto m = rules::parseUci(pos, uci);
        if (!m) return {};
        pos = pos.play(*m);
    }
    std::vector<std::string> out;
    for (rules::Move m : pos.legalMoves()) out.push_back(rules::toUci(m));
    std::sort(out.begin(), out.end());
    return out;
}

Ms simulatedThinkTime(const GoParams& go, rules::Color side) {
    Ms left = side == rules::Color::White ? go.wtime : go.btime;
    Ms inc = side == rules::Color::White ? go.winc : go.binc;
    int horizon = go.movestogo > 0 ? go.movestogo : 30;
    Ms share = left / horizon + inc * 3 / 4;
    return std::clamp(share, Ms(10), std::max(Ms(10), left / 2));
}

FakeEngine::FakeEngine(LegalMoves legal, std::uint64_t seed) : legal_(std::move(legal)), seed_(seed) {}

void FakeEngine::queueMove(std::string uci, int cp, std::optional<int> mate, std::string ponder) {
    queue_.push_back({std::move(uci), cp, mate, std::move(ponder)});
}
void FakeEngine::queueCrash() {
    crash_ = true;
}

void FakeEngine::continueSearch(const SearchRequest& req, std::optional<TimePoint> due) {
    last_ = req;
    if (due) continued_ = req;
    continued_due_ = due.value_or(TimePoint{});
}

void FakeEngine::queueOptionRequest(std::string name, std::string value) {
    requests_.push_back({std::move(name), std::move(value)});
}

// E.III 3.4: a setoption during the engine's own search would be a parameter change mid-search; the
// fake marks it so that a test sees it.
void FakeEngine::setOption(const std::string& name, const std::string& value, TimePoint) {
    options_[name] = current_ || ponder_ ? value + " (sent mid-search)" : value;  // a ponder search too
    sent_.push_back("setoption name " + name + " value " + value);
}

void FakeEngine::startSearch(const SearchRequest& req, TimePoint now) {
    if (continued_) {
        // The search the killed process had started: its clock values and its due time, the new id.
        current_ = req;
        current_->go = continued_->go;
        last_ = current_;
        due_ = continued_due_;
        continued_.reset();
        sent_.push_back("go");
        return;
    }
    continued_.reset();
    sent_.push_back("go");  // on the wire when sent, as a real engine's lines are (the audit reads them)
    current_ = req;
    last_ = req;
    rules::Color side = req.moves.size() % 2 == 0 ? rules::Color::White : rules::Color::Black;
    due_ = now + simulatedThinkTime(req.go, side);
}

// E.III 2.3: only a take-back or the game's end stops a search; the result is then discarded.
void FakeEngine::stop(TimePoint) {
    if (current_) sent_.push_back("stop");
    current_.reset();
    ++stops_;
}

void FakeEngine::startPonder(const SearchRequest& req, TimePoint now) {
    ponder_ = req;
    ponder_started_ = now;
    sent_.push_back("go ponder");
}

// Like an engine that counts its time from `go ponder`: the move is due a think time after the ponder
// started, at once if the human took longer.
void FakeEngine::ponderHit(const SearchRequest& req, TimePoint now) {
    if (!ponder_ || ponder_->moves != req.moves) return startSearch(req, now);
    rules::Color side = req.moves.size() % 2 == 0 ? rules::Color::White : rules::Color::Black;
    current_ = req;
    last_ = req;
    last_->go = ponder_->go;  // what the engine goes on with
    due_ = std::max(now, ponder_started_ + simulatedThinkTime(ponder_->go, side));
    ponder_.reset();
    ++ponder_hits_;
    sent_.push_back("ponderhit");
}

// E.III 2.3: ending a ponder search is not a stop of the computer's own search; counted apart.
void FakeEngine::stopPonder(TimePoint) {
    if (!ponder_) return;
    ponder_.reset();
    ++ponder_stops_;
    sent_.push_back("stop");
}

std::vector<EngineEvent> FakeEngine::poll(TimePoint now) {
    std::vector<EngineEvent> out;
    for (auto& l : sent_) out.emplace_back(engine_event::Line{true, std::move(l)});
    sent_.clear();
    for (; !requests_.empty(); requests_.pop_front()) {
        const auto& r = requests_.front();
        out.emplace_back(
            engine_event::Line{false, "info string request-option name " + r.name + " value " + r.value});
        out.emplace_back(r);
    }
    if (crash_ && (current_ || ponder_)) {
        crash_ = false;
        out.emplace_back(
            engine_event::Fault{fmt::format("crash while {}: killed by signal SIGKILL (9) (simulated)",
                                            current_ ? "Searching" : "Pondering")});
        out.emplace_back(engine_event::Restarted{Ms(150)});
        ponder_.reset();  // as the bridge: a search is re-issued after the restart, a ponder search is not
        due_ = now + Ms(150) + (due_ > now ? due_ - now : TimePoint::duration(0));
        return out;
    }
    if (restart_ && current_) {
        restart_ = false;
        out.emplace_back(engine_event::Restarted{Ms(150)});  // due_ already holds the 150 ms
        return out;
    }
    if (!current_ || now < due_) return out;
    SearchRequest req = *current_;
    current_.reset();
    if (!queue_.empty()) {
        Scripted s = queue_.front();
        queue_.pop_front();
        out.emplace_back(
            engine_event::BestMove{req.id, s.uci, event::Evaluation{s.cp, s.mate}, 10, s.ponder});
        return out;
    }
    auto moves = legal_(req.moves);
    if (moves.empty()) return out;
    std::size_t pick =
        static_cast<std::size_t>(mix64(seed_ ^ mix64(req.moves.size() * 7919 + moves.size()))) % moves.size();
    out.emplace_back(engine_event::BestMove{req.id, moves[pick], event::Evaluation{0, std::nullopt}, 10, ""});
    return out;
}

std::optional<TimePoint> FakeEngine::nextDue() const {
    if (!current_) return std::nullopt;
    return due_;
}

}  // namespace oc::sim
