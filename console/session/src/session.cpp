#include "session/session.hpp"

#include <fmt/format.h>

#include <utility>

#include "i18n/mark.hpp"
#include "session/journal_header.hpp"
#include "session_impl.hpp"

namespace oc::session {
namespace {

bool inPlay(const Session::Impl& s) {
    return s.phase != Phase::Setup && !s.over();
}

}  // namespace

std::int64_t toMs(TimePoint t) {
    return std::chrono::duration_cast<Ms>(t.time_since_epoch()).count();
}
TimePoint fromMs(std::int64_t ms) {
    return TimePoint(std::chrono::duration_cast<TimePoint::duration>(Ms(ms)));
}
const char* colorName(Color c) {
    return c == Color::White ? i18n::N_("white") : i18n::N_("black");  // marked: messages name the side
}
Color colorFrom(const std::string& name) {
    return name == "white" ? Color::White : Color::Black;
}

void Session::Impl::notice(std::string text) {
    notices.push_back(std::move(text));
    if (notices.size() > 20) notices.pop_front();
}

// The journal first, then the state: a crash between the two replays the record (architecture §2).
// The record is parsed as a replay would parse it, so the live state is the replayed state.
Outcome Session::Impl::commit(json record, TimePoint now) {
    if (!journal_failure.empty()) return stopped();
    record["t"] = toMs(now);
    auto parsed = rec::parse(record);
    if (!parsed)
        return tl::make_unexpected(
            Rejection{fmt::format(i18n::N_("nothing changed: internal error: {}"), parsed.error())});
    if (auto ok = sink.append(record); !ok) return journalFailed(ok.error());
    if (auto ok = apply(*parsed); !ok)
        return halt(
            fmt::format("the journal's record {} cannot be applied ({}): the game is stopped - call "
                        "the arbiter",
                        records + 1, ok.error()));
    return commitDueAnswer(now);
}

// E.III 3.2-3.3: the record that answered a draw offer is followed by its draw_answer at once.
Outcome Session::Impl::commitDueAnswer(TimePoint now) {
    if (!draws.answer_due) return {};
    json due = *draws.answer_due;  // applying it clears answer_due
    return commit(std::move(due), now);
}

// Refusals are logged too (E.III 2.2, 3.3: "refused and logged"), and change nothing else.
Outcome Session::Impl::refuse(const std::string& command, const std::string& why, TimePoint now) {
    if (!journal_failure.empty()) return stopped();
    json r{{"type", "refused"}, {"command", command}, {"reason", why}, {"t", toMs(now)}};
    if (auto ok = sink.append(r); !ok) return journalFailed(ok.error());
    ++records;
    return tl::make_unexpected(Rejection{why});
}

// The journal is the game's record for the arbiter: a game that goes on without it could not be
// replayed or verified. So the first failed write stops every change until the game is resumed from
// the journal (its records up to the failure are intact: JournalWriter cuts a failed write back).
Outcome Session::Impl::journalFailed(const std::string& why) {
    return halt(fmt::format(
        i18n::N_("the journal could not be written ({}): the game is stopped and nothing changed - "
                 "stop the clocks, call the arbiter, then resume the game from the journal"),
        why));
}

Outcome Session::Impl::halt(std::string why) {
    journal_failure = std::move(why);
    notice(journal_failure);
    return stopped();
}

namespace {

using Impl = Session::Impl;

Outcome setupChange(Impl& s, const cmd::UpdateSetup& c, TimePoint now) {
    if (s.locked) {
        auto diff = event::setupDifferences(s.setup, c.setup);
        return s.refuse(
            "setup",
            fmt::format(
                i18n::N_("the event setup is locked once the game has started (E.III 2.2, 3.4); refused: {}"),
                fmt::join(diff, "; ")),
            now);
    }
    if (auto ok = event::validate(c.setup); !ok) return s.refuse("setup", ok.error(), now);
    auto clock = SessionClock::create(c.setup.time_control, c.setup.edition, c.setup.classification,
                                      c.setup.handling_reserve_s, c.setup.faster_rate_threshold_s);
    if (!clock) return s.refuse("setup", fmt::format(i18n::N_("time_control: {}"), clock.error()), now);
    return s.commit({{"type", "setup"}, {"setup", event::toJson(c.setup)}}, now);
}

Outcome start(Impl& s, const cmd::StartGame& c, TimePoint now) {
    if (s.phase != Phase::Setup) return s.refuse("start", i18n::N_("the game has already started"), now);
    if (auto why = s.ponderRefusal()) return s.refuse("start", *why, now);
    return s.commit({{"type", "start"}, {"at", toMs(c.at.value_or(now))}}, now);
}

Outcome humanMove(Impl& s, const cmd::HumanMove& c, TimePoint now) {
    if (s.phase != Phase::HumanToMove)
        return s.refuse("move", fmt::format(i18n::N_("not the human's turn (phase: {})"), phaseName(s.phase)),
                        now);
    if (s.qpfAwaitsArbiter())
        return s.refuse("move", i18n::N_("a quickplay claim awaits the arbiter's decision (arbiter qpf ...)"),
                        now);
    if (s.adjourn.seal_requested)
        return s.refuse("move",
                        i18n::N_("the arbiter asked for the move to be sealed: enter it as the sealed move"),
                        now);
    auto m = s.game.parse(c.text);
    if (!m) return tl::make_unexpected(Rejection{withIrregularHint(m.error(), "human")});
    TimePoint pressed = c.pressed_at.value_or(now);
    if (pressed > now || pressed < s.cycle.turn_started_at)
        return s.refuse(
            "move", i18n::N_("the clock-press time must lie between the start of the human's turn and now"),
            now);
    // Art. 9.1 / App. C.12: "(=)" written with the move is the same offer as the box ticked.
    return s.commit({{"type", "human_move"},
                     {"uci", m->uci},
                     {"text", c.text},
                     {"pressed", toMs(pressed)},
                     {"offer", c.draw_offer || m->draw_offer}},
                    now);
}

Outcome made(Impl& s, const cmd::MadeOnBoard& c, TimePoint now) {
    if (s.phase != Phase::EngineMoveShown)
        return s.refuse(
            "made", fmt::format(i18n::N_("no engine move to execute (phase: {})"), phaseName(s.phase)), now);
    if (s.qpfAwaitsArbiter())
        return s.refuse("made", i18n::N_("a quickplay claim awaits the arbiter's decision (arbiter qpf ...)"),
                        now);
    if (s.adjourn.withheld) {
        // I.1.1: a move executed after the seal request is the sealed move; the console shows none.
        if (!c.actual)
            return s.refuse(
                "made",
                i18n::N_("the computer's move is withheld for sealing: seal it (seal-computer); if a move "
                         "was executed on the board, enter it (made <move>)"),
                now);
        auto m = s.game.parse(*c.actual);
        if (!m) return tl::make_unexpected(Rejection{m.error()});
        return s.commit(
            {{"type", "sealed"}, {"by", colorName(s.computer())}, {"uci", m->uci}, {"on_board", true}}, now);
    }
    std::string uci = s.cycle.engine_move->uci;
    bool breach = false;
    if (c.actual) {
        auto m = s.game.parse(*c.actual);
        // CMP-1.2: the operator is the computer's player; an illegal move he made is the computer's
        // (IRR-06). Logged, so the arbiter sees it; the arbiter's ruling applies the penalty.
        if (!m) {
            std::string why = withIrregularHint(m.error(), "computer");
            if (why == m.error())  // one marked pattern around the rules' reason, so both translate
                why =
                    fmt::format(i18n::N_("{} - if this move was really made on the board, the arbiter rules "
                                         "it illegal against the computer's side (arbiter illegal {}; "
                                         "IRR-06/07)"),
                                why, s.game.plies() + 1);
            return s.refuse("made", why, now);
        }
        breach = m->uci != uci;
        uci = m->uci;
    }
    // A move shown before the seal request is not secret: normal play, the next player seals (I.1).
    return s.commit({{"type", "made"}, {"uci", uci}, {"breach", breach}}, now);
}

Outcome pressed(Impl& s, const cmd::ClockPressed& c, TimePoint now) {
    if (s.phase != Phase::EngineMoveMade)
        return s.refuse("pressed",
                        i18n::N_("press the clock after the move is executed on the board (E.III 1.4)"), now);
    TimePoint at = c.at.value_or(now);
    if (at > now || at < s.cycle.engine_move_at)
        return s.refuse("pressed", i18n::N_("the press time must lie between the engine's move and now"),
                        now);
    return s.commit({{"type", "pressed"}, {"at", toMs(at)}}, now);
}

Outcome recorded(Impl& s, TimePoint now) {
    if (!s.cycle.unrecorded)
        return s.refuse("recorded", i18n::N_("no computer move waits to be recorded"), now);
    if (s.phase == Phase::EngineMoveShown || s.phase == Phase::EngineMoveMade)
        return s.refuse("recorded",
                        i18n::N_("record the move after it is executed and the clock pressed (E.III 1.4)"),
                        now);
    return s.commit({{"type", "recorded"}}, now);
}

json optionalMs(const std::optional<Ms>& v) {
    return v ? json(v->count()) : json(nullptr);
}

Outcome sync(Impl& s, const cmd::SyncClock& c, TimePoint now) {
    if (!inPlay(s) && s.phase != Phase::Adjourned)
        return s.refuse("sync", i18n::N_("the clocks are not running"), now);
    if (!c.white && !c.black)
        return s.refuse("sync", i18n::N_("give the table clock's reading for at least one side"), now);
    if ((c.white && *c.white < Ms(0)) || (c.black && *c.black < Ms(0)))
        return s.refuse("sync", i18n::N_("a clock reading cannot be negative"), now);
    json record{{"type", "sync"}, {"white", optionalMs(c.white)}, {"black", optionalMs(c.black)}};
    // Absent means typed, as in every journal written before the board's readings were told apart.
    if (c.from == cmd::ReadingFrom::Board) record["source"] = "board";
    return s.commit(record, now);
}

}  // namespace
}  // namespace oc::session

namespace oc::session {

template <class... F>
struct Overload : F... {
    using F::operator()...;
};
template <class... F>
Overload(F...) -> Overload<F...>;

Outcome Session::Impl::dispatch(const Command& command, TimePoint now) {
    Impl& s = *this;
    return std::visit(Overload{[&](const cmd::UpdateSetup& c) { return setupChange(s, c, now); },
                               [&](const cmd::StartGame& c) { return start(s, c, now); },
                               [&](const cmd::HumanMove& c) { return humanMove(s, c, now); },
                               [&](const cmd::MadeOnBoard& c) { return made(s, c, now); },
                               [&](const cmd::ClockPressed& c) { return pressed(s, c, now); },
                               [&](const cmd::Recorded&) { return recorded(s, now); },
                               [&](const cmd::SyncClock& c) { return sync(s, c, now); },
                               [&](const cmd::HumanOffersDraw&) { return humanOffer(s, now); },
                               [&](const cmd::AnswerHumanOffer& c) { return answerHuman(s, c, now); },
                               [&](const cmd::ComputerOffersDraw&) { return computerOffer(s, now); },
                               [&](const cmd::HumanAnswersOffer& c) { return humanAnswers(s, c, now); },
                               [&](const cmd::ClaimDraw& c) { return claimDraw(s, c, now); },
                               [&](const cmd::Resign& c) { return resign(s, c, now); },
                               [&](const cmd::ReportFlag& c) { return reportFlag(s, c, now); },
                               [&](const cmd::ArbiterConfirmFlag& c) { return confirmFlag(s, c, now); },
                               [&](const cmd::ArbiterPause&) { return pause(s, true, now); },
                               [&](const cmd::ArbiterResume&) { return pause(s, false, now); },
                               [&](const cmd::ArbiterAdjustClock& c) { return adjust(s, c, now); },
                               [&](const cmd::ArbiterIllegalMove& c) { return illegalCmd(s, c, now); },
                               [&](const cmd::CorrectEntry& c) { return correct(s, c, now); },
                               [&](const cmd::ArbiterResult& c) { return arbiterResult(s, c, now); },
                               [&](const cmd::Consultation& c) { return consult(s, c, now); },
                               [&](const cmd::FasterRate& c) { return faster(s, c, now); },
                               [&](const cmd::RequestSeal&) { return requestSeal(s, now); },
                               [&](const cmd::SealHumanMove& c) { return sealHuman(s, c, now); },
                               [&](const cmd::SealComputerMove& c) { return sealComputer(s, c, now); },
                               [&](const cmd::Resume& c) { return resume(s, c, now); },
                               [&](const cmd::ArbiterQuickplay& c) { return arbiterQuickplay(s, c, now); },
                               [&](const cmd::RequestIncrement& c) { return requestIncrement(s, c, now); },
                               [&](const cmd::ArbiterIncrement& c) { return arbiterIncrement(s, c, now); },
                               [&](const cmd::ModuleChange& c) { return moduleChange(s, c, now); },
                               [&](const cmd::ArbiterIllegalKind& c) { return illegalKind(s, c, now); },
                               [&](const cmd::Arrival& c) { return arrival(s, c, now); },
                               [&](const cmd::ArbiterForfeit& c) { return forfeit(s, c, now); },
                               [&](const cmd::EnvelopeResumption& c) { return resumptionText(s, c, now); }},
                      command);
}

Session::Session(RecordSink& sink, EngineLink& engine) : impl_(std::make_unique<Impl>(sink, engine)) {}
Session::~Session() = default;

tl::expected<std::unique_ptr<Session>, std::string> Session::create(const event::EventSetup& setup,
                                                                    RecordSink& sink, EngineLink& engine,
                                                                    TimePoint now) {
    std::unique_ptr<Session> s(new Session(sink, engine));
    auto ok = s->impl_->dispatch(cmd::UpdateSetup{setup}, now);
    if (!ok) return tl::make_unexpected(ok.error().message);
    return s;
}

tl::expected<std::unique_ptr<Session>, std::string> Session::restore(
    const std::vector<nlohmann::json>& records, RecordSink& sink, EngineLink& engine,
    RestoreFailure* failure) {
    std::size_t i = 0;
    auto stop = [&](const std::string& reason, std::string message) {
        if (failure) *failure = RestoreFailure{i, reason};
        return tl::make_unexpected(std::move(message));
    };
    try {
        std::unique_ptr<Session> s(new Session(sink, engine));
        if (records.empty() || records.front().value("type", "") != "setup")
            return stop(i18n::N_("the journal does not start with the event setup"),
                        i18n::N_("the journal does not start with the event setup"));
        for (; i < records.size(); ++i) {
            auto applied =
                rec::parse(records[i]).and_then([&](const rec::Record& r) { return s->impl_->apply(r); });
            if (!applied)
                return stop(applied.error(),
                            fmt::format(i18n::N_("record {} cannot be replayed: {}"), i, applied.error()));
        }
        return s;
    } catch (const std::exception& e) {
        return stop(e.what(), fmt::format(i18n::N_("the journal cannot be replayed: {}"), e.what()));
    }
}

// Nothing in the session throws; a library's exception (out of memory ...) stops the game like a
// journal failure instead of leaving the session half changed behind the caller's back.
tl::expected<void, Rejection> Session::dispatch(const Command& command, TimePoint now) try {
    if (!impl_->journal_failure.empty()) return impl_->stopped();
    auto r = impl_->dispatch(command, now);
    if (r) impl_->reconcile(now);
    return r;
} catch (const std::exception& e) {
    return impl_->halt(
        fmt::format(i18n::N_("internal error ({}): the game is stopped - call the arbiter"), e.what()));
}

void Session::poll(TimePoint now) try {
    if (!impl_->journal_failure.empty()) return;  // the engine's news would show what is not on disk
    impl_->poll(now);
} catch (const std::exception& e) {
    (void)impl_->halt(
        fmt::format(i18n::N_("internal error ({}): the game is stopped - call the arbiter"), e.what()));
}
Snapshot Session::snapshot(TimePoint now) const {
    return impl_->snapshot(now);
}
std::vector<std::string> Session::legalMoves() const {
    return impl_->over() ? std::vector<std::string>{} : impl_->game.legalMoves();
}
tl::expected<void, Rejection> Session::recordResume(const std::string& program, std::uint64_t from_seq,
                                                    TimePoint now) {
    // A journal cut between an answer and its draw_answer: the answer is completed after the resume.
    auto due = std::exchange(impl_->draws.answer_due, std::nullopt);
    // The resuming console names itself and its rules: it may be another release than the header's.
    const nlohmann::json me = thisConsole();
    auto ok = impl_->commit({{"type", "console_resumed"},
                             {"program", program},
                             {"resumed_from_seq", from_seq},
                             {"console", me["program"]},
                             {"rules", me["rules"]}},
                            now);
    if (!ok || !due) return ok;
    return impl_->commit(std::move(*due), now);
}

tl::expected<void, Rejection> Session::recordNote(const std::string& about, const std::string& text,
                                                  TimePoint now) {
    return impl_->commit({{"type", "note"}, {"about", about}, {"text", text}}, now);
}

tl::expected<void, Rejection> Session::recordEboard(const nlohmann::json& fields, TimePoint now) {
    nlohmann::json record{{"type", "eboard"}};
    record.update(fields);
    record["type"] = "eboard";
    return impl_->commit(std::move(record), now);
}

tl::expected<void, std::string> Session::replayRecord(const nlohmann::json& record) try {
    return rec::parse(record).and_then([&](const rec::Record& r) { return impl_->apply(r); });
} catch (const std::exception& e) {
    return tl::make_unexpected(std::string(e.what()));
}

std::vector<std::string> Session::uciMoves() const {
    return impl_->game.uciMoves();
}

GoParams Session::goBudget(TimePoint now, bool ponder) const {
    if (!impl_->clock) return {};
    return ponder ? impl_->clock->ponderBudget(impl_->computer(), now)
                  : impl_->clock->budget(impl_->computer(), now);
}

std::optional<nlohmann::json> Session::drawAnswerDue() const {
    return impl_->draws.answer_due;
}

// The test of faster() (session_commands.cpp), on the clock itself: a trial copy of it would cost as much
// as its history of switches, and the audit asks once per faster-rate record.
std::optional<std::string> Session::fasterRateRefusal(bool on, TimePoint now) const {
    if (!inPlay(*impl_)) return std::string(i18n::N_("no game in progress"));
    return impl_->clock->fasterRateRefusal(on, impl_->computer(), now);
}

TimePoint Session::lastRecordTime() const {
    return impl_->last_t;
}
std::string Session::pgn() const {
    return impl_->pgn();
}
std::string Session::scoresheetText() const {
    std::string out;
    for (const auto& line : impl_->scoresheetLines()) out += line + "\n";
    return out;
}

}  // namespace oc::session
