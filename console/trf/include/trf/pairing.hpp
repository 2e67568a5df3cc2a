#pragma once
// One round's pairing of one entry (the computer's) from a read TRF, with the tournament's facts the
// event setup takes, and the setup it fills.

#include <string>
#include <string_view>
#include <tl/expected.hpp>
#include <vector>

#include "event/event_setup.hpp"
#include "rules/color.hpp"
#include "trf/trf.hpp"

namespace oc::trf {

// A player as the setup takes them: the title in the PGN's capitals (GM, IM, WGM ...).
struct Entrant {
    int start_rank = 0;
    std::string name, fide_id, title, federation;
    int rating = 0;
};

struct Pairing {
    int round = 0;
    Entrant computer, opponent;
    rules::Color computer_colour = rules::Color::White;
    int board = 0;
    // TRF-16 and TRF 2026 carry no board numbers: the board is then the game's place in the round's
    // board order (boardOrder), which the operator checks against the posted pairings.
    bool board_from_order = true;
    std::string date;               // yyyy.mm.dd from line 132, or empty
    std::string event, site;        // 012, 022
    std::string chief_arbiter;      // 102
    std::string time_control;       // 222 or 122 when clock/ reads it, else empty
    std::string time_control_text;  // what 122 (or 222) said, for the message when it was not read
    // The setup's keys the TRF left unfilled ("date", "black_fide_id", "time_control" ...).
    std::vector<std::string> missing;
};

// The round's pairing of `entry`: a start rank ("12") or a name (case and spacing ignored; a part of the
// name matches when no whole name does). The error says what was wrong: the round not yet paired, a bye,
// the entry not found (naming a few that exist), several entries matching, or a file contradicting itself.
[[nodiscard]] tl::expected<Pairing, std::string> findPairing(const Tournament& t, int round,
                                                             std::string_view entry);

// Reads the file's text and finds the pairing: a parse error comes back as its "line L, column C: ..."
[[nodiscard]] tl::expected<Pairing, std::string> pairingFromText(std::string_view text, int round,
                                                                 std::string_view entry);

// The game's pair of start ranks in the round's board order, board 1 first. FIDE's general handling rules
// for Swiss pairings order the boards by the higher score of the two (before the round), then the sum of
// their scores, then the higher-ranked player's start rank; scores count the default points (1, = 0.5,
// forfeits and byes as their letters say). Byes and unpaired entries have no board.
[[nodiscard]] std::vector<std::pair<int, int>> boardOrder(const Tournament& t, int round);

// The PGN's spelling of a TRF title: "g" and "GM" give "GM", "wf" gives "WFM"; unknown text upper-cased.
[[nodiscard]] std::string pgnTitle(std::string_view trf_title);

// yyyy.mm.dd from the TRF's YY/MM/DD or YYYY/MM/DD (also with '.' or '-'), or empty when it is neither.
[[nodiscard]] std::string consoleDate(std::string_view trf_date);

// Fills the setup from the pairing: event, site, date, round, board, the chief arbiter, the time control
// when read, and both sides (the computer's entry on its colour, the opponent on the other), with their
// FIDE IDs, ratings, titles and federations. Fields the pairing lacks keep the setup's values. The result
// is validated; on error `setup` is unchanged.
[[nodiscard]] tl::expected<void, std::string> applyPairing(event::EventSetup& setup, const Pairing& pairing);

}  // namespace oc::trf
