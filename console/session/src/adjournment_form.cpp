// The envelope's adjournment record (Guidelines I.2, ADJ-03) filled from an adjourned session. It holds
// the position before the sealed move and never the move itself (CMP-3.5): the console does not know the
// human's, and keeps the computer's only encrypted.
#include <fmt/format.h>

#include "session/sealed_move.hpp"
#include "session_impl.hpp"

namespace oc::session {
namespace {

std::string hms(Ms t) {
    auto s = std::chrono::duration_cast<std::chrono::seconds>(t).count();
    if (s < 0) s = 0;
    return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
}

// (c) time used: the recorded time of each completed move plus the sealer's time on the sealed move
// (its clock ran until the envelope was sealed, Guidelines I.1); leaving that out printed 0:00:00 for a
// computer sealing its first move.
Ms timeUsed(const Session::Impl& s, Color side) {
    Ms used = s.time_before_seal[side];
    for (const auto& m : s.moves)
        if (m.side == side) used += m.elapsed;
    return used;
}

std::string drawOffer(const Session::Impl& s) {
    if (s.human_offer) return fmt::format("{} (human) offered a draw: still valid", colorName(s.human()));
    if (s.computer_offer)
        return fmt::format("{} (computer) offered a draw: still valid", colorName(s.computer()));
    return "none";
}

}  // namespace

std::optional<AdjournmentFormData> Session::adjournmentForm(TimePoint now, const std::string& resumption,
                                                            const std::string& adjourned_at) const {
    const Impl& s = *impl_;
    if (s.phase != Phase::Adjourned || !s.sealed_by || !s.clock) return std::nullopt;
    Color sealer = *s.sealed_by;
    AdjournmentFormData d;
    d.event = s.setup.event;
    d.site = s.setup.site;
    d.round = s.setup.round;
    d.board = s.setup.board;
    d.white = s.setup.white;
    d.black = s.setup.black;
    d.fen = s.game.fen();  // the sealed move is not on the board while adjourned
    d.white_time_used = hms(timeUsed(s, Color::White));
    d.black_time_used = hms(timeUsed(s, Color::Black));
    d.white_time_remaining = hms(s.clock->remaining(Color::White, now));
    d.black_time_remaining = hms(s.clock->remaining(Color::Black, now));
    d.clock_details = fmt::format("time control {}; {} moves completed; edition {}", s.setup.time_control,
                                  s.moves.size(), editionYear(s.setup.edition));
    d.sealing_player = sealer == Color::White ? s.setup.white : s.setup.black;
    d.sealing_colour = sealer == Color::White ? "White" : "Black";
    d.sealed_move_number = std::to_string(s.game.moveNumber());
    d.draw_offer = drawOffer(s);
    d.resumption = resumption;
    d.adjourned_at = adjourned_at;
    if (!s.envelope.is_null()) d.envelope_fingerprint = envelopeFingerprint(s.envelope);
    return d;
}

}  // namespace oc::session
