#pragma once
// The seam to the rules: every position is checked before `position`, every bestmove before delivery.

#include <memory>
#include <string>
#include <string_view>
#include <tl/expected.hpp>

#include "engine_bridge/uci_commands.hpp"

namespace oc::engine {

class MoveValidator {
  public:
    virtual ~MoveValidator() = default;
    // Ok when the start position is valid and every move in the game is legal in turn.
    [[nodiscard]] virtual tl::expected<void, std::string> checkGame(const GameRecord& game) const = 0;
    // Ok when `move` is legal after `game`; the error says why it is not.
    [[nodiscard]] virtual tl::expected<void, std::string> checkMove(const GameRecord& game,
                                                                    std::string_view move) const = 0;
};

// Full chess rules (oc::rules): the FEN is validated, every move replayed, the bestmove must be legal.
// A finished game (no legal move for the side to move) is refused: there is nothing to search.
[[nodiscard]] std::shared_ptr<const MoveValidator> makeRulesValidator();

// Checks only the shape of FENs and moves (no chess rules): for tests of the process layer.
[[nodiscard]] std::shared_ptr<const MoveValidator> makeSyntaxValidator();

}  // namespace oc::engine
