// The operator script language (docs/cli-script-format.md), as `play --script` and the console's
// --script read it: never a crash; a refused script says which line and what was expected there; the
// steps of an accepted script are in line order.
#include <cstddef>
#include <cstdint>

#include "fuzz_input.hpp"
#include "sim/script.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = oc::fuzz::asText(data, size);
    for (auto computer : {oc::rules::Color::White, oc::rules::Color::Black}) {
        auto steps = oc::sim::parseScript(text, computer);
        if (!steps) {
            if (steps.error().rfind("line ", 0) != 0) __builtin_trap();  // names the line
            continue;
        }
        int last = 0;
        for (const auto& step : *steps) {
            if (step.line <= last) __builtin_trap();
            last = step.line;
        }
    }
    return 0;
}
