#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <tl/expected.hpp>
#include <vector>

#include "rules/endings.hpp"
#include "rules/position.hpp"

namespace oc::rules {

// Endings that need no claim (Art. 5.1.1, 5.2.1, 5.2.2, E2023 9.6.1-9.6.2).
enum class Termination : std::uint8_t { None, Checkmate, Stalemate, DeadPosition, Fivefold, SeventyFive };

// "none", "checkmate", "stalemate", "dead-position", "fivefold", "seventy-five".
std::string_view terminationName(Termination t);

// Draws the player having the move may claim (Art. 9.2, 9.3); never automatic.
struct Claims {
    bool threefold = false;
    bool fifty = false;
    friend bool operator==(const Claims&, const Claims&) = default;
};

// A game record: start position, the moves and every position reached, under one edition of the Laws.
class Game {
  public:
    // A new game from `start` (the initial array by default).
    explicit Game(Position start = Position::startpos(), Edition edition = Edition::E2023);

    Edition edition() const { return edition_; }
    const Position& start() const { return positions_.front(); }
    const Position& current() const { return positions_.back(); }
    // Number of half-moves played.
    std::size_t plies() const { return moves_.size(); }
    const std::vector<Move>& moves() const { return moves_; }
    // positions()[i] is the position after i half-moves (positions()[0] is the start).
    const std::vector<Position>& positions() const { return positions_; }

    // Appends `m` if legal in the current position; otherwise says why and changes nothing.
    [[nodiscard]] tl::expected<void, std::string> play(Move m);
    // Appends `m` without checking it (precondition: legal, e.g. from legalMoves() or a move parser).
    void playLegal(Move m);
    // Removes the last move (for the arbiter's corrections); false when there is none.
    bool undo();

    // How often the position after `ply` half-moves has occurred up to and including then (Art. 9.2.3).
    int repetitionCount(std::size_t ply) const;
    // How often the current position has occurred, this time included.
    int repetitionCount() const { return repetitionCount(plies()); }
    // The plies (0 = start) at which the position after `ply` occurred, up to `ply`: the repetition report.
    std::vector<std::size_t> occurrences(std::size_t ply) const;

    // The automatic ending in the current position, if any, under this game's edition.
    Termination termination() const;
    // Claims available now, without a move (Art. 9.2.2 / 9.3.2).
    Claims claimsNow() const;
    // Claims available by writing down `intended` and declaring it (Art. 9.2.1 / 9.3.1), plus the ones
    // available now. An illegal `intended` adds nothing.
    Claims claimsWithMove(Move intended) const;

  private:
    int countUpTo(const Position& pos, std::uint64_t hash, std::size_t last_ply) const;

    Edition edition_;
    std::vector<Move> moves_;
    std::vector<Position> positions_;
    std::vector<std::uint64_t> hashes_;
};

// Automatic ending of a single position without history (no repetition): mate, stalemate, dead, 75 moves.
Termination terminationOf(const Position& pos, Edition edition);

}  // namespace oc::rules
