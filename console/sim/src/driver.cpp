// The headless driver: the human's side and the operator's routine steps in simulated time.
#include "sim/driver.hpp"

#include <fmt/format.h>

namespace oc::sim {
namespace {

std::string fmtClock(Ms ms) {
    auto s = ms.count() / 1000;
    const char* sign = ms.count() < 0 ? "-" : "";
    s = s < 0 ? -s : s;
    return fmt::format("{}{}:{:02}:{:02}", sign, s / 3600, s / 60 % 60, s % 60);
}

}  // namespace

Driver::Driver(Session& session, EngineLink& engine, DriverOptions options, TimePoint now)
    : session_(session), engine_(engine), opt_(std::move(options)), now_(now), start_(now) {
    if (opt_.delay_median_s > 0) delays_.emplace(opt_.delay_median_s, opt_.delay_p99_s, opt_.seed);
    reported_plies_ = session_.snapshot(now_).moves.size();
    if (opt_.resume && opt_.human == HumanKind::Script) restoreScript(*opt_.resume);
}

Ms Driver::delay(std::uint64_t stream, std::uint64_t index) const {
    return delays_ ? delays_->delay(stream, index) : Ms(0);
}

bool Driver::fail(int line, const std::string& what) {
    result_.ok = false;
    result_.error = line > 0 ? fmt::format("script line {}: {}", line, what) : what;
    return false;
}

DriverResult Driver::run() {
    if (!journalScript()) return result_;
    if (opt_.resume) resumeEngine(*opt_.resume);
    for (int guard = 0; guard < 2000000 && step(); ++guard) {
    }
    result_.plies = static_cast<int>(session_.snapshot(now_).moves.size());
    return result_;
}

bool Driver::step() {
    session_.poll(now_);
    Snapshot s = session_.snapshot(now_);
    report(s);
    if (!s.journal_failure.empty()) return fail(0, s.journal_failure);  // the game is stopped
    // A script's remaining lines still run after the game ends: its checks of the result must not be
    // skipped silently (an action there is refused and fails the script).
    bool script_left = opt_.human == HumanKind::Script && next_step_ < opt_.script.size();
    if (s.phase == Phase::GameOver && !script_left) return false;
    bool mid_cycle = s.phase == Phase::EngineMoveMade;  // finish the press so the last move has its clock
    if (opt_.max_plies > 0 && s.moves.size() >= static_cast<std::size_t>(opt_.max_plies) && !mid_cycle)
        return false;
    if (opt_.human == HumanKind::Script) {
        if (next_step_ < opt_.script.size()) return scriptStep();
        if (s.phase == Phase::HumanToMove && !s.previous_unrecorded) return false;
        return autoStep(s);
    }
    if (checkFlags(s)) return true;
    if (s.phase == Phase::Setup) {
        auto r = session_.dispatch(cmd::StartGame{}, now_);
        return r ? true : fail(0, r.error().message);
    }
    if (s.phase == Phase::HumanToMove) return humanTurn(s);
    return autoStep(s);
}

// The operator's routine (E.III 1.4): made on board, clock pressed, recorded, with seeded delays.
bool Driver::autoStep(const Snapshot& s) {
    auto ply = static_cast<std::uint64_t>(s.moves.size());
    Ms d = delay(1, ply);
    tl::expected<void, Rejection> r;
    switch (s.phase) {
        case Phase::EngineThinking:
            if (auto due = engine_.nextDue()) {
                if (*due > now_) now_ = *due;
                return true;
            }
            if (opt_.wait_for_engine) {
                opt_.wait_for_engine();
                return true;
            }
            return false;
        case Phase::EngineMoveShown:
            advance(d * 4 / 5);
            r = session_.dispatch(cmd::MadeOnBoard{}, now_);
            break;
        case Phase::EngineMoveMade:
            advance(d - d * 4 / 5);
            r = session_.dispatch(cmd::ClockPressed{}, now_);
            break;
        case Phase::EngineMoveHeld:
        case Phase::HumanToMove:
            if (!s.previous_unrecorded) return false;
            advance(delay(3, ply) / 2);
            r = session_.dispatch(cmd::Recorded{}, now_);
            break;
        default:
            return false;
    }
    return r ? true : fail(0, r.error().message);
}

// A fallen flag on the mirror clock: the simulated arbiter verifies it and confirms (Art. 6.9 applies).
bool Driver::checkFlags(const Snapshot& s) {
    if (!s.clock_running || s.clock_paused || s.flag_reported) return false;
    rules::Color side = *s.clock_running;
    if (s.remaining[side] > Ms(0)) return false;
    if (!session_.dispatch(cmd::ReportFlag{side}, now_)) return false;
    return static_cast<bool>(session_.dispatch(cmd::ArbiterConfirmFlag{side}, now_));
}

bool Driver::humanTurn(const Snapshot& s) {
    if (s.previous_unrecorded) return autoStep(s);
    return opt_.human == HumanKind::Engine ? engineHuman(s) : randomHuman(s);
}

// A random legal move after a seeded think time; the operator enters it after a seeded delay.
bool Driver::randomHuman(const Snapshot& s) {
    auto ply = static_cast<std::uint64_t>(s.moves.size());
    auto moves = session_.legalMoves();
    if (moves.empty()) return false;
    Ms left = s.remaining[s.to_move];
    Ms think =
        Ms(2000) + Ms(static_cast<long long>(uniform01(opt_.seed, 10, ply) *
                                             static_cast<double>(std::min(Ms(30000), left / 20).count())));
    advance(think);
    TimePoint pressed = now_;
    advance(delay(4, ply) / 2);
    std::string uci =
        moves[static_cast<std::size_t>(uniform01(opt_.seed, 11, ply) * static_cast<double>(moves.size()))];
    auto r = session_.dispatch(cmd::HumanMove{uci, pressed, false}, now_);
    return r ? true : fail(0, r.error().message);
}

// A second engine plays the human's side, on the human's clock.
bool Driver::engineHuman(const Snapshot& s) {
    EngineLink& e = *opt_.human_engine;
    if (!human_searching_) {
        GoParams go{s.remaining[rules::Color::White], s.remaining[rules::Color::Black], Ms(0), Ms(0), 0};
        human_search_id_ = s.moves.size() + 1;
        std::vector<std::string> game;
        for (const auto& m : s.moves) game.push_back(m.uci);
        e.startSearch({human_search_id_, "", game, go}, now_);
        human_searching_ = true;
    }
    for (auto& ev : e.poll(now_)) {
        if (auto* b = std::get_if<engine_event::BestMove>(&ev); b && b->search == human_search_id_) {
            human_searching_ = false;
            TimePoint pressed = now_;
            advance(delay(4, s.moves.size()) / 2);
            auto r = session_.dispatch(cmd::HumanMove{b->uci, pressed, false}, now_);
            return r ? true : fail(0, r.error().message);
        }
    }
    if (auto due = e.nextDue(); due && *due > now_)
        now_ = *due;
    else if (opt_.wait_for_engine)
        opt_.wait_for_engine();
    return true;
}

void Driver::report(const Snapshot& s) {
    if (s.moves.size() < reported_plies_) reported_plies_ = s.moves.size();
    // A computer move is reported once its clock is pressed (its %clk is known then).
    std::size_t complete = s.moves.size() - (s.phase == Phase::EngineMoveMade ? 1 : 0);
    for (; reported_plies_ < complete; ++reported_plies_) {
        const auto& m = s.moves[reported_plies_];
        if (!opt_.verbose) continue;
        *opt_.verbose << fmt::format(
            "{}{} {:<8} {:<8} clock {} ({}){}\n", m.number, m.side == rules::Color::White ? "." : "...",
            m.san, m.text, fmtClock(m.clock_after), m.side == s.setup.computer_side ? "computer" : "human",
            m.draw_offer ? " (=)" : "");
    }
}

}  // namespace oc::sim
