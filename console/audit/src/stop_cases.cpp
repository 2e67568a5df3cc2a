// Issue 23 item 2: a `stop` is allowed case by case, each named with the record that allows it (E.III
// 2.3 forbids only forcing a move): the computer's own search may be stopped when its position is gone
// (a take-back or a correction), the game ended, the game was adjourned, or its engine was restarted;
// a ponder search (on the human's time) when the human did not play the expected reply (a ponder miss),
// for those same reasons, or to give the engine a module change before it searches (E.III 3.4). The
// console journals a ponder search's end (ponder_miss / ponder_stop) before it sends the `stop`: that
// record must be there, and the reason it gives must be borne out by the records before it.
#include <algorithm>
#include <functional>

#include "checks.hpp"
#include "i18n/mark.hpp"

namespace oc::audit::detail {
namespace {

bool isOneOf(const std::string& type, std::initializer_list<const char*> types) {
    return std::any_of(types.begin(), types.end(), [&](const char* t) { return type == t; });
}

bool takesBack(const journal::Record& r) {
    return isOneOf(r.type, {"correct", "illegal", "illegal_kind"});
}

bool adjourns(const journal::Record& r) {
    return isOneOf(r.type, {"seal_requested", "sealed"});
}

bool restartsEngine(const journal::Record& r) {
    return isOneOf(r.type, {"engine_fault", "engine_restart", "console_resumed"});
}

bool endsGameByRecord(const journal::Record& r) {
    if (isOneOf(r.type, {"resign", "flag_confirmed", "arbiter_result", "qpf_claim"})) return true;
    if (r.type == "forfeit") return r.payload.value("confirm", false);
    if (r.type == "answer_human" || r.type == "answer_computer") return r.payload.value("accept", false);
    if (r.type == "claim") return r.payload.value("verdict", "") == "correct";
    return false;
}

// The game ended at the human's move `i` itself (mate, stalemate, a dead position): it is the last move
// of a finished game.
bool endsGameByMove(const Context& ctx, std::size_t i) {
    return ctx.tl.at(i).type == "human_move" && ctx.result != "*" &&
           static_cast<std::size_t>(ctx.tl.ply_before[i]) + 1 == ctx.moves.size();
}

bool endsGame(const Context& ctx, std::size_t i) {
    return endsGameByRecord(ctx.tl.at(i)) || endsGameByMove(ctx, i);
}

std::optional<StopCase> firstIn(const Context& ctx, std::size_t from, std::size_t to,
                                const std::function<bool(std::size_t)>& allows, const char* what) {
    for (std::size_t k = from + 1; k < to && k < ctx.tl.size(); ++k)
        if (allows(k)) return StopCase{what, k};
    return std::nullopt;
}

// The case a ponder_stop's reason names (session_ponder.cpp's stopReason and the engine fault).
std::optional<StopCase> ponderStopReason(const Context& ctx, std::size_t start, std::size_t end) {
    const std::string reason = ctx.tl.at(end).payload.value("reason", "");
    const auto& tl = ctx.tl;
    if (reason == "game end")
        return firstIn(
            ctx, start, end, [&](std::size_t k) { return endsGame(ctx, k); }, kStopGameEnd);
    if (reason.rfind("adjournment", 0) == 0)
        return firstIn(
            ctx, start, end, [&](std::size_t k) { return adjourns(tl.at(k)); }, kStopAdjournment);
    if (reason.rfind("module change", 0) == 0)
        return firstIn(
            ctx, start, end, [&](std::size_t k) { return tl.at(k).type == "module_change"; }, kStopModule);
    if (reason.rfind("position changed", 0) == 0)
        return firstIn(
            ctx, start, end, [&](std::size_t k) { return takesBack(tl.at(k)); }, kStopTakeBack);
    if (reason == "engine fault")
        return firstIn(
            ctx, start, end, [&](std::size_t k) { return restartsEngine(tl.at(k)); }, kStopRestart);
    return std::nullopt;
}

// A ponder miss: the human's move just before it is the one it names, and it is not the expected reply
// (or it is, and the budget no longer fitted the `go ponder` figures: the reason says so).
std::optional<StopCase> ponderMiss(const Context& ctx, std::size_t start, std::size_t end) {
    const json& p = ctx.tl.at(end).payload;
    const std::string played = p.value("played", ""), expected = p.value("expected", "");
    if (played == expected && !p.contains("reason")) return std::nullopt;
    return firstIn(
        ctx, start, end,
        [&](std::size_t k) {
            return ctx.tl.at(k).type == "human_move" && ctx.tl.at(k).payload.value("uci", "") == played;
        },
        kStopPonderMiss);
}

// The uci of the move a `correct` record (index k) replaces: the human_move or earlier correction that
// played that half-move.
std::string correctedMove(const Timeline& tl, std::size_t k) {
    for (std::size_t j = k; j-- > 0;) {
        const auto& r = tl.at(j);
        if ((r.type == "human_move" && tl.ply_before[j] + 1 == tl.ply_before[k]) ||
            (r.type == "correct" && tl.ply_before[j] == tl.ply_before[k]))
            return r.payload.value("uci", "");
    }
    return "";
}

// A correction to the very move it replaces leaves the position as it was: the console goes on with its
// search (Session::Impl::reconcile stops only a search whose game is gone), so it allows no `stop`.
bool changesPosition(const Timeline& tl, std::size_t k) {
    const auto& r = tl.at(k);
    if (r.type != "correct") return true;
    const std::string old = r.payload.contains("old") ? r.payload.value("old", "") : correctedMove(tl, k);
    return old != r.payload.value("uci", "");
}

bool handshakeLine(std::string_view line) {
    return line == "> uci" || line.rfind("# started ", 0) == 0;
}

// A restart is borne out by the new engine's handshake (the bridge's "# started" note or "> uci") in the
// engine lines of that search, up to its answer: journaled with the lines of the search that hung, or at
// the restarted search's end. The built-in engine has no handshake (its first engine lines, a UCI
// process's handshake, show which): its journals cannot show one.
bool restartBorneOut(const Context& ctx, std::size_t search, std::size_t at) {
    const auto& tl = ctx.tl;
    std::size_t first = 0;
    while (first < tl.size() && tl.at(first).type != "engine_io") ++first;
    const auto opening = tl.lines(first < tl.size() ? first : 0);
    if (std::none_of(opening.begin(), opening.end(), handshakeLine)) return true;
    for (std::size_t k = search + 1; k < tl.size(); ++k) {
        for (std::string_view line : tl.lines(k))
            if (handshakeLine(line)) return true;
        if (k > at && (tl.at(k).type == "engine_move" || tl.at(k).type == "engine_move_withheld")) break;
    }
    return false;
}

}  // namespace

std::optional<StopCase> searchStopCase(const Context& ctx, std::size_t search, std::size_t at) {
    const auto& tl = ctx.tl;
    for (std::size_t k = search + 1; k <= at && k < tl.size(); ++k) {
        if (takesBack(tl.at(k)) && changesPosition(tl, k)) return StopCase{kStopTakeBack, k};
        if (endsGame(ctx, k)) return StopCase{kStopGameEnd, k};
        if (tl.at(k).type == "sealed") return StopCase{kStopAdjournment, k};
        if (restartsEngine(tl.at(k)) && restartBorneOut(ctx, search, at)) return StopCase{kStopRestart, k};
    }
    return std::nullopt;
}

std::optional<std::size_t> ponderEnd(const Timeline& tl, std::size_t start) {
    const json id = tl.at(start).payload.value("search", json());
    for (std::size_t k = start + 1; k < tl.size(); ++k) {
        const auto& r = tl.at(k);
        if ((r.type == "ponder_miss" || r.type == "ponder_stop") && r.payload.value("search", json()) == id)
            return k;
        if (r.type == "ponder_hit" && r.payload.value("ponder_search", json()) == id) return k;
        if (r.type == "console_resumed") return std::nullopt;
    }
    return std::nullopt;
}

std::optional<StopCase> ponderStopCase(const Context& ctx, std::size_t start) {
    const std::optional<std::size_t> end = ponderEnd(ctx.tl, start);
    if (!end) return std::nullopt;
    const std::string& type = ctx.tl.at(*end).type;
    if (type == "ponder_miss") return ponderMiss(ctx, start, *end);
    if (type == "ponder_stop") return ponderStopReason(ctx, start, *end);
    return std::nullopt;  // a ponder hit is answered with `ponderhit`, never `stop`
}

}  // namespace oc::audit::detail
