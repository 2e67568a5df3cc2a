#pragma once
// The session's state and the functions that turn commands into records and records into state.

#include <deque>
#include <functional>
#include <map>
#include <optional>

#include "chess_game.hpp"
#include "records.hpp"
#include "session/quickplay.hpp"
#include "session/session.hpp"
#include "session_clock.hpp"

namespace oc::session {

using nlohmann::json;
using rules::Color;
using Outcome = tl::expected<void, Rejection>;
// A record that cannot be applied (an illegal move, a missing setup ...) says why; nothing throws.
using Applied = tl::expected<void, std::string>;

std::int64_t toMs(TimePoint t);
TimePoint fromMs(std::int64_t ms);
const char* colorName(Color c);
Color colorFrom(const std::string& name);

// Issue 37: what the session's rules refuse, for a command and for the record that command would write.
// One check serves both: the command refuses with `why` (its catalogue text); the replay refuses the
// record as `type: field "field": why` (no field: the state itself refuses it), and the audit reports
// that record as one the console cannot have written.
struct Refusal {
    std::string field, why;
};
using Check = std::optional<Refusal>;
tl::unexpected<std::string> refusedRecord(const char* type, const Refusal& r);
// A field that differs from what the session computes in this state (a claim's verdict, a ruling's
// figures): a forger's edit, for the console writes only what it computed.
Refusal differs(const char* field, const std::string& recorded, const std::string& computed);

struct PendingClaim {
    Color claimant = Color::White;
    std::optional<std::string> intended_uci;
};

// QPF-02/04: a quickplay-finish claim with what the export needs (readings at the claim).
struct QuickplayClaimState {
    Color claimant = Color::White;
    bool postponed = false;    // the arbiter postponed: play goes on, the claim stays open
    bool provisional = false;  // no arbiter in the venue: the claim ended the game (III.6.1 / D1)
    TimePoint at{};
    Ms white{0}, black{0};
    std::string fen;
};

// QPF-03: a III.4 increment request (a draw offer first, then the arbiter's decision).
struct IncrementRequestState {
    Color requester = Color::White;
    bool refused_as_draw = false;
};

// The typed sub-states of a game: each holds the fields of one part of the rules, so a reader finds
// what, say, an adjournment changes in one place. All are rebuilt by replaying the records, except
// where marked "runtime only".

// The move cycle (E.III 1.4, REC-03): the engine's move shown until it is made on the board, pressed
// and recorded, and the start of the human's turn.
struct MoveCycle {
    std::optional<PendingEngineMove> engine_move;
    TimePoint engine_move_at{};
    TimePoint turn_started_at{};
    bool unrecorded = false;          // REC-03: the computer's last move is not yet on the scoresheet
    std::string expected_human_move;  // the engine's predicted reply (never shown publicly)
};

// Draw offers and claims (Art. 9.1-9.3; E.III 3.3: only on the computer's indication).
struct DrawState {
    bool human_offer = false, computer_offer = false;
    std::optional<int> last_rejected_offer;
    std::optional<PendingClaim> claim;
    // E.III 3.2-3.3: the `draw_answer` record due right after the record just applied, which answered an
    // offer (session_answers.cpp). commit() writes it at once; a journal cut between the two gets it at
    // the next resume, so every answer is on the record exactly once.
    std::optional<json> answer_due;
};

// Adjournment (Guidelines I on adjourned games; ADJ-01..10): the seal request, the sealed move kept
// secret, and the times the envelope and the scoresheet need.
struct AdjournmentState {
    bool seal_requested = false;
    std::optional<Color> sealed_by;
    std::string sealed_uci, sealed_text;
    // Each adjournment (ADJ-03, Art. 8.1 scoresheet): the ply of the sealed move and who sealed it.
    std::vector<std::pair<std::size_t, Color>> seals;
    // Guidelines I.2(c): each sealer's clock time on its sealed moves before the adjournment (a resumed
    // sealed move's elapsed counts from the resumption only).
    rules::ByColor<Ms> time_before_seal{};
    // The sealed move of the current adjournment: its clock time before the seal, and the part of its
    // handling (engine's choice -> envelope sealed) that ran on the computer's clock. The break between
    // the sessions is neither (Guidelines I.2(c), I.9; E.III 2.1).
    Ms sealed_turn_time{}, sealed_handling{};
    json envelope;
    std::string resumption;    // (g) the resumption's date, time and venue, as the arbiter worded it
    bool withheld = false;     // the engine's move chosen under a seal request is kept out of the journal
    std::string withheld_uci;  // runtime only: the move behind `withheld`, never journaled
    bool clock_waits_for_sealed_move = false;  // resumed: both clocks stopped until the sealed move's press
};

// The quickplay finish (Guidelines III; QPF-01..04).
struct QuickplayState {
    std::optional<QuickplayClaimState> claim, last;  // the open claim; the last one (export)
    std::optional<IncrementRequestState> increment_request;
    bool increment_granted = false;
};

// Irregularities (Art. 6.12, 7.5; IRR-01..07) and late arrival (Art. 6.7; CLK-08).
struct IrregularityState {
    std::optional<Color> flag_reported;
    rules::ByColor<int> illegal{};
    int computer_flags = 0;
    rules::ByColor<bool> arrived{};  // late arrivals recorded in this session
    // Each side's first clock press of this session (the sealed move excluded): a side that has moved was
    // at the board, so its arrival lies before that press (Art. 6.7).
    rules::ByColor<std::optional<TimePoint>> first_press{};
    std::optional<Color> forfeit_proposed;  // waiting for the arbiter's confirmation
};

// The engine (E.III 3.4 module changes; faults, restarts and the current search).
struct EngineState {
    std::vector<std::pair<std::size_t, event::Evaluation>> evals;  // (ply before the computer's move, score)
    int restarts = 0;
    std::string last_fault;
    std::optional<engine_event::OptionRequest> module_request;  // the engine's pending instruction
    // Carried-out changes not yet sent to this engine process; replayed, so that a restored session
    // sends them to its fresh engine before the first search.
    std::vector<engine_event::OptionRequest> options_to_send;
    // Runtime only (not replayed): the engine's current search.
    std::uint64_t search_id = 0;
    bool searching = false;
    std::size_t search_plies = 0;
    std::vector<std::string> search_moves;
    std::vector<std::string> pending_io;  // engine lines of the running search, journaled when it ends
};

// Runtime only: pondering on the human's time (engine.ponder). Never replayed (a resumed game ponders
// again only after the engine's next move) and never on a public display (Q18).
struct PonderState {
    struct Search {
        std::uint64_t id = 0;
        std::vector<std::string> moves;  // the game after the human's expected reply
        GoParams go;                     // the figures `go ponder` carried: ponderhit keeps them
    };
    std::string candidate;           // the engine's expected reply to its last move shown ...
    std::vector<std::string> after;  // ... in the game ending with that move
    std::optional<Search> search;
};

struct Session::Impl {
    Impl(RecordSink& s, EngineLink& e) : sink(s), engine(e) {}

    RecordSink& sink;
    EngineLink& engine;

    // Game state: rebuilt exactly by replaying the records.
    event::EventSetup setup;
    bool locked = false;
    Phase phase = Phase::Setup;
    ChessGame game{rules::Edition::E2023, "en"};
    std::optional<SessionClock> clock;
    int reserve_rule = 0;  // 0: this console's own; else the older rule an audit replays by
    std::vector<ScoresheetMove> moves;
    std::string result = "*", termination;
    std::deque<std::string> notices;
    // CLK-01: the last table clock reading differed by more than the tolerance: what, at which move, and
    // the clock presses since (issue 22: dropped after two, so a warning never outlives its moment).
    std::string sync_warning;
    // The entry moves of the position last asked for (snapshots are taken every frame; the position
    // changes once a move).
    mutable std::string entry_fen;
    mutable std::vector<EntryMove> entry_moves;
    int sync_warning_move = 0;
    int presses_since_warning = 0;
    // The operator's last typed reading, while no move has been made since: a board reading that then
    // replaces it says so (issue 34 item 14), never silently.
    struct TypedReading {
        std::size_t plies = 0;
        std::optional<Ms> white, black;
    };
    std::optional<TypedReading> typed_reading;
    TimePoint started_at{};
    TimePoint session_start{};  // CLK-08: the start or resumption the default time counts from
    std::uint64_t records = 0;
    TimePoint last_t{};
    bool resync_needed = false;  // resumed: no table-clock reading entered since (E.III 1.1)
    MoveCycle cycle;
    DrawState draws;
    AdjournmentState adjourn;
    QuickplayState qpf;
    IrregularityState irregular;
    EngineState engine_state;
    PonderState pondering;

    // Runtime only: why the journal could not be written. From then on the game does not change at
    // all (every command refused, no engine move shown) until it is resumed from the journal: nothing
    // is on screen that is not on disk.
    std::string journal_failure;

    Color computer() const { return setup.computer_side; }
    Color human() const { return ~setup.computer_side; }
    bool over() const { return phase == Phase::GameOver; }

    // session.cpp: commands -> records.
    Outcome dispatch(const Command& c, TimePoint now);
    Outcome commit(json record, TimePoint now);
    Outcome commitDueAnswer(TimePoint now);
    Outcome refuse(const std::string& command, const std::string& why, TimePoint now);
    Outcome journalFailed(const std::string& why);
    Outcome halt(std::string why);
    Outcome stopped() const { return tl::make_unexpected(Rejection{journal_failure}); }
    void notice(std::string text);

    // session_apply.cpp: records -> state.
    Applied apply(const rec::Record& r);
    Applied playHuman(const std::string& uci, TimePoint pressed, bool offer);
    Applied writeComputerMove(const std::string& uci, TimePoint t);
    void endGame(const std::string& result, const std::string& termination, TimePoint t);
    void checkEnding(TimePoint t);
    // `increment_earned`: the console credited the illegal move's increment (it took the move); false for
    // a move it never took (a king capture, an illegal move completed on the e-board).
    void illegalMove(int ply, TimePoint t, bool increment_earned = true);
    void penalizeIllegal(Color side, TimePoint t, bool increment_earned);

    // session_engine.cpp: the engine side.
    void poll(TimePoint now);
    void flushEngineIo(TimePoint now);
    void reconcile(TimePoint now);

    // session_ponder.cpp: pondering on the human's time.
    std::optional<std::string> ponderRefusal() const;
    void notePonderMove(const std::vector<std::string>& searched, const std::string& best,
                        const std::string& expected);
    bool settlePonder(bool need, const std::vector<std::string>& moves_now, TimePoint now);
    void startPonder(TimePoint now);
    void endPonder(json record, TimePoint now);
    event::Indication indication(TimePoint now) const;
    bool computerClaimValid(cmd::ClaimKind kind) const;
    bool anyComputerClaimValid() const;

    // session_quickplay.cpp (QPF-01..04).
    QuickplayFacts quickplayFacts(Color side) const;
    std::string quickplayObstacle(Color side, QuickplayAct act, TimePoint now) const;
    bool qpfAwaitsArbiter() const { return qpf.claim && !qpf.claim->postponed; }
    void quickplaySnapshot(Snapshot& snap, TimePoint now) const;
    void clockSnapshot(Snapshot& snap, TimePoint now) const;
    void incrementOfferRefused(Color by);

    // session_view.cpp
    Snapshot snapshot(TimePoint now) const;
    // The human's legal moves in the event's notation, remembered for the position (Snapshot::entry_moves).
    const std::vector<EntryMove>& entryMoves() const;
    std::string pgn() const;
    std::vector<std::string> scoresheetLines() const;
};

// session_answers.cpp: the `draw_answer` record an answering record calls for, read before it applies.
std::optional<json> answerIn(const Session::Impl& s, const rec::Record& r);
// The offers pending before a record, to see which one it ended without an answer.
struct OffersBefore {
    bool human = false, computer = false;
    std::size_t moves = 0;
};
OffersBefore offersBefore(const Session::Impl& s);
// Read after the record applied: the `draw_answer` for an offer it ended other than by an answer or a
// played move (answerIn): the human's sealed or written move, the game's end, a reinstated position.
std::optional<json> offerEnded(const Session::Impl& s, const OffersBefore& before);

// The checks the commands and the replay of their records share (issue 37).
Check illegalCheck(const Session::Impl& s, int ply);
Check claimCheck(const Session::Impl& s, const rec::Claim& r);  // kind and verdict too
Check resultCheck(const Session::Impl& s, const std::string& result);
Check correctCheck(const Session::Impl& s, const std::string* old_uci, const std::string* uci);
Check resignCheck(const Session::Impl& s);
Check flagCheck(const Session::Impl& s, Color side, bool confirm, bool need_report);
Check forfeitCheck(const Session::Impl& s, std::optional<Color> side);
Check arrivalCheck(const Session::Impl& s, const rec::Arrival& r, TimePoint now);
Check illegalKindCheck(const Session::Impl& s, const rec::IllegalKind& r);
Check qpfClaimCheck(const Session::Impl& s, const rec::QpfClaim& r, TimePoint now);
Check qpfRulingCheck(const Session::Impl& s, const rec::QpfRuling& r);
Check incrementRequestCheck(const Session::Impl& s, Color requester, TimePoint now);
Check incrementRulingCheck(const Session::Impl& s);

// session_commands.cpp: validation of the commands that are not part of the move cycle.
Outcome humanOffer(Session::Impl& s, TimePoint now);
Outcome answerHuman(Session::Impl& s, const cmd::AnswerHumanOffer& c, TimePoint now);
Outcome computerOffer(Session::Impl& s, TimePoint now);
Outcome humanAnswers(Session::Impl& s, const cmd::HumanAnswersOffer& c, TimePoint now);
Outcome claimDraw(Session::Impl& s, const cmd::ClaimDraw& c, TimePoint now);
Outcome resign(Session::Impl& s, const cmd::Resign& c, TimePoint now);
Outcome reportFlag(Session::Impl& s, const cmd::ReportFlag& c, TimePoint now);
Outcome confirmFlag(Session::Impl& s, const cmd::ArbiterConfirmFlag& c, TimePoint now);
Outcome pause(Session::Impl& s, bool on, TimePoint now);
Outcome adjust(Session::Impl& s, const cmd::ArbiterAdjustClock& c, TimePoint now);
Outcome illegalCmd(Session::Impl& s, const cmd::ArbiterIllegalMove& c, TimePoint now);
Outcome correct(Session::Impl& s, const cmd::CorrectEntry& c, TimePoint now);
Outcome arbiterResult(Session::Impl& s, const cmd::ArbiterResult& c, TimePoint now);
Outcome consult(Session::Impl& s, const cmd::Consultation& c, TimePoint now);
Outcome faster(Session::Impl& s, const cmd::FasterRate& c, TimePoint now);
Outcome requestSeal(Session::Impl& s, TimePoint now);
Outcome sealHuman(Session::Impl& s, const cmd::SealHumanMove& c, TimePoint now);
Outcome sealComputer(Session::Impl& s, const cmd::SealComputerMove& c, TimePoint now);
Outcome resume(Session::Impl& s, const cmd::Resume& c, TimePoint now);
Outcome resumptionText(Session::Impl& s, const cmd::EnvelopeResumption& c, TimePoint now);
// session_quickplay.cpp: QPF-02..04 commands and their records.
Outcome quickplayClaim(Session::Impl& s, const cmd::ClaimDraw& c, TimePoint now);
Outcome arbiterQuickplay(Session::Impl& s, const cmd::ArbiterQuickplay& c, TimePoint now);
Outcome requestIncrement(Session::Impl& s, const cmd::RequestIncrement& c, TimePoint now);
Outcome arbiterIncrement(Session::Impl& s, const cmd::ArbiterIncrement& c, TimePoint now);
Applied on(Session::Impl& s, const rec::QpfClaim& r, TimePoint t);
Applied on(Session::Impl& s, const rec::QpfRuling& r, TimePoint t);
Applied on(Session::Impl& s, const rec::IncrementRequest& r, TimePoint t);
Applied on(Session::Impl& s, const rec::IncrementRuling& r, TimePoint t);

// session_modules.cpp: E.III 3.4 resource changes on the engine's instruction.
Outcome moduleChange(Session::Impl& s, const cmd::ModuleChange& c, TimePoint now);
void engineRequest(Session::Impl& s, const engine_event::OptionRequest& r, TimePoint now);
void on(Session::Impl& s, const rec::EngineRequest& r, TimePoint t);
void on(Session::Impl& s, const rec::ModuleChange& r, TimePoint t);
void sendChangedOptions(Session::Impl& s, TimePoint now);
// session_irregular.cpp: IRR-04 kinds entered by hand and CLK-08 late arrival (commands and records).
Outcome illegalKind(Session::Impl& s, const cmd::ArbiterIllegalKind& c, TimePoint now);
// A refused move entry that may be an IRR-04 irregularity on the board: what the arbiter can rule.
std::string withIrregularHint(const std::string& error, const char* side);
Outcome arrival(Session::Impl& s, const cmd::Arrival& c, TimePoint now);
Outcome forfeit(Session::Impl& s, const cmd::ArbiterForfeit& c, TimePoint now);
Applied applyIllegalKind(Session::Impl& s, const rec::IllegalKind& r, TimePoint t);
Applied on(Session::Impl& s, const rec::Arrival& r, TimePoint t);
Applied on(Session::Impl& s, const rec::Forfeit& r, TimePoint t);

}  // namespace oc::session
