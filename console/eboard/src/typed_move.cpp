#include "eboard/typed_move.hpp"

namespace oc::eboard {

TypedVerdict judgeTyped(const rules::Position& before, rules::Move typed, const Placement& shown) {
    const Placement after = placementOf(before.play(typed));
    if (after == shown) return typed::Agrees{};
    if (placementOf(before) == shown) return typed::NoMove{};
    // A promotion to another piece, or another move altogether: any legal successor the board shows.
    for (rules::Move m : before.legalMoves())
        if (placementOf(before.play(m)) == shown) return typed::OtherMove{m};
    return typed::NoSuccessor{differences(after, shown)};
}

}  // namespace oc::eboard
