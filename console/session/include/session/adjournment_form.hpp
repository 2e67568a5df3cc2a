#pragma once
// The adjournment record for the envelope (Guidelines I.2 / App. A2 (a)-(g), ADJ-03) as plain data that
// console/print draws. The printed form has a box where the sealed move is written by hand: the console
// never prints the move on paper or screen the human can see (E.III CMP-3.5), so this has no field for it.

#include <string>

namespace oc::session {

// Pre-formatted strings, as the arbiter should read them.
struct AdjournmentFormData {
    std::string event, site, round, board;
    std::string white, black;                      // (a) the players' names
    std::string fen;                               // (b) position immediately before the sealed move
    std::string white_time_used, black_time_used;  // (c) e.g. "1:32:10"
    std::string white_time_remaining, black_time_remaining;  // (c) as on the table clock
    std::string clock_details;         // (c) period, increment/delay, moves to the next control
    std::string sealing_player;        // (d) name of the player who seals
    std::string sealing_colour;        // (d) "White" or "Black"
    std::string sealed_move_number;    // (e) number of the sealed move, e.g. "41"
    std::string draw_offer;            // (f) a draw offer still valid, or "none"
    std::string resumption;            // (g) date, time and venue of resumption
    std::string adjourned_at;          // date and time of adjournment (arbiter's time)
    std::string envelope_fingerprint;  // envelopeFingerprint() of the electronic envelope, or empty
};

}  // namespace oc::session
