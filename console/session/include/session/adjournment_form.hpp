#pragma once
// The adjournment record for the envelope (Guidelines I.2 / App. A2 (a)-(g), ADJ-03) as plain data that
// console/print draws. The human's sealed move is written by hand in a box on the form; the computer's is
// sealed electronically and identified by the envelope's fingerprint. The console never prints the move on
// paper or a screen the human can see (E.III CMP-3.5), so this has no field for it.

#include <string>

namespace oc::session {

// Pre-formatted strings, as the arbiter should read them.
struct AdjournmentFormData {
    std::string event, site, round, board;
    std::string white, black;                      // (a) the players' names
    std::string fen;                               // (b) position immediately before the sealed move
    std::string white_time_used, black_time_used;  // (c) e.g. "1:32:10"
    std::string white_time_remaining, black_time_remaining;  // (c) as on the table clock
    std::string white_time_total, black_time_total;  // (c) used + remaining: base times and increments
    std::string clock_sync;                          // (c) how the times relate to the table clock
    std::string clock_details;                       // (c) period, increment/delay, moves to the next control
    std::string sealing_player;                      // (d) name of the player who seals
    std::string sealing_colour;                      // (d) "White" or "Black"
    bool sealed_by_computer = false;   // sealed electronically (CMP-3.5): nobody writes it by hand
    std::string sealed_move_number;    // (e) number of the sealed move, e.g. "41"
    std::string draw_offer;            // (f) a draw offer still valid, or "none"
    std::string resumption;            // (g) date, time and venue of resumption
    std::string adjourned_at;          // date and time of adjournment, local time with its zone
    std::string envelope_fingerprint;  // envelopeFingerprint() of the electronic envelope, or empty
};

}  // namespace oc::session
