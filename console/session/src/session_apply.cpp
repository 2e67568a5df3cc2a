// Records -> state. Everything here is deterministic: replaying the same records gives the same state.
#include <fmt/format.h>

#include <utility>

#include "session_impl.hpp"

namespace oc::session {
namespace {

using Impl = Session::Impl;
using Handler = void (*)(Impl&, const json&, TimePoint);

const char* winFor(Color c) {
    return c == Color::White ? "1-0" : "0-1";
}

void applySetup(Impl& s, const json& r, TimePoint) {
    auto setup = eventSetupFromJson(r.at("setup"));
    if (!setup) throw std::runtime_error(setup.error());
    s.setup = *setup;
    s.game = ChessGame(s.setup.edition, s.setup.language);
    auto clock = SessionClock::create(s.setup.time_control, s.setup.edition, s.setup.classification,
                                      s.setup.handling_reserve_s, s.setup.faster_rate_threshold_s);
    if (!clock) throw std::runtime_error(clock.error());
    clock->setSafetyMoves(s.setup.handling_safety_moves);
    s.clock = std::move(*clock);
}

void applyStart(Impl& s, const json& r, TimePoint) {
    TimePoint at = fromMs(r.at("at").get<std::int64_t>());
    s.clock->start(at);
    s.turn_started_at = at;
    s.session_start = at;  // CLK-08: the default time counts from the official start
    s.started_at = at;
    s.phase = s.computer() == Color::White ? Phase::EngineThinking : Phase::HumanToMove;
}

void applyHumanMove(Impl& s, const json& r, TimePoint t) {
    s.playHuman(r.at("uci"), fromMs(r.at("pressed").get<std::int64_t>()), r.value("offer", false));
    s.checkEnding(t);
}

// The computer's move appears on the operator's screen, unless the previous one is not recorded (REC-03).
void applyEngineMove(Impl& s, const json& r, TimePoint t) {
    auto d = s.game.describe(r.at("uci"));
    if (!d) throw std::runtime_error(d.error());
    PendingEngineMove m{d->uci, d->local_long, d->san, false, std::nullopt, d->how};
    if (r.contains("cp")) m.eval = Evaluation{r.at("cp").get<int>(), std::nullopt};
    if (r.contains("mate")) m.eval = Evaluation{0, r.at("mate").get<int>()};
    if (m.eval) s.evals.emplace_back(s.game.plies(), *m.eval);
    s.engine_move = m;
    s.engine_move_at = t;
    bool hold = s.unrecorded && s.setup.enforce_recording;
    s.phase = hold ? Phase::EngineMoveHeld : Phase::EngineMoveShown;
    if (hold) s.notice("record the computer's previous move: the next move is shown after that (REC-03)");
}

void applyMade(Impl& s, const json& r, TimePoint t) {
    std::string uci = r.at("uci");
    auto d = s.game.describe(uci);
    if (!d) throw std::runtime_error(d.error());
    if (r.value("breach", false))
        s.notice(
            fmt::format("board differs from the engine's move: {} played instead of {} (E.III 3.1 breach "
                        "logged for the arbiter)",
                        d->local, s.engine_move->text));
    // DRW-01: executing the computer's move rejects the human's pending offer; the (=) mark stays.
    if (s.human_offer) s.notice("the human's draw offer is rejected by the computer's move");
    s.human_offer = false;
    // Provisional %clk/%emt (final at the press; a mate on the board ends the game before it).
    ScoresheetMove sm{s.game.moveNumber(),
                      s.computer(),
                      d->uci,
                      d->san,
                      d->local,
                      false,
                      s.clock->remaining(s.computer(), t),
                      std::chrono::duration_cast<Ms>(t - s.turn_started_at)};
    s.game.play(uci);
    s.moves.push_back(sm);
    s.engine_move->made = true;
    s.engine_move->uci = uci;
    s.unrecorded = true;
    s.locked = true;
    s.phase = Phase::EngineMoveMade;
    s.checkEnding(t);
}

void applyPressed(Impl& s, const json& r, TimePoint) {
    TimePoint at = fromMs(r.at("at").get<std::int64_t>());
    if (std::exchange(s.clock_waits_for_sealed_move, false)) s.clock->resume(at);  // Guidelines I.9
    s.clock->press(at);
    s.moves.back().clock_after = s.clock->remaining(s.computer(), at);
    s.moves.back().elapsed = std::chrono::duration_cast<Ms>(at - s.turn_started_at);
    // E.III 2.1: the handling time (engine's move shown -> clock pressed) feeds the reserve.
    s.clock->recordHandling(std::chrono::duration_cast<Ms>(at - s.engine_move_at));
    s.turn_started_at = at;
    s.engine_move.reset();
    s.phase = Phase::HumanToMove;
}

void applyRecorded(Impl& s, const json&, TimePoint t) {
    s.unrecorded = false;
    if (s.phase == Phase::EngineMoveHeld) {
        s.phase = Phase::EngineMoveShown;
        s.engine_move_at = t;
    }
}

void applySync(Impl& s, const json& r, TimePoint t) {
    auto get = [&](const char* k) {
        return r.at(k).is_null() ? std::nullopt : std::optional<Ms>(Ms(r.at(k).get<std::int64_t>()));
    };
    auto w = get("white"), b = get("black");
    auto before_w = s.clock->remaining(Color::White, t), before_b = s.clock->remaining(Color::Black, t);
    s.clock->sync(w, b, t);
    s.notice(fmt::format("official clock: white {}ms ({:+}ms), black {}ms ({:+}ms)",
                         s.clock->remaining(Color::White, t).count(),
                         (s.clock->remaining(Color::White, t) - before_w).count(),
                         s.clock->remaining(Color::Black, t).count(),
                         (s.clock->remaining(Color::Black, t) - before_b).count()));
}

void applyHumanOffer(Impl& s, const json&, TimePoint) {
    for (auto it = s.moves.rbegin(); it != s.moves.rend(); ++it)
        if (it->side == s.human()) {
            it->draw_offer = true;
            break;
        }
    s.human_offer = true;
}

void applyAnswerHuman(Impl& s, const json& r, TimePoint t) {
    if (r.at("accept").get<bool>()) return s.endGame("1/2-1/2", "draw by agreement", t);
    s.human_offer = false;
    s.incrementOfferRefused(s.computer());  // QPF-03: a III.4 request refused as a draw
    if (s.phase != Phase::ClaimPending) return;
    // Art. 9.5: the incorrect claim stands as a claim; the penalty applies and the written move follows.
    s.notice(s.clock->penalizeClaim(s.human(), t));
    if (s.claim && s.claim->intended_uci) s.expected_human_move = *s.claim->intended_uci;
    s.claim.reset();
    s.phase = Phase::HumanToMove;
}

void applyComputerOffer(Impl& s, const json&, TimePoint) {
    s.moves.back().draw_offer = true;
    s.computer_offer = true;
}

void applyAnswerComputer(Impl& s, const json& r, TimePoint t) {
    if (r.at("accept").get<bool>()) return s.endGame("1/2-1/2", "draw by agreement", t);
    s.computer_offer = false;
    s.last_rejected_offer = s.game.moveNumber();
    s.incrementOfferRefused(s.human());  // QPF-03: a III.4 request refused as a draw
}

void applyClaim(Impl& s, const json& r, TimePoint t) {
    Color claimant = colorFrom(r.at("claimant"));
    std::string verdict = r.at("verdict"), kind = r.at("kind");
    std::optional<std::string> intended;
    if (!r.at("intended").is_null()) intended = r.at("intended").get<std::string>();
    s.notice(fmt::format("{} claims a draw ({}): {} - {}", colorName(claimant), kind, verdict,
                         r.value("detail", "")));
    if (verdict == "right_lost") return;
    if (verdict == "correct") {
        // Art. 9.2.1 / 9.3.1: the written move is part of the game record; the game is drawn at once.
        if (intended && claimant == s.human()) s.playHuman(*intended, t, false);
        if (intended && claimant == s.computer()) s.writeComputerMove(*intended, t);
        return s.endGame("1/2-1/2", kind == "threefold" ? "threefold repetition" : "fifty-move rule", t);
    }
    if (claimant == s.human()) {
        // DRW-02: the operator may take the incorrect claim as a draw offer before the penalty applies.
        s.claim = PendingClaim{claimant, intended};
        s.phase = Phase::ClaimPending;
        return;
    }
    s.notice(s.clock->penalizeClaim(claimant, t));
}

void applyResign(Impl& s, const json& r, TimePoint t) {
    Color side = colorFrom(r.at("side"));
    s.endGame(winFor(~side), "resignation", t);
}

void applyFlagReported(Impl& s, const json& r, TimePoint) {
    Color side = colorFrom(r.at("side"));
    s.flag_reported = side;
    if (side == s.computer()) ++s.computer_flags;
    s.notice(fmt::format("{}'s flag reported: verify on the official clock (Art. 6.12.2 / 6.15)",
                         colorName(side)));
    if (s.qpf_claim)  // QPF-02: 10.2(b) / III.5.2: the result is declared by the arbiter, never scored here
        s.notice("a quickplay claim is open: the arbiter gives the final decision (arbiter qpf draw|reject)");
}

void applyFlagConfirmed(Impl& s, const json& r, TimePoint t) {
    Color side = colorFrom(r.at("side"));
    // Art. 6.9: a fallen flag loses, unless the opponent cannot checkmate by any series of legal moves.
    if (!s.game.canMate(~side))
        return s.endGame("1/2-1/2", "time forfeit, opponent cannot mate (Art. 6.9)", t);
    s.endGame(winFor(~side), "time forfeit", t);
}

void applyPause(Impl& s, const json&, TimePoint t) {
    s.clock->pause(t);
}
void applyUnpause(Impl& s, const json&, TimePoint t) {
    s.clock->resume(t);
}

void applyAdjust(Impl& s, const json& r, TimePoint t) {
    Color side = colorFrom(r.at("side"));
    s.clock->adjust(side, Ms(r.at("delta").get<std::int64_t>()), r.at("reason").get<std::string>(), t);
    s.notice(fmt::format("arbiter: {} clock {:+}ms ({})", colorName(side), r.at("delta").get<std::int64_t>(),
                         r.at("reason").get<std::string>()));
}

void applyIllegal(Impl& s, const json& r, TimePoint t) {
    s.illegalMove(r.at("ply").get<int>(), t);
}

// E.III 2.3: the take-back; the engine's search is stopped by reconcile() and a new one started.
void applyCorrect(Impl& s, const json& r, TimePoint t) {
    ScoresheetMove old = s.moves.back();
    s.moves.pop_back();
    s.game.truncate(s.game.plies() - 1);
    auto d = s.game.describe(r.at("uci"));
    if (!d) throw std::runtime_error(d.error());
    s.game.play(d->uci);
    old.uci = d->uci;
    old.san = d->san;
    old.text = d->local;
    s.moves.push_back(old);
    s.engine_move.reset();
    s.withheld = false;  // a withheld choice belonged to the corrected position
    s.withheld_uci.clear();
    s.phase = Phase::EngineThinking;
    s.notice(
        fmt::format("entry corrected with the arbiter: {} -> {}", r.at("old").get<std::string>(), d->local));
    s.checkEnding(t);
}

void applyArbiterResult(Impl& s, const json& r, TimePoint t) {
    s.qpf_claim.reset();  // QPF-04: a provisional claim's game gets its result here
    s.endGame(r.at("result"), "arbiter decision: " + r.at("reason").get<std::string>(), t);
}

void applyFaster(Impl& s, const json& r, TimePoint t) {
    (void)s.clock->setFasterRate(r.at("on").get<bool>(), s.computer(), t);
}

void applySealRequested(Impl& s, const json&, TimePoint) {
    s.seal_requested = true;
    s.notice("seal requested: the player having the move seals it (Guidelines I.1)");
}

void applySealed(Impl& s, const json& r, TimePoint t) {
    s.sealed_by = colorFrom(r.at("by"));
    // The computer's sealed move is only in the envelope; a live session keeps it in memory, a restored
    // one learns it when the envelope is opened at resumption (CMP-3.5).
    bool computer = s.sealed_by == s.computer();
    s.sealed_uci = r.contains("uci") && !r.at("uci").is_null() ? r.at("uci").get<std::string>()
                   : computer                                  ? s.withheld_uci
                                                               : "";
    s.sealed_text = r.value("text", "");  // journals before the human's move stayed in the envelope
    s.envelope = r.value("envelope", json());
    if (computer) s.engine_move.reset();
    s.withheld = false;
    s.withheld_uci.clear();
    // Guidelines I.2(c): the sealer's clock ran from its turn's start until the envelope was sealed.
    s.time_before_seal[*s.sealed_by] += std::chrono::duration_cast<Ms>(t - s.turn_started_at);
    s.clock->pause(t);
    s.phase = Phase::Adjourned;
    s.seal_requested = false;
    if (r.value("on_board", false))
        s.notice("the move executed after the seal request is the sealed move (I.1.1)");
}

// CMP-3.5: the engine has chosen under a seal request; its move is not in the record.
void applyEngineMoveWithheld(Impl& s, const json&, TimePoint t) {
    if (!s.withheld) s.notice("the computer has chosen its move: seal it now (the move is not shown)");
    s.withheld = true;  // again after a restart: the same state
    s.engine_move.reset();
    s.engine_move_at = t;
    s.phase = Phase::EngineMoveShown;
}

// ADJ-05: the envelope is opened and the sealed move played; ADJ-06: a defective one loses (or draws, 6.9).
void applyResume(Impl& s, const json& r, TimePoint) {
    TimePoint at = fromMs(r.at("at").get<std::int64_t>());
    s.turn_started_at = at;
    s.session_start = at;  // ADJ-10: default times count from the resumption session's start
    s.arrived = {};
    Color sealer = *s.sealed_by;
    if (r.contains("opened")) s.sealed_uci = r.at("opened").get<std::string>();
    if (r.contains("written")) {
        s.sealed_text = r.at("written").get<std::string>();
        s.sealed_uci = r.at("uci").is_null() ? "" : r.at("uci").get<std::string>();
    }
    if (s.sealed_uci.empty()) {
        s.clock->resume(at);
        s.phase = Phase::HumanToMove;
        if (!s.game.canMate(~sealer))
            return s.endGame("1/2-1/2", "defective sealed move, opponent cannot mate", at);
        return s.endGame(winFor(~sealer), "defective sealed move (Guidelines I.8)", at);
    }
    if (sealer == s.human()) {
        s.clock->resume(at);
        s.playHuman(s.sealed_uci, at, false);
        return s.checkEnding(at);
    }
    // Guidelines I.9 / App. A9 (ADJ-05): the sealed move is made on the board and then the replier's
    // clock is started. The computer's clock does not run while the operator executes its sealed move:
    // the clocks stay stopped until the press, which starts the human's.
    s.clock_waits_for_sealed_move = true;
    auto d = s.game.describe(s.sealed_uci);
    s.engine_move = PendingEngineMove{d->uci, d->local_long, d->san, false, std::nullopt, d->how};
    s.engine_move_at = at;
    s.phase = Phase::EngineMoveShown;
}

void applyFault(Impl& s, const json& r, TimePoint) {
    s.last_fault = r.at("what");
    s.notice("engine fault: " + s.last_fault + " - restarting with the whole game");
}

void applyRestart(Impl& s, const json& r, TimePoint) {
    ++s.restarts;
    s.notice(fmt::format("engine restarted after {}ms", r.at("downtime_ms").get<std::int64_t>()));
}

void auditOnly(Impl&, const json&, TimePoint) {}

// IRR-04 (E2023 7.5.2): the computer's pawn left unpromoted stands as a queen promotion: the move is
// made and the clock was pressed, then the illegal move is penalised.
void applyIllegalKindRecord(Impl& s, const json& r, TimePoint t) {
    if (r.at("kind") == "unpromoted" && r.contains("uci") && colorFrom(r.at("side")) == s.computer()) {
        applyMade(s, {{"uci", r.at("uci")}, {"breach", r.value("breach", false)}}, t);
        if (!s.over()) applyPressed(s, {{"at", toMs(t)}}, t);
    }
    applyIllegalKind(s, r, t);
}

const std::map<std::string, Handler>& handlers() {
    static const std::map<std::string, Handler> kHandlers{{"setup", applySetup},
                                                          {"start", applyStart},
                                                          {"human_move", applyHumanMove},
                                                          {"engine_move", applyEngineMove},
                                                          {"engine_move_withheld", applyEngineMoveWithheld},
                                                          {"made", applyMade},
                                                          {"pressed", applyPressed},
                                                          {"recorded", applyRecorded},
                                                          {"sync", applySync},
                                                          {"human_offer", applyHumanOffer},
                                                          {"answer_human", applyAnswerHuman},
                                                          {"computer_offer", applyComputerOffer},
                                                          {"answer_computer", applyAnswerComputer},
                                                          {"claim", applyClaim},
                                                          {"resign", applyResign},
                                                          {"flag_reported", applyFlagReported},
                                                          {"flag_confirmed", applyFlagConfirmed},
                                                          {"pause", applyPause},
                                                          {"unpause", applyUnpause},
                                                          {"adjust", applyAdjust},
                                                          {"illegal", applyIllegal},
                                                          {"correct", applyCorrect},
                                                          {"arbiter_result", applyArbiterResult},
                                                          {"consultation", auditOnly},
                                                          {"faster", applyFaster},
                                                          {"seal_requested", applySealRequested},
                                                          {"sealed", applySealed},
                                                          {"resume", applyResume},
                                                          {"engine_fault", applyFault},
                                                          {"engine_request", applyEngineRequest},
                                                          {"module_change", applyModuleChange},
                                                          {"engine_restart", applyRestart},
                                                          {"go", auditOnly},
                                                          {"ponder_start", auditOnly},
                                                          {"ponder_hit", auditOnly},
                                                          {"ponder_miss", auditOnly},
                                                          {"ponder_stop", auditOnly},
                                                          {"engine_io", auditOnly},
                                                          {"refused", auditOnly},
                                                          {"note", auditOnly},
                                                          {"script", auditOnly},
                                                          {"script_line", auditOnly},
                                                          {"qpf_claim", applyQuickplayClaim},
                                                          {"qpf_ruling", applyQuickplayRuling},
                                                          {"increment_request", applyIncrementRequest},
                                                          {"increment_ruling", applyIncrementRuling},
                                                          {"illegal_kind", applyIllegalKindRecord},
                                                          {"arrival", applyArrival},
                                                          {"forfeit", applyForfeit}};
    return kHandlers;
}

}  // namespace

void Session::Impl::apply(const json& r) {
    TimePoint t = fromMs(r.at("t").get<std::int64_t>());
    const std::string& type = r.at("type").get_ref<const std::string&>();
    auto it = handlers().find(type);
    if (it == handlers().end()) throw std::runtime_error("unknown record type \"" + type + "\"");
    it->second(*this, r, t);
    ++records;
    // Engine I/O, a script driver's position and ponder events are audit only: a resumed simulation
    // continues from the last change of the game (and does not resume a ponder search: pondering starts
    // again after the engine's next move).
    if (type != "go" && type != "engine_io" && type != "script" && type != "script_line" &&
        type.rfind("ponder_", 0) != 0)
        last_t = t;
}

void Session::Impl::playHuman(const std::string& uci, TimePoint pressed, bool offer) {
    auto d = game.describe(uci);
    if (!d) throw std::runtime_error(d.error());
    clock->press(pressed);
    ScoresheetMove sm{game.moveNumber(),
                      human(),
                      d->uci,
                      d->san,
                      d->local,
                      offer,
                      clock->remaining(human(), pressed),
                      std::chrono::duration_cast<Ms>(pressed - turn_started_at)};
    game.play(uci);
    moves.push_back(sm);
    // DRW-01: the human's move rejects the computer's pending offer.
    if (computer_offer) {
        computer_offer = false;
        last_rejected_offer = game.moveNumber();
    }
    if (offer) human_offer = true;
    if (!expected_human_move.empty() && expected_human_move != uci)
        notice(
            "the move after the incorrect claim differs from the written move (Art. 9.5): arbiter to check");
    expected_human_move.clear();
    locked = true;
    turn_started_at = pressed;
    phase = Phase::EngineThinking;
}

// Art. 9.2.1 / 9.3.1: the computer's written (not played) move of a correct claim is on the scoresheet
// and in the game record, like the human's.
void Session::Impl::writeComputerMove(const std::string& uci, TimePoint t) {
    auto d = game.describe(uci);
    if (!d) throw std::runtime_error(d.error());
    moves.push_back(ScoresheetMove{game.moveNumber(), computer(), d->uci, d->san, d->local, false,
                                   clock->remaining(computer(), t),
                                   std::chrono::duration_cast<Ms>(t - turn_started_at)});
    game.play(d->uci);
    engine_move.reset();
}

void Session::Impl::endGame(const std::string& res, const std::string& why, TimePoint t) {
    result = res;
    termination = why;
    phase = Phase::GameOver;
    human_offer = computer_offer = false;
    if (clock && !clock->paused()) clock->pause(t);
    notice(fmt::format("game over: {} ({})", res, why));
}

// Art. 5 and 9.6: automatic endings from rules/ (fivefold and 75 moves only under the 2023 Laws).
void Session::Impl::checkEnding(TimePoint t) {
    Ending e = game.ending();
    if (e == Ending::None) return;
    Color mover = ~game.toMove();
    std::string res = e == Ending::Checkmate ? winFor(mover) : "1/2-1/2";
    endGame(res, endingName(e), t);
}

// Art. 7.5 (2023) / 7.4 (2005): reinstate the position before the illegal move, then the penalty.
void Session::Impl::illegalMove(int ply, TimePoint t) {
    Color side = ply % 2 == 1 ? Color::White : Color::Black;
    auto keep = static_cast<std::size_t>(ply - 1);
    if (keep < game.plies()) {
        notice(fmt::format("position reinstated before ply {}; {} moves leave the record (kept in the log)",
                           ply, game.plies() - keep));
        game.truncate(keep);
        moves.resize(keep);
        std::erase_if(evals, [&](const auto& e) { return e.first >= keep; });
    }
    engine_move.reset();
    withheld = false;  // a withheld choice belonged to the position now gone
    withheld_uci.clear();
    human_offer = computer_offer = false;
    unrecorded = false;
    clock->restartTurn(side, t);
    turn_started_at = t;
    phase = side == computer() ? Phase::EngineThinking : Phase::HumanToMove;
    penalizeIllegal(side, t, true);
}

// Art. 7.5.5 (2023) / 7.4(b) (2005): counts `side`'s completed illegal move, then the time penalty or the
// loss. `increment_earned`: the clock's last credited increment was earned by that illegal move.
void Session::Impl::penalizeIllegal(Color side, TimePoint t, bool increment_earned) {
    int count = ++illegal[side];
    bool loses = setup.edition == 2005 ? count >= 3 : count >= 2;
    if (loses) {
        // 2023 Art. 7.5.5: a draw if the opponent cannot mate; 2005 7.4(b) has no such exception.
        if (setup.edition == 2023 && !game.canMate(~side))
            return endGame("1/2-1/2", "illegal move, opponent cannot mate (Art. 7.5.5)", t);
        return endGame(
            winFor(~side),
            fmt::format("illegal move #{} ({})", count, setup.edition == 2005 ? "Art. 7.4(b)" : "Art. 7.5.5"),
            t);
    }
    notice(fmt::format("illegal move #{} by {}: {}", count, colorName(side),
                       clock->penalizeIllegal(side, t, increment_earned)));
}

}  // namespace oc::session
