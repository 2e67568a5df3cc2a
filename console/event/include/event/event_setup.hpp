#pragma once

#include <chrono>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <tl/expected.hpp>
#include <vector>

#include "rules/color.hpp"
#include "rules/endings.hpp"

namespace oc::event {

// The locked draw/resign policy of E.III 3.2-3.3: the computer's "instructions" come from it.
// Scores are centipawns from the computer's point of view (positive = the computer is better).
struct DrawPolicy {
    int accept_below_cp = 0;     // indicate "accept" when the last N scores are all <= this
    int accept_over_moves = 3;   // N
    bool offer_enabled = true;   // the computer may offer a draw at all
    int offer_within_cp = 15;    // offer when |score| <= this for the last N moves ...
    int offer_after_move = 40;   // ... and the game has reached this move number
    int offer_rate_limit = 10;   // moves between a rejected computer offer and the next one (11.5)
    bool claim_enabled = true;   // claim a valid threefold / 50-move draw ...
    int claim_below_cp = 30;     // ... when the score is <= this
    bool resign_enabled = true;  // indicate resignation ...
    int resign_below_cp = -900;  // ... when the last resign_over_moves scores are all <= this
    int resign_over_moves = 5;
    // QPF-02/03 (E.III 3.3, Q2): indicate a quickplay-finish claim (or a III.4 increment request) when
    // the last N scores are all within +/- this; off unless the event enables it.
    bool qpf_claim_enabled = false;
    int qpf_claim_within_cp = 50;
    int qpf_claim_over_moves = 3;
};

struct EngineSettings {
    std::string command;
    std::vector<std::string> args;
    std::map<std::string, std::string> options;  // UCI setoption name -> value, fixed for the game
    bool ponder = false;
    // E.III 3.4: the options the engine itself may ask to change mid-game (request-option, docs/engine.md);
    // the operator carries a request out, never starts one. Exact UCI names.
    std::vector<std::string> requestable_options{"SyzygyPath", "BookFile", "EvalFile", "HashFile"};
};

struct Consultant {
    std::string name;
    bool accepted_by_arbiter = false;  // E.III 3.2: named beforehand and accepted by the arbiter
};

// The electronic board (issue 24, docs/eboard.md), when the event plays on one: where it is and how its
// readings are taken. `--eboard PORT|auto` on the programs overrides `port`.
struct EboardSetup {
    std::string port = "auto";  // a serial device, or "auto": the one DGT board in /dev/serial/by-id/
    int settle_ms = 300;        // a picture means something once unchanged this long (a scan is 200-250 ms)
    std::string commit = "lever";      // lever (the press completes the move, Art. 6.2) | enter | auto
    std::string white_clock = "left";  // the side of the table clock that is White's: left | right
    // dgt | millennium (a Millennium ChessLink: no clock, so commit lever is refused, and no auto port) |
    // livechess (a board read through DGT LiveChess: `port` is its address, ws://HOST:1982/api/v1.0)
    std::string brand = "dgt";
    // livechess: the board's serial number as LiveChess lists it; "" takes the only board offered. Written
    // to the JSON only when given (older setups and journals stay byte-identical).
    std::string serial{};
};

// Everything that is fixed for the game (E.III 2.2, 3.4): locked once the first move is made.
struct EventSetup {
    std::string event = "?", site = "?", date = "????.??.??", round = "?", board = "?";
    std::string white = "?", black = "?";
    // Scoresheet and PGN (WhiteFideId, WhiteElo ...), printed only when given: the FIDE ID's digits, the
    // FIDE rating (0 = none); who operates the computer (E.III 1.2), for the scoresheet.
    std::string white_fide_id, black_fide_id;
    int white_rating = 0, black_rating = 0;
    std::string operator_name;
    // From the pairing program's TRF (issue 38) or typed: the players' titles as PGN's WhiteTitle writes
    // them (GM, IM, WGM ...), their FIDE federations (three letters), the event's chief arbiter. Empty
    // ones are neither printed nor written to the JSON (older setups and journals stay byte-identical).
    std::string white_title, black_title, white_federation, black_federation;
    std::string chief_arbiter;
    rules::Color computer_side = rules::Color::Black;
    std::string time_control = "90m+30s";            // human form or PGN TimeControl, parsed by clock/
    rules::Edition edition = rules::Edition::E2023;  // Laws of Chess edition (written 2005 or 2023)
    std::string language = "en";                     // notation language: en pl de fr es nl ru fa
    // The language of the screens and papers (issue 12, docs/i18n.md): "" = the notation language's when a
    // catalogue exists for it, else English. Checked against the catalogues by the programs (i18n).
    std::string ui_language;
    std::string classification = "auto";  // auto | standard | rapid | blitz
    EngineSettings engine;
    double handling_reserve_s = 5.0;       // E.III 2.1 starting per-move operator handling reserve
    int handling_safety_moves = 2;         // E.III 2.1: extra moves' reserves kept back (CMP-2.1: 0)
    double faster_rate_threshold_s = 120;  // E.III 2.2: "short of time" below this remaining time
    bool enforce_recording = true;         // REC-03: block the next engine move until recorded
    // CLK-08 default time in minutes (E2005 6.7(a) / E2023 6.7.1); -1: the edition's (2005: 60, 2023: 0).
    double default_time_min = -1;
    DrawPolicy policy;
    Consultant consultant;
    // QPF-01 / Q8: E2023 Guidelines III as announced for the event: "none" (not announced), "claim"
    // (III.5), "increment" (III.4) or "both" (III.5 until a III.4 increment is granted). E2005 Art. 10
    // needs no announcement (its claim is always offered; III.4 does not exist).
    std::string quickplay_finish = "none";
    bool arbiter_in_venue = true;  // QPF-04: false = App. D / III.6, a claim ends the game provisionally
    // Spoken announcements (App. F 2005 / App. D 2023, blind players; demonstrations): off | computer | all.
    std::string speech = "off";
    std::optional<EboardSetup> eboard;  // none: the moves are typed
};

// The edition as the setup JSON, the journal and the forms write it (2005, 2023), and back.
int editionYear(rules::Edition edition);
std::optional<rules::Edition> editionFromYear(int year);

// CLK-08: the event's default time, or nullopt when unspecified (the edition's applies, clock/rulings).
std::optional<std::chrono::milliseconds> specifiedDefaultTime(const EventSetup& setup);

// Checks every field and names the first bad one with what would be right.
[[nodiscard]] tl::expected<void, std::string> validate(const EventSetup& setup);

nlohmann::json toJson(const EventSetup& setup);
// Reads a setup; missing keys keep their defaults, unknown keys and bad values are errors.
[[nodiscard]] tl::expected<EventSetup, std::string> eventSetupFromJson(const nlohmann::json& j);

// A list of "path: old -> new" for the fields that differ (for the refusal log of E.III 2.2).
std::vector<std::string> setupDifferences(const EventSetup& a, const EventSetup& b);

}  // namespace oc::event
