#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <tl/expected.hpp>
#include <vector>

#include "event/event_setup.hpp"
#include "session/adjournment_form.hpp"
#include "session/commands.hpp"
#include "session/engine_link.hpp"
#include "session/quickplay.hpp"
#include "session/record_sink.hpp"
#include "session/scoresheet_data.hpp"
#include "session/snapshot.hpp"

namespace oc::session {

// The operator's game (FIDE Handbook E.III): one thread owns it. Commands go in through dispatch(),
// engine events through poll(); every change is one record written to the sink before it takes effect,
// so replaying the records rebuilds the same state.
class Session {
  public:
    // A new game: validates the setup and writes it as the first record.
    [[nodiscard]] static tl::expected<std::unique_ptr<Session>, std::string> create(
        const event::EventSetup& setup, RecordSink& sink, EngineLink& engine, TimePoint now);
    // Rebuilds a game from its records (crash recovery, replay); nothing is written while replaying.
    // The engine is not contacted until the first poll(). When a record cannot be replayed, `failure`
    // (if given) receives its index in `records` and the reason alone (the error adds the index).
    struct RestoreFailure {
        std::size_t index = 0;
        std::string reason;
    };
    [[nodiscard]] static tl::expected<std::unique_ptr<Session>, std::string> restore(
        const std::vector<nlohmann::json>& records, RecordSink& sink, EngineLink& engine,
        RestoreFailure* failure = nullptr);
    ~Session();

    // Records that `program` reopened the journal after its record `from_seq` (host::Game::open): a
    // "console_resumed" record; the window then asks for the table clock until a reading is entered.
    [[nodiscard]] tl::expected<void, Rejection> recordResume(const std::string& program,
                                                             std::uint64_t from_seq, TimePoint now);
    // Journals something the console itself met that the arbiter should see (the "note" record; never
    // replayed into the game), e.g. spoken moves asked for but off because no sound device opened.
    [[nodiscard]] tl::expected<void, Rejection> recordNote(const std::string& about, const std::string& text,
                                                           TimePoint now);
    // Journals what the electronic board reported that mattered (issue 24): its identity on connecting,
    // a loss, a settled picture that differs and its end, and which commands came from it. `fields`
    // become the "eboard" record's (an "event" and its details); evidence for the arbiter's audit only.
    [[nodiscard]] tl::expected<void, Rejection> recordEboard(const nlohmann::json& fields, TimePoint now);
    // Performs one operator command at time `now`, or says why not (and changes nothing but the log).
    [[nodiscard]] tl::expected<void, Rejection> dispatch(const Command& command, TimePoint now);
    // Drains engine events, starts the search the state needs, reports deadlines.
    void poll(TimePoint now);
    // A copy of everything a view shows, with clocks read at `now`.
    Snapshot snapshot(TimePoint now) const;

    // The audit's step-by-step replay: one more record applied as restore() applies each (an error says
    // why the console could not have written it here).
    [[nodiscard]] tl::expected<void, std::string> replayRecord(const nlohmann::json& record);
    // What the session sends its engine at `now`: the game's moves (UCI, from the start) and the `go`
    // values of the E.III 2.1 budget (`ponder`: of `go ponder`, sent while the human's clock runs).
    std::vector<std::string> uciMoves() const;
    GoParams goBudget(TimePoint now, bool ponder) const;
    // The audit's replay of a journal by an older console: the handling reserve follows that console's
    // rule (session/journal_header.hpp), named in its header or recognised from its figures. The console
    // itself always keeps its own rule; call this before the first handling is measured.
    void judgeByReserveRule(int rule);
    // The `draw_answer` record the session writes next, computed from the record just applied (an answer
    // to a draw offer, a move that declines one, an offer that lapsed), without its "t"; nullopt when none
    // is due. The audit compares the journal's own draw_answer with it (E.III 3.2-3.3).
    std::optional<nlohmann::json> drawAnswerDue() const;
    // Why the operator's faster-rate command (cmd::FasterRate) would be refused at `now`, nullopt when it
    // would be accepted: the command's own test, with nothing written (E.III 2.2).
    std::optional<std::string> fasterRateRefusal(bool on, TimePoint now) const;

    // The legal moves of the side to move, in UCI (drivers pick random moves from them).
    std::vector<std::string> legalMoves() const;
    // The time of the game's last change (engine I/O records left out): simulations resume from it.
    TimePoint lastRecordTime() const;
    // PGN export: Seven Tag Roster, TimeControl, English SAN, %clk/%emt, "(=)" comments, result.
    std::string pgn() const;
    // CMP-4 (E.III: prizes set aside for computers): the game's result for pairing and prize software;
    // each player carries `is_computer` (and `type` program/human, as the PGN's WhiteType/BlackType).
    nlohmann::json resultsJson() const;
    // The printable scoresheet's content (print::writeScoresheetPdf), in the event's notation; no
    // evaluations.
    ScoresheetData scoresheetData() const;
    // The FIDE scoresheet as text in the event's language (numbered pairs, "(=)", result).
    std::string scoresheetText() const;
    // The envelope's adjournment record (Guidelines I.2) while adjourned, else nullopt; never the sealed
    // move. `resumption` (g) and `adjourned_at` are the arbiter's words, printed as given; without
    // `resumption`, (g) is the text journalled for this adjournment (cmd::EnvelopeResumption).
    std::optional<AdjournmentFormData> adjournmentForm(TimePoint now, const std::string& resumption = "",
                                                       const std::string& adjourned_at = "") const;

    // QPF-04: the last quickplay claim's export (final position, scoresheet, clocks, claimant, time);
    // nullopt when no claim was made. `claimed_at`: the wall time if the caller knows it, else game time.
    std::optional<QuickplayClaimExport> quickplayClaimExport(const std::string& claimed_at = "") const;

    struct Impl;  // opaque: defined in src/session_impl.hpp

  private:
    Session(RecordSink& sink, EngineLink& engine);
    std::unique_ptr<Impl> impl_;
};

}  // namespace oc::session
