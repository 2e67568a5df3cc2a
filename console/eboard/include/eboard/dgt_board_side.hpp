#pragma once
// The board's end of the protocol, for the fake board (operator-cli eboard fake) and the tests: replies
// as frames, and the PC's commands read back from bytes. Written from the same behaviour description.

#include <cstdint>
#include <span>
#include <string_view>
#include <variant>
#include <vector>

#include "eboard/dgt_encoder.hpp"
#include "eboard/dgt_messages.hpp"

namespace oc::eboard::dgt {

// A reply frame: id, the two 7-bit size bytes, payload (each payload byte must be below 0x80).
[[nodiscard]] Bytes frame(ReplyId id, std::span<const std::uint8_t> payload);
[[nodiscard]] Bytes frame(const BoardDump& m);
[[nodiscard]] Bytes frame(const FieldUpdate& m);
[[nodiscard]] Bytes frame(const ClockTimes& m);
[[nodiscard]] Bytes frame(const ClockAck& m);
[[nodiscard]] Bytes frame(const Version& m);
[[nodiscard]] Bytes frame(const SerialNumber& m);
[[nodiscard]] Bytes frame(const LongSerialNumber& m);
[[nodiscard]] Bytes frame(const BatteryStatus& m);
// A BWTIME with status "no clock".
[[nodiscard]] Bytes noClockFrame();

// A clock command as the board receives it.
struct ClockRequest {
    std::uint8_t command = 0;
    std::vector<std::uint8_t> payload;  // between the command byte and the closing 0x00
    friend bool operator==(const ClockRequest&, const ClockRequest&) = default;
};
// One command byte, or a clock command.
using Request = std::variant<std::uint8_t, ClockRequest>;

// Reads the PC's bytes into requests; a broken clock envelope is dropped.
class RequestReader {
  public:
    void feed(std::span<const std::uint8_t> bytes, std::vector<Request>& out);

  private:
    void takeEnvelope(std::uint8_t byte, std::vector<Request>& out);
    std::vector<std::uint8_t> envelope_;
    bool in_envelope_ = false;
};

}  // namespace oc::eboard::dgt
