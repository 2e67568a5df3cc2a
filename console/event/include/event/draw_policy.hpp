#pragma once

#include <optional>
#include <string>
#include <vector>

#include "event/event_setup.hpp"

namespace oc::event {

// An engine evaluation from the computer's point of view: centipawns, or mate in N (negative = mated).
struct Evaluation {
    int cp = 0;
    std::optional<int> mate;
    // One number for thresholds: a mate counts as +/-100000 minus the distance.
    int effectiveCp() const;
};

// What the locked policy tells the operator to do now (E.III 3.1-3.3). Each flag comes with the reason.
struct Indication {
    bool accept_draw = false;  // accept the human's pending offer
    bool offer_draw = false;   // the computer may offer a draw with its move
    bool claim_draw = false;   // the computer may claim a draw the rules say is valid
    bool resign = false;       // the computer should resign
    // QPF-02/03: the computer may claim a quickplay finish (Art. 10.2 / III.5) or request the III.4
    // increment; only ever with a claim the rules allow now (E.III 3.3, Q2).
    bool claim_quickplay = false;
    std::string reason;
};

struct PolicyInput {
    std::vector<Evaluation> evals;           // one per computer move, oldest first
    int move_number = 1;                     // the current full-move number
    std::optional<int> last_rejected_offer;  // move number of the last rejected computer offer
    bool claim_valid = false;                // rules/ says a threefold or 50-move claim is valid now
    bool quickplay_possible = false;         // QPF-01/02: the computer may claim (or ask III.4) now
};

// Applies the pre-declared policy: deterministic, so replay gives the same indications.
Indication indicate(const DrawPolicy& policy, const PolicyInput& in);

}  // namespace oc::event
