// --listen ADDR:PORT. Parsed by hand (not by a resolver): no name lookups, so the server binds exactly
// the address it was given.
#include <arpa/inet.h>

#include <charconv>

#include "broadcast/server.hpp"

namespace oc::broadcast {

tl::expected<void, std::string> parseListen(const std::string& text, ServerOptions& options) {
    const std::string bad =
        "--listen \"" + text +
        "\": expected ADDR:PORT with a numeric address, e.g. 127.0.0.1:8080, [::1]:8080 or :0";
    const std::size_t colon = text.rfind(':');
    if (colon == std::string::npos) return tl::make_unexpected(bad);
    std::string addr = text.substr(0, colon);
    if (addr.size() >= 2 && addr.front() == '[' && addr.back() == ']') addr = addr.substr(1, addr.size() - 2);
    if (addr.empty()) addr = "127.0.0.1";
    unsigned char buf[16];
    if (inet_pton(AF_INET, addr.c_str(), buf) != 1 && inet_pton(AF_INET6, addr.c_str(), buf) != 1)
        return tl::make_unexpected(bad);
    unsigned port = 0;
    const char* first = text.data() + colon + 1;
    const char* last = text.data() + text.size();
    auto [end, ec] = std::from_chars(first, last, port);
    if (ec != std::errc{} || end != last || first == last || port > 65535) return tl::make_unexpected(bad);
    options.address = addr;
    options.port = static_cast<unsigned short>(port);
    return {};
}

}  // namespace oc::broadcast
