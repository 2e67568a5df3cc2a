#pragma once
// Private to the audit: one pass over the journal's records that every check reads from: the event
// setup, the half-move count before each record, and the computer's searches with their go, move,
// evaluation and clock press.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "event/event_setup.hpp"
#include "journal/journal.hpp"
#include "rules/color.hpp"
#include "session/engine_link.hpp"
#include "session/no_engine.hpp"
#include "session/record_sink.hpp"
#include "session/session.hpp"
#include "session/snapshot.hpp"

namespace oc::audit::detail {

using nlohmann::json;

// One search for the computer's move, from its `go` (or ponder hit) to the clock press.
struct Search {
    std::size_t record = 0;  // the go / ponder_hit record
    int ply = 0;             // half-moves played when it started
    std::int64_t t = 0;
    std::int64_t given_ms = 0;  // the computer's time in the go
    bool faster = false;
    std::optional<std::size_t> move_record;  // engine_move or engine_move_withheld
    std::optional<std::int64_t> move_t, shown_t, press_t;
    std::optional<std::int64_t> sealed_t;  // its move was sealed: handling ends here (Guidelines I.9)
    std::optional<std::size_t> press_record;
    std::optional<int> eval_cp;
    std::string uci;
};

// The engine lines of the engine_io records, held compactly: one string per record and where each line
// ends. A long game's journal is mostly engine lines, and as a JSON array of strings they cost several
// times their bytes; the audit reads them straight from the journal into this (issue 23: 50 MB journal).
class EngineLines {
  public:
    // Moves the lines out of an engine_io record (its "lines" left an empty array, which the session's
    // replay accepts: it never reads them); other records are left alone.
    void take(std::size_t index, journal::Record& record);
    // Copies them from records read whole.
    void copy(const std::vector<journal::Record>& records);
    // The lines of record `index` (none for a record that is no engine_io).
    std::vector<std::string_view> at(std::size_t index) const;

  private:
    struct Io {
        std::string text;
        std::vector<std::uint32_t> ends;
    };
    void keep(std::size_t index, const json& lines);
    std::vector<Io> io_;  // by record index
};

// The session's state just before a record that a check judges by it, kept by the audit's one replay
// (issue 37: replaying the records before each such record again made the audit quadratic).
struct Before {
    rules::ByColor<session::Ms> remaining;      // the mirrored clocks at the record's time
    event::Indication indication;               // the locked policy's indication then
    std::string last_move;                      // the scoresheet's last move ("Gf1"), "" when none
    std::optional<std::string> faster_refusal;  // a `faster` record: why the command would be refused
    std::string fen;  // the game's position (an e-board record's picture is compared)
};

// The records of these types are judged by the state just before them; `correct` and `resume` also by
// the state just after them (the move they put on the scoresheet).
bool judgedBefore(const std::string& type);
bool judgedAfter(const std::string& type);

struct Timeline {
    const std::vector<journal::Record>* records = nullptr;
    const EngineLines* engine_lines = nullptr;
    event::EventSetup setup;
    std::string setup_error;  // empty when the setup record was read
    rules::Color computer = rules::Color::Black;
    std::vector<int> ply_before;  // half-moves played before each record index
    std::optional<std::size_t> start, first_move;
    std::vector<Search> searches;
    std::vector<json> session_records;  // records 1.. in the session's form, for Session::restore
    std::vector<std::pair<std::size_t, Before>> before;  // by journal record index, ascending
    int reserve_rule = 0;     // the handling-reserve rule the journal is judged by (0: this console's)
    int journal_version = 0;  // the header's
    std::string app;          // the header's "app" ("operator-cli play"); empty when it does not say
    std::string written_by;   // the header's program, "operator-console 1.0.0 (commit ...)"; empty: none
    // Where an older console resumed the game without a console_resumed record (unannouncedResumes),
    // ascending: the checks of restarts read them as the record newer consoles write there.
    std::vector<std::size_t> unannounced_resumes;

    const journal::Record& at(std::size_t i) const { return (*records)[i]; }
    std::vector<std::string_view> lines(std::size_t i) const { return engine_lines->at(i); }
    std::size_t size() const { return records->size(); }
    rules::Color human() const { return ~computer; }
    // Record `i` is a console_resumed, or an older console's unannounced resume.
    bool resumedAt(std::size_t i) const;
    const char* computerName() const { return computer == rules::Color::White ? "white" : "black"; }
};

// `session_records` are sessionRecords(contents), made once by the caller (who replays them first).
Timeline buildTimeline(const journal::JournalContents& contents, const EngineLines& engine_lines,
                       std::vector<json> session_records);

// Consoles before console_resumed existed (journal version 1 before 42adec1e) journaled a resume only by
// what the resumed process did: the new engine's handshake ("> uci" first) after the game's searches
// began, then the search in flight issued again as a `go` counted again from search 1, at the journal's
// last time. The engine_io records of those handshakes (issue 37 item 1: the audit recognises an older
// console's records, never accusing what that console did of itself).
std::vector<std::size_t> unannouncedResumes(const Timeline& tl);

// The session time of a record (its payload's "t", in ms).
std::int64_t timeOf(const journal::Record& r);
// "1:29:58.5" for ms.
std::string clockText(std::int64_t ms);
// "move 12 (White)" style label for the half-move after `ply` half-moves.
std::string moveLabel(int ply);

// The session's replay: its state, and the engine and record sink it was restored with.
struct Rebuilt {
    session::MemorySink sink;
    session::NoEngine engine;
    std::unique_ptr<session::Session> session;
    std::string error;
};
// The state just before record `index` (judgedBefore / judgedAfter), as the replay passed it; nullptr
// when the replay did not reach it.
const Before* beforeRecord(const Timeline& tl, std::size_t index);
// The last move of the scoresheet just before record `index`, in the event's notation as the console
// showed it ("Gf1"); `fallback` (the record's UCI) when the game cannot be rebuilt there.
std::string scoresheetMoveBefore(const Timeline& tl, std::size_t index, const std::string& fallback);

}  // namespace oc::audit::detail
