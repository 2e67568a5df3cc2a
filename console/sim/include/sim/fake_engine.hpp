#pragma once

#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "session/engine_link.hpp"

namespace oc::sim {

// The simulation plays the session through its public vocabulary (commands, snapshots, engine link).
using namespace oc::session;  // NOLINT(google-build-using-namespace)

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

    // The next search answers `uci` with this score (centipawns, or mate when `mate` is set) and, when
    // `ponder` is set, that expected reply (`bestmove UCI ponder PONDER`).
    void queueMove(std::string uci, int cp = 0, std::optional<int> mate = std::nullopt,
                   std::string ponder = "");
    // Whether the engine "offers" the UCI option Ponder (it does unless a test says otherwise).
    void setOffersPonder(bool offers) { offers_ponder_ = offers; }
    // The next poll reports a crash and a restart (the search is re-issued, as the bridge does).
    void queueCrash();
    // The next poll reports `info string request-option name NAME value VALUE` (E.III 3.4).
    void queueOptionRequest(std::string name, std::string value);

    void startSearch(const SearchRequest& req, TimePoint now) override;
    void stop(TimePoint now) override;
    std::vector<EngineEvent> poll(TimePoint now) override;
    std::optional<TimePoint> nextDue() const override;
    std::optional<bool> offersPonder() const override { return offers_ponder_; }
    void startPonder(const SearchRequest& req, TimePoint now) override;
    void ponderHit(const SearchRequest& req, TimePoint now) override;
    void stopPonder(TimePoint now) override;
    void setOption(const std::string& name, const std::string& value, TimePoint now) override;

    // Crash recovery of a simulation: `req` is the last search the killed process started; lastSearch()
    // reports it. With `due`, it was still running: the next search (the restored session's, of that
    // position) continues it with this go and this due time, as if the engine had never stopped.
    void continueSearch(const SearchRequest& req, std::optional<TimePoint> due);
    // Crash recovery: the crash was reported but not the restart; the next poll of a search reports it.
    void queueRestart() { restart_ = true; }
    // Crash recovery: the stop commands sent before the restart (for "expect stops").
    void setStops(int stops) { stops_ = stops; }

    int stops() const { return stops_; }  // stops of the computer's own search (E.III 2.3)
    int ponderHits() const { return ponder_hits_; }
    int ponderStops() const { return ponder_stops_; }  // ponder searches ended (misses and the rest)
    bool pondering() const { return ponder_.has_value(); }
    // The options set during the game; a value set while a search ran carries " (sent mid-search)".
    const std::map<std::string, std::string>& options() const { return options_; }
    const std::optional<SearchRequest>& lastSearch() const { return last_; }

  private:
    struct Scripted {
        std::string uci;
        int cp;
        std::optional<int> mate;
        std::string ponder;
    };
    LegalMoves legal_;
    std::uint64_t seed_;
    std::deque<Scripted> queue_;
    bool crash_ = false, restart_ = false;
    std::deque<engine_event::OptionRequest> requests_;
    std::map<std::string, std::string> options_;
    std::vector<std::string> sent_;  // lines sent (setoption, go ponder, ponderhit, stop) for the next poll
    std::optional<SearchRequest> current_, last_, continued_;
    TimePoint continued_due_{};
    TimePoint due_{};
    int stops_ = 0;
    bool offers_ponder_ = true;
    std::optional<SearchRequest> ponder_;  // the ponder search running on the human's time
    TimePoint ponder_started_{};
    int ponder_hits_ = 0, ponder_stops_ = 0;
};

}  // namespace oc::sim
