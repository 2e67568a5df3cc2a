#pragma once
// Private to the audit: the checks, one function per rule. Each reads the timeline (and the game as
// the session rebuilds it), returns its verdict with evidence, and adds what the pictures need.

#include <fmt/format.h>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "i18n/mark.hpp"
#include "session/snapshot.hpp"
#include "timeline.hpp"

namespace oc::audit::detail {

// Fills a check's verdict from its breaches (records + lines) or, without breaches, ok / n/a.
struct Findings {
    std::vector<std::size_t> breach_records;
    std::vector<std::string> breaches;
    std::vector<std::string> details;
    std::vector<std::size_t> records;
    std::vector<std::size_t> unjudged_records;
    std::vector<std::string> unjudged;
    void breach(std::size_t record, std::string line);
    void note(std::size_t record, std::string line);
    // What this audit cannot judge (a record an earlier console is known to have written so, issue 37
    // item 1): never a breach, never ok.
    void cannotJudge(std::size_t record, std::string line);
    // Breach when any breach was found, else not-checked when something could not be judged, else ok when
    // `applies`, else n/a; `summary` is the evidence.
    Check finish(Check check, bool applies, const std::string& summary) const;
};

// A search as the session itself would have started it at its `go` / `ponder_start` record: the game
// it sends the engine and the E.III 2.1 budget at that moment (the session's own code, replayed).
struct SearchStart {
    std::size_t record = 0;
    bool ponder = false;
    std::vector<std::string> moves;  // UCI from the start (a ponder search: with the expected reply)
    session::GoParams go;
};

// A draw answer as the session's replay computes it (Session::drawAnswerDue) against what the journal holds
// where the console writes it: right after the record that answered or ended the offer (after a
// console_resumed, when the console was stopped between the two).
struct DueAnswer {
    std::size_t record = 0;        // the journal's draw_answer, or the record found where one was due
    std::size_t answered_by = 0;   // the last record before it that changed the game (not a resume)
    std::string answered_type;     // that record's type
    std::optional<json> expected;  // the draw_answer the console writes there; nullopt: none was due
    bool journalled = false;       // `record` is a draw_answer
};

// A breach found by reading the engine's lines against the game, for the check whose rule it breaks.
struct LineFinding {
    std::string check;
    std::size_t record = 0;
    std::string line;
    bool budget = false;    // the computer's own time against the reserve rule (judged by the writer's rule)
    bool unjudged = false;  // what an earlier console is known to have done of itself: not judged
};

// What the checks share: the records' timeline and the final game as the session rebuilt it.
struct Context {
    const Timeline& tl;
    std::vector<session::ScoresheetMove> moves;  // the final scoresheet with %clk / %emt
    std::string rebuild_error;                   // non-empty when the session could not rebuild the game
    std::string result{"*"};                     // the game's result as the session rebuilt it
    std::vector<SearchStart> starts;             // every search start, recomputed by the session
    std::vector<DueAnswer> answers;              // every draw answer due or journalled, by the replay
    std::vector<LineFinding> engine_findings;    // engineLineFindings(): position, setoption, go, gaps
    // The header names its program (a console since draw_answer records): every answer is written, so
    // one missing is never excused as an older console's.
    bool writes_draw_answers = false;
    // Adds this check's engine-line breaches to `f`.
    void addEngineFindings(const std::string& check, Findings& f) const;
};

// English writes "1 search" but "2 searches": each form is a whole pattern of its own for the catalogue
// (Polish picks its plural wording in the translation). Forms: a's one, many; or with b: one/one,
// one/many, many/one, many/many. The patterns take a then b.
// Which of four forms (one/one, one/many, many/one, many/many) two counts take.
inline std::size_t formOf(std::size_t a, std::size_t b) {
    return (a != 1 ? 2u : 0u) + (b != 1 ? 1u : 0u);
}

// More arguments follow b.
template <std::size_t N, typename... More>
std::string counted(const char* const (&forms)[N], std::size_t a, std::size_t b = 1, const More&... more) {
    static_assert(N == 2 || N == 4);
    const std::size_t i = N == 4 ? formOf(a, b) : (a != 1 ? 1u : 0u);
    return fmt::format(fmt::runtime(forms[i]), a, b, more...);
}

// E.III 1.1, 1.4, 2.1-2.3, 3.4, 3.5: every engine line against the game the session rebuilt
// (engine_lines.cpp).
std::vector<LineFinding> engineLineFindings(const Context& ctx);
// E.III 3.4: each engine_request record against the engine's own request line (engine_requests.cpp).
std::vector<LineFinding> requestLineFindings(const Context& ctx);

// The cases in which a `stop` is allowed (stop_cases.cpp), named in the audit's lines.
inline constexpr const char* kStopTakeBack = i18n::N_("take-back or correction");
inline constexpr const char* kStopGameEnd = i18n::N_("end of the game");
inline constexpr const char* kStopAdjournment = i18n::N_("adjournment");
inline constexpr const char* kStopRestart = i18n::N_("engine restart");
inline constexpr const char* kStopPonderMiss = i18n::N_("ponder miss");
inline constexpr const char* kStopModule = i18n::N_("module change before the next search (E.III 3.4)");

struct StopCase {
    const char* what = nullptr;  // one of the kStop... cases
    std::size_t record = 0;      // the record that allows the stop
};

// The case that allows a `stop` of the computer's own search started at record `search`, found among
// the records up to `at` (the engine_io record holding the stop); nullopt when none does.
std::optional<StopCase> searchStopCase(const Context& ctx, std::size_t search, std::size_t at);
// The case that allows a `stop` of the ponder search started at `start` (its ponder_start record): its
// ponder_miss or ponder_stop record, its reason borne out by the records before it; nullopt when none.
std::optional<StopCase> ponderStopCase(const Context& ctx, std::size_t start);

// Guidelines I.5: each computer's envelope opened at resumption holds the move opened there, when the
// arbiter's `passphrase` is given (check_seal_open.cpp); the sealed-move check says so, or that it could not.
void compareOpenedMoves(const Timeline& tl, const std::string& passphrase, Check& sealed_move);

// E.III 1.1: no record's wall or monotonic time before the one it follows; each record's payload time
// ("t") is its monotonic time, and a time it names (the start, a press, the resumption) lies between the
// event it follows and the record itself (check_time_order.cpp).
void timeOrder(const Timeline& tl, Findings& f);

Check checkIntegrity(const journal::JournalContents& contents);

// The journal's signers (signatures.cpp): read from the header and the key changes into the report.
void readSigners(Report& report, const journal::JournalContents& contents);
// A record of the journal's own (a key change): the audit's replay passes over it, so it neither stands
// in a draw answer's place nor changes the state a check judges by.
bool journalOnly(const json& record);
// The integrity check names the signing key, each key change (a breach where the console cannot have
// written it), or says the journal is unsigned and what that cannot prove.
void saySigners(Check& integrity, const Report& report, const journal::JournalContents& contents);
Check checkTableClock(const Context& ctx, Series& series);
Check checkMovesRecorded(const Context& ctx);
Check checkHandlingTime(const Context& ctx, Series& series);
Check checkFasterRate(const Context& ctx, Series& series);
Check checkNoForcedMove(const Context& ctx);
Check checkDrawResign(const Context& ctx, Series& series);
Check checkSealedMove(const Context& ctx);
Check checkEngineFaults(const Context& ctx);
Check checkIrregularities(const Context& ctx);
Check checkEboard(const Context& ctx);  // check_eboard.cpp (issue 24)

}  // namespace oc::audit::detail
