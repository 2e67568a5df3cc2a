// The setup the pairing fills (issue 38 part 3).
#include "trf/pairing.hpp"

namespace oc::trf {
namespace {

// A side is replaced whole: a FIDE ID left from another game must never sit beside a new name.
void fillSide(event::EventSetup& s, rules::Color side, const Entrant& e) {
    const bool white = side == rules::Color::White;
    (white ? s.white : s.black) = e.name.empty() ? "?" : e.name;
    (white ? s.white_fide_id : s.black_fide_id) = e.fide_id;
    (white ? s.white_rating : s.black_rating) = e.rating;
    (white ? s.white_title : s.black_title) = e.title;
    (white ? s.white_federation : s.black_federation) = e.federation;
}

void setIfGiven(std::string& into, const std::string& value) {
    if (!value.empty()) into = value;
}

}  // namespace

tl::expected<void, std::string> applyPairing(event::EventSetup& setup, const Pairing& p) {
    event::EventSetup s = setup;
    setIfGiven(s.event, p.event);
    setIfGiven(s.site, p.site);
    setIfGiven(s.date, p.date);
    setIfGiven(s.chief_arbiter, p.chief_arbiter);
    setIfGiven(s.time_control, p.time_control);
    s.round = std::to_string(p.round);
    if (p.board > 0) s.board = std::to_string(p.board);
    s.computer_side = p.computer_colour;
    fillSide(s, p.computer_colour, p.computer);
    fillSide(s, ~p.computer_colour, p.opponent);
    if (auto ok = event::validate(s); !ok) return ok;
    setup = std::move(s);
    return {};
}

}  // namespace oc::trf
