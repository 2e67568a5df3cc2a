#pragma once
// What a board's link runs on: a serial port (serial_link.hpp) or DGT LiveChess's WebSocket
// (websocket_link.hpp). Blocking reads with a timeout, so the caller's loop decides the pace; errors are
// values, and an error means the connection is gone.

#include <chrono>
#include <cstdint>
#include <span>
#include <string>
#include <tl/expected.hpp>

namespace oc::eboard {

class Transport {
  public:
    virtual ~Transport() = default;
    // Writes all of `bytes` (on a WebSocket: one message).
    [[nodiscard]] virtual tl::expected<void, std::string> write(std::span<const std::uint8_t> bytes) = 0;
    // Reads what arrives within `timeout` into `buffer` (0 bytes when nothing came).
    [[nodiscard]] virtual tl::expected<std::size_t, std::string> read(std::span<std::uint8_t> buffer,
                                                                      std::chrono::milliseconds timeout) = 0;
};

}  // namespace oc::eboard
