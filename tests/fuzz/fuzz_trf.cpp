// The pairing program's TRF (`--trf FILE` on both programs, the setup screen's import): the reader, then
// the pairing of an entry named by the input's first line, and the setup it fills. Never a crash; an
// error names where it is; an accepted pairing fills a setup that validates or says why not.
#include <cstddef>
#include <cstdint>

#include "fuzz_input.hpp"
#include "trf/pairing.hpp"
#include "trf/trf.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace oc;
    const std::string_view text = fuzz::asText(data, size);
    auto t = trf::parse(text);
    if (!t) {
        if (t.error().message.empty() || t.error().line < 1 || t.error().column < 1) __builtin_trap();
        return 0;
    }
    for (int round = 1; round <= 3; ++round) {
        for (const char* entry : {"1", "2", "Stockfish", ""}) {
            auto p = trf::findPairing(*t, round, entry);
            if (!p) {
                if (p.error().empty()) __builtin_trap();
                continue;
            }
            event::EventSetup setup;
            setup.engine.command = "fake";
            const event::EventSetup before = setup;
            if (auto ok = trf::applyPairing(setup, *p); !ok) {
                if (ok.error().empty() || !event::setupDifferences(before, setup).empty()) __builtin_trap();
                continue;
            }
            (void)event::toJson(setup).dump();
        }
    }
    return 0;
}
