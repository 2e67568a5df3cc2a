#pragma once
// A serial port at 9600 baud, 8N1, raw, no flow control (Boost.Asio serial_port): a DGT board on USB
// (ttyACM/ttyUSB), Bluetooth (rfcomm) or the fake board's pseudo-terminal. Blocking reads with a
// timeout, so the caller's loop decides the pace. Errors are values; an unplugged board is an error.

#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <tl/expected.hpp>

namespace oc::eboard {

class SerialLink {
  public:
    // Opens `path` (a device, or a symlink to one) and sets 9600 8N1 raw; input already queued is
    // discarded (it belongs to an earlier connection).
    [[nodiscard]] static tl::expected<SerialLink, std::string> open(const std::string& path);
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
