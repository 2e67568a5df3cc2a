#pragma once
// The session's records, parsed once from the journal's JSON into typed values. Applying is a visit
// over the variant: a record type without a handler does not compile (session_apply.cpp).

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <tl/expected.hpp>
#include <variant>

#include "event/event_setup.hpp"
#include "rules/color.hpp"
#include "session/commands.hpp"

namespace oc::session::rec {

using rules::Color;

// clang-format off
struct Setup { event::EventSetup setup; };
struct Start { TimePoint at; };
struct HumanMove { std::string uci; TimePoint pressed; bool offer = false; };
struct EngineMove { std::string uci; std::optional<int> cp, mate; };
struct EngineMoveWithheld {};
struct Made { std::string uci; bool breach = false; };
struct Pressed { TimePoint at; };
struct Recorded {};
struct Sync { std::optional<Ms> white, black; bool board = false; };
struct HumanOffer {};
struct AnswerHuman { bool accept = false; };
struct ComputerOffer {};
struct AnswerComputer { bool accept = false; };
struct Claim { Color claimant; std::string kind, verdict, detail; std::optional<std::string> intended; };
struct Resign { Color side; };
struct FlagReported { Color side; };
struct FlagConfirmed { Color side; };
struct Pause { bool on = true; };  // "pause" / "unpause"
struct Adjust { Color side; Ms delta; std::string reason; };
struct Illegal { int ply = 0; bool increment_earned = true; std::optional<std::string> kind; };
struct Correct { std::string old, uci; };
struct ArbiterResult { std::string result, reason; };
struct Faster { bool on = false; };
struct SealRequested {};
struct Sealed { Color by; std::optional<std::string> uci; std::string text; nlohmann::json envelope; bool on_board; };
struct Resume { TimePoint at; std::optional<std::string> opened, written, uci; };
struct EngineFault { std::string what; };
struct EngineRequest { std::string name, value, reason; bool allowed = false; };
struct ModuleChange { std::string name, value; };
struct EngineRestart { Ms downtime; };
struct QpfClaim { Color claimant; bool provisional = false; };
struct QpfRuling { std::string ruling; bool add = false; };
struct IncrementRequest { Color requester; };
struct IncrementRuling { bool grant = false; };
struct IllegalKind { std::string kind; Color side; std::string move; std::optional<std::string> uci;
                     bool breach = false, increment_earned = false; };
struct Arrival { Color side; Ms late, allowed; bool forfeit = false; std::string article; TimePoint at; };
struct Forfeit { Color side; bool confirm = false; };
// A program reopened the journal and goes on writing it (after a close, crash or power cut): the clocks
// it mirrors stood still meanwhile, so the table clock must be read again (E.III 1.1).
struct ConsoleResumed { std::string program; std::uint64_t from_seq = 0; };
// The journal itself changed its signing key, just before a console_resumed record (a resume on another
// computer, docs/arbiter-journal.md §2): part of reopening the journal, no change of the game.
struct SigningKeyChanged {};
// E.III 3.2-3.3: who answered a draw offer and how, with the computer's indication (session_answers.cpp).
// Evidence for the arbiter: it follows the record that answered and changes nothing in the game.
struct DrawAnswer {};
struct ResumptionText { std::string text; };  // Guidelines I.2(g), the envelope's field
// Evidence only (engine I/O, go, ponder events, refusals, notes, consultations, script lines).
// `game_time`: the record marks a change of the game (simulations resume from the last one).
struct Audit { bool game_time = true; };
// clang-format on

using Body =
    std::variant<Setup, Start, HumanMove, EngineMove, EngineMoveWithheld, Made, Pressed, Recorded, Sync,
                 HumanOffer, AnswerHuman, ComputerOffer, AnswerComputer, Claim, Resign, FlagReported,
                 FlagConfirmed, Pause, Adjust, Illegal, Correct, ArbiterResult, Faster, SealRequested, Sealed,
                 Resume, EngineFault, EngineRequest, ModuleChange, EngineRestart, QpfClaim, QpfRuling,
                 IncrementRequest, IncrementRuling, IllegalKind, Arrival, Forfeit, ConsoleResumed,
                 SigningKeyChanged, DrawAnswer, ResumptionText, Audit>;

struct Record {
    TimePoint t;
    Body body;
};

// Reads one record; says which field is missing or of the wrong type, or that the type is unknown.
[[nodiscard]] tl::expected<Record, std::string> parse(const nlohmann::json& r);

}  // namespace oc::session::rec
