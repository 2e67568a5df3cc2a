#pragma once

#include <cstdint>
#include <string_view>

#include "rules/position.hpp"

namespace oc::rules {

// The Laws in force: 2005 (Calvia text) or 2023. Fixed when a game is created (fide-requirements §0.1).
enum class Edition : std::uint8_t { E2005, E2023 };

// Whether a side can still checkmate by some series of legal moves (a helpmate; Art. 5.2.2, 6.9).
enum class MatePossibility : std::uint8_t {
    Impossible,  // proven: no series of legal moves mates (material, or a locked pawn wall)
    Possible,    // a helpmate exists or cannot be excluded by the proofs implemented (material rules)
};

// For flag fall (Art. 6.9), resignation (E2023 5.1.2) and illegal-move forfeits: can `side` still mate?
// K+N or same-coloured K+B(s) cannot mate a bare king (nor, for the bishops, a king with only bishops of that
// colour); against any other material they can. A bare king never can. A locked pawn wall is proven dead.
MatePossibility canCheckmate(const Position& pos, Color side);

// Art. 5.2.2 / 9.6 (E2005): neither side can checkmate by any series of legal moves (proven cases only:
// insufficient material on both sides, or kings and pawns only with every pawn permanently locked and no
// king able to reach a capturable pawn).
bool isDeadPosition(const Position& pos);

}  // namespace oc::rules
