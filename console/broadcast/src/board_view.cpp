// Records -> the public view. The session rebuilds the game from the records (Session::restore) exactly
// as the console did, so the broadcast and the console never disagree; the public view then takes from
// its snapshot only what a public display may show (decisions.md Q18). The sealed move (Guidelines
// I.1-I.3) is in no snapshot before the envelope is opened, so it is in no view either.
#include "broadcast/board_view.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "session/journal_sink.hpp"
#include "session/no_engine.hpp"
#include "session/session.hpp"

namespace oc::broadcast {
namespace {

using Ms = std::chrono::milliseconds;

// Tags a broadcast platform matches games by, and nothing from the operator's side of the console.
constexpr const char* kPublicTags[] = {"Event",     "Site",        "Date",        "Round",       "White",
                                       "Black",     "Result",      "Board",       "TimeControl", "WhiteType",
                                       "BlackType", "Termination", "WhiteFideId", "BlackFideId", "WhiteElo",
                                       "BlackElo",  "FIDERuleset"};

Status statusOf(const session::Snapshot& s) {
    using session::Phase;
    if (s.phase == Phase::Setup) return Status::Waiting;
    if (s.phase == Phase::GameOver) return Status::Finished;
    if (s.phase == Phase::Adjourned) return Status::Adjourned;
    if (s.clock_paused || s.flag_reported || s.qpf_claimant) return Status::Paused;
    return Status::Playing;
}

// FIDE IDs are optional fields of the journal's header or setup record ("white_fide_id").
void addFideIds(rules::PgnGame& game, const std::vector<journal::Record>& records) {
    for (const char* side : {"white", "black"}) {
        const std::string key = std::string(side) + "_fide_id";
        for (const auto& r : records) {
            const auto& p = r.type == "setup" && r.payload.contains("setup") ? r.payload["setup"] : r.payload;
            // The setup writes "" when the event gave no FIDE ID: no tag then.
            const bool id =
                p.is_object() && p.contains(key) &&
                ((p[key].is_string() && !p[key].get<std::string>().empty()) || p[key].is_number_unsigned());
            if (id) {
                game.setTag(side[0] == 'w' ? "WhiteFideId" : "BlackFideId",
                            p[key].is_string() ? p[key].get<std::string>()
                                               : std::to_string(p[key].get<std::uint64_t>()));
                break;
            }
        }
    }
}

// The session's PGN with every comment but [%clk] removed, and only public tags.
rules::PgnGame publicGame(const std::string& session_pgn) {
    auto games = rules::parsePgn(session_pgn);
    rules::PgnGame out;
    if (!games || games->empty()) return out;
    rules::PgnGame& g = games->front();
    for (const char* name : kPublicTags)
        if (auto v = g.tag(name)) out.tags.push_back({name, *v});
    out.start = g.start;
    out.result = g.result;
    for (const auto& node : g.moves) {
        rules::PgnNode clean{node.move, {}, {}};
        clean.annotations.clock = node.annotations.clock;
        out.moves.push_back(std::move(clean));
    }
    return out;
}

session::TimePoint clockTime(const journal::Record& last, journal::WallTime as_of) {
    const Ms since = std::max(Ms{0}, as_of - last.wall);
    return session::TimePoint(last.mono + since);
}

void fillFromSnapshot(BoardView& v, const session::Session& s, const session::Snapshot& snap) {
    v.game = publicGame(s.pgn());
    v.fen = snap.fen;
    v.white = snap.setup.white;
    v.black = snap.setup.black;
    v.event = snap.setup.event;
    v.language = snap.setup.ui_language.empty() ? snap.setup.language : snap.setup.ui_language;
    for (const auto& m : snap.moves) v.moves.push_back(m.san);
    v.status = statusOf(snap);
    v.result = snap.result;
    v.clocks.white_ms = snap.remaining[rules::Color::White].count();
    v.clocks.black_ms = snap.remaining[rules::Color::Black].count();
    if (v.status == Status::Playing) v.clocks.running = snap.clock_running;
}

void restoreInto(BoardView& v, const FollowState& state, std::size_t count, journal::WallTime as_of) {
    journal::JournalContents contents;
    contents.records.assign(state.records.begin(),
                            state.records.begin() + static_cast<std::ptrdiff_t>(count));
    auto records = session::sessionRecords(contents);
    if (records.empty()) return;  // only the header: the game is being set up
    session::MemorySink sink;
    session::NoEngine none;
    auto s = session::Session::restore(records, sink, none);
    if (!s) {
        v.problem = "the journal's game cannot be rebuilt: " + s.error();
        v.status = Status::JournalBroken;
        v.broken_index = count - 1;
        return;
    }
    fillFromSnapshot(v, **s, (*s)->snapshot(clockTime(contents.records.back(), as_of)));
    addFideIds(v.game, contents.records);
}

}  // namespace

const char* statusName(Status s) {
    switch (s) {
        case Status::Waiting:
            return "waiting";
        case Status::Playing:
            return "playing";
        case Status::Paused:
            return "paused";
        case Status::Adjourned:
            return "adjourned";
        case Status::Finished:
            return "finished";
        case Status::JournalBroken:
            return "journal-broken";
    }
    return "waiting";
}

BoardView buildView(int board, const FollowState& state, std::size_t count, journal::WallTime as_of) {
    BoardView v;
    v.board = board;
    count = std::min(count, state.records.size());
    // A broken feed stops: its clocks stand as they were at the last record that verifies.
    const bool broken = state.broken_index && count == state.records.size();
    if (broken && count > 0) as_of = std::min(as_of, state.records[count - 1].wall);
    v.clocks.as_of = as_of;
    v.fen = rules::Position::startpos().fen();
    if (count > 0) {
        v.journal_id = state.records[0].hash;
        v.journal_head = state.records[count - 1].hash;
        v.journal_seq = state.records[count - 1].seq;
        restoreInto(v, state, count, as_of);
    }
    v.notice = !state.waiting.empty() ? state.waiting : state.replaced;
    if (broken) {
        v.status = Status::JournalBroken;
        v.clocks.running.reset();
        v.broken_index = state.broken_index;
        v.problem = state.broken_reason;
    }
    // Platforms match games by their tags: an event that left the board unnamed gets its place in the hub.
    if (v.game.tag("Board").value_or("?") == "?") v.game.setTag("Board", std::to_string(board));
    v.game.setTag("JournalId", v.journal_id);
    v.game.setTag("JournalHead", v.journal_head);
    return v;
}

}  // namespace oc::broadcast
