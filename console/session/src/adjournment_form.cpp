// The envelope's adjournment record (Guidelines I.2, ADJ-03) filled from an adjourned session. It holds
// the position before the sealed move and never the move itself (CMP-3.5): the console does not know the
// human's, and keeps the computer's only encrypted.
#include <fmt/format.h>

#include <algorithm>
#include <tuple>

#include "clock/tc_format.hpp"
#include "papers.hpp"
#include "seal/sealed_move.hpp"
#include "session_impl.hpp"

namespace oc::session {
namespace {

std::string hms(Ms t) {
    return clock::formatClock(t, clock::ClockStyle::Hms);
}

// "+0:06.8": a sync's correction, official minus the console's count, as the sync notice writes it.
std::string signedTime(Ms t) {
    return (t < Ms{0} ? "" : "+") + clock::formatClock(t);  // its own '-': negating t could overflow
}

// One side's times in whole seconds that add up on paper (Guidelines I.2(c)): the remaining time as the
// table clock shows it (cut to the second), the used time as the rest of the total. Cutting each of
// them on its own could print a used + remaining one second short of the total.
struct PaperTimes {
    std::string used, remaining, total;
};
PaperTimes paperTimes(const SessionClock::TableTime& t) {
    using std::chrono::floor, std::chrono::seconds;
    const Ms total = floor<seconds>(std::max<Ms>(t.used + t.remaining, Ms{0}));
    const Ms remaining = std::min<Ms>(floor<seconds>(std::max(t.remaining, Ms{0})), total);
    return {hms(total - remaining), hms(remaining), hms(total)};
}

// Guidelines I.2(c): the times as the table clock reads them. The console's mirror was set to the table
// clock at each sync; used and remaining are both the table clock's, so they add up to the base times
// plus the increments (the arbiter can check), and the syncs' corrections are named.
void clockTimes(const Session::Impl& s, TimePoint now, AdjournmentFormData& d) {
    const auto white = s.clock->tableTime(Color::White, now), black = s.clock->tableTime(Color::Black, now);
    const auto w = paperTimes(white), b = paperTimes(black);
    std::tie(d.white_time_used, d.white_time_remaining, d.white_time_total) =
        std::tie(w.used, w.remaining, w.total);
    std::tie(d.black_time_used, d.black_time_remaining, d.black_time_total) =
        std::tie(b.used, b.remaining, b.total);
    const auto sync = s.clock->syncSummary();
    d.clock_sync.count = sync.count;
    if (sync.count == 0) return;
    d.clock_sync.move = sync.move;
    d.clock_sync.white_to_move = sync.to_move == Color::White;
    d.clock_sync.white_correction = signedTime(white.synced);
    d.clock_sync.black_correction = signedTime(black.synced);
}

// Art. 9.1(b): an offer stands until accepted, declined or withdrawn; Guidelines I.2(f) records it.
EnvelopeDrawOffer drawOffer(const Session::Impl& s) {
    if (!s.draws.human_offer && !s.draws.computer_offer) return {};
    const Color by = s.draws.human_offer ? s.human() : s.computer();
    return {true, by == Color::White, !s.draws.human_offer};
}

}  // namespace

std::optional<AdjournmentFormData> Session::adjournmentForm(TimePoint now, const std::string& resumption,
                                                            const std::string& adjourned_at) const {
    const Impl& s = *impl_;
    if (s.phase != Phase::Adjourned || !s.adjourn.sealed_by || !s.clock) return std::nullopt;
    Color sealer = *s.adjourn.sealed_by;
    AdjournmentFormData d;
    fillEventAndPlayers(s.setup, d);
    d.fen = s.game.fen();  // the sealed move is not on the board while adjourned
    clockTimes(s, now, d);
    d.time_control = s.setup.time_control;
    d.edition_year = event::editionYear(s.setup.edition);
    d.sealing_player = sealer == Color::White ? s.setup.white : s.setup.black;
    d.sealer_white = sealer == Color::White;
    d.sealed_by_computer = sealer == s.computer();
    // The move the sealer seals is move N (print words how many moves are completed from it).
    d.sealed_move_number = s.game.moveNumber();
    d.draw_offer = drawOffer(s);
    d.resumption = resumption.empty() ? s.adjourn.resumption : resumption;
    d.adjourned_at = adjourned_at;
    d.adjournment = static_cast<int>(s.adjourn.seals.size());
    if (!s.adjourn.envelope.is_null()) d.envelope_fingerprint = seal::envelopeFingerprint(s.adjourn.envelope);
    return d;
}

}  // namespace oc::session
