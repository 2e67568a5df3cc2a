#include "broadcast/http_routes.hpp"

#include <algorithm>

namespace oc::broadcast {
namespace {

Reply error(unsigned status, std::string message) {
    Reply r;
    r.status = status;
    r.message = std::move(message) + "\n";
    return r;
}

Reply document(const std::string& body, const char* type) {
    Reply r;
    r.kind = RouteKind::Document;
    r.status = 200;
    r.content_type = type;
    r.body = &body;
    return r;
}

// "/board/N", N from 1 to 9999 without leading zeros: the projector's page (the same page; it reads N
// from its address). Any such N, not only the boards known now: a kiosk opened before its journal
// exists, or before the journal's setup gives the board its number, waits on the page for its board
// (issue 35 item 6).
bool isBoardPage(std::string_view path) {
    constexpr std::string_view kPrefix = "/board/";
    if (!path.starts_with(kPrefix) || path.size() > kPrefix.size() + 4) return false;
    const std::string_view n = path.substr(kPrefix.size());
    return !n.empty() && n.front() != '0' &&
           std::all_of(n.begin(), n.end(), [](char c) { return c >= '0' && c <= '9'; });
}

const char* kRoutes = "routes: / /board/N /games.pgn /games.json /events /status";

}  // namespace

Reply route(std::string_view method, std::string_view target, const Documents& docs) {
    if (method != "GET" && method != "HEAD") return error(405, "only GET and HEAD are served");
    if (target.size() > kMaxTarget) return error(414, "the request target is longer than 256 characters");
    if (target.empty() || target.front() != '/') return error(400, "the request target must start with /");
    const std::string_view path = target.substr(0, target.find('?'));  // a query string is ignored
    if (path.find("..") != std::string_view::npos || path.find('%') != std::string_view::npos ||
        path.find('\\') != std::string_view::npos || path.find("//") != std::string_view::npos)
        return error(400, "the path holds \"..\", \"//\", a backslash or an encoded character; " +
                              std::string(kRoutes));
    if (path == "/games.pgn") return document(docs.pgn, "application/x-chess-pgn; charset=utf-8");
    if (path == "/games.json") return document(docs.json, "application/json; charset=utf-8");
    if (path == "/status") return document(docs.status, "application/json; charset=utf-8");
    if (path == "/events") {
        Reply r;
        r.kind = RouteKind::Events;
        r.status = 200;
        r.content_type = "text/event-stream";
        return r;
    }
    if (isBoardPage(path)) return route(method, "/", docs);
    if (auto it = docs.assets.find(path); it != docs.assets.end())
        return document(it->second.body, it->second.content_type.c_str());
    if (path == "/")
        return error(503,
                     "the spectator page is not installed: run scripts/install-deps.sh (npm ci in web/)");
    return error(404, "no such page; " + std::string(kRoutes));
}

}  // namespace oc::broadcast
