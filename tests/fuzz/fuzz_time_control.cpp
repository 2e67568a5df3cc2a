// Time-control text (the event setup's field, `tc describe`, PGN's TimeControl tag) and typed durations
// and clock readings: never a crash; an error says where and what was expected; an accepted control
// writes back in both forms to text that reads as the same control, and `tc describe` explains it under
// both editions.
#include <cstddef>
#include <cstdint>

#include "clock/tc_format.hpp"
#include "fuzz_input.hpp"

namespace {

using namespace oc::clock;

// `from_pgn`: the PGN form keeps whole seconds only, so only a control read from PGN must read back from
// the PGN it writes (a human "250ms" writes as "0").
void checkRoundTrip(const TimeControl& tc, bool from_pgn) {
    // Read back as the programs read a setup's time control (either form: "?" is PGN's alone).
    const std::string human = formatHuman(tc);
    auto again = parseTimeControl(human);
    if (!again || formatHuman(*again) != human) __builtin_trap();
    const std::string pgn = formatPgn(tc);
    auto again_pgn = parsePgnTimeControl(pgn);
    if (from_pgn && (!again_pgn || formatPgn(*again_pgn) != pgn)) __builtin_trap();
    (void)describe(tc, oc::rules::Edition::E2005);
    (void)describe(tc, oc::rules::Edition::E2023);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = oc::fuzz::asText(data, size);
    for (auto parse : {parseTimeControl, parsePgnTimeControl, parseHumanTimeControl}) {
        auto tc = parse(text);
        if (tc) {
            checkRoundTrip(*tc, parse == parsePgnTimeControl);
        } else {
            if (tc.error().offset > text.size() || tc.error().message().empty()) __builtin_trap();
            (void)tc.error().pointer(text);
        }
    }
    if (auto d = parseDuration(text)) {
        for (auto style :
             {ClockStyle::Display, ClockStyle::Hms, ClockStyle::HmsTenths, ClockStyle::HmsMillis})
            (void)formatClock(*d, style);
        (void)formatDuration(*d);
    }
    if (auto reading = parseClockReading(text)) (void)formatClock(*reading, ClockStyle::HmsMillis);
    return 0;
}
