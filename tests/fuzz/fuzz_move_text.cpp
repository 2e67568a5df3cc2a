// Move text parser: never crashes; an accepted text is a legal move whose SAN reads back as the same move.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "rules/notation.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace oc::rules;
    if (size < 1) return 0;
    static const std::array<Position, 4> kPositions{
        Position::startpos(),
        *Position::fromFen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        *Position::fromFen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"),
        *Position::fromFen("4k3/1P6/8/8/8/8/8/4NKN1 w - - 0 1"),
    };
    const Position& pos = kPositions[data[0] % kPositions.size()];
    const auto lang = languages()[(data[0] / 4) % languages().size()];
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    auto parsed = parseMoveText(pos, text, lang);
    if (!parsed) {
        if (parsed.error().message.empty()) __builtin_trap();
        return 0;
    }
    if (!pos.isLegal(parsed->move)) __builtin_trap();
    auto back = parseSan(pos, toSan(pos, parsed->move));
    if (!back || *back != parsed->move) __builtin_trap();
    return 0;
}
