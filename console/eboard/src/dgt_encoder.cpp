#include "eboard/dgt_encoder.hpp"

#include <algorithm>

namespace oc::eboard::dgt {

namespace {

// 0x2B <size> 0x03 <cmd> <payload> 0x00; size counts from the 0x03 to the 0x00.
Bytes clockEnvelope(ClockCommand cmd, const Bytes& payload) {
    Bytes out;
    out.reserve(payload.size() + 5);
    out.push_back(kClockMessage);
    out.push_back(static_cast<std::uint8_t>(payload.size() + 3));
    out.push_back(kClockStart);
    out.push_back(static_cast<std::uint8_t>(cmd));
    for (std::uint8_t b : payload) out.push_back(b);
    out.push_back(0x00);
    return out;
}

std::uint8_t printable(char c) {
    const auto b = static_cast<unsigned char>(c);
    return (b >= 0x20 && b < 0x7F) ? b : static_cast<std::uint8_t>('?');
}

}  // namespace

Bytes encode(Command c) {
    return {static_cast<std::uint8_t>(c)};
}

Bytes handshake() {
    Bytes out;
    for (Command c : {Command::Reset, Command::Version, Command::SerialNumber, Command::LongSerialNumber,
                      Command::SendBoard, Command::UpdateNice})
        out.push_back(static_cast<std::uint8_t>(c));
    return out;
}

Bytes clockText(std::string_view text, std::uint8_t beep) {
    Bytes payload(kClockTextLength, static_cast<std::uint8_t>(' '));
    const std::size_t n = std::min(text.size(), kClockTextLength);
    std::transform(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(n), payload.begin(), printable);
    payload.push_back(std::min<std::uint8_t>(beep, 15));
    return clockEnvelope(ClockCommand::Ascii, payload);
}

Bytes clockEnd() {
    return clockEnvelope(ClockCommand::End, {});
}

Bytes clockBeep(std::uint8_t units) {
    return clockEnvelope(ClockCommand::Beep, {std::min<std::uint8_t>(units, 0x7F)});
}

Bytes clockVersion() {
    return clockEnvelope(ClockCommand::Version, {});
}

}  // namespace oc::eboard::dgt
