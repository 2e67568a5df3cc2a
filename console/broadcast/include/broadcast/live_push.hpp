#pragma once
// Live push over Server-Sent Events: each board's JSON whenever it changes. A plain HTTP response that
// browsers read with EventSource and that reconnects by itself; nothing to parse from the client.

#include <cstddef>
#include <deque>
#include <memory>
#include <string>
#include <string_view>

namespace oc::broadcast {

// The response head that opens an event stream.
std::string_view eventStreamHead();
// One event: "event: NAME\ndata: LINE\n\n" (`data` must be one line, as JSON.dump() gives).
std::string sseEvent(std::string_view name, std::string_view data);
// A comment line that keeps proxies from closing an idle stream and finds dead clients.
std::string_view sseHeartbeat();

// What one client has still to receive. Bounded: a client that does not read is dropped once it is
// this far behind, so it slows neither the others nor the game.
class PushQueue {
  public:
    static constexpr std::size_t kMaxBytes = 512 * 1024;
    // False when the client is too far behind (the queue is then cleared: close the connection).
    [[nodiscard]] bool push(std::shared_ptr<const std::string> message);
    bool empty() const { return queue_.empty(); }
    std::size_t bytes() const { return bytes_; }  // queued, not yet written to the socket
    const std::string& front() const { return *queue_.front(); }
    void pop();

  private:
    std::deque<std::shared_ptr<const std::string>> queue_;
    std::size_t bytes_ = 0;
};

}  // namespace oc::broadcast
