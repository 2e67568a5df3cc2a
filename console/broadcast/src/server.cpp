// The network side of the hub, on one thread (Boost.Asio/Beast): an accept loop with a connection cap,
// HTTP/1.1 connections with header limits and timeouts, Server-Sent Event streams with bounded queues,
// and inotify plus a 100 ms poll that follow the journals. Being a separate process that only reads
// journals, it can neither slow nor crash a game.
#include "broadcast/server.hpp"

#include <linux/sockios.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/resource.h>

#include <algorithm>
#include <array>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <iostream>
#include <map>
#include <memory>
#include <optional>

#include "broadcast/dir_output.hpp"
#include "broadcast/http_routes.hpp"
#include "broadcast/hub.hpp"
#include "broadcast/lichess_push.hpp"
#include "broadcast/live_push.hpp"
#include "broadcast/publisher.hpp"
#include "broadcast/render.hpp"
#include "broadcast/web_assets.hpp"

namespace oc::broadcast {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using namespace std::chrono_literals;

constexpr auto kPollEvery = 100ms;   // the bound for following a journal
constexpr auto kReadTimeout = 10s;   // a request's head must arrive within this (slow clients)
constexpr auto kIdleTimeout = 10s;   // keep-alive connections idle longer are closed
constexpr auto kWriteTimeout = 30s;  // a client that does not read for this long is dropped
constexpr auto kHeartbeat = 15s;
constexpr std::uint32_t kHeaderLimit = kMaxRequestHead;
// Per live client: updates not yet delivered, in its queue here and in its socket's send buffer. A
// client that falls further behind (it stopped reading) is dropped; a browser reconnects by itself and
// gets every board's current state (docs/broadcast.md).
constexpr std::size_t kSendLimit = 256 * 1024;
// The socket's send buffer is fixed (the kernel would grow it to megabytes on its own), so what a
// client that does not read holds on this machine stays within kSendLimit.
constexpr int kStreamSendBuffer = 64 * 1024;

using Message = std::shared_ptr<const std::string>;

journal::WallTime wallNow() {
    return std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now());
}

// The connections alive, in all and per client address: --max-clients and --max-per-address.
struct Census {
    std::size_t live = 0;
    std::map<asio::ip::address, std::size_t> per_address;
    std::size_t from(const asio::ip::address& a) const {
        auto it = per_address.find(a);
        return it == per_address.end() ? 0 : it->second;
    }
};

// The address a client is counted by. An IPv6 machine may take any address of its /64 network, so it
// is counted by that network; an IPv4 client reaching an IPv6 socket is counted as the IPv4 address.
asio::ip::address clientKey(const tcp::socket& socket) {
    beast::error_code ec;
    const auto a = socket.remote_endpoint(ec).address();
    if (ec || !a.is_v6()) return a;
    const auto v6 = a.to_v6();
    if (v6.is_v4_mapped()) return asio::ip::make_address_v4(asio::ip::v4_mapped, v6);
    auto bytes = v6.to_bytes();
    std::fill(bytes.begin() + 8, bytes.end(), 0);
    return asio::ip::address_v6(bytes);
}

// One connection counted against the caps for as long as it lives (moved from HTTP to an event stream).
class Slot {
  public:
    Slot(Census& census, asio::ip::address who) : census_(&census), who_(who) {
        ++census_->live;
        ++census_->per_address[who_];
    }
    Slot(Slot&& o) noexcept : census_(std::exchange(o.census_, nullptr)), who_(o.who_) {}
    Slot(const Slot&) = delete;
    Slot& operator=(const Slot&) = delete;
    Slot& operator=(Slot&&) = delete;
    ~Slot() {
        if (!census_) return;
        --census_->live;
        if (auto it = census_->per_address.find(who_); --it->second == 0) census_->per_address.erase(it);
    }

  private:
    Census* census_;
    asio::ip::address who_;
};

// What the connections read; replaced (never changed) when the hub changes, so a write in flight keeps
// the version it started with.
struct Site {
    Message pgn = std::make_shared<const std::string>();
    Message json = std::make_shared<const std::string>("[]\n");
    Message status = std::make_shared<const std::string>("{\"lichess_push\":null}\n");
    std::vector<Message> board_events;
    WebAssets assets;
};

class EventStream : public std::enable_shared_from_this<EventStream> {
  public:
    EventStream(beast::tcp_stream stream, Slot slot) : stream_(std::move(stream)), slot_(std::move(slot)) {}

    void start(const std::vector<Message>& current) {
        beast::error_code ec;
        stream_.socket().set_option(asio::socket_base::send_buffer_size(kStreamSendBuffer), ec);
        push(std::make_shared<const std::string>(eventStreamHead()));
        for (const auto& m : current) push(m);
        watchForClose();
    }
    void push(const Message& m) {
        if (closed_) return;
        // Too far behind: it slows no one else, and holds no more than kSendLimit here.
        if (!queue_.push(m) || queue_.bytes() + unsentInSocket() > kSendLimit) return close();
        if (!writing_) writeNext();
    }
    bool closed() const { return closed_; }

  private:
    // Bytes the socket has not yet handed to the client (TCP: not acknowledged by it).
    std::size_t unsentInSocket() {
        int n = 0;
        if (::ioctl(stream_.socket().native_handle(), SIOCOUTQ, &n) != 0 || n < 0) return 0;
        return static_cast<std::size_t>(n);
    }
    void writeNext() {
        writing_ = true;
        stream_.expires_after(kWriteTimeout);
        asio::async_write(stream_, asio::buffer(queue_.front()),
                          [self = shared_from_this()](beast::error_code ec, std::size_t) {
                              self->writing_ = false;
                              if (ec || self->closed_) return self->close();
                              self->queue_.pop();
                              if (!self->queue_.empty()) self->writeNext();
                          });
    }
    // A browser sends nothing on an event stream: any byte or the end of the stream means it left.
    void watchForClose() {
        stream_.socket().async_read_some(
            asio::buffer(sink_),
            [self = shared_from_this()](beast::error_code, std::size_t) { self->close(); });
    }
    void close() {
        if (closed_) return;
        closed_ = true;
        beast::error_code ec;
        stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
        stream_.socket().close(ec);
    }

    beast::tcp_stream stream_;
    Slot slot_;
    PushQueue queue_;
    bool writing_ = false, closed_ = false;
    char sink_[64];
};

class Server;

class HttpConnection : public std::enable_shared_from_this<HttpConnection> {
  public:
    HttpConnection(tcp::socket socket, Slot slot, Server& server)
        : stream_(std::move(socket)), slot_(std::move(slot)), server_(server) {}
    void read(std::chrono::seconds timeout);

  private:
    void onRead(beast::error_code ec);
    void respond(const http::request<http::empty_body>& req);
    void fail(unsigned status, std::string message);
    void write(bool keep_alive);

    beast::tcp_stream stream_;
    Slot slot_;
    Server& server_;
    beast::flat_buffer buffer_{2 * kHeaderLimit};
    std::optional<http::request_parser<http::empty_body>> parser_;
    http::response<http::string_body> res_;
};

class Server {
  public:
    Server(const ServerOptions& o, std::ostream& err, std::optional<Ledger> ledger)
        : options_(o),
          err_(err),
          hub_(o.journals, o.delay, std::move(ledger)),
          acceptor_(ioc_),
          poll_(ioc_),
          beat_(ioc_),
          signals_(ioc_, SIGINT, SIGTERM) {}

    tl::expected<void, std::string> run(std::ostream& out);
    const Site& site() const { return site_; }
    std::size_t boards() const { return hub_.boards(); }
    void openStream(beast::tcp_stream stream, Slot slot);

  private:
    void loadPage();
    tl::expected<void, std::string> listen();
    void accept();
    void admit(tcp::socket socket);
    void reject(tcp::socket socket, const std::string& reply);
    void tick();
    void refreshNow();
    void watchJournals();
    void awaitChange();
    void heartbeat();
    void publish(const std::vector<std::size_t>& changed);
    void broadcastToStreams(const Message& m);
    tl::expected<void, std::string> startPush();
    void showPushStatus();

    ServerOptions options_;
    std::ostream& err_;
    Hub hub_;
    Site site_;
    asio::io_context ioc_{1};
    tcp::acceptor acceptor_;
    asio::steady_timer poll_, beat_;
    asio::signal_set signals_;
    asio::posix::stream_descriptor watch_{ioc_};
    std::array<char, 4096> watch_buf_{};
    Census census_;
    std::vector<std::weak_ptr<EventStream>> streams_;
    std::unique_ptr<Publisher> publisher_;  // --publish: nchan or another publisher endpoint
    std::unique_ptr<LichessPush> lichess_;  // --push-lichess
};

void HttpConnection::read(std::chrono::seconds timeout) {
    parser_.emplace();
    parser_->header_limit(kHeaderLimit);
    stream_.expires_after(timeout);
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, std::size_t) { self->onRead(ec); });
}

void HttpConnection::onRead(beast::error_code ec) {
    if (ec == http::error::end_of_stream || ec == beast::error::timeout || ec == asio::error::eof ||
        ec == asio::error::connection_reset || ec == asio::error::operation_aborted) {
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
        return;
    }
    if (ec)
        return fail(400,
                    "malformed request: " + ec.message() + "; send GET or HEAD with headers under 8 KiB");
    respond(parser_->get());
}

void HttpConnection::fail(unsigned status, std::string message) {
    res_ = {};
    res_.version(11);
    res_.result(status);
    res_.set(http::field::content_type, "text/plain; charset=utf-8");
    res_.body() = std::move(message) + "\n";
    res_.prepare_payload();
    write(false);
}

void HttpConnection::respond(const http::request<http::empty_body>& req) {
    const Site& site = server_.site();
    const Documents docs{*site.pgn, *site.json, server_.boards(), site.assets, *site.status};
    Reply reply = route(std::string_view(req.method_string()), std::string_view(req.target()), docs);
    if (reply.kind == RouteKind::Events && req.method() == http::verb::get)
        return server_.openStream(std::move(stream_), std::move(slot_));
    res_ = {};
    res_.version(req.version());
    res_.result(reply.status);
    res_.set(http::field::content_type, reply.content_type);
    res_.set(http::field::cache_control, "no-store");
    res_.set("X-Content-Type-Options", "nosniff");
    res_.set(http::field::access_control_allow_origin, "*");  // platforms' pages may fetch the feed
    if (reply.status == 405) res_.set(http::field::allow, "GET, HEAD");
    res_.body() = reply.body ? *reply.body : reply.message;
    res_.prepare_payload();
    if (req.method() == http::verb::head) res_.body().clear();  // Content-Length stays the GET's
    write(reply.status < 400 && req.keep_alive());
}

void HttpConnection::write(bool keep_alive) {
    res_.keep_alive(keep_alive);
    stream_.expires_after(kWriteTimeout);
    http::async_write(
        stream_, res_, [self = shared_from_this(), keep_alive](beast::error_code ec, std::size_t) {
            if (!ec && keep_alive)
                return self->read(std::chrono::duration_cast<std::chrono::seconds>(kIdleTimeout));
            beast::error_code ignored;
            self->stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
        });
}

void Server::openStream(beast::tcp_stream stream, Slot slot) {
    auto s = std::make_shared<EventStream>(std::move(stream), std::move(slot));
    std::erase_if(streams_, [](const auto& w) { return w.expired(); });
    streams_.push_back(s);
    s->start(site_.board_events);
}

tl::expected<void, std::string> Server::listen() {
    beast::error_code ec;
    const auto addr = asio::ip::make_address(options_.address, ec);
    if (ec) return tl::make_unexpected("--listen: \"" + options_.address + "\" is not an IP address");
    const tcp::endpoint ep(addr, options_.port);
    if (acceptor_.open(ep.protocol(), ec); ec)
        return tl::make_unexpected("cannot open a socket: " + ec.message());
    acceptor_.set_option(asio::socket_base::reuse_address(true), ec);
    if (acceptor_.bind(ep, ec); ec)
        return tl::make_unexpected("cannot listen on " + options_.address + ":" +
                                   std::to_string(options_.port) + ": " + ec.message() +
                                   " (choose another port, or 0 for any free one)");
    if (acceptor_.listen(asio::socket_base::max_listen_connections, ec); ec)
        return tl::make_unexpected("cannot listen: " + ec.message());
    return {};
}

void Server::accept() {
    acceptor_.async_accept(ioc_, [this](beast::error_code ec, tcp::socket socket) {
        if (ec == asio::error::operation_aborted) return;
        if (ec) {  // out of descriptors, say: wait a little instead of spinning
            auto t = std::make_shared<asio::steady_timer>(ioc_, 100ms);
            return t->async_wait([this, t](beast::error_code) { accept(); });
        }
        admit(std::move(socket));
        accept();
    });
}

// A short refusal written without waiting for the client, then the connection is closed.
std::string refusal(const char* status, const std::string& body) {
    return std::string("HTTP/1.1 ") + status +
           "\r\nContent-Type: text/plain\r\nRetry-After: 5\r\nConnection: close\r\nContent-Length: " +
           std::to_string(body.size()) + "\r\n\r\n" + body;
}

// Over --max-clients: 503 for everyone. Over --max-per-address: 429 for that address only, so that one
// machine's connections (200 event streams that never read, say) cannot lock the hall out.
void Server::admit(tcp::socket socket) {
    static const std::string kBusy =
        refusal("503 Service Unavailable", "the broadcast has its maximum of clients now\n");
    static const std::string kTooMany = refusal(
        "429 Too Many Requests", "too many connections from your address; close some and try again\n");
    const auto who = clientKey(socket);
    if (census_.live >= options_.max_clients) return reject(std::move(socket), kBusy);
    if (census_.from(who) >= options_.max_per_address) return reject(std::move(socket), kTooMany);
    std::make_shared<HttpConnection>(std::move(socket), Slot(census_, who), *this)
        ->read(std::chrono::duration_cast<std::chrono::seconds>(kReadTimeout));
}

void Server::reject(tcp::socket socket, const std::string& reply) {
    beast::error_code ec;
    socket.non_blocking(true, ec);
    socket.write_some(asio::buffer(reply), ec);
    socket.shutdown(tcp::socket::shutdown_both, ec);
    socket.close(ec);
}

void Server::broadcastToStreams(const Message& m) {
    for (const auto& w : streams_)
        if (auto s = w.lock()) s->push(m);
}

void Server::publish(const std::vector<std::size_t>& changed) {
    for (const auto& message : hub_.takeMessages()) err_ << message << std::endl;
    site_.pgn = std::make_shared<const std::string>(hub_.pgn());
    site_.json = std::make_shared<const std::string>(hub_.json());
    site_.board_events.resize(hub_.boards());
    for (std::size_t i : changed) {
        auto json = std::make_shared<const std::string>(boardJson(hub_.views()[i]).dump());
        site_.board_events[i] = std::make_shared<const std::string>(sseEvent("board", *json));
        broadcastToStreams(site_.board_events[i]);
        if (publisher_) publisher_->post(std::move(json));
    }
    if (lichess_) lichess_->offer(hub_.views());
    if (options_.dir.empty()) return;
    for (auto [name, text] : {std::pair{"games.pgn", site_.pgn}, std::pair{"games.json", site_.json}})
        if (auto ok = writeAtomically(options_.dir, name, *text); !ok)
            err_ << "warning: " << ok.error() << std::endl;
}

void Server::refreshNow() {
    auto changed = hub_.refresh(wallNow());
    if (!changed.empty()) return publish(changed);
    for (const auto& message : hub_.takeMessages()) err_ << message << std::endl;
}

void Server::tick() {
    refreshNow();
    poll_.expires_after(kPollEvery);
    poll_.async_wait([this](beast::error_code ec) {
        if (!ec) tick();
    });
}

// inotify wakes the hub as soon as a journal's folder changes; the 100 ms poll stays for folders where
// it never fires (network shares) and as the delay's clock.
void Server::watchJournals() {
    const int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (fd < 0) return;
    for (const auto& j : options_.journals) {
        const auto dir = j.has_parent_path() ? j.parent_path() : std::filesystem::path(".");
        inotify_add_watch(fd, dir.c_str(), IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO);
    }
    watch_.assign(fd);
    awaitChange();
}

void Server::awaitChange() {
    watch_.async_read_some(asio::buffer(watch_buf_), [this](beast::error_code ec, std::size_t) {
        if (ec) return;
        refreshNow();
        awaitChange();
    });
}

void Server::heartbeat() {
    std::erase_if(streams_, [](const auto& w) { return w.expired(); });
    broadcastToStreams(std::make_shared<const std::string>(sseHeartbeat()));
    beat_.expires_after(kHeartbeat);
    beat_.async_wait([this](beast::error_code ec) {
        if (!ec) heartbeat();
    });
}

// 1,000 clients need more descriptors than the usual soft limit of 1,024 leaves.
void raiseDescriptorLimit(std::size_t clients) {
    rlimit lim{};
    if (getrlimit(RLIMIT_NOFILE, &lim) != 0) return;
    const rlim_t want = std::min<rlim_t>(lim.rlim_max, static_cast<rlim_t>(clients) + 256);
    if (lim.rlim_cur < want) {
        lim.rlim_cur = want;
        setrlimit(RLIMIT_NOFILE, &lim);
    }
}

// /status says what the push does; it changes on the hub's thread, like the documents.
tl::expected<void, std::string> Server::startPush() {
    if (!options_.lichess) return {};
    auto endpoint = pushEndpoint(options_.lichess->url, options_.lichess->round_id);
    if (!endpoint) return tl::make_unexpected(endpoint.error());
    lichess_ = std::make_unique<LichessPush>(ioc_, *options_.lichess, std::move(*endpoint), err_,
                                             [this] { showPushStatus(); });
    showPushStatus();
    return {};
}

void Server::showPushStatus() {
    if (!lichess_) return;  // still being made: shown once it is
    const nlohmann::json status{{"lichess_push", lichess_->status()}};
    site_.status = std::make_shared<const std::string>(status.dump(1) + "\n");
}

// No folder: the caller already said the page was not found (and where it looked).
void Server::loadPage() {
    if (options_.web_dir.empty()) return;
    auto assets = loadWebAssets(options_.web_dir);
    if (assets)
        site_.assets = std::move(*assets);
    else
        err_ << "warning: " << assets.error() << "; games.pgn, games.json and /events are served"
             << std::endl;
}

tl::expected<void, std::string> Server::run(std::ostream& out) {
    loadPage();
    raiseDescriptorLimit(options_.max_clients);
    if (!options_.publish.empty()) {
        auto url = parsePublishUrl(options_.publish);
        if (!url) return tl::make_unexpected(url.error());
        publisher_ = std::make_unique<Publisher>(ioc_, std::move(*url), err_);
    }
    if (auto ok = startPush(); !ok) return ok;
    publish(hub_.refresh(wallNow()));
    if (auto ok = listen(); !ok) return ok;
    const auto ep = acceptor_.local_endpoint();
    out << "listening "
        << (ep.address().is_v6() ? "[" + ep.address().to_string() + "]" : ep.address().to_string()) << ':'
        << ep.port() << std::endl;
    signals_.async_wait([this](beast::error_code, int) {
        beast::error_code ec;
        acceptor_.close(ec);
        watch_.close(ec);
        ioc_.stop();
    });
    accept();
    tick();
    watchJournals();
    heartbeat();
    ioc_.run();
    return {};
}

}  // namespace

tl::expected<void, std::string> serve(const ServerOptions& options, std::ostream& out, std::ostream& err) {
    // Read before anything is served: a restarted hub continues from what it published.
    std::optional<Ledger> ledger;
    if (!options.state.empty()) {
        auto opened = Ledger::open(options.state, options.journals);
        if (!opened) return tl::make_unexpected(opened.error());
        ledger = std::move(*opened);
    }
    Server server(options, err, std::move(ledger));
    return server.run(out);
}

}  // namespace oc::broadcast
