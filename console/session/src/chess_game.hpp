#pragma once
// The session's narrow view of rules/: one class so the session does not depend on its details.

#include <memory>
#include <optional>
#include <string>
#include <tl/expected.hpp>
#include <vector>

#include "rules/color.hpp"
#include "rules/game.hpp"
#include "session/commands.hpp"

namespace oc::session {

struct MoveText {
    std::string uci;
    std::string san;          // English SAN (PGN)
    std::string local;        // event language, short algebraic (scoresheet)
    std::string local_long;   // event language, long form with departure square ("Sg1-f3")
    std::string how;          // how to execute it on the board, for the moves with more than one step
    bool draw_offer = false;  // parsed text only: "(=)" was written with the move (App. C.12)
};

// The automatic ending as the operator, the PGN's Termination tag and the journal read it.
const char* terminationText(rules::Termination t);

struct ClaimVerdict {
    bool valid = false;
    std::string detail;  // e.g. "position after 4...Ng8 occurred 3 times (plies 0, 8, 16)"
};

class ChessGame {
  public:
    ChessGame(rules::Edition edition, std::string language);
    ~ChessGame();
    ChessGame(const ChessGame&);
    ChessGame& operator=(const ChessGame&);

    // Reads the operator's text in the event's language; precise rejection (illegal, ambiguous, ...).
    [[nodiscard]] tl::expected<MoveText, std::string> parse(const std::string& text) const;
    // Describes a UCI move that must be legal here (engine moves are validated with it).
    [[nodiscard]] tl::expected<MoveText, std::string> describe(const std::string& uci) const;
    void play(const std::string& uci);  // precondition: legal
    void truncate(std::size_t plies);   // keep the first `plies` moves
    std::size_t plies() const;
    std::vector<std::string> uciMoves() const;
    std::vector<std::string> legalMoves() const;  // UCI, sorted
    std::string fen() const;
    rules::Color toMove() const;
    int moveNumber() const;
    // Automatic endings after the last move, per edition (Art. 5, 9.6).
    rules::Termination ending() const;
    // A draw claim by the side to move, now or after `intended` (Art. 9.2, 9.3).
    ClaimVerdict claim(cmd::ClaimKind kind, const std::optional<std::string>& intended_uci) const;
    // The verdict's words; `after` is the written move's SAN, "" for a claim now.
    ClaimVerdict verdict(cmd::ClaimKind kind, const rules::Claims& c, int halfmoves,
                         const std::string& after) const;
    // Art. 6.9: can `side` checkmate by any series of legal moves?
    bool canMate(rules::Color side) const;
    // Which plies (0 = start) the current position occurred at: the repetition report (DRW-04).
    std::vector<std::size_t> repetitionReport() const;
    struct Annotation {
        Ms clock{0}, elapsed{0};
        bool draw_offer = false;
    };
    // PGN of the game (export format via rules/: English SAN, %clk/%emt, {(=)}).
    std::string pgn(const std::vector<std::pair<std::string, std::string>>& tags,
                    const std::vector<Annotation>& annotations, const std::string& result) const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace oc::session
