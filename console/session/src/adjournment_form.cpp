// The envelope's adjournment record (Guidelines I.2, ADJ-03) filled from an adjourned session. It holds
// the position before the sealed move and never the move itself (CMP-3.5): the console does not know the
// human's, and keeps the computer's only encrypted.
#include <fmt/format.h>

#include <algorithm>
#include <tuple>

#include "clock/tc_format.hpp"
#include "papers.hpp"
#include "session/sealed_move.hpp"
#include "session_impl.hpp"

namespace oc::session {
namespace {

std::string hms(Ms t) {
    return clock::formatClock(t, clock::ClockStyle::Hms);
}

// "+0:06.8": a sync's correction, official minus the console's count, as the sync notice writes it.
std::string signedTime(Ms t) {
    return t < Ms{0} ? "-" + clock::formatClock(-t) : "+" + clock::formatClock(t);
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
    if (sync.count == 0) {
        d.clock_sync = "Console's count: never set to the table clock during the game.";
        return;
    }
    d.clock_sync = fmt::format(
        "As the table clock read: set to it {} time{}, last during move {} ({} to move); corrections "
        "(table minus console) White {}, Black {}.",
        sync.count, sync.count == 1 ? "" : "s", sync.move, sync.to_move == Color::White ? "White" : "Black",
        signedTime(white.synced), signedTime(black.synced));
}

// The move the sealer seals is move N: White has completed N-1 moves; when Black seals, White's N too.
std::string movesCompleted(const Session::Impl& s, Color sealer) {
    const int n = s.game.moveNumber();
    const std::string done = fmt::format("{} move{} completed", n - 1, n == 2 ? "" : "s");
    return sealer == Color::White ? done : fmt::format("{} and White's move {}", done, n);
}

std::string drawOffer(const Session::Impl& s) {
    if (s.draws.human_offer)
        return fmt::format("{} (human) offered a draw: still valid", colorName(s.human()));
    if (s.draws.computer_offer)
        return fmt::format("{} (computer) offered a draw: still valid", colorName(s.computer()));
    return "none";
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
    d.clock_details = fmt::format("time control {}; {}; edition {}", s.setup.time_control,
                                  movesCompleted(s, sealer), editionYear(s.setup.edition));
    d.sealing_player = sealer == Color::White ? s.setup.white : s.setup.black;
    d.sealing_colour = sealer == Color::White ? "White" : "Black";
    d.sealed_by_computer = sealer == s.computer();
    d.sealed_move_number = std::to_string(s.game.moveNumber());
    d.draw_offer = drawOffer(s);
    d.resumption = resumption;
    d.adjourned_at = adjourned_at;
    if (!s.adjourn.envelope.is_null()) d.envelope_fingerprint = envelopeFingerprint(s.adjourn.envelope);
    return d;
}

}  // namespace oc::session
