#pragma once
// A serial port, raw, one stop bit, no flow control (Boost.Asio serial_port), at the brand's speed and
// framing: a DGT board (9600 8N1) on USB (ttyACM/ttyUSB) or Bluetooth (rfcomm), a Millennium ChessLink
// (38400 7O1) on USB, or the fake board's pseudo-terminal. Blocking reads with a timeout, so the
// caller's loop decides the pace. Errors are values; an unplugged board is an error.

#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <tl/expected.hpp>

namespace oc::eboard {

// The line's speed and framing (one stop bit always).
struct LineSettings {
    unsigned baud = 9600;
    unsigned data_bits = 8;
    bool odd_parity = false;  // otherwise none
};

class SerialLink {
  public:
    // Opens `path` (a device, or a symlink to one) and sets `line`, raw; input already queued is
    // discarded (it belongs to an earlier connection). A device that refuses 7 data bits with parity (a
    // pseudo-terminal) gets 8N1, the same bits on the wire: the caller's codec handles the parity bit.
    [[nodiscard]] static tl::expected<SerialLink, std::string> open(const std::string& path,
                                                                    LineSettings line = {});
    ~SerialLink();
    SerialLink(SerialLink&&) noexcept;
    SerialLink& operator=(SerialLink&&) noexcept;

    // Writes all of `bytes`.
    [[nodiscard]] tl::expected<void, std::string> write(std::span<const std::uint8_t> bytes);
    // Reads what arrives within `timeout` into `buffer` (0 bytes when nothing came); an error when the
    // device is gone.
    [[nodiscard]] tl::expected<std::size_t, std::string> read(std::span<std::uint8_t> buffer,
                                                              std::chrono::milliseconds timeout);
    [[nodiscard]] const std::string& path() const;

  private:
    struct Impl;
    explicit SerialLink(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace oc::eboard
