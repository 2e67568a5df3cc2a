// DGT codec: any bytes, in any pieces, never crash the decoder; every byte is counted once; the same
// bytes fed whole and one at a time give the same messages; each message re-encodes to a frame that
// decodes to itself. The board tracker takes whatever pieces the decoded frames report.
#include <cstddef>
#include <cstdint>
#include <span>
#include <variant>

#include "eboard/dgt_board_side.hpp"
#include "eboard/dgt_decoder.hpp"
#include "eboard/tracker.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace oc::eboard;
    const std::span<const std::uint8_t> bytes(data, size);
    dgt::Decoder whole;
    const auto messages = whole.feed(bytes);
    dgt::Decoder single;
    std::vector<dgt::Message> one_by_one;
    for (std::uint8_t b : bytes) single.feed(std::span(&b, 1), one_by_one);
    if (messages != one_by_one || !(whole.stats() == single.stats())) __builtin_trap();
    if (whole.stats().bytes != size) __builtin_trap();
    Tracker tracker;
    TimePoint now{};
    tracker.expect(oc::rules::Game{}, Watch::Human, std::nullopt, now);
    for (const dgt::Message& m : messages) {
        now += std::chrono::milliseconds{100};
        if (const auto* d = std::get_if<dgt::BoardDump>(&m)) {
            if (dgt::decodeFrame(dgt::frame(*d)) != dgt::Message{*d}) __builtin_trap();
            tracker.picture(dgt::placementOf(*d), now);
        } else if (const auto* f = std::get_if<dgt::FieldUpdate>(&m)) {
            tracker.square(dgt::squareOf(f->square), dgt::cellOfCode(f->code), now);
        } else if (const auto* t = std::get_if<dgt::ClockTimes>(&m)) {
            if (dgt::decodeFrame(dgt::frame(*t)) != dgt::Message{*t}) __builtin_trap();
            tracker.clock(clockFaceOf(*t), now);
        }
        (void)tracker.poll(now);
    }
    (void)tracker.poll(now + std::chrono::seconds{10});
    return 0;
}
