// Records -> the public view. The session replays the records (Session::restore, then replayRecord for
// each new one) exactly as the console applied them, so the broadcast and the console never disagree; the
// public view then takes from its snapshot only what a public display may show (decisions.md Q18). The sealed
// move (Guidelines I.1-I.3) is in no snapshot before the envelope is opened, so it is in no view either.
#include "broadcast/board_view.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "event/event_setup.hpp"
#include "i18n/mark.hpp"
#include "session/journal_sink.hpp"
#include "session/no_engine.hpp"
#include "session/session.hpp"

namespace oc::broadcast {
namespace {

using Ms = std::chrono::milliseconds;

// Tags a broadcast platform matches games by, and nothing from the operator's side of the console.
// The titles (issue 38: from the TRF) are lichess's WhiteTitle/BlackTitle, shown beside the names.
constexpr const char* kPublicTags[] = {"Event",     "Site",        "Date",        "Round",       "White",
                                       "Black",     "Result",      "Board",       "TimeControl", "WhiteType",
                                       "BlackType", "Termination", "WhiteFideId", "BlackFideId", "WhiteElo",
                                       "BlackElo",  "WhiteTitle",  "BlackTitle",  "FIDERuleset"};

// The console's public display (ui/banner.cpp): the seal request and the opened envelope have their own
// words, and the arbiter's pause, a reported flag or a quickplay claim stop the game for the audience.
Status statusOf(const session::Snapshot& s) {
    using session::Phase;
    if (s.phase == Phase::Setup) return Status::Waiting;
    if (s.phase == Phase::GameOver) return Status::Finished;
    if (s.phase == Phase::Adjourned) return Status::Adjourned;
    if (s.clock_paused || s.flag_reported || s.qpf_claimant) return Status::Paused;
    if (s.seal_requested) return Status::Sealing;
    if (s.clock_waits_for_sealed_move) return Status::Resumed;
    return Status::Playing;
}

// FIDE IDs are optional fields of the journal's header or setup record ("white_fide_id"); nullopt when
// `r` has none for `side`.
std::optional<std::string> fideIdIn(const journal::Record& r, const char* side) {
    const std::string key = std::string(side) + "_fide_id";
    const auto& p = r.type == "setup" && r.payload.contains("setup") ? r.payload["setup"] : r.payload;
    if (!p.is_object() || !p.contains(key)) return std::nullopt;
    // The setup writes "" when the event gave no FIDE ID: no tag then.
    if (p[key].is_string() && !p[key].get<std::string>().empty()) return p[key].get<std::string>();
    if (p[key].is_number_unsigned()) return std::to_string(p[key].get<std::uint64_t>());
    return std::nullopt;
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

// The session's time at as_of: the last record's monotonic time plus what passed since it was written,
// on one clock (the hub's when it read the records, else the record's own wall time).
session::TimePoint clockTime(const journal::Record& last, journal::WallTime written,
                             journal::WallTime as_of) {
    const Ms since = std::max(Ms{0}, as_of - written);
    return session::TimePoint(last.mono + since);
}

journal::WallTime writtenAt(const FollowState& state, std::size_t i, const ReadTimes* read) {
    return read ? read->writtenBy(i) : state.records[i].wall;
}

// The event's board number ("12" in the setup) when it is one; the slot otherwise.
int boardNumber(const std::string& board, int slot) {
    int n = 0;
    const auto [end, ec] = std::from_chars(board.data(), board.data() + board.size(), n);
    return ec == std::errc{} && end == board.data() + board.size() && n > 0 ? n : slot;
}

// The human's move is published once the console has it on the board for good: when the engine has
// answered it (or its reply was played, or the game ended). While the engine still thinks, the operator
// may correct a mis-entry with the arbiter, so spectators see the position before it; the clocks are
// the real ones (the human's stopped, the computer's running).
// A move the engine had answered was published: its late correction (before the reply is played)
// replaces it in the same update instead of withdrawing it while the engine thinks again, so the PGN
// never shrinks (platforms take a shrinking PGN for a new game; issue 35 item 5).
void withholdUnansweredHumanMove(BoardView& v, const session::Snapshot& snap, std::size_t answered_plies) {
    if (snap.phase != session::Phase::EngineThinking || snap.moves.empty() || v.game.moves.empty() ||
        snap.moves.back().side == snap.setup.computer_side || snap.moves.size() <= answered_plies)
        return;
    v.moves.pop_back();
    v.game.moves.pop_back();
    rules::Position pos = v.game.start;
    for (const auto& node : v.game.moves) pos = pos.play(node.move);
    v.fen = pos.fen();
}

void fillFromSnapshot(BoardView& v, const rules::PgnGame& game, const session::Snapshot& snap,
                      std::size_t answered_plies) {
    v.game = game;
    v.fen = snap.fen;
    v.white = snap.setup.white;
    v.black = snap.setup.black;
    v.event = snap.setup.event;
    v.board = boardNumber(snap.setup.board, v.slot);
    v.language = snap.setup.ui_language.empty() ? snap.setup.language : snap.setup.ui_language;
    for (const auto& m : snap.moves) v.moves.push_back(m.san);
    v.status = statusOf(snap);
    v.result = snap.result;
    v.clocks.white_ms = snap.remaining[rules::Color::White].count();
    v.clocks.black_ms = snap.remaining[rules::Color::Black].count();
    if (v.status == Status::Playing || v.status == Status::Sealing) v.clocks.running = snap.clock_running;
    withholdUnansweredHumanMove(v, snap, answered_plies);
}

// A journal record as the session reads it: its payload with its type.
nlohmann::json sessionRecord(const journal::Record& r) {
    nlohmann::json j = r.payload;
    j["type"] = r.type;
    return j;
}

}  // namespace

// The session that replays one journal, and how far it got.
struct LiveBoard::Game {
    session::MemorySink sink;
    session::NoEngine none;
    std::unique_ptr<session::Session> session;
    std::string journal_id;
    std::size_t applied = 0;               // records applied, the header included
    std::optional<std::size_t> failed_at;  // the first record the session could not replay
    std::string failure;                   // why
    // The public game as last published, so that a record adding one move appends it instead of
    // writing and re-reading the whole game's PGN.
    rules::PgnGame pub;
    rules::Position pub_end = rules::Position::startpos();  // the position after pub's moves
    std::string pub_key;                                    // setup, result and termination it was made for
    std::string pub_last_uci;
    bool pub_valid = false;
    // The FIDE IDs of the first records that have them, and how many records were looked at: each record
    // is looked at once, so a long journal of engine output costs nothing per new record.
    std::optional<std::string> fide_ids[2];
    std::size_t fide_scanned = 0;
    // The plies of the last human move the engine had answered before a `correct` record replaced it:
    // that move was published, so its correction is too, at once.
    std::size_t answered_plies = 0;
    // The first unsalted `sealed` record (a version 1 journal's), and how many records were looked at.
    std::optional<std::size_t> unsalted_seal;
    std::size_t seal_scanned = 0;
};

LiveBoard::LiveBoard() : game_(std::make_unique<Game>()) {}
LiveBoard::~LiveBoard() = default;

std::size_t LiveBoard::applied() const {
    return game_->applied;
}

namespace {

// What %clk keeps of a clock reading: tenths of a second (the PGN writer's form, read back).
std::chrono::milliseconds publishedClock(std::chrono::milliseconds t) {
    const auto ms = std::max<std::int64_t>(0, t.count());
    return std::chrono::milliseconds(ms - ms % 100);
}

bool appendOneMove(LiveBoard::Game& g, const session::Snapshot& snap) {
    const std::size_t n = g.pub.moves.size();
    if (snap.moves.size() != n + 1 || (n > 0 && snap.moves[n - 1].uci != g.pub_last_uci)) return false;
    auto m = rules::parseUci(g.pub_end, snap.moves.back().uci);
    if (!m) return false;
    if (n > 0) g.pub.moves.back().annotations.clock = publishedClock(snap.moves[n - 1].clock_after);
    rules::PgnNode node{*m, {}, {}};
    node.annotations.clock = publishedClock(snap.moves.back().clock_after);
    g.pub.moves.push_back(std::move(node));
    g.pub_end = g.pub_end.play(*m);
    g.pub_last_uci = snap.moves.back().uci;
    return true;
}

// The public game of the session now: kept when no move was added, one move appended when one was,
// and made afresh from the session's PGN otherwise (the first time, a correction, a result, a new setup).
const rules::PgnGame& publicGameOf(LiveBoard::Game& g, const session::Snapshot& snap) {
    const std::string key = event::toJson(snap.setup).dump() + snap.result + snap.termination;
    if (g.pub_valid && key == g.pub_key) {
        const std::size_t n = g.pub.moves.size();
        // The last move's %clk changes when its clock is pressed (the increment): kept up to date.
        if (snap.moves.size() == n && (n == 0 || snap.moves.back().uci == g.pub_last_uci)) {
            if (n > 0) g.pub.moves.back().annotations.clock = publishedClock(snap.moves.back().clock_after);
            return g.pub;
        }
        if (appendOneMove(g, snap)) return g.pub;
    }
    g.pub = publicGame(g.session->pgn());
    g.pub_end = g.pub.start;
    for (const auto& node : g.pub.moves) g.pub_end = g.pub_end.play(node.move);
    g.pub_last_uci = snap.moves.empty() ? "" : snap.moves.back().uci;
    g.pub_key = key;
    g.pub_valid = true;
    return g.pub;
}

// The FIDE ID tags from the first `count` records (the first record with a side's ID gives it).
void addFideIds(LiveBoard::Game& g, rules::PgnGame& game, const std::vector<journal::Record>& records,
                std::size_t count) {
    const char* sides[2] = {"white", "black"};
    for (; g.fide_scanned < count; ++g.fide_scanned)
        for (int i = 0; i < 2; ++i)
            if (!g.fide_ids[i]) g.fide_ids[i] = fideIdIn(records[g.fide_scanned], sides[i]);
    if (g.fide_ids[0]) game.setTag("WhiteFideId", *g.fide_ids[0]);
    if (g.fide_ids[1]) game.setTag("BlackFideId", *g.fide_ids[1]);
}

// Rebuilds the session from records 1..end-1 in one go (after a record that cannot be replayed, whose
// attempt may have left the session half changed).
std::unique_ptr<session::Session> replayUpTo(const FollowState& state, std::size_t end,
                                             session::MemorySink& sink, session::NoEngine& none) {
    std::vector<nlohmann::json> records;
    for (std::size_t i = 1; i < end; ++i) records.push_back(sessionRecord(state.records[i]));
    if (records.empty()) return nullptr;
    auto s = session::Session::restore(records, sink, none);
    return s ? std::move(*s) : nullptr;
}

// A correction after the engine answered (its reply not played yet) corrects a published move.
void noteLateCorrection(LiveBoard::Game& g, const journal::Record& r) {
    if (r.type != "correct" || !g.session) return;
    const auto snap = g.session->snapshot(g.session->lastRecordTime());
    if (snap.phase == session::Phase::EngineMoveHeld || snap.phase == session::Phase::EngineMoveShown)
        g.answered_plies = snap.moves.size();
}

// Applies records [applied, count): the first session record (the setup) starts the session, each
// later one is replayed onto it exactly as Session::restore replays it.
void applyRecords(LiveBoard::Game& g, const FollowState& state, std::size_t count) {
    for (std::size_t i = std::max<std::size_t>(g.applied, 1); i < count && !g.failed_at; ++i) {
        const nlohmann::json record = sessionRecord(state.records[i]);
        tl::expected<void, std::string> ok;
        noteLateCorrection(g, state.records[i]);
        if (!g.session) {
            auto s = session::Session::restore({record}, g.sink, g.none);
            if (s)
                g.session = std::move(*s);
            else
                ok = tl::make_unexpected(s.error());
        } else {
            ok = g.session->replayRecord(record);
        }
        if (!ok) {
            g.failed_at = i;
            g.failure = fmt::format("record {} cannot be replayed: {}", i, ok.error());
            g.session = replayUpTo(state, i, g.sink, g.none);
            g.pub_valid = false;
        }
    }
    g.applied = std::max(g.applied, count);
}

// A version 1 journal has no salts: the hash of its `sealed` record, which may hold the move executed on
// the board in clear, can be searched over the legal moves, and so can every later hash, which chains
// over it (issue 35 item 12). Heads from that record on are not published; the rest of the view is.
void withholdUnsaltedHead(LiveBoard::Game& g, BoardView& v, const FollowState& state, std::size_t count) {
    for (; g.seal_scanned < count && !g.unsalted_seal; ++g.seal_scanned) {
        const journal::Record& r = state.records[g.seal_scanned];
        if (r.type == "sealed" && r.salt.empty()) g.unsalted_seal = g.seal_scanned;
    }
    if (!g.unsalted_seal || *g.unsalted_seal >= count) return;
    v.journal_head.clear();
    v.head_withheld = fmt::format(
        i18n::N_("not published: this journal (version {}) has no salts, so the hash of its sealed move's "
                 "record (record {}) and of every record after it would let anyone find the sealed move by "
                 "trying every legal move"),
        v.journal_version, *g.unsalted_seal);
}

// Which key signs the journal, so that an arbiter can match the board with the scoresheet's fingerprint;
// a journal without one (version 1 or 2) is said to be unsigned.
void addSigningKey(BoardView& v, const journal::Record& header) {
    const auto version = header.payload.find("journal_version");
    if (version != header.payload.end() && version->is_number_integer())
        v.journal_version = version->get<int>();
    v.signing_key = journal::namedSigningKey(header);
    if (v.signing_key.empty())
        v.signature_notice = fmt::format(
            i18n::N_("this journal is not signed (journal version {}): nothing proves that its records were "
                     "written by the console, and there is no key fingerprint to match with the scoresheet"),
            v.journal_version);
}

// The hub's reading of the console's clock, published with the records it was measured on.
void addClockOffset(BoardView& v, const ReadTimes* read, std::size_t count) {
    if (!read) return;
    v.clock_offset_ms = read->offsetMs(count);
    v.clock_notice = ReadTimes::offsetNotice(v.clock_offset_ms);
}

}  // namespace

BoardView LiveBoard::view(int slot, const FollowState& state, std::size_t count, journal::WallTime as_of,
                          const ReadTimes* read) {
    BoardView v;
    v.board = v.slot = slot;
    count = std::min(count, state.records.size());
    const journal::WallTime shown = as_of;
    // A broken feed stops: its clocks stand as they were at the last record that verifies.
    const bool broken =
        state.broken_index && count == state.records.size() && (!read || read->brokenBy(shown));
    if (broken && count > 0) as_of = std::min(as_of, writtenAt(state, count - 1, read));
    // A reading is never dated before its last record was written: a record published sooner than the
    // delay (one a restarted hub's ledger had published) would otherwise have its running clock counted
    // from before the record, too low.
    if (count > 0) as_of = std::max(as_of, writtenAt(state, count - 1, read));
    v.clocks.as_of = as_of;
    v.fen = rules::Position::startpos().fen();
    if (count > 0) {
        if (game_->journal_id != state.records[0].hash || count < game_->applied) {
            game_ = std::make_unique<Game>();
            game_->journal_id = state.records[0].hash;
        }
        applyRecords(*game_, state, count);
        v.journal_id = state.records[0].hash;
        v.journal_head = state.records[count - 1].hash;
        v.journal_seq = state.records[count - 1].seq;
        addSigningKey(v, state.records[0]);
        withholdUnsaltedHead(*game_, v, state, count);
        const std::size_t good = game_->failed_at ? std::min(count, *game_->failed_at) : count;
        if (game_->session) {
            const auto snap = game_->session->snapshot(
                clockTime(state.records[good - 1], writtenAt(state, good - 1, read), as_of));
            fillFromSnapshot(v, publicGameOf(*game_, snap), snap, game_->answered_plies);
            addFideIds(*game_, v.game, state.records, good);
        }
        if (game_->failed_at && *game_->failed_at < count) {
            v.problem = "the journal's game cannot be rebuilt: " + game_->failure;
            v.status = Status::JournalBroken;
            v.clocks.running.reset();
            v.broken_index = game_->failed_at;
        }
    }
    v.notice = read ? read->noticeAt(shown) : followNotice(state);
    addClockOffset(v, read, count);
    if (broken) {
        v.status = Status::JournalBroken;
        v.clocks.running.reset();
        v.broken_index = state.broken_index;
        v.problem = state.broken_reason;
    }
    // Platforms match games by their tags: an event that left the board unnamed gets its place in the hub.
    if (v.game.tag("Board").value_or("?") == "?") v.game.setTag("Board", std::to_string(v.board));
    v.game.setTag("JournalId", v.journal_id);
    v.game.setTag("JournalHead", v.journal_head);
    return v;
}

BoardView buildView(int slot, const FollowState& state, std::size_t count, journal::WallTime as_of) {
    LiveBoard fresh;
    return fresh.view(slot, state, count, as_of);
}

const char* statusName(Status s) {
    switch (s) {
        case Status::Waiting:
            return "waiting";
        case Status::Playing:
            return "playing";
        case Status::Paused:
            return "paused";
        case Status::Sealing:
            return "sealing";
        case Status::Resumed:
            return "resumed";
        case Status::Adjourned:
            return "adjourned";
        case Status::Finished:
            return "finished";
        case Status::JournalBroken:
            return "journal-broken";
    }
    return "waiting";
}

}  // namespace oc::broadcast
