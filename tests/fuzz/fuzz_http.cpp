// The broadcast's HTTP request handling on raw bytes from the hall's network: Boost.Beast's request
// parser configured as the server configures it (no body, a head of at most kMaxRequestHead bytes), the
// router, and the response the server would write, for every request pipelined on one connection.
// Never a crash; a malformed request gets a 400 and the connection ends; a reply is a complete response.
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cstddef>
#include <cstdint>
#include <sstream>

#include "broadcast/http_routes.hpp"
#include "fuzz_input.hpp"

namespace {

namespace beast = boost::beast;
namespace http = beast::http;
using namespace oc::broadcast;

const Documents& documents() {
    static const std::string pgn = "[Event \"Fuzz\"]\n\n1. e4 *\n";
    static const std::string json = "[]\n";
    static const WebAssets assets{{"/", {"text/html; charset=utf-8", "<!doctype html>"}},
                                  {"/app.js", {"text/javascript", "void 0;"}}};
    static const Documents docs{pgn, json, 3, assets, json};
    return docs;
}

// As HttpConnection::respond writes it; false when the connection ends after it.
bool respond(const http::request<http::empty_body>& req) {
    const Reply reply =
        route(std::string_view(req.method_string()), std::string_view(req.target()), documents());
    if (reply.status >= 400 && reply.message.empty()) __builtin_trap();  // an error always says why
    if (reply.kind == RouteKind::Events && req.method() == http::verb::get) return false;  // a stream
    http::response<http::string_body> res;
    res.version(req.version());
    res.result(reply.status);
    res.set(http::field::content_type, reply.content_type);
    res.body() = reply.body ? *reply.body : reply.message;
    res.prepare_payload();
    if (req.method() == http::verb::head) res.body().clear();
    std::ostringstream wire;
    wire << res;
    return reply.status < 400 && req.keep_alive();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view rest = oc::fuzz::asText(data, size);
    for (int request = 0; request < 64 && !rest.empty(); ++request) {
        http::request_parser<http::empty_body> parser;
        parser.header_limit(kMaxRequestHead);
        beast::error_code ec;
        while (!parser.is_done() && !rest.empty()) {
            const std::size_t used = parser.put(boost::asio::buffer(rest.data(), rest.size()), ec);
            if (used > rest.size()) __builtin_trap();
            rest.remove_prefix(used);
            if (ec || used == 0) break;
        }
        if (ec == http::error::need_more) return 0;  // the head never completes: the read times out
        if (ec || !parser.is_done()) return 0;       // 400 "malformed request", and the connection ends
        if (!respond(parser.get())) return 0;
    }
    return 0;
}
