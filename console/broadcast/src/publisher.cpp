#include "broadcast/publisher.hpp"

#include <fmt/format.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <ostream>

namespace oc::broadcast {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using namespace std::chrono_literals;

namespace {

constexpr auto kRetryEvery = 1s;
constexpr auto kRequestTimeout = 10s;

}  // namespace

Publisher::Publisher(asio::io_context& ioc, PublishUrl url, std::ostream& err)
    : ioc_(ioc), url_(std::move(url)), err_(err), retry_(ioc) {}

void Publisher::post(std::shared_ptr<const std::string> json) {
    queue_.push_back(std::move(json));
    if (queue_.size() > kQueueLimit) {
        queue_.pop_front();
        ++dropped_;
    }
    if (!busy_) next();
}

// One step at a time on the hub's thread: connect when there is no connection, else send the oldest.
void Publisher::next() {
    if (queue_.empty()) {
        busy_ = false;
        return;
    }
    busy_ = true;
    if (!stream_) return connect();
    send();
}

void Publisher::connect() {
    auto resolver = std::make_shared<tcp::resolver>(ioc_);
    resolver->async_resolve(
        url_.host, url_.port, [this, resolver](beast::error_code ec, tcp::resolver::results_type found) {
            if (ec) return fail(ec.message());
            stream_ = std::make_unique<beast::tcp_stream>(ioc_);
            stream_->expires_after(kRequestTimeout);
            stream_->async_connect(found, [this](beast::error_code c, const tcp::endpoint&) {
                if (c) return fail(c.message());
                send();
            });
        });
}

void Publisher::send() {
    req_ = {http::verb::post, url_.target, 11};
    req_.set(http::field::host, url_.host);
    req_.set(http::field::content_type, "application/json");
    req_.keep_alive(true);
    req_.body() = *queue_.front();
    req_.prepare_payload();
    stream_->expires_after(kRequestTimeout);
    http::async_write(*stream_, req_, [this](beast::error_code ec, std::size_t) {
        if (ec) return fail(ec.message());
        res_ = {};
        http::async_read(*stream_, buffer_, res_,
                         [this](beast::error_code r, std::size_t) { onResponse(r); });
    });
}

// nchan answers 201 (a new channel) or 202 (queued); any 2xx is taken. Anything else is retried: the
// message stays first in the queue, so none is skipped while the publisher is merely restarting.
void Publisher::onResponse(beast::error_code ec) {
    if (ec) return fail(ec.message());
    if (res_.result_int() / 100 != 2) return fail(fmt::format("HTTP {}", res_.result_int()));
    if (failing_)
        err_ << "publishing to http://" << url_.host << ':' << url_.port << url_.target << " again"
             << std::endl;
    failing_ = false;
    queue_.pop_front();
    if (!res_.keep_alive()) stream_.reset();
    next();
}

void Publisher::fail(const std::string& what) {
    if (!failing_)
        err_ << "warning: publishing to http://" << url_.host << ':' << url_.port << url_.target
             << " failed (" << what << "); retrying every second, spectators of the publisher wait"
             << std::endl;
    failing_ = true;
    stream_.reset();
    buffer_.clear();
    retry_.expires_after(kRetryEvery);
    retry_.async_wait([this](beast::error_code ec) {
        if (!ec) next();
    });
}

}  // namespace oc::broadcast
