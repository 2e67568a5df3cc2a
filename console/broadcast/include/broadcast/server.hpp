#pragma once
// operator-cli broadcast serve: the HTTP server of the event's hub (Boost.Beast, one thread).

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <tl/expected.hpp>
#include <vector>

#include "broadcast/delay.hpp"
#include "broadcast/lichess_target.hpp"

namespace oc::broadcast {

struct ServerOptions {
    std::vector<std::filesystem::path> journals;  // one board each, in this order
    std::string address = "127.0.0.1";            // loopback unless told otherwise
    unsigned short port = 8080;                   // 0: any free port (printed on the first line)
    Delay delay{0};
    std::filesystem::path dir;  // --dir: games.pgn and games.json written here on every change
    // --state: the published ledger (ledger.hpp) and the operator's control files; empty: none (tests)
    std::filesystem::path state;
    std::size_t max_clients = 1000;  // connections beyond this get 503
    // Connections from one address (an IPv6 client's /64) beyond this get 429, so one machine cannot
    // take every connection from the hall; behind a proxy, raise it to max_clients (docs/broadcast.md).
    std::size_t max_per_address = 16;
    std::filesystem::path web_dir;  // the spectator page (web/ with its npm files); empty: none
    std::string publish;            // --publish URL: each board update also posted there (publisher.hpp)
    std::optional<LichessPushOptions> lichess;  // --push-lichess: the games pushed there (lichess_push.hpp)
};

// "ADDR:PORT", "[::1]:PORT" or ":PORT" (127.0.0.1) into options; a message saying what is wrong.
[[nodiscard]] tl::expected<void, std::string> parseListen(const std::string& text, ServerOptions& options);

// Serves until SIGINT or SIGTERM, then returns. Its first line on `out` is "listening ADDR:PORT" with
// the real port. Problems that stop it (address in use, bad address) as a value; warnings on `err`.
[[nodiscard]] tl::expected<void, std::string> serve(const ServerOptions& options, std::ostream& out,
                                                    std::ostream& err);

}  // namespace oc::broadcast
