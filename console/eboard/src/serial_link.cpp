#include "eboard/serial_link.hpp"

#include <fmt/format.h>
#include <termios.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/serial_port.hpp>
#include <boost/asio/write.hpp>
#include <optional>

#include "i18n/mark.hpp"

namespace oc::eboard {

using i18n::N_;
namespace asio = boost::asio;

struct SerialLink::Impl {
    asio::io_context io;
    asio::serial_port port{io};
    std::string path;
};

namespace {

// The brand's speed and framing, one stop bit, no flow control. Asio's open already leaves the line raw
// (no echo, no CR/LF mapping): DGT frames hold 0x0A and 0x0D bytes.
boost::system::error_code configure(asio::serial_port& port, const LineSettings& line) {
    using sp = asio::serial_port_base;
    boost::system::error_code ec;
    port.set_option(sp::baud_rate(line.baud), ec);
    if (!ec) port.set_option(sp::character_size(line.data_bits), ec);
    if (!ec) port.set_option(sp::parity(line.odd_parity ? sp::parity::odd : sp::parity::none), ec);
    if (!ec) port.set_option(sp::stop_bits(sp::stop_bits::one), ec);
    if (!ec) port.set_option(sp::flow_control(sp::flow_control::none), ec);
    return ec;
}

}  // namespace

SerialLink::SerialLink(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
SerialLink::~SerialLink() = default;
SerialLink::SerialLink(SerialLink&&) noexcept = default;
SerialLink& SerialLink::operator=(SerialLink&&) noexcept = default;

tl::expected<SerialLink, std::string> SerialLink::open(const std::string& path, LineSettings line) {
    auto impl = std::make_unique<Impl>();
    impl->path = path;
    boost::system::error_code ec;
    impl->port.open(path, ec);
    if (!ec) ec = configure(impl->port, line);
    // 7 data bits and a parity bit are, on the wire, exactly 8 data bits whose eighth is the parity: a
    // device that refuses 7O1 (a pseudo-terminal does) is driven at 8N1, and the codec sets and checks
    // the parity bit itself (the ChessLink's codec always does; docs/eboard.md).
    if (ec == boost::system::errc::invalid_argument && line.data_bits == 7)
        ec = configure(impl->port, LineSettings{line.baud, 8, false});
    if (ec) return tl::unexpected(fmt::format(N_("cannot open the e-board port {}: {}"), path, ec.message()));
    ::tcflush(impl->port.native_handle(), TCIFLUSH);
    return SerialLink(std::move(impl));
}

tl::expected<void, std::string> SerialLink::write(std::span<const std::uint8_t> bytes) {
    boost::system::error_code ec;
    asio::write(impl_->port, asio::buffer(bytes.data(), bytes.size()), ec);
    if (ec) return tl::unexpected(fmt::format(N_("e-board port {}: {}"), impl_->path, ec.message()));
    return {};
}

tl::expected<std::size_t, std::string> SerialLink::read(std::span<std::uint8_t> buffer,
                                                        std::chrono::milliseconds timeout) {
    std::optional<boost::system::error_code> result;
    std::size_t got = 0;
    impl_->port.async_read_some(asio::buffer(buffer.data(), buffer.size()),
                                [&](const boost::system::error_code& ec, std::size_t n) {
                                    result = ec;
                                    got = n;
                                });
    impl_->io.restart();
    impl_->io.run_for(timeout);
    if (!result) {
        impl_->port.cancel();  // nothing came in time: not an error
        impl_->io.restart();
        impl_->io.run();
    }
    if (result && *result && *result != asio::error::operation_aborted)
        return tl::unexpected(fmt::format(N_("e-board port {}: {}"), impl_->path, result->message()));
    return got;
}

const std::string& SerialLink::path() const {
    return impl_->path;
}

}  // namespace oc::eboard
