#include "eboard/websocket_link.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>
#include <cstring>
#include <optional>

#include "i18n/mark.hpp"

namespace oc::eboard {

using i18n::N_;
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using ErrorCode = boost::system::error_code;

struct WebSocketLink::Impl {
    asio::io_context io;
    websocket::stream<tcp::socket> ws{io};
    beast::flat_buffer in;
    std::string url;
    std::string pending;  // read, not yet handed up
    bool reading = false;
    std::optional<ErrorCode> read_done;
};

namespace {

// Runs `io` until the operation started by `start` completes or `timeout` passes (nullopt).
template <class Start>
std::optional<ErrorCode> runFor(asio::io_context& io, std::chrono::milliseconds timeout, Start start) {
    std::optional<ErrorCode> result;
    start([&result](const ErrorCode& ec, auto&&...) { result = ec; });
    io.restart();
    io.run_for(timeout);
    return result;
}

std::string failure(const std::optional<ErrorCode>& ec) {
    return ec ? ec->message() : std::string(N_("no answer in time"));
}

}  // namespace

tl::expected<WsUrl, std::string> parseWsUrl(std::string_view url) {
    constexpr std::string_view scheme = "ws://";
    if (url.substr(0, scheme.size()) != scheme)
        return tl::unexpected(
            fmt::format(N_("\"{}\" is not a LiveChess address: expected ws://HOST:PORT/PATH, e.g. "
                           "ws://localhost:1982/api/v1.0"),
                        url));
    std::string_view rest = url.substr(scheme.size());
    WsUrl out;
    const auto slash = rest.find('/');
    if (slash != std::string_view::npos) out.path = std::string(rest.substr(slash));
    const std::string_view authority = rest.substr(0, slash);
    const auto colon = authority.rfind(':');
    out.host = std::string(authority.substr(0, colon));
    if (colon != std::string_view::npos) out.port = std::string(authority.substr(colon + 1));
    const bool digits = !out.port.empty() && std::all_of(out.port.begin(), out.port.end(),
                                                         [](char c) { return c >= '0' && c <= '9'; });
    if (out.host.empty() || !digits || out.port.size() > 5)
        return tl::unexpected(
            fmt::format(N_("\"{}\" is not a LiveChess address: expected ws://HOST:PORT/PATH, e.g. "
                           "ws://localhost:1982/api/v1.0"),
                        url));
    return out;
}

WebSocketLink::WebSocketLink(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

WebSocketLink::~WebSocketLink() {
    ErrorCode ec;
    impl_->ws.next_layer().close(ec);  // no closing handshake: LiveChess sees the connection end
}

tl::expected<std::unique_ptr<WebSocketLink>, std::string> WebSocketLink::open(
    const std::string& url, std::chrono::milliseconds timeout) {
    auto where = parseWsUrl(url);
    if (!where) return tl::unexpected(where.error());
    auto impl = std::make_unique<Impl>();
    impl->url = url;
    ErrorCode ec;
    const auto endpoints = tcp::resolver(impl->io).resolve(where->host, where->port, ec);
    if (ec) return tl::unexpected(fmt::format(N_("LiveChess not reachable at {}: {}"), url, ec.message()));
    auto connected = runFor(impl->io, timeout,
                            [&](auto done) { asio::async_connect(impl->ws.next_layer(), endpoints, done); });
    if (!connected || *connected)
        return tl::unexpected(fmt::format(N_("LiveChess not reachable at {}: {}"), url, failure(connected)));
    auto shook = runFor(impl->io, timeout, [&](auto done) {
        impl->ws.async_handshake(where->host + ":" + where->port, where->path, done);
    });
    if (!shook || *shook)
        return tl::unexpected(fmt::format(N_("LiveChess at {} did not accept the WebSocket handshake: {}"),
                                          url, failure(shook)));
    impl->ws.text(true);
    impl->ws.read_message_max(kMaxLiveChessMessage);
    return std::unique_ptr<WebSocketLink>(new WebSocketLink(std::move(impl)));
}

tl::expected<void, std::string> WebSocketLink::write(std::span<const std::uint8_t> bytes) {
    ErrorCode ec;
    impl_->ws.write(asio::buffer(bytes.data(), bytes.size()), ec);
    if (ec) return tl::unexpected(fmt::format(N_("LiveChess at {}: {}"), impl_->url, ec.message()));
    return {};
}

// One read stays outstanding across calls (a WebSocket read cannot be cancelled and resumed); a message
// that came is handed up in pieces the size of `buffer`, then its NUL.
tl::expected<std::size_t, std::string> WebSocketLink::read(std::span<std::uint8_t> buffer,
                                                           std::chrono::milliseconds timeout) {
    Impl& m = *impl_;
    if (m.pending.empty()) {
        if (!m.reading) {
            m.reading = true;
            m.read_done.reset();
            m.ws.async_read(m.in, [&m](const ErrorCode& ec, std::size_t) { m.read_done = ec; });
        }
        m.io.restart();
        m.io.run_for(timeout);
        if (!m.read_done) return 0;
        m.reading = false;
        if (*m.read_done)
            return tl::unexpected(
                fmt::format(N_("LiveChess at {} closed the connection: {}"), m.url, m.read_done->message()));
        m.pending = beast::buffers_to_string(m.in.data()) + kMessageEnd;
        m.in.consume(m.in.size());
    }
    const std::size_t n = std::min(buffer.size(), m.pending.size());
    std::memcpy(buffer.data(), m.pending.data(), n);
    m.pending.erase(0, n);
    return n;
}

}  // namespace oc::eboard
