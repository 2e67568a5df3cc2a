#pragma once
// The quickplay finish (QPF-01..04): E2005 Art. 10 + App. D, E2023 Guidelines III. Availability is a
// pure function of the game's facts; the no-arbiter claim (App. D / III.6) is exported for signatures.

#include <chrono>
#include <string>
#include <vector>

#include "session/commands.hpp"
#include "session/scoresheet_data.hpp"

namespace oc::session {

// Art. 10.2 / III.4 / III.5: the claimant has "less than two minutes".
inline constexpr Ms kQuickplayLimit = std::chrono::minutes{2};

// What decides availability, for the side having the move.
struct QuickplayFacts {
    rules::Edition edition = rules::Edition::E2023;
    std::string game_class = "standard";  // standard | rapid | blitz (as the session classifies the game)
    bool final_period = true;             // the side plays in a period lasting to the end of the game
    Ms increment{0};                      // the current period's increment ...
    Ms delay{0};                          // ... and delay
    std::string announced = "none";       // EventSetup::quickplay_finish: none | claim | increment | both
    bool increment_granted = false;       // a III.4 increment was introduced in this game (Q8)
};

enum class QuickplayAct { Claim, IncrementRequest };

// QPF-01: E2005 Art. 10 (not blitz, final period, no increment) or announced E2023 Guidelines III
// (standard or rapid, final period, no increment, no delay) govern the game now.
[[nodiscard]] bool quickplayFinishApplies(const QuickplayFacts& f);
// QPF-02/03: why the 10.2/III.5 claim or the III.4 request is not offered ("" = it is offered). Q8: the
// event chooses III.4 and/or III.5; once a III.4 increment is granted there is no III.5 claim.
[[nodiscard]] std::string quickplayUnavailable(const QuickplayFacts& f, QuickplayAct act);

// QPF-04: what the claimant and the opponent check and sign when no arbiter is present (III.6.1, D1);
// console/print writes it as text or PDF, in the UI language (facts only here, no printed words).
struct QuickplayClaimExport {
    ScoresheetData sheet;                       // the up-to-date scoresheet (result: pending)
    std::vector<std::string> scoresheet_lines;  // the same, as text lines
    std::string fen;                            // the final position
    bool claimant_white = true;                 // the claimant's side ...
    bool claimant_computer = false;             // ... whether it is the program's
    std::string claimant_name;                  // ... and the name the setup gives it
    std::string white_clock, black_clock;       // both clocks at the claim (H:MM:SS)
    std::string claimed_at;                     // the wall time of the claim if the caller knows it, else ""
    std::string claimed_game_time;              // the game's time at the claim (H:MM:SS since the start)
    rules::Edition edition = rules::Edition::E2023;  // E2023 Guidelines III.6 or E2005 App. D
};

}  // namespace oc::session
