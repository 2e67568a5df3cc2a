#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <variant>

#include "event/event_setup.hpp"
#include "rules/color.hpp"
#include "seal/sealed_move.hpp"

namespace oc::session {

using Ms = std::chrono::milliseconds;
// Session time: the shells pass it in (a real steady clock, or a simulated one); never read inside.
using TimePoint = std::chrono::steady_clock::time_point;

namespace cmd {
// Replace the event setup; refused (and logged) once the first move is made (E.III 2.2, 3.4).
struct UpdateSetup {
    event::EventSetup setup;
};
// The arbiter started the clocks (CLK-07); `at` defaults to now.
struct StartGame {
    std::optional<TimePoint> at;
};
// The human's move as the operator types it (event language, any accepted form). `pressed_at`: when
// the human pressed the table clock, if the operator noted it (E.III 1.3). `draw_offer`: "(=)".
struct HumanMove {
    std::string text;
    std::optional<TimePoint> pressed_at{};
    bool draw_offer = false;
};
// The engine's move has been executed on the board (E.III 1.4). `actual`: the move really made, when
// it differs from the engine's (IRR-07: a legal one becomes the game move, logged as a 3.1 breach).
struct MadeOnBoard {
    std::optional<std::string> actual;
};
// The operator pressed the computer's clock; `at` defaults to now.
struct ClockPressed {
    std::optional<TimePoint> at;
};
// The computer's move is written on the scoresheet.
struct Recorded {};
// Who read the table clock: the operator typing it, or the electronic board reading the clock itself.
enum class ReadingFrom { Typed, Board };
// Official table-clock readings (remaining time) for one or both sides (E.III 1.1, CLK-01).
struct SyncClock {
    std::optional<Ms> white, black;
    ReadingFrom from = ReadingFrom::Typed;
};
// The human offers a draw: marks the human's last move "(=)" (Art. 9.1, REC-04).
struct HumanOffersDraw {};
// The operator's answer to the human's pending offer (or to a claim taken as an offer, DRW-02).
struct AnswerHumanOffer {
    bool accept = false;
};
// The computer offers a draw with its move (only when the policy indicates it, E.III 3.3).
struct ComputerOffersDraw {};
// The human's answer to the computer's offer.
struct HumanAnswersOffer {
    bool accept = false;
};
// Quickplay: "cannot win / no effort to win by normal means" with < 2:00 (Art. 10.2, III.5, QPF-02).
enum class ClaimKind { Threefold, Fifty, Quickplay };
// A draw claim (Art. 9.2/9.3, or 10.2 / III.5 for Quickplay: the clocks pause for the arbiter). `intended`:
// the written move for the "after my move" form. For the computer's claim the intended move is the engine's
// shown move. `touched`: the claimant touched a piece first (2023: the right to claim is lost, Art. 9.4).
struct ClaimDraw {
    rules::Color claimant;
    ClaimKind kind;
    std::optional<std::string> intended;
    bool touched = false;
};
// A resignation: the human's, or the operator's for the computer (E.III 3.2).
struct Resign {
    rules::Color side;
};
// Someone points at a fallen flag; nothing is ruled until the arbiter confirms it on the table clock.
struct ReportFlag {
    rules::Color side;
};
// The arbiter confirms the flag on the table clock: loss, or draw if the opponent cannot mate (Art. 6.9).
struct ArbiterConfirmFlag {
    rules::Color side;
};
struct ArbiterPause {};
struct ArbiterResume {};
// A free clock correction by the arbiter, with a reason.
struct ArbiterAdjustClock {
    rules::Color side;
    Ms delta{0};
    std::string reason;
};
// An illegal move found later: reinstate the position before ply `ply` (1-based), with the edition's
// penalty against the side that made it (Art. 7.5, IRR-05/06). Sends `stop` if the engine was thinking.
struct ArbiterIllegalMove {
    int ply = 0;
};
// IRR-04: the illegal moves only a person sees, by `side` (human, or the operator for the computer).
enum class IllegalKind { UnpromotedPawn, ClockWithoutMove, TwoHands, KingCapture, BoardMove };
// The arbiter rules an IRR-04 kind against `side` (the side to move, except TwoHands: its last move).
// UnpromotedPawn: `move` is the pawn's move to the last rank ("a8", "a7a8", "bxa8"); 2005: position
// reinstated, 2023 (7.5.2): it stands as a queen promotion. ClockWithoutMove, TwoHands: 2023 only
// (7.5.3, 7.5.4). KingCapture: the completed move the console could not accept (7.4(a) / 7.5.1).
// BoardMove: an illegal move completed on the board (pressed), which the console never took (issue 34).
struct ArbiterIllegalKind {
    IllegalKind kind = IllegalKind::UnpromotedPawn;
    rules::Color side = rules::Color::White;
    std::string move{};
};
// CLK-08: the late human (or the operator, for the computer) arrived at the board at `at` (default now).
struct Arrival {
    rules::Color side = rules::Color::White;
    std::optional<TimePoint> at{};
};
// CLK-08: the arbiter's answer to the proposed forfeit for late arrival: confirm (1F-0F) or let play go on.
struct ArbiterForfeit {
    bool confirm = false;
};
// The operator mis-entered the human's last move; replace it before the engine's reply is played,
// with the arbiter's confirmation (E.III 2.3: the search is stopped).
struct CorrectEntry {
    std::string text;
    bool arbiter_confirmed = false;
};
// The arbiter declares a result (e.g. a ruling the console does not model).
struct ArbiterResult {
    std::string result;
    std::string reason;
};
// The operator consults the nominated person (E.III 3.2); refused without the arbiter present.
struct Consultation {
    bool arbiter_present = false;
    std::string note;
};
// E.III 2.2 faster rate on/off.
struct FasterRate {
    bool on = false;
};
// The arbiter asks for the move to be sealed (Guidelines I.1 / App. A1).
struct RequestSeal {};
// The human has sealed his written move in the envelope (human to move). The console never learns the
// move before resumption (Guidelines I.1, I.5): `text` must stay empty; the move is entered at Resume.
struct SealHumanMove {
    std::string text;
};
// The engine's shown move is sealed for the computer (CMP-3.5): encrypted under the arbiter's passphrase
// (sealMove); the journal keeps only the envelope. `cost`: Moderate (~1 s) at the board; tests go lower.
struct SealComputerMove {
    std::string passphrase;
    seal::KdfCost cost = seal::KdfCost::Moderate;
};
// Resumption: the envelope is opened with the arbiter (the computer's: with the passphrase; the human's:
// the operator types `human_move` as written on the opened scoresheet) and the sealed move is played.
struct Resume {
    std::optional<TimePoint> session_start{};
    std::string passphrase{};
    std::string human_move{};
};
// QPF-02: the arbiter's decision on the open quickplay claim: a draw; postponed (the claim stays open;
// `add_two_minutes` to the opponent, III.5.2 "may"); or rejected (+2 min to the opponent, III.5.3).
enum class QuickplayRuling { Draw, Postpone, Reject };
struct ArbiterQuickplay {
    QuickplayRuling ruling = QuickplayRuling::Draw;
    bool add_two_minutes = false;
};
// QPF-03 (E2023 III.4): the player having the move, with < 2:00, asks for a 5 s increment for both; it
// is a draw offer (the opponent answers with accept/decline or human-accepts/human-declines).
struct RequestIncrement {
    rules::Color requester;
};
// QPF-03: after the offer is refused, the arbiter grants (+5 s for both, opponent +2 min) or refuses.
struct ArbiterIncrement {
    bool grant = false;
};
// E.III 3.4: the operator has carried out the engine's pending resource-change instruction (empty
// `name`), or names a change himself: accepted only if it is exactly the engine's pending request.
struct ModuleChange {
    std::string name;
    std::string value;
};
// Guidelines I.2(g): the date, time and venue of resumption, in the arbiter's words, for the envelope of
// the current adjournment. Journalled, so that a restart keeps what was typed; the same text again
// changes nothing and writes nothing.
struct EnvelopeResumption {
    std::string text;
};
}  // namespace cmd

using Command =
    std::variant<cmd::UpdateSetup, cmd::StartGame, cmd::HumanMove, cmd::MadeOnBoard, cmd::ClockPressed,
                 cmd::Recorded, cmd::SyncClock, cmd::HumanOffersDraw, cmd::AnswerHumanOffer,
                 cmd::ComputerOffersDraw, cmd::HumanAnswersOffer, cmd::ClaimDraw, cmd::Resign,
                 cmd::ReportFlag, cmd::ArbiterConfirmFlag, cmd::ArbiterPause, cmd::ArbiterResume,
                 cmd::ArbiterAdjustClock, cmd::ArbiterIllegalMove, cmd::CorrectEntry, cmd::ArbiterResult,
                 cmd::Consultation, cmd::FasterRate, cmd::RequestSeal, cmd::SealHumanMove,
                 cmd::SealComputerMove, cmd::Resume, cmd::ArbiterQuickplay, cmd::RequestIncrement,
                 cmd::ArbiterIncrement, cmd::ModuleChange, cmd::ArbiterIllegalKind, cmd::Arrival,
                 cmd::ArbiterForfeit, cmd::EnvelopeResumption>;

// The command's name as used in the journal, scripts and error messages.
std::string commandName(const Command& c);

// Why a command was refused: shown to the operator as is; nothing changed.
struct Rejection {
    std::string message;
};

}  // namespace oc::session
