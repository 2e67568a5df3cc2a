#pragma once
// The fixed routes, as a pure function of the request line: the server (server.cpp) does the network,
// this decides what a request gets. GET and HEAD only; anything not in the list is 404, and a target
// that tries to climb out or hide a slash is 400.

#include <cstdint>
#include <string>
#include <string_view>

#include "broadcast/web_assets.hpp"

namespace oc::broadcast {

inline constexpr std::size_t kMaxTarget = 256;  // longer request targets are refused (414)
// A request's head (request line and headers) longer than this is refused (400); a request carries no
// body (GET and HEAD only), so one with a body is refused too (docs/limits.md).
inline constexpr std::uint32_t kMaxRequestHead = 8192;

struct Documents {
    const std::string& pgn;   // games.pgn
    const std::string& json;  // games.json
    std::size_t boards = 0;   // boards followed
    const WebAssets& assets;
    const std::string& status;  // status.json: the hub's own state (the lichess push's, when it pushes)
};

enum class RouteKind { Document, Events, Error };

struct Reply {
    RouteKind kind = RouteKind::Error;
    unsigned status = 404;
    std::string content_type = "text/plain; charset=utf-8";
    const std::string* body = nullptr;  // documents and assets: not copied
    std::string message;                // errors: what was wrong and what would be right
};

Reply route(std::string_view method, std::string_view target, const Documents& docs);

}  // namespace oc::broadcast
