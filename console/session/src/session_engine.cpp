// The engine side of the session: events in, searches out (E.III 1.4, 2.1, 2.3).
#include <fmt/format.h>

#include "session_impl.hpp"

namespace oc::session {
namespace {

template <class... F>
struct Overload : F... {
    using F::operator()...;
};
template <class... F>
Overload(F...) -> Overload<F...>;

json bestMoveRecord(const engine_event::BestMove& b) {
    json r{{"type", "engine_move"}, {"uci", b.uci}, {"depth", b.depth}};
    if (b.eval && b.eval->mate)
        r["mate"] = *b.eval->mate;
    else if (b.eval)
        r["cp"] = b.eval->cp;
    return r;
}

}  // namespace

void Session::Impl::poll(TimePoint now) {
    std::vector<std::string> io;
    auto flush = [&] {
        if (!io.empty()) (void)commit({{"type", "engine_io"}, {"lines", io}}, now);
        io.clear();
    };
    for (auto& ev : engine.poll(now)) {
        std::visit(
            Overload{[&](const engine_event::Line& l) { io.push_back((l.to_engine ? "> " : "< ") + l.text); },
                     [&](const engine_event::BestMove& b) {
                         if (!searching || b.search != search_id || phase != Phase::EngineThinking) return;
                         flush();
                         searching = false;
                         if (auto d = game.describe(b.uci); !d) {
                             // Never shown as a move to play: logged, and the search is re-issued.
                             (void)commit(
                                 {{"type", "engine_fault"},
                                  {"what", fmt::format("illegal bestmove {}: {}", b.uci, d.error())}},
                                 now);
                             return;
                         }
                         (void)commit(bestMoveRecord(b), now);
                     },
                     [&](const engine_event::Fault& f) {
                         flush();
                         (void)commit({{"type", "engine_fault"}, {"what", f.what}}, now);
                     },
                     [&](const engine_event::Restarted& r) {
                         flush();
                         (void)commit({{"type", "engine_restart"}, {"downtime_ms", r.downtime.count()}}, now);
                     }},
            ev);
    }
    flush();
    reconcile(now);
}

// Starts the search the state needs; `stop` only when the position it searches is gone (E.III 2.3).
void Session::Impl::reconcile(TimePoint now) {
    bool need = phase == Phase::EngineThinking;
    auto moves_now = game.uciMoves();
    if (searching && (!need || search_plies != moves_now.size() || search_moves != moves_now)) {
        engine.stop(now);
        searching = false;
    }
    if (!need || searching) return;
    SearchRequest req{++search_id, "", moves_now, clock->budget(computer(), now)};
    const GoParams& g = req.go;
    (void)commit({{"type", "go"},
                  {"search", req.id},
                  {"wtime", g.wtime.count()},
                  {"btime", g.btime.count()},
                  {"winc", g.winc.count()},
                  {"binc", g.binc.count()},
                  {"movestogo", g.movestogo}},
                 now);
    searching = true;
    search_plies = moves_now.size();
    search_moves = moves_now;
    engine.startSearch(req, now);
}

bool Session::Impl::computerClaimValid(cmd::ClaimKind kind) const {
    if (game.toMove() != computer() || over()) return false;
    if (game.claim(kind, std::nullopt).valid) return true;
    return engine_move && !engine_move->made && game.claim(kind, engine_move->uci).valid;
}

bool Session::Impl::anyComputerClaimValid() const {
    return computerClaimValid(cmd::ClaimKind::Threefold) || computerClaimValid(cmd::ClaimKind::Fifty);
}

Indication Session::Impl::indication(TimePoint) const {
    PolicyInput in;
    for (const auto& e : evals) in.evals.push_back(e.second);
    in.move_number = game.moveNumber();
    in.last_rejected_offer = last_rejected_offer;
    in.claim_valid = anyComputerClaimValid();
    return indicate(setup.policy, in);
}

}  // namespace oc::session
