// The scoresheet's data (Art. 8.1, REC-01..08) from the session: the moves in the event's notation, the
// adjournments with their sealed moves (Guidelines I.1-I.2), and what the form says about each player.
#include "papers.hpp"
#include "session_impl.hpp"

namespace oc::session {
namespace {

ScoresheetPlayer player(const Session::Impl& s, Color side) {
    const bool white = side == Color::White;
    const int rating = white ? s.setup.white_rating : s.setup.black_rating;
    ScoresheetPlayer p;
    p.fide_id = white ? s.setup.white_fide_id : s.setup.black_fide_id;
    p.title = white ? s.setup.white_title : s.setup.black_title;
    p.federation = white ? s.setup.white_federation : s.setup.black_federation;
    p.rating = rating > 0 ? std::to_string(rating) : "";
    p.computer = side == s.computer();
    if (p.computer) p.operator_name = s.setup.operator_name;
    return p;
}

// Each sealed move is marked; one still in the envelope leaves its cell empty (CMP-3.5).
void markSeals(const Session::Impl& s, ScoresheetData& d) {
    for (const auto& [ply, by] : s.adjourn.seals) {
        const bool played = ply < s.moves.size();
        const int number = played ? s.moves[ply].number : s.game.moveNumber();
        d.seals.push_back({number, by == Color::White, by == s.computer(), played});
    }
}

}  // namespace

ScoresheetData Session::scoresheetData() const {
    const Impl& s = *impl_;
    ScoresheetData d;
    fillEventAndPlayers(s.setup, d);
    d.date = s.setup.date;
    d.result = s.result;
    d.time_control = s.setup.time_control;
    for (const auto& m : s.moves) {
        if (d.rows.empty() || d.rows.back().number != m.number) d.rows.push_back({m.number, "", ""});
        (m.side == Color::White ? d.rows.back().white : d.rows.back().black) =
            m.text + (m.draw_offer ? " (=)" : "");
    }
    d.white_player = player(s, Color::White);
    d.black_player = player(s, Color::Black);
    markSeals(s, d);
    return d;
}

}  // namespace oc::session
