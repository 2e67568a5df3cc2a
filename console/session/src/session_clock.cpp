// SessionClock over clock/: the mirror clock (CLK-01), the E.III 2.1 budget, the E.III 2.2 faster rate
// and the edition's penalty tables.
#include "session_clock.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "clock/budget.hpp"
#include "clock/game_clock.hpp"
#include "clock/penalties.hpp"
#include "clock/rulings.hpp"
#include "clock/tc_format.hpp"
#include "i18n/mark.hpp"

namespace oc::session {
namespace {

using rules::Color;

clock::GameClass classOf(const std::string& name, const clock::TimeControl& tc, rules::Edition e) {
    if (name == "standard") return clock::GameClass::Standard;
    if (name == "rapid") return clock::GameClass::Rapid;
    if (name == "blitz") return clock::GameClass::Blitz;
    return clock::classify(tc, e);
}

}  // namespace

struct SessionClock::Impl {
    clock::GameClock gc;
    clock::HandlingReserve reserve;
    clock::FasterRate faster;
    clock::PenaltyContext penalties;
    Ms last_increment{};  // credited by the latest press (taken back after an illegal move)
    std::string event_pgn_tc;
    clock::BudgetSettings budget{};
    rules::ByColor<Ms> synced{};  // CLK-01: each side's net sync correction, for the envelope's times
    // The arbiter's adjustments (rulings, penalties) since each side's last table-clock reading: a reading
    // that differs by just that much shows a table clock nobody set as ruled (issue 34).
    rules::ByColor<Ms> ruled{};
    SyncSummary syncs;

    Impl(clock::TimeControl tc, clock::ReserveSettings rs, Ms threshold)
        : gc(std::move(tc)), reserve(rs), faster(threshold) {}
};

SessionClock::SessionClock() = default;
SessionClock::~SessionClock() = default;
SessionClock::SessionClock(const SessionClock& o) : impl_(std::make_unique<Impl>(*o.impl_)) {}
SessionClock& SessionClock::operator=(const SessionClock& o) {
    impl_ = std::make_unique<Impl>(*o.impl_);
    return *this;
}
SessionClock::SessionClock(SessionClock&&) noexcept = default;
SessionClock& SessionClock::operator=(SessionClock&&) noexcept = default;

tl::expected<SessionClock, std::string> SessionClock::create(const std::string& tc_text,
                                                             rules::Edition edition,
                                                             const std::string& classification,
                                                             double reserve_s, double faster_threshold_s) {
    auto tc = clock::parseTimeControl(tc_text);
    if (!tc) return tl::make_unexpected(tc.error().message());
    if (auto bad = clock::validate(*tc); !bad.empty()) return tl::make_unexpected(bad);
    clock::ReserveSettings rs;
    rs.initial = Ms(static_cast<long long>(reserve_s * 1000));
    rs.floor = std::min(rs.floor, rs.initial);
    SessionClock c;
    c.impl_ = std::make_unique<Impl>(*tc, rs, Ms(static_cast<long long>(faster_threshold_s * 1000)));
    rules::Edition e = edition;
    c.impl_->penalties.edition = e;
    c.impl_->penalties.game_class = classOf(classification, *tc, e);
    c.impl_->event_pgn_tc = clock::formatPgn(*tc);
    return c;
}

void SessionClock::start(TimePoint t) {
    (void)impl_->gc.start(Color::White, t);
}

void SessionClock::press(TimePoint t) {
    if (auto r = impl_->gc.press(t)) impl_->last_increment = r->credited;
}

// After a reinstated position the offender's clock must run: the opponent's clock is switched over
// without counting that as a move's increment.
void SessionClock::restartTurn(Color side, TimePoint t) {
    auto& gc = impl_->gc;
    if (gc.turn() == side) return;
    if (auto r = gc.press(t); r && r->credited > Ms(0))
        (void)gc.adjust({~side, -r->credited, "reinstatement: no increment for a switch-over", "7.5.1"}, t);
}

// For the envelope (Guidelines I.1 (c)): each side's total correction and the move of the last sync.
void SessionClock::countSync(const std::vector<clock::SyncRecord>& records) {
    for (const auto& rec : records) impl_->synced[rec.side] += std::chrono::duration_cast<Ms>(rec.difference);
    // The move in progress: White's clock runs during move W + 1, Black's during move W (W = White's moves).
    const Color turn = impl_->gc.turn();
    const int white_moves = impl_->gc.movesCompleted(Color::White);
    impl_->syncs = {impl_->syncs.count + 1, turn == Color::White ? white_moves + 1 : white_moves, turn};
}

namespace {

// CLK-01: a typed reading may be a misreading, so the operator is asked to check it; the board's reading
// is the table clock's own, so the warning says only that the console's clock was off.
std::string beyondWarning(const std::vector<std::string>& beyond, const std::string& tolerance,
                          bool from_board) {
    if (from_board && beyond.size() == 2)
        return fmt::format(i18n::N_("{} differs from the console by {} (more than {}): read by the board "
                                    "from the table clock, which is official"),
                           beyond[0], beyond[1], tolerance);
    if (from_board && beyond.size() == 4)
        return fmt::format(i18n::N_("{} differs from the console by {}; {} differs from the console by {} "
                                    "(more than {}): read by the board from the table clock, which is "
                                    "official"),
                           beyond[0], beyond[1], beyond[2], beyond[3], tolerance);
    std::string warning;
    if (beyond.size() == 2)
        warning = fmt::format(i18n::N_("{} differs from the console by {} (more than {}): check the reading "
                                       "typed; the table clock is official"),
                              beyond[0], beyond[1], tolerance);
    if (beyond.size() == 4)
        warning =
            fmt::format(i18n::N_("{} differs from the console by {}; {} differs from the console by {} "
                                 "(more than {}): check the reading typed; the table clock is official"),
                        beyond[0], beyond[1], beyond[2], beyond[3], tolerance);
    return warning;
}

}  // namespace

SessionClock::SyncNote SessionClock::sync(std::optional<Ms> white, std::optional<Ms> black, TimePoint t,
                                          bool from_board) {
    clock::ClockReading r;
    r.remaining[Color::White] = white;
    r.remaining[Color::Black] = black;
    const auto records = impl_->gc.sync(r, t);
    SyncNote note{"table clock:", ""};
    if (!records) return {fmt::format(i18n::N_("table clock: {}"), clock::toString(records.error())), ""};
    countSync(*records);
    // In the table clock's own form (m:ss), never raw milliseconds: the operator compares it with the clock.
    // One whole sentence per number of sides read, so a translation reads it back (i18n::N_).
    std::vector<std::string> read, beyond;
    for (const clock::SyncRecord& rec : *records) {
        const char* side = rec.side == Color::White ? i18n::N_("White") : i18n::N_("Black");
        // formatClock writes the '-' itself (negating the difference could overflow).
        const std::string diff = (rec.difference >= Ms(0) ? "+" : "") + clock::formatClock(rec.difference);
        read.insert(read.end(), {side, clock::formatClock(rec.official), diff});
        if (rec.beyond_tolerance) beyond.insert(beyond.end(), {side, diff});
    }
    if (read.size() == 3)
        note.text = fmt::format(i18n::N_("table clock: {} {} ({})"), read[0], read[1], read[2]);
    if (read.size() == 6)
        note.text = fmt::format(i18n::N_("table clock: {} {} ({}), {} {} ({})"), read[0], read[1], read[2],
                                read[3], read[4], read[5]);
    note.warning =
        beyondWarning(beyond, clock::formatDuration(impl_->gc.settings().sync_tolerance), from_board);
    if (std::string missing = rulingsMissing(*records); !missing.empty()) note.warning = std::move(missing);
    return note;
}

// E.III 1.1 makes the table clock official, so its reading is taken even when it lacks a ruling; the
// operator is told that the difference is the ruling, so the arbiter sets the clock (the next reading
// then brings the ruling back), instead of the ruling vanishing without a word.
std::string SessionClock::rulingsMissing(const std::vector<clock::SyncRecord>& records) {
    std::string out;
    for (const clock::SyncRecord& rec : records) {
        const Ms ruled = std::exchange(impl_->ruled[rec.side], Ms(0));
        const auto off = std::chrono::duration_cast<Ms>(rec.difference) + ruled;
        if (ruled == Ms(0) || std::abs(off.count()) > impl_->gc.settings().sync_tolerance.count()) continue;
        const std::string adj = (ruled > Ms(0) ? "+" : "") + clock::formatClock(ruled);
        if (!out.empty()) out += "; ";
        out += rec.side == Color::White
                   ? fmt::format(i18n::N_("the table clock does not show the arbiter's White {}: its reading "
                                          "was taken, as the table clock is official; ask the arbiter to set "
                                          "the clock as ruled"),
                                 adj)
                   : fmt::format(i18n::N_("the table clock does not show the arbiter's Black {}: its reading "
                                          "was taken, as the table clock is official; ask the arbiter to set "
                                          "the clock as ruled"),
                                 adj);
    }
    return out;
}

void SessionClock::pause(TimePoint t) {
    (void)impl_->gc.pause(t, "arbiter");
}
void SessionClock::resume(TimePoint t) {
    (void)impl_->gc.resume(t);
}

void SessionClock::adjust(Color side, Ms delta, const std::string& reason, TimePoint t) {
    rule({{side, delta, reason.empty() ? "arbiter" : reason, ""}}, t);
}

// Every ruling's time goes through here, so a later reading can tell whether the table clock has it.
void SessionClock::rule(const std::vector<clock::Adjustment>& adjustments, TimePoint t) {
    for (const auto& a : adjustments)
        if (impl_->gc.adjust(a, t)) impl_->ruled[a.side] += std::chrono::duration_cast<Ms>(a.delta);
}

Ms SessionClock::remaining(Color side, TimePoint t) const {
    return impl_->gc.remaining(side, t);
}

SessionClock::TableTime SessionClock::tableTime(Color side, TimePoint t) const {
    const Ms used = std::chrono::duration_cast<Ms>(impl_->gc.used(side, t));
    return {std::max(Ms(0), used - impl_->synced[side]), remaining(side, t), impl_->synced[side]};
}

SessionClock::SyncSummary SessionClock::syncSummary() const {
    return impl_->syncs;
}

std::optional<Color> SessionClock::running() const {
    auto p = impl_->gc.phase();
    if (p == clock::ClockPhase::NotStarted || p == clock::ClockPhase::Stopped) return std::nullopt;
    return impl_->gc.turn();
}

bool SessionClock::paused() const {
    return impl_->gc.phase() == clock::ClockPhase::Paused;
}

// E.III 2.1: the engine's go values from the (synced) mirror minus the measured handling reserve.
GoParams SessionClock::budget(Color computer, TimePoint t) const {
    auto in = clock::budgetInput(impl_->gc, computer, t);
    auto g = clock::computeGo(in, impl_->reserve.perMove(), impl_->budget, impl_->faster.faster());
    return GoParams{g.time[Color::White], g.time[Color::Black], g.inc[Color::White], g.inc[Color::Black],
                    g.movestogo.value_or(0)};
}

GoParams SessionClock::ponderBudget(Color computer, TimePoint t) const {
    GoParams g = budget(computer, t);
    Ms& own = computer == Color::White ? g.wtime : g.btime;
    auto reserve = std::chrono::duration_cast<Ms>(impl_->reserve.perMove());
    own = std::max(std::chrono::duration_cast<Ms>(clock::BudgetSettings{}.min_engine_time), own - reserve);
    return g;
}

std::optional<HandlingReserveView> SessionClock::reserveView(Color computer, TimePoint t) const {
    const auto in = clock::budgetInput(impl_->gc, computer, t);
    if (!in.timed) return std::nullopt;
    const clock::ReserveBasis b = impl_->reserve.basis();
    const auto g = clock::computeGo(in, b.per_move, impl_->budget, impl_->faster.faster());
    HandlingReserveView v;
    v.per_move = std::chrono::duration_cast<Ms>(b.per_move);
    v.held_back = std::chrono::duration_cast<Ms>(g.reserve);
    // computeGo takes the later moves' reserve out of the increment first (E.III 2.1).
    const auto inc = in.increment[computer];
    v.increment_held = std::chrono::duration_cast<Ms>(g.critical ? inc : std::min(inc, b.per_move));
    v.moves = std::max(1, in.moves_to_control.value_or(impl_->budget.sudden_death_horizon)) +
              impl_->budget.safety_moves;
    v.samples = b.samples;
    if (b.set_aside) v.set_aside = std::chrono::duration_cast<Ms>(*b.set_aside);
    v.starting_value = b.starting_value;
    return v;
}

void SessionClock::recordHandling(Ms handling) {
    impl_->reserve.record(handling);
}

void SessionClock::setSafetyMoves(int moves) {
    impl_->budget.safety_moves = moves;
}

void SessionClock::setReserveRule(int rule) {
    impl_->reserve.setRule(rule);
}

bool SessionClock::fasterRateAvailable(Color computer, TimePoint t) const {
    return impl_->faster.canSwitchOn(impl_->gc, computer, t);
}
bool SessionClock::fasterRateCanEnd(Color computer) const {
    return impl_->faster.canSwitchOff(impl_->gc, computer);
}
bool SessionClock::fasterRate() const {
    return impl_->faster.faster();
}

std::optional<std::string> SessionClock::fasterRateRefusal(bool on, Color computer, TimePoint t) const {
    auto why = impl_->faster.refusal(on, impl_->gc, computer, t);
    return why ? std::optional<std::string>(clock::toString(*why)) : std::nullopt;
}

tl::expected<void, std::string> SessionClock::setFasterRate(bool on, Color computer, TimePoint t) {
    auto r =
        on ? impl_->faster.switchOn(impl_->gc, computer, t) : impl_->faster.switchOff(impl_->gc, computer, t);
    if (!r) return tl::make_unexpected(std::string(clock::toString(r.error())));
    return {};
}

std::string SessionClock::penalizeIllegal(Color offender, TimePoint t, bool increment_earned) {
    auto p = clock::illegalMoveProposal(impl_->penalties, offender,
                                        increment_earned ? impl_->last_increment : Ms(0));
    rule(p.adjustments, t);
    return p.note;
}

// Art. 9.5 via the edition's table; the cases the text leaves open go to the arbiter (§17 Q7).
std::string SessionClock::penalizeClaim(Color claimant, TimePoint t) {
    auto p = clock::incorrectClaimProposal(impl_->penalties, claimant, remaining(claimant, t));
    if (!p.needs_arbiter_decision) rule(p.adjustments, t);
    return p.note.empty() ? "incorrect claim: penalty applied (Art. 9.5)" : p.note;
}

SessionClock::Arrival SessionClock::arrival(std::optional<Ms> specified, TimePoint start,
                                            TimePoint at) const {
    auto r = clock::arrivalRuling(impl_->penalties.edition, specified, start, at);
    return {r.forfeit_proposed, r.late_by, r.limit, r.article};
}

std::string SessionClock::pgnTimeControl() const {
    return impl_->event_pgn_tc;
}

// QPF-01: the period `side` plays in; "final" = it lasts to the end of the game (10.1 / III.1).
SessionClock::QuickplayClock SessionClock::quickplayClock(Color side) const {
    const clock::Period& p = impl_->gc.currentPeriod(side);
    return {std::string(clock::toString(impl_->penalties.game_class)), p.restOfGame(), p.increment, p.delay};
}

// QPF-02: the same adjustment path as the other penalties (GameClock::adjust with the article).
std::string SessionClock::awardQuickplayTime(Color claimant, bool rejected, TimePoint t) {
    auto p = clock::quickplayClaimProposal(impl_->penalties, claimant, rejected);
    rule(p.adjustments, t);
    const auto& a = p.adjustments.front();
    // One marked pattern per side, so the screens translate the side with the sentence.
    // One marked pattern per side, so the screens translate the side with the sentence.
    return a.side == Color::White ? fmt::format(i18n::N_("white +2:00: {} ({})"), a.reason, a.article)
                                  : fmt::format(i18n::N_("black +2:00: {} ({})"), a.reason, a.article);
}

// QPF-03: the new control (+5 s in every period from the current one on) and the opponent's 2 min.
std::string SessionClock::grantIncrement(Color requester, TimePoint t) {
    auto p = clock::incrementRequestProposal(impl_->gc.timeControl(), requester);
    (void)impl_->gc.setTimeControl(p.new_control, "III.4 increment granted by the arbiter", t);
    rule(p.time.adjustments, t);
    return requester == Color::White ? fmt::format(i18n::N_("{}; black +2:00 (III.4)"), p.time.note)
                                     : fmt::format(i18n::N_("{}; white +2:00 (III.4)"), p.time.note);
}

}  // namespace oc::session
