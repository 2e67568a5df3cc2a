#pragma once
// A move the operator typed, held against what the board shows (issue 24, item 3): typing still works
// and always wins, but a typed move that contradicts the board's settled picture asks first. Pure: the
// position before the move, the typed move and the picture in, a verdict out.

#include <variant>
#include <vector>

#include "eboard/placement.hpp"
#include "rules/position.hpp"

namespace oc::eboard {

namespace typed {
// The board shows the typed move: nothing to ask.
struct Agrees {};
// The board shows another legal move.
struct OtherMove {
    rules::Move move;
};
// The board still shows the position before the move (the human has not moved on it yet).
struct NoMove {};
// The board shows no legal successor: the squares where it differs from the typed move's position.
struct NoSuccessor {
    std::vector<SquareDiff> diffs;
};
}  // namespace typed
using TypedVerdict = std::variant<typed::Agrees, typed::OtherMove, typed::NoMove, typed::NoSuccessor>;

// `shown` is the board's settled picture as the game sees it (mapped if the board is turned); `typed`
// is legal in `before`.
[[nodiscard]] TypedVerdict judgeTyped(const rules::Position& before, rules::Move typed,
                                      const Placement& shown);

}  // namespace oc::eboard
