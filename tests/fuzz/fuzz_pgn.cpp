// PGN reader: never crashes or loops; every game read writes out and reads back with the same moves.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "rules/pgn.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace oc::rules;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    PgnReader reader(text);
    std::size_t count = 0;
    while (auto game = reader.next()) {
        if (++count > size + 1) __builtin_trap();  // each game consumes input
        if (!*game) continue;
        const std::string out = writePgn(**game);
        auto again = parsePgn(out);
        if (!again || again->size() != 1) __builtin_trap();
        const PgnLine& a = (**game).moves;
        const PgnLine& b = (*again)[0].moves;
        if (a.size() != b.size()) __builtin_trap();
        for (std::size_t i = 0; i < a.size(); ++i)
            if (a[i].move != b[i].move) __builtin_trap();
    }
    return 0;
}
