#pragma once
// The FIDE Tournament Report File as plain data: the tournament lines the console uses and one record
// per `001` player line with its per-round blocks. Columns from FIDE's Handbook C.04 Annex 2, "TRF-16"
// (2016) and "TRF 2026" (approved 12/05/2025, applied from 01/09/2025): the `001` line is the same in
// both (start rank 5-8, sex 10, title 11-13, name 15-47, rating 49-52, federation 54-56, FIDE ID 58-68,
// birth 70-79, points 81-84, rank 86-89, then per round at 92 + 10*(round-1): opponent 4 columns, colour
// 2 columns on, result 2 columns further); `132` gives the round dates at the same columns.

#include <cstddef>
#include <string>
#include <string_view>
#include <tl/expected.hpp>
#include <vector>

namespace oc::trf {

// One round's block of a `001` line. An absent block reads as opponent 0, colour '-', result ' '.
struct RoundBlock {
    int opponent = 0;   // the opponent's start rank; 0 = none (bye, absent, not yet paired)
    char colour = '-';  // 'w', 'b' or '-' (a blank reads as '-')
    char result = ' ';  // as written, upper-cased: 1 0 = + - W D L H F U Z, or ' ' (none yet)
};

struct Player {
    int start_rank = 0;
    char sex = ' ';                  // 'm', 'w' (some programs write 'f'), ' ' unknown
    std::string title;               // as written (GM, IM ... or the rating list's g, m, wg ...)
    std::string name;                // "Family, Given"
    int rating = 0;                  // 0 = unrated
    std::string federation;          // three letters, or empty
    std::string fide_id;             // digits, or empty
    std::string birth;               // as written (YYYY/MM/DD or YYYY)
    std::string points;              // as written ("3.5")
    int rank = 0;                    // 0 = not written
    std::vector<RoundBlock> rounds;  // rounds[0] is round 1
    int line = 0;                    // the line of the file, for messages
};

// A `240` record of the 2026 revision: byes given outside the player lines.
struct ByeRecord {
    char type = ' ';  // F, H or Z
    int round = 0;
    std::vector<int> players;
};

struct Tournament {
    std::string name;                      // 012
    std::string city;                      // 022
    std::string federation;                // 032
    std::string start_date;                // 042, as written
    std::string end_date;                  // 052, as written
    std::string chief_arbiter;             // 102
    std::string time_control;              // 122, free text
    std::string encoded_time_control;      // 222 (2026 revision): "5400+30", "40/6000+30:900+30"
    std::vector<std::string> round_dates;  // 132, as written ("24/03/09"); "" where a round has none
    int rounds = 0;                        // 142, else JaVaFo's XXR, else 0
    std::vector<Player> players;
    std::vector<ByeRecord> byes;
};

// Where the text went wrong: 1-based line and column (in characters), and what was expected there.
struct ParseError {
    int line = 0;
    int column = 0;
    std::string message;  // "expected the start rank (a number 1 to 9999), found \"ab\""
    // "line 7, column 49: expected ...".
    [[nodiscard]] std::string text() const;
};

// Reads the whole file. Tolerates what pairing programs write: a UTF-8 byte-order mark, CRLF or CR line
// ends, `###` comments, blank lines, unknown codes (DAT, XXR's friends, NRS lines, team records) ignored,
// trailing spaces, short lines (absent fields are empty). A file that is not UTF-8 is read as
// Windows-1252, as older Windows programs write it, so names reach the papers as UTF-8.
[[nodiscard]] tl::expected<Tournament, ParseError> parse(std::string_view text);

// The player with this start rank, or nullptr.
[[nodiscard]] const Player* findByStartRank(const Tournament& t, int start_rank);

}  // namespace oc::trf
