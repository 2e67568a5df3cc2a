#pragma once
// Sample paper data shared by the print tests: an adjourned game's envelope record with Polish and
// Cyrillic names (the fonts must carry both) and a FEN the diagram can draw.

#include "session/adjournment_form.hpp"

namespace oc::print::test {

inline session::AdjournmentFormData sampleForm() {
    session::AdjournmentFormData d;
    d.event = "Memoriał Rubinsteina 2026";
    d.site = "Polanica-Zdrój";
    d.round = "3";
    d.board = "1";
    d.white = "Łukasz Żółkiewski";
    d.black = "Компьютер (Stockfish 15)";
    d.fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R b KQ - 0 41";
    d.white_time_used = "1:31:05";
    d.black_time_used = "1:12:40";
    d.white_time_remaining = "0:28:55";
    d.black_time_remaining = "0:47:20";
    d.time_control = "40/90 min + 30 min, +30 s";
    d.sealing_player = "Компьютер (Stockfish 15)";
    d.sealer_white = false;
    d.sealed_move_number = 41;
    d.resumption = "2026-11-30 10:00, playing hall";
    d.adjourned_at = "2026-11-29 22:00";
    d.envelope_fingerprint = "9f2c4e1a07b35d68";
    return d;
}

}  // namespace oc::print::test
