#pragma once
// --push-lichess: the hub pushes its published games to a lichess broadcast round over HTTPS
// (POST {url}/api/broadcast/round/{id}/push, text/plain PGN, a bearer token), on the hub's own thread
// and without ever blocking it: every step is asynchronous on the hub's io_context.

#include <functional>
#include <iosfwd>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "broadcast/lichess_answer.hpp"
#include "broadcast/lichess_target.hpp"

namespace boost::asio {
class io_context;
}

namespace oc::broadcast {

// Coalesced: one push in flight at a time, the next one no sooner than a second after lichess answered
// the last, and only the latest PGN kept meanwhile. 401/403 stop the pushes (the hub keeps serving);
// 429 waits as lichess says (Retry-After, else 60 s); 5xx and network or TLS failures are retried with a
// backoff from 1 s doubling to 60 s. Each failure and each recovery is said once on `err`; the token
// is said nowhere.
class LichessPush {
  public:
    // `on_status` runs (on the hub's thread) whenever status() changes.
    LichessPush(boost::asio::io_context& ioc, LichessPushOptions options, PushEndpoint endpoint,
                std::ostream& err, std::function<void()> on_status);
    ~LichessPush();
    LichessPush(const LichessPush&) = delete;
    LichessPush& operator=(const LichessPush&) = delete;

    // The published games changed: push them when allowed.
    void offer(const std::vector<BoardView>& views);
    // {"round", "url", "state", "message", "pushes", "games"} for the hub's /status.
    nlohmann::json status() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace oc::broadcast
