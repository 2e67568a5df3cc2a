// Millennium ChessLink codec, as fuzz_dgt does for DGT: any bytes, in any pieces, never crash the
// decoder; every byte is counted once; the same bytes fed whole and one at a time give the same replies;
// each reply re-encodes to bytes that decode to itself alone. The board tracker takes every status, and
// the board's end (the fake board's request reader) reads the same bytes as commands without a crash.
#include <cstddef>
#include <cstdint>
#include <span>
#include <variant>

#include "eboard/millennium.hpp"
#include "eboard/tracker.hpp"

namespace {

using namespace oc::eboard;

void checkReencodes(const millennium::Message& m) {
    const millennium::Bytes bytes = std::visit([](const auto& reply) { return millennium::reply(reply); }, m);
    millennium::Decoder again;
    const auto back = again.feed(bytes);
    if (back.size() != 1 || back.front() != m || again.stats().garbage_bytes != 0) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::uint8_t> bytes(data, size);
    millennium::Decoder whole;
    const auto messages = whole.feed(bytes);
    millennium::Decoder single;
    std::vector<millennium::Message> one_by_one;
    for (std::uint8_t b : bytes) single.feed(std::span(&b, 1), one_by_one);
    if (messages != one_by_one || !(whole.stats() == single.stats())) __builtin_trap();
    if (whole.stats().bytes != size || whole.stats().messages != messages.size()) __builtin_trap();
    Tracker tracker;
    TimePoint now{};
    tracker.expect(oc::rules::Game{}, Watch::Human, std::nullopt, now);
    for (const millennium::Message& m : messages) {
        checkReencodes(m);
        now += std::chrono::milliseconds{100};
        if (const auto* s = std::get_if<millennium::Status>(&m))
            tracker.picture(millennium::placementOf(*s), now);
        (void)tracker.poll(now);
    }
    (void)tracker.poll(now + std::chrono::seconds{10});
    millennium::RequestReader requests;
    std::vector<millennium::Request> read;
    requests.feed(bytes, read);
    return 0;
}
