#pragma once
// --publish URL, parsed by hand like --listen: no name lookup happens until the hub connects.

#include <string>
#include <tl/expected.hpp>

namespace oc::broadcast {

// "http://HOST:PORT/PATH" (the port defaults to 80). Plain HTTP only: the publisher runs on the hub's
// own computer or its hall network, never across the internet.
struct PublishUrl {
    std::string host;
    std::string port = "80";
    std::string target = "/";
};
[[nodiscard]] tl::expected<PublishUrl, std::string> parsePublishUrl(const std::string& text);

// A URL's port as written: digits only, 1 to 65535 (--publish, --push-url).
[[nodiscard]] bool validPort(const std::string& port);

}  // namespace oc::broadcast
