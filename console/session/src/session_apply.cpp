// Records -> state. Everything here is deterministic: replaying the same records gives the same state.
#include <fmt/format.h>

#include <utility>

#include "clock/tc_format.hpp"
#include "i18n/mark.hpp"
#include "session_impl.hpp"

namespace oc::session {

tl::unexpected<std::string> refusedRecord(const char* type, const Refusal& r) {
    if (r.field.empty()) return tl::make_unexpected(fmt::format("{}: {}", type, r.why));
    return tl::make_unexpected(fmt::format("{}: field \"{}\": {}", type, r.field, r.why));
}

Refusal differs(const char* field, const std::string& recorded, const std::string& computed) {
    return Refusal{field, fmt::format("{} recorded, but the console computes {} here", recorded, computed)};
}

namespace {

using Impl = Session::Impl;

const char* winFor(Color c) {
    return c == Color::White ? "1-0" : "0-1";
}

Applied on(Impl& s, const rec::Setup& r, TimePoint) {
    auto clock = SessionClock::create(r.setup.time_control, r.setup.edition, r.setup.classification,
                                      r.setup.handling_reserve_s, r.setup.faster_rate_threshold_s);
    if (!clock) return tl::make_unexpected(fmt::format(i18n::N_("time_control: {}"), clock.error()));
    s.setup = r.setup;
    s.game = ChessGame(s.setup.edition, s.setup.language);
    clock->setSafetyMoves(s.setup.handling_safety_moves);
    if (s.reserve_rule != 0) clock->setReserveRule(s.reserve_rule);
    s.clock = std::move(*clock);
    return {};
}

// Every record but the setup needs the game's clock: a journal must start with its setup.
Applied on(Impl& s, const rec::Start& r, TimePoint) {
    TimePoint at = r.at;
    s.clock->start(at);
    s.cycle.turn_started_at = at;
    s.session_start = at;  // CLK-08: the default time counts from the official start
    s.started_at = at;
    // E.III 2.2: the settings hold from the moment the clocks start, not only from the first move: a time
    // control or engine option changed while the computer searches its first move would change the game.
    s.locked = true;
    s.phase = s.computer() == Color::White ? Phase::EngineThinking : Phase::HumanToMove;
    return {};
}

// CLK-01: a sync warning stands until the clock has been pressed twice after it (one move each side).
void countPress(Impl& s) {
    if (!s.sync_warning.empty() && ++s.presses_since_warning >= 2) s.sync_warning.clear();
}

// CLK-08: the first press of a side in this session shows it was at the board by then.
void notePress(Impl& s, Color side, TimePoint at) {
    if (!s.irregular.first_press[side]) s.irregular.first_press[side] = at;
}

Applied on(Impl& s, const rec::HumanMove& r, TimePoint t) {
    if (auto ok = s.playHuman(r.uci, r.pressed, r.offer); !ok) return ok;
    countPress(s);
    notePress(s, s.human(), r.pressed);
    s.checkEnding(t);
    return {};
}

// The computer's move appears on the operator's screen, unless the previous one is not recorded (REC-03).
Applied on(Impl& s, const rec::EngineMove& r, TimePoint t) {
    auto d = s.game.describe(r.uci);
    if (!d) return tl::make_unexpected(d.error());
    PendingEngineMove m{d->uci, d->local_long, d->san, false, std::nullopt, d->how};
    if (r.cp) m.eval = event::Evaluation{*r.cp, std::nullopt};
    if (r.mate) m.eval = event::Evaluation{0, *r.mate};
    if (m.eval) s.engine_state.evals.emplace_back(s.game.plies(), *m.eval);
    s.cycle.engine_move = m;
    s.cycle.engine_move_at = t;
    bool hold = s.cycle.unrecorded && s.setup.enforce_recording;
    s.phase = hold ? Phase::EngineMoveHeld : Phase::EngineMoveShown;
    if (hold)
        s.notice(i18n::N_("record the computer's previous move: the next move is shown after that (REC-03)"));
    return {};
}

Applied on(Impl& s, const rec::Made& r, TimePoint t) {
    const std::string& uci = r.uci;
    auto d = s.game.describe(uci);
    if (!d) return tl::make_unexpected(d.error());
    if (!s.cycle.engine_move) return tl::make_unexpected(i18n::N_("no engine move to execute"));
    if (r.breach)
        s.notice(fmt::format(
            i18n::N_("board differs from the engine's move: {} played instead of {} (E.III 3.1 breach "
                     "logged for the arbiter)"),
            d->local, s.cycle.engine_move->text));
    // DRW-01: executing the computer's move rejects the human's pending offer; the (=) mark stays.
    if (s.draws.human_offer) s.notice(i18n::N_("the human's draw offer is rejected by the computer's move"));
    s.draws.human_offer = false;
    // Provisional %clk/%emt (final at the press; a mate on the board ends the game before it).
    ScoresheetMove sm{s.game.moveNumber(),
                      s.computer(),
                      d->uci,
                      d->san,
                      d->local,
                      false,
                      s.clock->remaining(s.computer(), t),
                      std::chrono::duration_cast<Ms>(t - s.cycle.turn_started_at)};
    s.game.play(uci);
    s.moves.push_back(sm);
    s.cycle.engine_move->made = true;
    s.cycle.engine_move->uci = uci;
    s.cycle.unrecorded = true;
    s.locked = true;
    s.phase = Phase::EngineMoveMade;
    s.checkEnding(t);
    return {};
}

Applied on(Impl& s, const rec::Pressed& r, TimePoint) {
    TimePoint at = r.at;
    // The console presses only after the computer's move is executed (session.cpp, pressed()).
    if (s.moves.empty() || s.phase != Phase::EngineMoveMade)
        return tl::make_unexpected(i18n::N_("no computer move to press the clock for"));
    countPress(s);
    Ms elapsed = std::chrono::duration_cast<Ms>(at - s.cycle.turn_started_at);
    Ms handling = std::chrono::duration_cast<Ms>(at - s.cycle.engine_move_at);
    // The sealed move's press does not show the operator at the board: the arbiter may execute it.
    if (!s.adjourn.clock_waits_for_sealed_move) notePress(s, s.computer(), at);
    if (std::exchange(s.adjourn.clock_waits_for_sealed_move, false)) {
        // Guidelines I.9: the clocks stood still from the seal until this press, so the sealed move used
        // only its time before the seal (%emt agrees with %clk), and only the handling up to the seal ran
        // on the clock: the break and the resumption's execution stay out of the reserve (E.III 2.1).
        s.clock->resume(at);
        elapsed = std::exchange(s.adjourn.sealed_turn_time, Ms{0});
        handling = std::exchange(s.adjourn.sealed_handling, Ms{0});
    }
    s.clock->press(at);
    s.moves.back().clock_after = s.clock->remaining(s.computer(), at);
    s.moves.back().elapsed = elapsed;
    // E.III 2.1: the handling time (engine's move shown -> clock pressed) feeds the reserve.
    s.clock->recordHandling(handling);
    s.cycle.turn_started_at = at;
    s.cycle.engine_move.reset();
    s.phase = Phase::HumanToMove;
    return {};
}

void on(Impl& s, const rec::Recorded&, TimePoint t) {
    s.cycle.unrecorded = false;
    if (s.phase == Phase::EngineMoveHeld) {
        s.phase = Phase::EngineMoveShown;
        s.cycle.engine_move_at = t;
    }
}

// One reading in the table clock's form, for the sides it gives ("White 4:59, Black 5:00").
std::string readingOf(const std::optional<Ms>& white, const std::optional<Ms>& black) {
    if (white && black)
        return fmt::format(i18n::N_("White {}, Black {}"), clock::formatClock(*white),
                           clock::formatClock(*black));
    if (white) return fmt::format(i18n::N_("White {}"), clock::formatClock(*white));
    return black ? fmt::format(i18n::N_("Black {}"), clock::formatClock(*black)) : std::string();
}

// Issue 34 item 14: the board read the clock after the operator typed a reading, with no move between.
// The board's reading stands (it is the table clock's own, CLK-01), and the operator is told which won.
std::string replacedTyped(const Impl::TypedReading& typed, const rec::Sync& board) {
    return fmt::format(i18n::N_("the board's clock reading ({}) replaced the one typed before it ({}): the "
                                "board reads the table clock itself; if the table clock shows the typed "
                                "times, ask the arbiter to check the clock's cable to the board"),
                       readingOf(board.white, board.black), readingOf(typed.white, typed.black));
}

// The operator's command refuses a negative reading (session.cpp), so a journal holding one was edited.
Applied on(Impl& s, const rec::Sync& r, TimePoint t) {
    if ((r.white && *r.white < Ms(0)) || (r.black && *r.black < Ms(0)))
        return tl::make_unexpected(i18n::N_("a clock reading cannot be negative"));
    s.resync_needed = false;
    // CLK-01: the readings in m:ss; a difference over the tolerance stays highlighted until the next sync.
    auto note = s.clock->sync(r.white, r.black, t, r.board);
    s.notice(note.text);
    if (r.board && s.typed_reading && s.typed_reading->plies == s.game.plies())
        note.warning = replacedTyped(*s.typed_reading, r);
    s.typed_reading.reset();
    if (!r.board) s.typed_reading = Impl::TypedReading{s.game.plies(), r.white, r.black};
    if (!note.warning.empty()) s.notice(fmt::format(i18n::N_("WARNING: {}"), note.warning));
    s.sync_warning = std::move(note.warning);
    s.sync_warning_move = s.game.moveNumber();
    s.presses_since_warning = 0;
    return {};
}

void on(Impl& s, const rec::HumanOffer&, TimePoint) {
    for (auto it = s.moves.rbegin(); it != s.moves.rend(); ++it)
        if (it->side == s.human()) {
            it->draw_offer = true;
            break;
        }
    s.draws.human_offer = true;
}

// The console answers only a pending offer or claim (session_commands.cpp, answerHuman(): the texts
// of these refusals are that file's, translated from its catalogue entries).
Applied on(Impl& s, const rec::AnswerHuman& r, TimePoint t) {
    if (!s.draws.human_offer && s.phase != Phase::ClaimPending)
        return tl::make_unexpected("no draw offer or claim from the human is pending");
    if (r.accept) {
        s.endGame("1/2-1/2", i18n::N_("draw by agreement"), t);
        return {};
    }
    s.draws.human_offer = false;
    s.incrementOfferRefused(s.computer());  // QPF-03: a III.4 request refused as a draw
    if (s.phase != Phase::ClaimPending) return {};
    // Art. 9.5: the incorrect claim stands as a claim; the penalty applies and the written move follows.
    s.notice(s.clock->penalizeClaim(s.human(), t));
    if (s.draws.claim && s.draws.claim->intended_uci)
        s.cycle.expected_human_move = *s.draws.claim->intended_uci;
    s.draws.claim.reset();
    s.phase = Phase::HumanToMove;
    return {};
}

// Art. 9.1: the console offers with the computer's executed move, before the press (computerOffer()).
Applied on(Impl& s, const rec::ComputerOffer&, TimePoint) {
    if (s.moves.empty() || s.phase != Phase::EngineMoveMade || s.draws.computer_offer)
        return tl::make_unexpected(
            "the computer offers a draw after its move is executed and before the clock is pressed "
            "(Art. 9.1)");
    s.moves.back().draw_offer = true;
    s.draws.computer_offer = true;
    return {};
}

// The human answers only the computer's pending offer (session_commands.cpp, humanAnswers()).
Applied on(Impl& s, const rec::AnswerComputer& r, TimePoint t) {
    if (!s.draws.computer_offer) return tl::make_unexpected("no draw offer from the computer is pending");
    if (r.accept) {
        s.endGame("1/2-1/2", i18n::N_("draw by agreement"), t);
        return {};
    }
    s.draws.computer_offer = false;
    s.draws.last_rejected_offer = s.game.moveNumber();
    s.incrementOfferRefused(s.human());  // QPF-03: a III.4 request refused as a draw
    return {};
}

Applied on(Impl& s, const rec::Claim& r, TimePoint t) {
    if (auto no = claimCheck(s, r)) return refusedRecord("claim", *no);
    const Color claimant = r.claimant;
    s.notice(fmt::format(i18n::N_("{} claims a draw ({}): {} - {}"), colorName(claimant), r.kind, r.verdict,
                         r.detail));
    if (r.verdict == "right_lost") return {};
    if (r.verdict == "correct") {
        // Art. 9.2.1 / 9.3.1: the written move is part of the game record; the game is drawn at once.
        Applied written = !r.intended             ? Applied{}
                          : claimant == s.human() ? s.playHuman(*r.intended, t, false)
                                                  : s.writeComputerMove(*r.intended, t);
        if (!written) return written;
        s.endGame("1/2-1/2",
                  r.kind == "threefold" ? i18n::N_("threefold repetition") : i18n::N_("fifty-move rule"), t);
        return {};
    }
    if (claimant == s.human()) {
        // DRW-02: the operator may take the incorrect claim as a draw offer before the penalty applies.
        s.draws.claim = PendingClaim{claimant, r.intended};
        s.phase = Phase::ClaimPending;
        return {};
    }
    s.notice(s.clock->penalizeClaim(claimant, t));
    return {};
}

Applied on(Impl& s, const rec::Resign& r, TimePoint t) {
    if (auto no = resignCheck(s)) return refusedRecord("resign", *no);
    s.endGame(winFor(~r.side), i18n::N_("resignation"), t);
    return {};
}

Applied on(Impl& s, const rec::FlagReported& r, TimePoint) {
    if (auto no = flagCheck(s, r.side, false, false)) return refusedRecord("flag_reported", *no);
    const Color side = r.side;
    s.irregular.flag_reported = side;
    if (side == s.computer()) ++s.irregular.computer_flags;
    s.notice(fmt::format(i18n::N_("{}'s flag reported: verify on the official clock (Art. 6.12.2 / 6.15)"),
                         colorName(side)));
    if (s.qpf.claim)  // QPF-02: 10.2(b) / III.5.2: the result is declared by the arbiter, never scored here
        s.notice(i18n::N_(
            "a quickplay claim is open: the arbiter gives the final decision (arbiter qpf draw|reject)"));
    return {};
}

Applied on(Impl& s, const rec::FlagConfirmed& r, TimePoint t) {
    if (auto no = flagCheck(s, r.side, true, false)) return refusedRecord("flag_confirmed", *no);
    const Color side = r.side;
    // Art. 6.9: a fallen flag loses, unless the opponent cannot checkmate by any series of legal moves.
    if (!s.game.canMate(~side))
        s.endGame("1/2-1/2", i18n::N_("time forfeit, opponent cannot mate (Art. 6.9)"), t);
    else
        s.endGame(winFor(~side), i18n::N_("time forfeit"), t);
    return {};
}

void on(Impl& s, const rec::Pause& r, TimePoint t) {
    r.on ? s.clock->pause(t) : s.clock->resume(t);
}

void on(Impl& s, const rec::Adjust& r, TimePoint t) {
    s.clock->adjust(r.side, r.delta, r.reason, t);
    s.notice(
        fmt::format(i18n::N_("arbiter: {} clock {:+}ms ({})"), colorName(r.side), r.delta.count(), r.reason));
}

// The two shapes the console writes: the arbiter's ruling of a move the console took (no kind; the
// increment it credited is taken back, Art. 7.5.5), and illegal-kind's king capture or move completed on
// the board at the next ply, which took nothing back (a king capture before bded8549 said nothing and
// did). A flipped flag would give the offender an increment, or take one the console never credited.
Check illegalShapeCheck(const Impl& s, const rec::Illegal& r) {
    if (!r.kind)
        return r.increment_earned ? std::nullopt : Check{differs("increment_earned", "false", "true")};
    if (*r.kind != "king_capture" && *r.kind != "board_move")
        return differs("kind", fmt::format("\"{}\"", *r.kind), "\"king_capture\" or \"board_move\"");
    if (const int next = static_cast<int>(s.game.plies()) + 1; r.ply != next)
        return differs("ply", std::to_string(r.ply), std::to_string(next));
    if (*r.kind == "board_move" && r.increment_earned) return differs("increment_earned", "true", "false");
    return std::nullopt;
}

Applied on(Impl& s, const rec::Illegal& r, TimePoint t) {
    if (auto no = illegalCheck(s, r.ply)) return refusedRecord("illegal", *no);
    if (auto no = illegalShapeCheck(s, r)) return refusedRecord("illegal", *no);
    s.illegalMove(r.ply, t, r.increment_earned);
    return {};
}

// E.III 2.3: the take-back; the engine's search is stopped by reconcile() and a new one started.
Applied on(Impl& s, const rec::Correct& r, TimePoint t) {
    // A "correction" to the same move is left to the audit's no-forced-move check, which names the stop it
    // would excuse (Facts.AStopExcusedByACorrectionToTheSameMoveIsABreach).
    if (auto no = correctCheck(s, &r.old, nullptr)) return refusedRecord("correct", *no);
    ChessGame before = s.game;
    before.truncate(before.plies() - 1);
    auto d = before.describe(r.uci);
    if (!d) return tl::make_unexpected(d.error());
    ScoresheetMove old = s.moves.back();
    const std::string old_text = old.text;
    s.moves.pop_back();
    s.game = std::move(before);
    s.game.play(d->uci);
    old.uci = d->uci;
    old.san = d->san;
    old.text = d->local;
    s.moves.push_back(old);
    s.cycle.engine_move.reset();
    s.adjourn.withheld = false;  // a withheld choice belonged to the corrected position
    s.adjourn.withheld_uci.clear();
    s.phase = Phase::EngineThinking;
    // In the event's notation on both sides of the arrow (issue 22: "b5d3 -> Gf1" mixed two notations).
    s.notice(fmt::format(i18n::N_("entry corrected with the arbiter: {} -> {}"), old_text, d->local));
    s.checkEnding(t);
    return {};
}

Applied on(Impl& s, const rec::ArbiterResult& r, TimePoint t) {
    if (auto no = resultCheck(s, r.result)) return refusedRecord("arbiter_result", *no);
    s.qpf.claim.reset();  // QPF-04: a provisional claim's game gets its result here
    s.endGame(r.result, fmt::format(i18n::N_("arbiter decision: {}"), r.reason), t);
    return {};
}

void on(Impl& s, const rec::Faster& r, TimePoint t) {
    (void)s.clock->setFasterRate(r.on, s.computer(), t);
}

void on(Impl& s, const rec::SealRequested&, TimePoint) {
    s.adjourn.seal_requested = true;
    s.notice(i18n::N_("seal requested: the player having the move seals it (Guidelines I.1)"));
}

void on(Impl& s, const rec::Sealed& r, TimePoint t) {
    s.adjourn.sealed_by = r.by;
    s.adjourn.seals.emplace_back(s.moves.size(), r.by);
    // The computer's sealed move is only in the envelope; a live session keeps it in memory, a restored
    // one learns it when the envelope is opened at resumption (CMP-3.5).
    bool computer = s.adjourn.sealed_by == s.computer();
    s.adjourn.sealed_uci = r.uci ? *r.uci : computer ? s.adjourn.withheld_uci : "";
    s.adjourn.sealed_text = r.text;  // journals before the human's move stayed in the envelope
    s.adjourn.envelope = r.envelope;
    s.adjourn.resumption.clear();  // (g) belongs to each adjournment
    if (computer) s.cycle.engine_move.reset();
    s.adjourn.withheld = false;
    s.adjourn.withheld_uci.clear();
    // Guidelines I.2(c): the sealer's clock ran from its turn's start until the envelope was sealed.
    s.adjourn.sealed_turn_time = std::chrono::duration_cast<Ms>(t - s.cycle.turn_started_at);
    s.adjourn.time_before_seal[*s.adjourn.sealed_by] += s.adjourn.sealed_turn_time;
    s.adjourn.sealed_handling = computer ? std::chrono::duration_cast<Ms>(t - s.cycle.engine_move_at) : Ms{0};
    s.clock->pause(t);
    s.phase = Phase::Adjourned;
    s.adjourn.seal_requested = false;
    if (r.on_board) s.notice(i18n::N_("the move executed after the seal request is the sealed move (I.1.1)"));
}

// CMP-3.5: the engine has chosen under a seal request; its move is not in the record.
void on(Impl& s, const rec::EngineMoveWithheld&, TimePoint t) {
    if (!s.adjourn.withheld)
        s.notice(i18n::N_("the computer has chosen its move: seal it now (the move is not shown)"));
    s.adjourn.withheld = true;  // again after a restart: the same state
    s.cycle.engine_move.reset();
    s.cycle.engine_move_at = t;
    s.phase = Phase::EngineMoveShown;
}

// ADJ-05: the envelope is opened and the sealed move played; ADJ-06: a defective one loses (or draws, 6.9).
Applied on(Impl& s, const rec::Resume& r, TimePoint) {
    if (!s.adjourn.sealed_by) return tl::make_unexpected(i18n::N_("no sealed move to resume with"));
    const TimePoint at = r.at;
    s.cycle.turn_started_at = at;
    s.session_start = at;  // ADJ-10: default times count from the resumption session's start
    s.irregular.arrived = {};
    s.irregular.first_press = {};
    const Color sealer = *s.adjourn.sealed_by;
    if (r.opened) s.adjourn.sealed_uci = *r.opened;
    if (r.written) {
        s.adjourn.sealed_text = *r.written;
        s.adjourn.sealed_uci = r.uci.value_or("");
    }
    if (s.adjourn.sealed_uci.empty()) {
        s.clock->resume(at);
        s.phase = Phase::HumanToMove;
        if (!s.game.canMate(~sealer))
            s.endGame("1/2-1/2", i18n::N_("defective sealed move, opponent cannot mate"), at);
        else
            s.endGame(winFor(~sealer), i18n::N_("defective sealed move (Guidelines I.8)"), at);
        return {};
    }
    if (sealer == s.human()) {
        s.clock->resume(at);
        if (auto ok = s.playHuman(s.adjourn.sealed_uci, at, false); !ok) return ok;
        // Guidelines I.2(c): the sealed move's time is the sealer's time before the seal (%emt = %clk).
        s.moves.back().elapsed = std::exchange(s.adjourn.sealed_turn_time, Ms{0});
        s.checkEnding(at);
        return {};
    }
    // Guidelines I.9 / App. A9 (ADJ-05): the sealed move is made on the board and then the replier's
    // clock is started. The computer's clock does not run while the operator executes its sealed move:
    // the clocks stay stopped until the press, which starts the human's.
    auto d = s.game.describe(s.adjourn.sealed_uci);
    if (!d) return tl::make_unexpected(fmt::format(i18n::N_("the sealed move: {}"), d.error()));
    s.adjourn.clock_waits_for_sealed_move = true;
    s.cycle.engine_move = PendingEngineMove{d->uci, d->local_long, d->san, false, std::nullopt, d->how};
    s.cycle.engine_move_at = at;
    s.phase = Phase::EngineMoveShown;
    return {};
}

void on(Impl& s, const rec::EngineFault& r, TimePoint) {
    s.engine_state.last_fault = r.what;
    s.notice(fmt::format(i18n::N_("engine fault: {} - restarting with the whole game"),
                         s.engine_state.last_fault));
}

void on(Impl& s, const rec::EngineRestart& r, TimePoint) {
    ++s.engine_state.restarts;
    s.notice(fmt::format(i18n::N_("engine restarted after {}ms"), r.downtime.count()));
}

void on(Impl&, const rec::Audit&, TimePoint) {}
void on(Impl&, const rec::DrawAnswer&, TimePoint) {}
void on(Impl& s, const rec::ResumptionText& r, TimePoint) {
    s.adjourn.resumption = r.text;
}

// E.III 1.1: after a resume the mirrored clocks are only as good as the last record; until the operator
// enters a table-clock reading the window asks for one.
void on(Impl& s, const rec::ConsoleResumed& r, TimePoint) {
    s.resync_needed = !s.over();
    s.notice(
        fmt::format(i18n::N_("{} resumed the journal after record {}: re-synchronise to the table clock"),
                    r.program, r.from_seq));
}

// The journal's own record of a new signing key: evidence of the reopening, nothing for the game.
void on(Impl&, const rec::SigningKeyChanged&, TimePoint) {}

// IRR-04 (E2023 7.5.2): the computer's pawn left unpromoted stands as a queen promotion: the move is
// made and the clock was pressed, then the illegal move is penalised.
Applied on(Impl& s, const rec::IllegalKind& r, TimePoint t) {
    if (auto no = illegalKindCheck(s, r)) return refusedRecord("illegal_kind", *no);
    if (r.kind == "unpromoted" && r.uci && r.side == s.computer()) {
        if (auto ok = on(s, rec::Made{*r.uci, r.breach}, t); !ok) return ok;
        if (!s.over())
            if (auto ok = on(s, rec::Pressed{t}, t); !ok) return ok;
    }
    return applyIllegalKind(s, r, t);
}

template <class R>
Applied call(Impl& s, const R& r, TimePoint t) {
    if constexpr (std::is_void_v<decltype(on(s, r, t))>) {
        on(s, r, t);
        return {};
    } else {
        return on(s, r, t);
    }
}

}  // namespace

Applied Session::Impl::apply(const rec::Record& r) {
    if (!clock && !std::holds_alternative<rec::Setup>(r.body))
        return tl::make_unexpected(i18n::N_("the journal does not start with the event setup"));
    auto answer = answerIn(*this, r);  // in the state the answer was given in
    const OffersBefore before = offersBefore(*this);
    auto done = std::visit([&](const auto& body) { return call(*this, body, r.t); }, r.body);
    if (!done) return done;
    if (!answer) answer = offerEnded(*this, before);
    ++records;
    // Records of the journal's reopening (a resume, its key change) stand between an answer and its
    // draw_answer when the console stopped in between: they leave the answer due.
    const bool reopening = std::holds_alternative<rec::ConsoleResumed>(r.body) ||
                           std::holds_alternative<rec::SigningKeyChanged>(r.body);
    // The answer's own record comes next; a journal without it (before the record existed) goes on.
    if (!reopening) draws.answer_due = std::move(answer);
    // Engine I/O, a script driver's position and ponder events are audit only: a resumed simulation
    // continues from the last change of the game (and does not resume a ponder search: pondering starts
    // again after the engine's next move).
    // A resume is no change of the game either: its time belongs to the program that reopened it.
    const auto* audit = std::get_if<rec::Audit>(&r.body);
    if (!reopening && (!audit || audit->game_time)) last_t = r.t;
    return {};
}

Applied Session::Impl::playHuman(const std::string& uci, TimePoint pressed, bool offer) {
    auto d = game.describe(uci);
    if (!d) return tl::make_unexpected(d.error());
    clock->press(pressed);
    ScoresheetMove sm{game.moveNumber(),
                      human(),
                      d->uci,
                      d->san,
                      d->local,
                      offer,
                      clock->remaining(human(), pressed),
                      std::chrono::duration_cast<Ms>(pressed - cycle.turn_started_at)};
    game.play(uci);
    moves.push_back(sm);
    // DRW-01: the human's move rejects the computer's pending offer.
    if (draws.computer_offer) {
        draws.computer_offer = false;
        draws.last_rejected_offer = game.moveNumber();
    }
    if (offer) draws.human_offer = true;
    if (!cycle.expected_human_move.empty() && cycle.expected_human_move != uci)
        notice(i18n::N_(
            "the move after the incorrect claim differs from the written move (Art. 9.5): arbiter to check"));
    cycle.expected_human_move.clear();
    locked = true;
    cycle.turn_started_at = pressed;
    phase = Phase::EngineThinking;
    return {};
}

// Art. 9.2.1 / 9.3.1: the computer's written (not played) move of a correct claim is on the scoresheet
// and in the game record, like the human's.
Applied Session::Impl::writeComputerMove(const std::string& uci, TimePoint t) {
    auto d = game.describe(uci);
    if (!d) return tl::make_unexpected(d.error());
    moves.push_back(ScoresheetMove{game.moveNumber(), computer(), d->uci, d->san, d->local, false,
                                   clock->remaining(computer(), t),
                                   std::chrono::duration_cast<Ms>(t - cycle.turn_started_at)});
    game.play(d->uci);
    cycle.engine_move.reset();
    return {};
}

void Session::Impl::endGame(const std::string& res, const std::string& why, TimePoint t) {
    result = res;
    termination = why;
    phase = Phase::GameOver;
    draws.human_offer = draws.computer_offer = false;
    if (clock && !clock->paused()) clock->pause(t);
    notice(fmt::format(i18n::N_("game over: {} ({})"), res, why));
}

// Art. 5 and 9.6: automatic endings from rules/ (fivefold and 75 moves only under the 2023 Laws).
void Session::Impl::checkEnding(TimePoint t) {
    const rules::Termination e = game.ending();
    if (e == rules::Termination::None) return;
    Color mover = ~game.toMove();
    std::string res = e == rules::Termination::Checkmate ? winFor(mover) : "1/2-1/2";
    endGame(res, terminationText(e), t);
}

// Art. 7.5 (2023) / 7.4 (2005): reinstate the position before the illegal move, then the penalty.
void Session::Impl::illegalMove(int ply, TimePoint t, bool increment_earned) {
    Color side = ply % 2 == 1 ? Color::White : Color::Black;
    auto keep = static_cast<std::size_t>(ply - 1);
    if (keep < game.plies()) {
        notice(fmt::format(
            i18n::N_("position reinstated before ply {}; {} moves leave the record (kept in the log)"), ply,
            game.plies() - keep));
        game.truncate(keep);
        moves.resize(keep);
        std::erase_if(engine_state.evals, [&](const auto& e) { return e.first >= keep; });
    }
    cycle.engine_move.reset();
    adjourn.withheld = false;  // a withheld choice belonged to the position now gone
    adjourn.withheld_uci.clear();
    draws.human_offer = draws.computer_offer = false;
    cycle.unrecorded = false;
    clock->restartTurn(side, t);
    cycle.turn_started_at = t;
    phase = side == computer() ? Phase::EngineThinking : Phase::HumanToMove;
    penalizeIllegal(side, t, increment_earned);
}

// Art. 7.5.5 (2023) / 7.4(b) (2005): counts `side`'s completed illegal move, then the time penalty or the
// loss. `increment_earned`: the clock's last credited increment was earned by that illegal move.
void Session::Impl::penalizeIllegal(Color side, TimePoint t, bool increment_earned) {
    int count = ++irregular.illegal[side];
    bool loses = setup.edition == rules::Edition::E2005 ? count >= 3 : count >= 2;
    if (loses) {
        // 2023 Art. 7.5.5: a draw if the opponent cannot mate; 2005 7.4(b) has no such exception.
        if (setup.edition == rules::Edition::E2023 && !game.canMate(~side))
            return endGame("1/2-1/2", i18n::N_("illegal move, opponent cannot mate (Art. 7.5.5)"), t);
        return endGame(winFor(~side),
                       fmt::format(i18n::N_("illegal move #{} ({})"), count,
                                   setup.edition == rules::Edition::E2005 ? "Art. 7.4(b)" : "Art. 7.5.5"),
                       t);
    }
    notice(fmt::format(i18n::N_("illegal move #{} by {}: {}"), count, colorName(side),
                       clock->penalizeIllegal(side, t, increment_earned)));
}

// The rule is kept for a setup replayed after this call, and the clock already made follows it now.
void Session::judgeByReserveRule(int rule) {
    impl_->reserve_rule = rule;
    if (impl_->clock) impl_->clock->setReserveRule(rule);
}

}  // namespace oc::session
