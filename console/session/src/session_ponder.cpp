// Pondering on the human's time (engine.ponder, E.III 2.2 locked setting): `go ponder` once the
// computer's move is completed, `ponderhit` when the human plays the expected reply, `stop` otherwise.
#include <algorithm>

#include "i18n/mark.hpp"
#include "session_impl.hpp"

namespace oc::session {
namespace {

json goJson(const GoParams& g) {
    return {{"wtime", g.wtime.count()},
            {"btime", g.btime.count()},
            {"winc", g.winc.count()},
            {"binc", g.binc.count()},
            {"movestogo", g.movestogo}};
}

// `ponderhit` keeps the figures of `go ponder` (the engine counts its time from there): they may stand
// only while they promise the computer no more than its E.III 2.1 budget at the human's move.
// The human's figures are only information for the engine and may have moved on.
bool stillFits(const GoParams& sent, const GoParams& fresh, Color computer) {
    if (computer == Color::White)
        return sent.wtime <= fresh.wtime && sent.winc == fresh.winc && sent.movestogo == fresh.movestogo;
    return sent.btime <= fresh.btime && sent.binc == fresh.binc && sent.movestogo == fresh.movestogo;
}

const char* stopReason(const Session::Impl& s) {
    if (s.over()) return i18n::N_("game end");
    if (s.adjourn.seal_requested || s.phase == Phase::Adjourned)
        return i18n::N_("adjournment (Q3: the engine is idle)");
    if (!s.engine_state.options_to_send.empty())
        return i18n::N_("module change (E.III 3.4): the engine gets it before it searches");
    return i18n::N_("position changed (arbiter take-back, reinstatement or correction)");
}

}  // namespace

// The setting is locked at the start (E.III 2.2): an engine without the Ponder option cannot honour it.
std::optional<std::string> Session::Impl::ponderRefusal() const {
    if (!setup.engine.ponder) return std::nullopt;
    auto offered = engine.offersPonder();
    if (!offered)
        return i18n::N_(
            "engine.ponder=true: the engine has not finished its handshake yet; start again when it "
            "is ready");
    if (!*offered)
        return i18n::N_(
            "engine.ponder=true, but the engine does not offer the UCI option Ponder: set "
            "engine.ponder=false in the event setup");
    return std::nullopt;
}

void Session::Impl::notePonderMove(const std::vector<std::string>& searched, const std::string& best,
                                   const std::string& expected) {
    pondering.candidate = setup.engine.ponder ? expected : "";
    pondering.after = searched;
    pondering.after.push_back(best);
}

// Returns true when `ponderhit` turned the ponder search into the computer's search.
bool Session::Impl::settlePonder(bool need, const std::vector<std::string>& moves_now, TimePoint now) {
    const std::vector<std::string>& expected = pondering.search->moves;
    std::vector<std::string> base(expected.begin(), expected.end() - 1);
    bool human_thinks = phase == Phase::HumanToMove || phase == Phase::ClaimPending;
    // Q4: a pause for the arbiter changes nothing; the engine goes on thinking.
    if (human_thinks && !adjourn.seal_requested && engine_state.options_to_send.empty() && moves_now == base)
        return false;
    bool answered = need && phase == Phase::EngineThinking && moves_now.size() == expected.size() &&
                    std::equal(base.begin(), base.end(), moves_now.begin());
    if (!answered) {
        endPonder({{"type", "ponder_stop"}, {"search", pondering.search->id}, {"reason", stopReason(*this)}},
                  now);
        return false;
    }
    GoParams fresh = clock->budget(computer(), now);
    const std::string& played = moves_now.back();
    if (played != expected.back() || !stillFits(pondering.search->go, fresh, computer())) {
        json r{{"type", "ponder_miss"},
               {"search", pondering.search->id},
               {"expected", expected.back()},
               {"played", played}};
        if (played == expected.back())
            r["reason"] =
                "the budget fell below the go ponder figures (entry slower than the handling reserve)";
        endPonder(std::move(r), now);
        return false;
    }
    SearchRequest req{++engine_state.search_id, "", moves_now, fresh};
    (void)commit({{"type", "ponder_hit"},
                  {"search", req.id},
                  {"ponder_search", pondering.search->id},
                  {"uci", played}},
                 now);
    engine_state.searching = true;
    engine_state.search_plies = moves_now.size();
    engine_state.search_moves = moves_now;
    pondering.search.reset();
    engine.ponderHit(req, now);
    return true;
}

// Once per computer move: after it is made and the clock pressed, on the reply the engine expects.
void Session::Impl::startPonder(TimePoint now) {
    if (pondering.search || engine_state.searching || phase != Phase::HumanToMove || adjourn.seal_requested ||
        pondering.candidate.empty())
        return;
    std::string uci = std::exchange(pondering.candidate, std::string());
    auto game_moves = game.uciMoves();
    // The board may differ from the engine's move (IRR-07): then there is nothing to ponder on.
    if (game_moves != pondering.after || !game.describe(uci) || engine.offersPonder() != true) return;
    game_moves.push_back(uci);
    GoParams go = clock->ponderBudget(computer(), now);
    json r = goJson(go);
    r["type"] = "ponder_start";
    r["search"] = engine_state.search_id + 1;
    r["expected"] = uci;
    if (!commit(std::move(r), now)) return;
    pondering.search = PonderState::Search{++engine_state.search_id, game_moves, go};
    engine.startPonder({engine_state.search_id, "", game_moves, go}, now);
}

// Journal first, then the effect; the ponder search's late bestmove is discarded by the link.
void Session::Impl::endPonder(json record, TimePoint now) {
    (void)commit(std::move(record), now);
    pondering.search.reset();
    engine.stopPonder(now);
}

}  // namespace oc::session
