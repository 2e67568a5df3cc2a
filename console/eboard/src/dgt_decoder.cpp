#include "eboard/dgt_decoder.hpp"

#include <algorithm>

#include "eboard/dgt_protocol.hpp"

namespace oc::eboard::dgt {

namespace {

// The size range a frame of `id` may have; {0, 0} for an id that starts no frame.
struct SizeRange {
    std::size_t min = 0;
    std::size_t max = 0;
};

SizeRange sizesOf(std::uint8_t id) {
    switch (static_cast<ReplyId>(id)) {
        case ReplyId::BoardDump:
            return {kBoardDumpSize, kBoardDumpSize};
        case ReplyId::ClockTime:
            return {kClockTimeSize, kClockTimeSize};
        case ReplyId::FieldUpdate:
            return {kFieldUpdateSize, kFieldUpdateSize};
        case ReplyId::Version:
            return {kVersionSize, kVersionSize};
        case ReplyId::SerialNumber:
            return {kSerialNumberSize, kSerialNumberSize};
        case ReplyId::LongSerialNumber:
            return {kLongSerialNumberSize, kLongSerialNumberSize};
        case ReplyId::Battery:
            return {kHeaderSize + 1, kMaxBatterySize};
        case ReplyId::BusAddress:
            return {kHeaderSize, kMaxTextSize};
        case ReplyId::Trademark:
            return {kHeaderSize, kMaxTextSize};
        case ReplyId::EepromMoves:
            return {kHeaderSize, kEepromMovesSize};
    }
    return {};
}

bool startsFrame(std::uint8_t byte) {
    return sizesOf(byte).max != 0;
}

std::optional<std::uint8_t> bcd(std::uint8_t b) {
    if ((b >> 4) > 9 || (b & 0x0F) > 9) return std::nullopt;
    return static_cast<std::uint8_t>((b >> 4) * 10 + (b & 0x0F));
}

std::optional<ClockSide> clockSide(std::uint8_t h, std::uint8_t m, std::uint8_t s) {
    const auto minutes = bcd(m);
    const auto seconds = bcd(s);
    const auto hours = static_cast<std::uint8_t>(h & 0x0F);
    if (!minutes || !seconds || *minutes > 59 || *seconds > 59 || hours > 9) return std::nullopt;
    return ClockSide{hours, *minutes, *seconds, (h & 0x10) != 0, (h & 0x20) != 0, (h & 0x40) != 0};
}

// The ack's four bytes: the top bit of each is carried in d0 and d3 (the behaviour description).
ClockAck clockAck(std::span<const std::uint8_t, 7> d) {
    auto bit = [](std::uint8_t from, int shift) { return static_cast<std::uint8_t>((from << shift) & 0x80); };
    return ClockAck{{static_cast<std::uint8_t>((d[1] & 0x7F) | bit(d[3], 3)),
                     static_cast<std::uint8_t>((d[2] & 0x7F) | bit(d[3], 2)),
                     static_cast<std::uint8_t>((d[4] & 0x7F) | bit(d[0], 3)),
                     static_cast<std::uint8_t>((d[5] & 0x7F) | bit(d[0], 2))}};
}

std::optional<Message> clockMessage(std::span<const std::uint8_t, 7> d) {
    if ((d[0] & 0x0F) == 0x0A || (d[3] & 0x0F) == 0x0A) return clockAck(d);
    if (std::all_of(d.begin(), d.end(), [](std::uint8_t b) { return b == 0; })) return EmptyClockReply{};
    if ((d[6] & kStatusNoClock) != 0) return NoClock{};
    const auto right = clockSide(d[0], d[1], d[2]);
    const auto left = clockSide(d[3], d[4], d[5]);
    if (!right || !left) return std::nullopt;
    return ClockTimes{*right, *left, d[6]};
}

std::optional<std::string> digits(std::span<const std::uint8_t> payload) {
    std::string text;
    for (std::uint8_t b : payload) {
        if (b < '0' || b > '9') return std::nullopt;
        text += static_cast<char>(b);
    }
    return text;
}

std::optional<Message> payloadMessage(std::uint8_t id, std::span<const std::uint8_t> p) {
    switch (static_cast<ReplyId>(id)) {
        case ReplyId::BoardDump: {
            BoardDump dump;
            std::copy(p.begin(), p.end(), dump.codes.begin());
            return dump;
        }
        case ReplyId::ClockTime:
            return clockMessage(p.first<7>());
        case ReplyId::FieldUpdate:
            if (p[0] > 63) return std::nullopt;
            return FieldUpdate{p[0], p[1]};
        case ReplyId::Version:
            return Version{p[0], p[1]};
        case ReplyId::SerialNumber:
            if (auto d = digits(p)) return SerialNumber{*d};
            return std::nullopt;
        case ReplyId::LongSerialNumber:
            if (auto d = digits(p)) return LongSerialNumber{*d};
            return std::nullopt;
        case ReplyId::Battery:
            return BatteryStatus{{p.begin(), p.end()}};
        default:
            return Skipped{id, p.size() + kHeaderSize};
    }
}

}  // namespace

std::optional<Message> decodeFrame(std::span<const std::uint8_t> frame) {
    if (frame.size() < kHeaderSize) return std::nullopt;
    const SizeRange range = sizesOf(frame[0]);
    if (frame.size() < range.min || frame.size() > range.max) return std::nullopt;
    return payloadMessage(frame[0], frame.subspan(kHeaderSize));
}

void Decoder::feed(std::span<const std::uint8_t> bytes, std::vector<Message>& out) {
    for (std::uint8_t b : bytes) take(b, out);
}

std::vector<Message> Decoder::feed(std::span<const std::uint8_t> bytes) {
    std::vector<Message> out;
    feed(bytes, out);
    return out;
}

void Decoder::reset() {
    if (!frame_.empty()) drop();
}

void Decoder::take(std::uint8_t byte, std::vector<Message>& out) {
    ++stats_.bytes;
    if ((byte & 0x80) != 0) {
        if (!frame_.empty()) drop();  // a header inside a frame: the frame was broken
        start(byte);
        return;
    }
    if (frame_.empty()) {
        ++stats_.garbage_bytes;
        return;
    }
    frame_.push_back(byte);
    if (frame_.size() == kHeaderSize) {
        expected_ = (static_cast<std::size_t>(frame_[1]) << 7) | frame_[2];
        const SizeRange range = sizesOf(frame_[0]);
        if (expected_ < range.min || expected_ > range.max) return drop();
    }
    if (frame_.size() >= kHeaderSize && frame_.size() == expected_) finish(out);
}

void Decoder::start(std::uint8_t byte) {
    if (!startsFrame(byte)) {
        ++stats_.garbage_bytes;
        return;
    }
    frame_.assign(1, byte);
    expected_ = 0;
}

void Decoder::drop() {
    stats_.garbage_bytes += frame_.size();
    ++stats_.dropped_frames;
    frame_.clear();
    expected_ = 0;
}

void Decoder::finish(std::vector<Message>& out) {
    auto message = decodeFrame(frame_);
    if (!message) return drop();
    out.push_back(std::move(*message));
    ++stats_.messages;
    frame_.clear();
    expected_ = 0;
}

}  // namespace oc::eboard::dgt
