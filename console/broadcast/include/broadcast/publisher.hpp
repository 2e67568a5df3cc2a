#pragma once
// --publish URL: the hub posts each board update once to a publisher endpoint, such as nginx's nchan
// (docs/broadcast-nginx-nchan.conf), which fans it out to every spectator. The hub then serves one
// connection however many spectators there are, so its CPU stays at its one-client figure.

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>
#include <cstddef>
#include <deque>
#include <iosfwd>
#include <memory>
#include <string>

#include "broadcast/publish_url.hpp"

namespace oc::broadcast {

// Posts each message (a board's JSON) once, in order, over one keep-alive connection on the hub's own
// thread. A publisher that is down or refuses is retried every second without ever blocking the hub:
// messages wait in a queue of kQueueLimit, the oldest dropped past it (each message is a board's whole
// state, so a later one supersedes it). Failures and the recovery are said once each on `err`.
class Publisher {
  public:
    static constexpr std::size_t kQueueLimit = 1024;
    Publisher(boost::asio::io_context& ioc, PublishUrl url, std::ostream& err);
    void post(std::shared_ptr<const std::string> json);
    std::size_t dropped() const { return dropped_; }

  private:
    void next();
    void connect();
    void send();
    void onResponse(boost::beast::error_code ec);
    void fail(const std::string& what);

    boost::asio::io_context& ioc_;
    PublishUrl url_;
    std::ostream& err_;
    std::deque<std::shared_ptr<const std::string>> queue_;
    std::unique_ptr<boost::beast::tcp_stream> stream_;
    boost::asio::steady_timer retry_;
    boost::beast::http::request<boost::beast::http::string_body> req_;
    boost::beast::http::response<boost::beast::http::string_body> res_;
    boost::beast::flat_buffer buffer_;
    bool busy_ = false;     // a connection, a request or a retry is under way
    bool failing_ = false;  // the last attempt failed (said once until it works again)
    std::size_t dropped_ = 0;
};

}  // namespace oc::broadcast
