// The event setup JSON (`play --setup`, the console's event file, the journal's setup record): read
// through the bounded reader as the programs do, then the setup and its validation. Never a crash; an
// error names what was wrong; an accepted setup writes to JSON that reads back as the same setup.
#include <cstddef>
#include <cstdint>

#include "event/event_setup.hpp"
#include "fuzz_input.hpp"
#include "journal/journal.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace oc;
    auto j = journal::parseJsonBounded(fuzz::asText(data, size));
    if (!j) {
        if (j.error().empty()) __builtin_trap();
        return 0;
    }
    auto setup = event::eventSetupFromJson(*j);
    if (!setup) {
        if (setup.error().empty()) __builtin_trap();
        return 0;
    }
    if (auto valid = event::validate(*setup); !valid && valid.error().empty()) __builtin_trap();
    const nlohmann::json written = event::toJson(*setup);
    auto again = event::eventSetupFromJson(written);
    if (!again || !event::setupDifferences(*setup, *again).empty()) __builtin_trap();
    (void)written.dump();
    return 0;
}
