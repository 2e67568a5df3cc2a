#pragma once
// The adjournment record for the envelope (Guidelines I.2 / App. A2 (a)-(g), ADJ-03) as plain data that
// console/print draws. The human's sealed move is written by hand in a box on the form; the computer's is
// sealed electronically and identified by the envelope's fingerprint. The console never prints the move on
// paper or a screen the human can see (E.III CMP-3.5), so this has no field for it.
// Facts only, no printed words: console/print words every field in the UI language (issue 12), so the
// session stays free of translation.

#include <string>

namespace oc::session {

// (c) How the console's times relate to the official table clock (E.III 1.1): how often the operator
// set the console to it, the last time, and the corrections then (table minus console).
struct EnvelopeClockSync {
    int count = 0;                 // 0: never set to the table clock during the game
    int move = 0;                  // the move during which the last setting was made
    bool white_to_move = true;     // who was to move then
    std::string white_correction;  // e.g. "+0:06.8", as the sync notice writes it
    std::string black_correction;
};

// (f) A draw offer made before the adjournment that still stands (Art. 9.1(b), Guidelines I.2(f)).
struct EnvelopeDrawOffer {
    bool standing = false;  // false: no offer is pending
    bool by_white = false;
    bool by_computer = false;
};

struct AdjournmentFormData {
    std::string event, site, round, board;
    std::string white, black;                      // (a) the players' names
    std::string fen;                               // (b) position immediately before the sealed move
    std::string white_time_used, black_time_used;  // (c) e.g. "1:32:10"
    std::string white_time_remaining, black_time_remaining;  // (c) as on the table clock
    std::string white_time_total, black_time_total;  // (c) used + remaining: base times and increments
    EnvelopeClockSync clock_sync;                    // (c) how the times relate to the table clock
    std::string time_control;                        // (c) the event's time control, as the setup gives it
    int edition_year = 2023;                         // (c) the Laws' edition the game is played under
    std::string sealing_player;                      // (d) name of the player who seals
    bool sealer_white = true;                        // (d) the sealer's side
    bool sealed_by_computer = false;   // sealed electronically (CMP-3.5): nobody writes it by hand
    int sealed_move_number = 0;        // (e) number of the sealed move, e.g. 41
    EnvelopeDrawOffer draw_offer;      // (f) a draw offer still valid
    std::string resumption;            // (g) date, time and venue of resumption, the arbiter's words
    std::string adjourned_at;          // date and time of adjournment, local time with its zone
    std::string envelope_fingerprint;  // envelopeFingerprint() of the electronic envelope, or empty
    // Fingerprint of the journal's signing key (issue 35: session::journalKeyFingerprint), so the paper
    // is matched with `journal verify`; empty: none printed (an unsigned journal, or no journal read).
    std::string journal_key;
    int adjournment = 0;   // this adjournment's number in the game: 1, 2, ... (0: not numbered)
    int adjournments = 0;  // how many the game had, when known (a reprint after the game); 0: unknown
};

}  // namespace oc::session
