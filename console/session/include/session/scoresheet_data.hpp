#pragma once
// The scoresheet's content (Art. 8, REC-01..08) as plain data, which the session fills and console/print
// draws: numbered move pairs in the event's notation, "(=)" draw-offer marks, sealed moves, names with
// FIDE data and which side is the computer, event data and the result. Never any evaluation (REC-07).
// Facts only, no printed words: console/print owns the form's words in the UI language (issue 12), so the
// session stays free of translation.

#include <string>
#include <vector>

namespace oc::session {

// One numbered line of the scoresheet, already in the event's notation (e.g. "Sf3", "0-0 (=)", "♘f3").
struct ScoresheetRow {
    int number = 0;     // move number, from 1
    std::string white;  // empty when not (yet) played
    std::string black;
};

// Guidelines I.1 / ADJ-03: the sealed move of an adjournment. Its cell stays empty while the game is
// adjourned (the move is in the envelope) and is marked once the move is played.
struct ScoresheetSeal {
    int number = 0;         // the sealed move's number
    bool white = true;      // whose move it is
    bool computer = false;  // sealed by the program's side (electronically, E.III 3.5)
    bool played = false;    // play resumed with it (false: the move is still in the envelope)
};

// What the form says about a player besides the name (empty when the setup has none).
struct ScoresheetPlayer {
    std::string fide_id, rating;              // "1503014", "2450"
    bool computer = false;                    // E.III: the side the program plays
    std::string operator_name;                // the computer's operator (E.III 1.2)
    std::string title = {}, federation = {};  // "GM", "POL" (issue 38: from the pairing program's TRF)
};

// Everything printed, pre-formatted by the session (UTF-8; DejaVu Sans covers Latin, Cyrillic, figurines).
struct ScoresheetData {
    std::string event, site, round, board;
    std::string date;          // as the setup gives it: "2026.11.30" or ISO; printed in the UI language
    std::string white, black;  // player names
    std::string result;        // "1-0", "0-1", "½-½" (or "1/2-1/2"), "*" or a free text such as "+/-"
    std::string time_control;  // e.g. "40/90 min + 30 min, +30 s from move 1"
    std::vector<ScoresheetRow> rows;
    std::string footnote;  // optional small print at the bottom, e.g. the journal's final hash
    // Fingerprint of the journal's signing key, printed beside the footnote's hash (issue 35:
    // session::journalKeyFingerprint); empty: none printed (an unsigned journal, or no journal read).
    std::string journal_key;
    ScoresheetPlayer white_player, black_player;
    std::vector<ScoresheetSeal> seals;  // each also gets a remark under the result ("Adjourned: ...")
};

}  // namespace oc::session
