// FEN parser: never crashes; an accepted FEN writes back to a FEN that reads as the same position.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "rules/position.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace oc::rules;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto pos = Position::fromFen(text);
    if (!pos) {
        if (pos.error().message.empty()) __builtin_trap();
        return 0;
    }
    auto again = Position::fromFen(pos->fen());
    if (!again || !(*again == *pos)) __builtin_trap();
    for (Move m : pos->legalMoves()) {
        const Position next = pos->play(m);
        if (next.isAttacked(next.kingSquare(pos->sideToMove()), next.sideToMove())) __builtin_trap();
    }
    return 0;
}
