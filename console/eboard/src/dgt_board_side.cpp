#include "eboard/dgt_board_side.hpp"

#include <algorithm>

namespace oc::eboard::dgt {

namespace {

std::uint8_t toBcd(std::uint8_t v) {
    return static_cast<std::uint8_t>(((v / 10) << 4) | (v % 10));
}

std::uint8_t hourByte(const ClockSide& s) {
    return static_cast<std::uint8_t>((s.hours & 0x0F) | (s.flag_fallen ? 0x10 : 0) |
                                     (s.time_per_move ? 0x20 : 0) | (s.flag_shown ? 0x40 : 0));
}

Bytes asciiPayload(const std::string& text) {
    return {text.begin(), text.end()};
}

}  // namespace

Bytes frame(ReplyId id, std::span<const std::uint8_t> payload) {
    const std::size_t size = payload.size() + kHeaderSize;
    Bytes out;
    out.reserve(size);
    out.push_back(static_cast<std::uint8_t>(id));
    out.push_back(static_cast<std::uint8_t>((size >> 7) & 0x7F));
    out.push_back(static_cast<std::uint8_t>(size & 0x7F));
    for (std::uint8_t b : payload) out.push_back(b);
    return out;
}

Bytes frame(const BoardDump& m) {
    return frame(ReplyId::BoardDump, m.codes);
}

Bytes frame(const FieldUpdate& m) {
    const std::uint8_t payload[] = {m.square, m.code};
    return frame(ReplyId::FieldUpdate, payload);
}

Bytes frame(const ClockTimes& m) {
    const std::uint8_t payload[] = {hourByte(m.right), toBcd(m.right.minutes), toBcd(m.right.seconds),
                                    hourByte(m.left),  toBcd(m.left.minutes),  toBcd(m.left.seconds),
                                    m.status};
    return frame(ReplyId::ClockTime, payload);
}

// The inverse of the ack formula: the top bits of the four ack bytes travel in d0 and d3, whose low
// nibble 0x0A marks the reply as an ack.
Bytes frame(const ClockAck& m) {
    const auto& a = m.ack;
    auto top = [](std::uint8_t b, std::uint8_t bit) {
        return static_cast<std::uint8_t>((b & 0x80) ? bit : 0);
    };
    const std::uint8_t payload[] = {static_cast<std::uint8_t>(0x0A | top(a[2], 0x10) | top(a[3], 0x20)),
                                    static_cast<std::uint8_t>(a[0] & 0x7F),
                                    static_cast<std::uint8_t>(a[1] & 0x7F),
                                    static_cast<std::uint8_t>(0x0A | top(a[0], 0x10) | top(a[1], 0x20)),
                                    static_cast<std::uint8_t>(a[2] & 0x7F),
                                    static_cast<std::uint8_t>(a[3] & 0x7F),
                                    0};
    return frame(ReplyId::ClockTime, payload);
}

Bytes frame(const Version& m) {
    const std::uint8_t payload[] = {m.major, m.minor};
    return frame(ReplyId::Version, payload);
}

Bytes frame(const SerialNumber& m) {
    return frame(ReplyId::SerialNumber, asciiPayload(m.digits));
}

Bytes frame(const LongSerialNumber& m) {
    return frame(ReplyId::LongSerialNumber, asciiPayload(m.digits));
}

Bytes frame(const BatteryStatus& m) {
    return frame(ReplyId::Battery, m.data);
}

Bytes noClockFrame() {
    const std::uint8_t payload[] = {0, 0, 0, 0, 0, 0, kStatusNoClock};
    return frame(ReplyId::ClockTime, payload);
}

void RequestReader::feed(std::span<const std::uint8_t> bytes, std::vector<Request>& out) {
    for (std::uint8_t b : bytes) {
        if (in_envelope_) {
            takeEnvelope(b, out);
        } else if (b == kClockMessage) {
            in_envelope_ = true;
            envelope_.clear();
        } else {
            out.emplace_back(b);
        }
    }
}

// envelope_ holds <size> 0x03 <cmd> ... 0x00; the size counts from 0x03 to 0x00.
void RequestReader::takeEnvelope(std::uint8_t byte, std::vector<Request>& out) {
    envelope_.push_back(byte);
    const std::size_t size = envelope_.front();
    if (size < 3 || size > 32 || (envelope_.size() == 2 && byte != kClockStart)) {
        in_envelope_ = false;  // not an envelope the board knows: drop it
        return;
    }
    if (envelope_.size() < size + 1) return;
    in_envelope_ = false;
    if (envelope_.back() != 0x00) return;
    out.emplace_back(ClockRequest{envelope_[2], {envelope_.begin() + 3, envelope_.end() - 1}});
}

}  // namespace oc::eboard::dgt
