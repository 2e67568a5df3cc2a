// The engine side of the session: events in, searches out (E.III 1.4, 2.1, 2.3).
#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "i18n/mark.hpp"
#include "session_impl.hpp"

namespace oc::session {
namespace {

template <class... F>
struct Overload : F... {
    using F::operator()...;
};
template <class... F>
Overload(F...) -> Overload<F...>;

constexpr std::size_t kIoRecordBytes = std::size_t{1} << 20;  // one engine_io record's lines
constexpr std::size_t kIoLineBytes = std::size_t{64} << 10;   // one engine line (UCI lines are short)

json bestMoveRecord(const engine_event::BestMove& b) {
    json r{{"type", "engine_move"}, {"uci", b.uci}, {"depth", b.depth}};
    if (b.eval && b.eval->mate)
        r["mate"] = *b.eval->mate;
    else if (b.eval)
        r["cp"] = b.eval->cp;
    return r;
}

// CMP-3.5: a line that names a move the engine is considering or has chosen loses that part.
std::string redactLine(const std::string& line) {
    static const std::vector<std::string> kRevealing{"bestmove",   "pv",       "currmove",
                                                     "refutation", "currline", "ponder"};
    std::string out;
    std::istringstream words(line);
    for (std::string w; words >> w;) {
        if (std::find(kRevealing.begin(), kRevealing.end(), w) != kRevealing.end())
            return out + w + " (withheld: sealed move)";
        out += w + " ";
    }
    return line;
}

}  // namespace

// Engine lines are held until their search ends, so that lines written before a seal request cannot
// reveal the move the engine then seals (Guidelines I.1, CMP-3.5).
void Session::Impl::flushEngineIo(TimePoint now) {
    if (engine_state.pending_io.empty()) return;
    if ((adjourn.seal_requested && game.toMove() == computer()) || adjourn.withheld)
        for (auto& l : engine_state.pending_io) l = redactLine(l);
    // A long search's lines go out in records of at most kIoRecordBytes each, far below the journal's
    // limit on one line (journal::kMaxRecordBytes): a reader never meets a record it refuses.
    json chunk = json::array();
    std::size_t bytes = 0;
    for (auto& l : engine_state.pending_io) {
        if (l.size() > kIoLineBytes)
            l = fmt::format("{} (cut: {} bytes)", l.substr(0, kIoLineBytes), l.size());
        if (bytes + l.size() > kIoRecordBytes && !chunk.empty()) {
            (void)commit({{"type", "engine_io"}, {"lines", chunk}}, now);
            chunk = json::array();
            bytes = 0;
        }
        bytes += l.size() + 4;
        chunk.push_back(std::move(l));
    }
    (void)commit({{"type", "engine_io"}, {"lines", std::move(chunk)}}, now);
    engine_state.pending_io.clear();
}

void Session::Impl::poll(TimePoint now) {
    auto flush = [&] { flushEngineIo(now); };
    for (auto& ev : engine.poll(now)) {
        std::visit(
            Overload{
                [&](const engine_event::Line& l) {
                    engine_state.pending_io.push_back((l.note ? "# " : l.to_engine ? "> " : "< ") + l.text);
                },
                [&](const engine_event::BestMove& b) {
                    bool again = adjourn.withheld && adjourn.withheld_uci.empty();  // restored: choose again
                    if (!engine_state.searching || b.search != engine_state.search_id ||
                        !(phase == Phase::EngineThinking || again))
                        return;
                    flush();
                    engine_state.searching = false;
                    if (auto d = game.describe(b.uci); !d) {
                        // Never shown as a move to play: logged, and the search is re-issued.
                        (void)commit({{"type", "engine_fault"},
                                      {"what", fmt::format("illegal bestmove {}: {}", b.uci, d.error())}},
                                     now);
                        return;
                    }
                    if (adjourn.seal_requested) {
                        // The move exists only in memory until sealComputer encrypts it.
                        (void)commit({{"type", "engine_move_withheld"}, {"depth", b.depth}}, now);
                        adjourn.withheld_uci = b.uci;
                        return;
                    }
                    (void)commit(bestMoveRecord(b), now);
                    notePonderMove(engine_state.search_moves, b.uci, b.ponder);
                },
                [&](const engine_event::Fault& f) {
                    flush();
                    (void)commit({{"type", "engine_fault"}, {"what", f.what}}, now);
                    // The restarted engine gets the whole game; pondering waits for its next move.
                    if (pondering.search)
                        endPonder({{"type", "ponder_stop"},
                                   {"search", pondering.search->id},
                                   {"reason", i18n::N_("engine fault")}},
                                  now);
                },
                [&](const engine_event::Restarted& r) {
                    flush();
                    (void)commit({{"type", "engine_restart"}, {"downtime_ms", r.downtime.count()}}, now);
                },
                [&](const engine_event::OptionRequest& r) { engineRequest(*this, r, now); }},
            ev);
    }
    // A ponder search's lines are held like a search's: after a hit they belong to the computer's move.
    if (!engine_state.searching && !pondering.search) flush();
    reconcile(now);
}

// Starts the search the state needs; `stop` only when the position it searches is gone (E.III 2.3).
// A ponder search is settled first: its `stop` (miss, adjournment, ...) is not one of those stops.
void Session::Impl::reconcile(TimePoint now) {
    bool need =
        phase == Phase::EngineThinking || (adjourn.withheld && adjourn.withheld_uci.empty() && !over());
    auto moves_now = game.uciMoves();
    if (pondering.search && settlePonder(need, moves_now, now)) return;
    if (engine_state.searching &&
        (!need || engine_state.search_plies != moves_now.size() || engine_state.search_moves != moves_now)) {
        engine.stop(now);
        engine_state.searching = false;
    }
    // E.III 3.4: idle, before the next position/go (settlePonder ended a ponder search first).
    if (!engine_state.searching && !pondering.search) sendChangedOptions(*this, now);
    if (!need) return startPonder(now);
    if (engine_state.searching) return;
    pondering.candidate.clear();
    SearchRequest req{++engine_state.search_id, "", moves_now, clock->budget(computer(), now)};
    const GoParams& g = req.go;
    auto logged = commit({{"type", "go"},
                          {"search", req.id},
                          {"wtime", g.wtime.count()},
                          {"btime", g.btime.count()},
                          {"winc", g.winc.count()},
                          {"binc", g.binc.count()},
                          {"movestogo", g.movestogo}},
                         now);
    if (!logged) return;  // no search the journal does not know of
    engine_state.searching = true;
    engine_state.search_plies = moves_now.size();
    engine_state.search_moves = moves_now;
    engine.startSearch(req, now);
}

bool Session::Impl::computerClaimValid(cmd::ClaimKind kind) const {
    if (game.toMove() != computer() || over()) return false;
    if (game.claim(kind, std::nullopt).valid) return true;
    return cycle.engine_move && !cycle.engine_move->made && game.claim(kind, cycle.engine_move->uci).valid;
}

bool Session::Impl::anyComputerClaimValid() const {
    return computerClaimValid(cmd::ClaimKind::Threefold) || computerClaimValid(cmd::ClaimKind::Fifty);
}

event::Indication Session::Impl::indication(TimePoint now) const {
    event::PolicyInput in;
    for (const auto& e : engine_state.evals) in.evals.push_back(e.second);
    in.move_number = game.moveNumber();
    in.last_rejected_offer = draws.last_rejected_offer;
    in.claim_valid = anyComputerClaimValid();
    in.quickplay_possible = quickplayObstacle(computer(), QuickplayAct::Claim, now).empty() ||
                            quickplayObstacle(computer(), QuickplayAct::IncrementRequest, now).empty();
    return event::indicate(setup.policy, in);
}

}  // namespace oc::session
