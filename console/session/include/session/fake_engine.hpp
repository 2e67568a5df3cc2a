#pragma once

#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "session/engine_link.hpp"

namespace oc::session {

// Simulated thinking time for a search with these clock values: a share of the usable time, as real
// engines spend it (remaining / moves-to-go, or / 30 in sudden death, plus most of the increment),
// never more than half the remaining time. Deterministic, so simulated games are reproducible.
Ms simulatedThinkTime(const GoParams& go, rules::Color side);

// The legal moves (UCI, sorted) after `game` from the initial position; empty if a move is illegal.
std::vector<std::string> legalMovesAfter(const std::vector<std::string>& game);

// An in-process engine for tests and simulations: plays scripted moves first, then a deterministic
// pseudo-random legal move (from the seed and the game); its bestmove is due after simulatedThinkTime.
class FakeEngine : public EngineLink {
  public:
    using LegalMoves = std::function<std::vector<std::string>(const std::vector<std::string>& game)>;
    FakeEngine(LegalMoves legal, std::uint64_t seed);

    // The next search answers `uci` with this score (centipawns, or mate when `mate` is set).
    void queueMove(std::string uci, int cp = 0, std::optional<int> mate = std::nullopt);
    // The next poll reports a crash and a restart (the search is re-issued, as the bridge does).
    void queueCrash();

    void startSearch(const SearchRequest& req, TimePoint now) override;
    void stop(TimePoint now) override;
    std::vector<EngineEvent> poll(TimePoint now) override;
    std::optional<TimePoint> nextDue() const override;

    // Crash recovery of a simulation: `req` is the last search the killed process started; lastSearch()
    // reports it. With `due`, it was still running: the next search (the restored session's, of that
    // position) continues it with this go and this due time, as if the engine had never stopped.
    void continueSearch(const SearchRequest& req, std::optional<TimePoint> due);
    // Crash recovery: the crash was reported but not the restart; the next poll of a search reports it.
    void queueRestart() { restart_ = true; }
    // Crash recovery: the stop commands sent before the restart (for "expect stops").
    void setStops(int stops) { stops_ = stops; }

    int stops() const { return stops_; }
    const std::optional<SearchRequest>& lastSearch() const { return last_; }

  private:
    struct Scripted {
        std::string uci;
        int cp;
        std::optional<int> mate;
    };
    LegalMoves legal_;
    std::uint64_t seed_;
    std::deque<Scripted> queue_;
    bool crash_ = false, restart_ = false;
    std::optional<SearchRequest> current_, last_, continued_;
    TimePoint continued_due_{};
    TimePoint due_{};
    int stops_ = 0;
};

}  // namespace oc::session
