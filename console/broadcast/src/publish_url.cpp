#include "broadcast/publish_url.hpp"

#include <fmt/format.h>

#include <charconv>
#include <string_view>

#include "i18n/mark.hpp"

namespace oc::broadcast {

namespace {

tl::unexpected<std::string> badUrl(const std::string& text, const char* why) {
    return tl::unexpected(fmt::format(i18n::N_("--publish \"{}\": {}; expected http://HOST:PORT/PATH, e.g. "
                                               "http://127.0.0.1:8090/publish"),
                                      text, why));
}

}  // namespace

bool validPort(const std::string& port) {
    unsigned value = 0;
    const char* last = port.data() + port.size();
    auto [end, ec] = std::from_chars(port.data(), last, value);
    return ec == std::errc{} && end == last && value >= 1 && value <= 65535;
}

tl::expected<PublishUrl, std::string> parsePublishUrl(const std::string& text) {
    constexpr std::string_view kScheme = "http://";
    if (text.rfind(kScheme, 0) != 0) return badUrl(text, i18n::N_("only plain http:// is supported"));
    const std::string rest = text.substr(kScheme.size());
    const std::size_t slash = rest.find('/');
    std::string authority = rest.substr(0, slash);
    PublishUrl url;
    if (slash != std::string::npos) url.target = rest.substr(slash);
    const std::size_t bracket = authority.rfind(']');
    const std::size_t colon = authority.rfind(':');
    if (colon != std::string::npos && (bracket == std::string::npos || colon > bracket)) {
        url.port = authority.substr(colon + 1);
        authority.resize(colon);
    }
    if (authority.size() >= 2 && authority.front() == '[' && authority.back() == ']')
        authority = authority.substr(1, authority.size() - 2);
    if (authority.empty()) return badUrl(text, i18n::N_("the host is missing"));
    if (!validPort(url.port)) return badUrl(text, i18n::N_("the port must be a number from 1 to 65535"));
    url.host = authority;
    return url;
}

}  // namespace oc::broadcast
