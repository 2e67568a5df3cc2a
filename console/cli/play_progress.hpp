#pragma once
// `play --verbose`: one line per move as it is played, in the UI language.

#include <ostream>

#include "host/game.hpp"

namespace oc::cli {

// A host output that prints each half-move once it is complete (a computer move once its clock is
// pressed, when its %clk is known): number, SAN, the move as entered, the mover's clock, who moved.
class PlayProgress : public host::Output {
  public:
    // A resumed game's earlier moves were reported by the run that played them.
    PlayProgress(const session::Session& session, std::ostream& out)
        : session_(session), out_(out), reported_(session.snapshot(session.lastRecordTime()).moves.size()) {}
    // The session writes the journal before it changes its state, so a record shows the game as it
    // stood before it; the line of the last move waits for the next record or for flush().
    void onRecord(const nlohmann::json& record) override;
    void onSnapshot(const session::Snapshot& snapshot, session::TimePoint now) override;
    // Prints what is complete at the game's end.
    void flush();

  private:
    void report(const session::Snapshot& s);

    const session::Session& session_;
    std::ostream& out_;
    std::size_t reported_ = 0;
};

}  // namespace oc::cli
