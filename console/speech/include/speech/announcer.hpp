#pragma once
// Decides what to say from what the operator's view shows: it reads successive snapshots and never the
// engine, so a move is spoken only once it is on the operator's screen, and a sealed move (withheld from
// the snapshot, E.III / Guidelines I) or an evaluation never is.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "session/snapshot.hpp"
#include "speech/phrases.hpp"

namespace oc::speech {

// Setup key `speech`: off; computer (the computer's moves and the result: demonstrations); all (also the
// human's moves read back, draw offers and claims, flags, the arbiter's pauses: App. F for blind players).
enum class SpeechMode : std::uint8_t { Off, Computer, All };

// "off", "computer" or "all".
std::optional<SpeechMode> parseSpeechMode(std::string_view text);

struct Announcement {
    std::string text;
    SpeechLanguage language = SpeechLanguage::En;
    bool interrupt = false;  // cuts what is being said (a newer move)
};

class Announcer {
  public:
    Announcer(SpeechMode mode, bool phonetic) : mode_(mode), phonetic_(phonetic) {}

    // What became visible since the previous snapshot. The first snapshot (a console opening on a game)
    // says only the computer's move if one is shown, not the game's history.
    std::vector<Announcement> update(const session::Snapshot& snap);
    // On a key: the computer's last move again (the one shown, else the last it made), if there is one.
    std::optional<Announcement> computerMoveAgain(const session::Snapshot& snap) const;
    // On a key: the move number and both clocks (App. F 9.4).
    Announcement movesAndClocks(const session::Snapshot& snap) const;

  private:
    void newMoves(const session::Snapshot& snap, std::vector<Announcement>& out);
    void shownComputerMove(const session::Snapshot& snap, std::vector<Announcement>& out);
    void events(const session::Snapshot& snap, std::vector<Announcement>& out) const;
    void remember(const session::Snapshot& snap);
    PhraseOptions options(const session::Snapshot& snap) const;

    SpeechMode mode_;
    bool phonetic_;
    bool first_ = true;
    std::size_t plies_ = 0;   // scoresheet moves already considered
    std::string shown_;       // "<ply>:<uci>" of the computer's move last announced
    session::Snapshot prev_;  // the previous snapshot's flags (offers, flag, pause, result)
};

}  // namespace oc::speech
