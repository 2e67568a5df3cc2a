#pragma once
// Commands from the PC to a DGT board, as bytes. Only the commands of dgt::Command can be made, and the
// clock commands the console needs (text, end, beep, version): never SETNRUN, never an EEPROM command.

#include <cstdint>
#include <string_view>
#include <vector>

#include "eboard/dgt_protocol.hpp"

namespace oc::eboard::dgt {

using Bytes = std::vector<std::uint8_t>;

// The one byte of `c`.
[[nodiscard]] Bytes encode(Command c);
// The handshake: reset, version, serial numbers, a board dump, then the update mode with clock times.
[[nodiscard]] Bytes handshake();
// DGT 3000 text: up to 8 characters (padded with spaces; anything outside printable ASCII becomes '?'),
// and a beep of `beep` 64 ms units (0 = silent, at most 15).
[[nodiscard]] Bytes clockText(std::string_view text, std::uint8_t beep = 0);
// Back to the times after a text.
[[nodiscard]] Bytes clockEnd();
// A beep of `units` x 64 ms (at most 127).
[[nodiscard]] Bytes clockBeep(std::uint8_t units);
// Asks whether a clock is there: a clock answers with an ack for command 0x09.
[[nodiscard]] Bytes clockVersion();

}  // namespace oc::eboard::dgt
