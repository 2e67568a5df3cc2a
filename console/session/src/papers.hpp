#pragma once
// What every printed paper (scoresheet, envelope form) takes from the event setup alike.

#include "event/event_setup.hpp"

namespace oc::session {

// The event and the players' names, as the setup gives them.
template <class Paper>
void fillEventAndPlayers(const event::EventSetup& setup, Paper& paper) {
    paper.event = setup.event;
    paper.site = setup.site;
    paper.round = setup.round;
    paper.board = setup.board;
    paper.white = setup.white;
    paper.black = setup.black;
}

}  // namespace oc::session
