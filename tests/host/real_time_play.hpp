#pragma once
// What the real-time Stockfish tests share: the GUI's `now` (the steady clock) and the wait for the
// engine's move, bounded by real time. A count of wake-ups would run out early: each engine line is one.
#include <chrono>

#include "host/bridge_engine_link.hpp"
#include "session/session.hpp"

namespace oc::host::testing {

inline const char* const kStockfish = "/usr/games/stockfish";

inline session::TimePoint now() {
    return std::chrono::steady_clock::now();
}

// Polls until the engine's move is shown, for up to a minute of real time.
inline bool waitForEngineMove(session::Session& s, BridgeEngineLink& link) {
    using namespace std::chrono_literals;
    for (const auto until = now() + 60s; now() < until;) {
        s.poll(now());
        if (s.snapshot(now()).phase == session::Phase::EngineMoveShown) return true;
        link.waitForActivity(10ms);
    }
    return false;
}

}  // namespace oc::host::testing
