#pragma once
// The session's narrow view of clock/: the mirrored game clock, official readings, the engine budget
// (an adapter over clock::GameClock, HandlingReserve, computeGo, FasterRate and the penalty tables).

#include <memory>
#include <optional>
#include <string>
#include <tl/expected.hpp>
#include <vector>

#include "clock/game_clock.hpp"
#include "rules/color.hpp"
#include "rules/endings.hpp"
#include "session/commands.hpp"
#include "session/engine_link.hpp"
#include "session/snapshot.hpp"

namespace oc::session {

class SessionClock {
  public:
    // Parses the control (human or PGN form); errors name the bad part.
    [[nodiscard]] static tl::expected<SessionClock, std::string> create(const std::string& tc,
                                                                        rules::Edition edition,
                                                                        const std::string& classification,
                                                                        double reserve_s,
                                                                        double faster_threshold_s);
    ~SessionClock();
    SessionClock(const SessionClock&);
    SessionClock& operator=(const SessionClock&);
    SessionClock(SessionClock&&) noexcept;
    SessionClock& operator=(SessionClock&&) noexcept;

    void start(TimePoint t);                           // White's clock runs
    void press(TimePoint t);                           // the running side completes its move
    void restartTurn(rules::Color side, TimePoint t);  // after a reinstatement: `side`'s clock runs
    // CLK-01: the official readings take over. The note gives each reading and its difference from the
    // mirror in m:ss ("White 15:30 (-0:06.8)"); `warning` is set when a difference is over the tolerance.
    struct SyncNote {
        std::string text, warning;
    };
    // `from_board`: the electronic board read the clock itself, so the warning asks for no re-reading.
    SyncNote sync(std::optional<Ms> white, std::optional<Ms> black, TimePoint t, bool from_board = false);
    void pause(TimePoint t);
    void resume(TimePoint t);
    void adjust(rules::Color side, Ms delta, const std::string& reason, TimePoint t);
    Ms remaining(rules::Color side, TimePoint t) const;
    // Guidelines I.2(c): one side's clock as the table clock reads it. `used` is what the mirror ran less
    // the syncs' corrections, so used + remaining = base times + increments (+ the arbiter's adjustments).
    struct TableTime {
        Ms used{0}, remaining{0};
        Ms synced{0};  // the syncs' net correction: official minus the console's count
    };
    TableTime tableTime(rules::Color side, TimePoint t) const;
    // CLK-01: how often the mirror was set to the table clock, and at which move the last time.
    struct SyncSummary {
        int count = 0;
        int move = 0;  // the move in progress at the last sync
        rules::Color to_move = rules::Color::White;
    };
    SyncSummary syncSummary() const;
    std::optional<rules::Color> running() const;
    bool paused() const;
    // E.III 2.1: go values for `computer` from the latest official reading minus the handling reserve.
    GoParams budget(rules::Color computer, TimePoint t) const;
    // The `go ponder` values, sent while the human's clock runs: the budget less one more per-move
    // reserve for the operator's entry of the human's move, which `ponderhit` cannot correct (E.III 2.1).
    GoParams ponderBudget(rules::Color computer, TimePoint t) const;
    void recordHandling(Ms handling);  // feeds the reserve
    // What the next go for `computer` holds back for handling, and the reserve's basis (clock pane).
    std::optional<HandlingReserveView> reserveView(rules::Color computer, TimePoint t) const;
    void setSafetyMoves(int moves);  // E.III 2.1: extra moves' reserves kept back (setup key)
    void setReserveRule(int rule);   // clock::ReserveSettings::rule; the handling times measured stay
    // E.III 2.2 faster rate.
    bool fasterRateAvailable(rules::Color computer, TimePoint t) const;
    // E.III 2.2: the faster rate is on and the control it was kept for has been passed.
    bool fasterRateCanEnd(rules::Color computer) const;
    bool fasterRate() const;
    [[nodiscard]] tl::expected<void, std::string> setFasterRate(bool on, rules::Color computer, TimePoint t);
    // Why setFasterRate would refuse now (its message), nullopt when it would switch; changes nothing.
    std::optional<std::string> fasterRateRefusal(bool on, rules::Color computer, TimePoint t) const;
    // Art. 7.5.5 / 7.4(b): applies the time penalty of an illegal move by `offender`; returns a note.
    // `increment_earned`: the last press credited an increment for that move (removed under 2023).
    std::string penalizeIllegal(rules::Color offender, TimePoint t, bool increment_earned = true);
    // Art. 9.5: applies an incorrect claim's penalty; returns a description (or an error for the 2005
    // exact 2:00 / 1:00 cases the arbiter must decide, §17 Q7).
    std::string penalizeClaim(rules::Color claimant, TimePoint t);
    // The event's control as PGN (an arbiter's later change, e.g. III.4, is in the journal, not here).
    std::string pgnTimeControl() const;
    // QPF-01: what the quickplay-finish rules need to know of `side`'s current period.
    struct QuickplayClock {
        std::string game_class;  // standard | rapid | blitz
        bool final_period = false;
        Ms increment{0}, delay{0};
    };
    QuickplayClock quickplayClock(rules::Color side) const;
    // QPF-02: +2 min to the claimant's opponent (rejected, or postponed with time: 10.2(b)(c), III.5.2-3)
    // through the clock's proposal table; returns a note.
    std::string awardQuickplayTime(rules::Color claimant, bool rejected, TimePoint t);
    // QPF-03 (III.4): +5 s per move for both from the next completed move, opponent +2 min; a note.
    std::string grantIncrement(rules::Color requester, TimePoint t);
    // CLK-08: clock::arrivalRuling under this game's edition; `specified`: the event's default time.
    struct Arrival {
        bool forfeit_proposed = false;
        Ms late_by{0}, limit{0};
        std::string article;  // "6.7" (2005) or "6.7.1" (2023)
    };
    Arrival arrival(std::optional<Ms> specified, TimePoint start, TimePoint at) const;

  private:
    void countSync(const std::vector<clock::SyncRecord>& records);
    void rule(const std::vector<clock::Adjustment>& adjustments, TimePoint t);
    std::string rulingsMissing(const std::vector<clock::SyncRecord>& records);
    SessionClock();
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace oc::session
