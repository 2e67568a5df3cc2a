#pragma once
// DGT LiveChess's WebSocket (`ws://HOST:PORT/PATH`, Boost.Beast over TCP) as a link a brand runs on.
// Each text message read is handed up followed by a NUL byte, which JSON text never holds, so the brand
// splits what it reads back into messages; each write is one text message. Real time; errors are values.

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "eboard/transport.hpp"

namespace oc::eboard {

// The message separator in what WebSocketLink::read hands up.
inline constexpr char kMessageEnd = '\0';
// The longest message read (a list of 500 boards is under 150 KiB); a longer one ends the connection.
inline constexpr std::size_t kMaxLiveChessMessage = std::size_t{1} << 20;

struct WsUrl {
    std::string host;
    std::string port = "80";
    std::string path = "/";
};
// `ws://HOST[:PORT][/PATH]`; the reason when it is not one (wss:// included: LiveChess serves ws://).
[[nodiscard]] tl::expected<WsUrl, std::string> parseWsUrl(std::string_view url);

class WebSocketLink final : public Transport {
  public:
    // Connects and completes the WebSocket handshake within `timeout`.
    [[nodiscard]] static tl::expected<std::unique_ptr<WebSocketLink>, std::string> open(
        const std::string& url, std::chrono::milliseconds timeout);
    ~WebSocketLink() override;
    WebSocketLink(const WebSocketLink&) = delete;
    WebSocketLink& operator=(const WebSocketLink&) = delete;

    [[nodiscard]] tl::expected<void, std::string> write(std::span<const std::uint8_t> bytes) override;
    [[nodiscard]] tl::expected<std::size_t, std::string> read(std::span<std::uint8_t> buffer,
                                                              std::chrono::milliseconds timeout) override;

  private:
    struct Impl;
    explicit WebSocketLink(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace oc::eboard
