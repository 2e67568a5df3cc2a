// The push's HTTPS client: one connection per push (a push is at most once a second; lichess's answer
// closes nothing we need to keep), the host's certificate checked against the system's CA store or
// --ca-file, SNI and the host name verified.
#include "broadcast/lichess_push.hpp"

#include <fmt/format.h>
#include <openssl/ssl.h>
#include <openssl/x509_vfy.h>
#include <openssl/x509v3.h>

#include <algorithm>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <charconv>
#include <optional>
#include <ostream>

namespace oc::broadcast {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = asio::ssl;
using tcp = asio::ip::tcp;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

namespace {

constexpr auto kEvery = 1s;         // never two pushes closer than this (lichess asks for it)
constexpr auto kMaxBackoff = 60s;   // 5xx and network failures: 1 s doubling up to this
constexpr auto kTooManyWait = 60s;  // 429 without Retry-After: lichess asks for a full minute
constexpr auto kStepTimeout = 30s;  // each of connect, handshake, request and answer
constexpr std::uint64_t kAnswerLimit = 1024 * 1024;

bool isIpLiteral(const std::string& host) {
    beast::error_code ec;
    asio::ip::make_address(host, ec);
    return !ec;
}

// Retry-After in seconds (lichess gives seconds; an HTTP date is taken as the default wait).
std::chrono::seconds retryAfter(std::string_view value) {
    long long s = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), s);
    if (ec != std::errc{} || end != value.data() + value.size() || s < 0) return kTooManyWait;
    return std::chrono::seconds(std::min<long long>(s, 3600));
}

// SNI, so that a host serving many names shows this one's certificate; then OpenSSL checks the
// certificate's names (or IP address) against the host, so a mismatch has its own X509 error to say.
void checkHostName(SSL* ssl, const std::string& host) {
    X509_VERIFY_PARAM* param = SSL_get0_param(ssl);
    if (isIpLiteral(host)) {
        X509_VERIFY_PARAM_set1_ip_asc(param, host.c_str());
        return;
    }
    // SSL_set_tlsext_host_name, without its macro's C cast
    SSL_ctrl(ssl, SSL_CTRL_SET_TLSEXT_HOSTNAME, TLSEXT_NAMETYPE_host_name, const_cast<char*>(host.c_str()));
    X509_VERIFY_PARAM_set_hostflags(param, X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS);
    X509_VERIFY_PARAM_set1_host(param, host.c_str(), host.size());
}

}  // namespace

struct LichessPush::Impl {
    Impl(asio::io_context& ioc, LichessPushOptions o, PushEndpoint e, std::ostream& err,
         std::function<void()> on_status)
        : ioc_(ioc),
          options_(std::move(o)),
          endpoint_(std::move(e)),
          err_(err),
          on_status_(std::move(on_status)),
          ctx_(ssl::context::tls_client),
          timer_(ioc) {}

    bool setUpTls();
    void offer(std::string pgn);
    void kick();
    void start();
    void connect(const tcp::resolver::results_type& found);
    void handshake();
    void send();
    void onAnswer();
    void onOk();
    void onRefused(unsigned status);
    void onTooMany();
    void onOther(unsigned status);
    void fail(const std::string& what);
    std::string tlsFailure(const beast::error_code& ec);
    void finish(Clock::duration wait);
    void say(const std::string& line, const std::string& state);

    asio::io_context& ioc_;
    LichessPushOptions options_;
    PushEndpoint endpoint_;
    std::ostream& err_;
    std::function<void()> on_status_;
    ssl::context ctx_;
    asio::steady_timer timer_;
    std::unique_ptr<beast::ssl_stream<beast::tcp_stream>> stream_;
    std::shared_ptr<tcp::resolver> resolver_;
    http::request<http::string_body> req_;
    std::optional<http::response_parser<http::string_body>> parser_;
    beast::flat_buffer buffer_;
    std::optional<std::string> latest_;  // waiting to be pushed; a newer one replaces it
    std::string body_;                   // in flight
    std::string pushed_;                 // the last PGN lichess took: the same is not pushed again
    Clock::time_point not_before_{};
    std::chrono::seconds backoff_ = 1s;
    bool busy_ = false, failing_ = false, stopped_ = false;
    std::size_t pushes_ = 0, said_left_out_ = 0;
    std::string state_ = "starting", message_, other_;
    GameNotices notices_;
};

// The CA store: --ca-file alone when given (tests, a private CA), else the system's.
bool LichessPush::Impl::setUpTls() {
    beast::error_code ec;
    ctx_.set_verify_mode(ssl::verify_peer, ec);
    if (options_.ca_file.empty())
        ctx_.set_default_verify_paths(ec);
    else
        ctx_.load_verify_file(options_.ca_file, ec);
    if (!ec) return true;
    say(fmt::format("error: lichess push: cannot load the CA certificates ({}): {}; pushing is stopped",
                    options_.ca_file.empty() ? "the system's store" : options_.ca_file, ec.message()),
        "stopped");
    stopped_ = true;
    return false;
}

void LichessPush::Impl::say(const std::string& line, const std::string& state) {
    if (!line.empty()) err_ << line << std::endl;
    if (!line.empty()) message_ = line;
    state_ = state;
    if (on_status_) on_status_();
}

void LichessPush::Impl::offer(std::string pgn) {
    if (stopped_) return;
    latest_ = std::move(pgn);
    kick();
}

// The next push, when there is one to make and the time allows it.
void LichessPush::Impl::kick() {
    if (stopped_ || busy_ || !latest_) return;
    if (*latest_ == pushed_) return latest_.reset();
    busy_ = true;
    timer_.expires_at(std::max(not_before_, Clock::now()));
    timer_.async_wait([this](beast::error_code ec) {
        if (!ec) start();
    });
}

void LichessPush::Impl::start() {
    body_ = std::move(*latest_);
    latest_.reset();
    resolver_ = std::make_shared<tcp::resolver>(ioc_);
    resolver_->async_resolve(endpoint_.host, endpoint_.port,
                             [this](beast::error_code ec, tcp::resolver::results_type found) {
                                 if (ec) return fail("cannot find " + endpoint_.host + ": " + ec.message());
                                 connect(found);
                             });
}

void LichessPush::Impl::connect(const tcp::resolver::results_type& found) {
    stream_ = std::make_unique<beast::ssl_stream<beast::tcp_stream>>(ioc_, ctx_);
    checkHostName(stream_->native_handle(), endpoint_.host);
    beast::get_lowest_layer(*stream_).expires_after(kStepTimeout);
    beast::get_lowest_layer(*stream_).async_connect(found,
                                                    [this](beast::error_code ec, const tcp::endpoint&) {
                                                        if (ec)
                                                            return fail("cannot connect: " + ec.message());
                                                        handshake();
                                                    });
}

void LichessPush::Impl::handshake() {
    beast::get_lowest_layer(*stream_).expires_after(kStepTimeout);
    stream_->async_handshake(ssl::stream_base::client, [this](beast::error_code ec) {
        if (ec) return fail(tlsFailure(ec));
        send();
    });
}

// A certificate the CA store does not vouch for, or for another name, is said as such: it is the one
// failure an operator must act on (--ca-file, the system's clock, a proxy in the hall's network).
std::string LichessPush::Impl::tlsFailure(const beast::error_code& ec) {
    const long verify = SSL_get_verify_result(stream_->native_handle());
    if (verify == X509_V_OK) return "TLS failed: " + ec.message();
    return fmt::format(
        "the TLS certificate of {} is not trusted ({}); check the computer's date, or give the "
        "CA that signed it with --ca-file FILE",
        endpoint_.host, X509_verify_cert_error_string(verify));
}

void LichessPush::Impl::send() {
    req_ = {http::verb::post, endpoint_.target, 11};
    req_.set(http::field::host, endpoint_.host);
    req_.set(http::field::user_agent, "operator-console broadcast hub");
    req_.set(http::field::content_type, "text/plain; charset=utf-8");
    req_.set(http::field::authorization, "Bearer " + options_.token);
    req_.keep_alive(false);
    req_.body() = body_;
    req_.prepare_payload();
    beast::get_lowest_layer(*stream_).expires_after(kStepTimeout);
    http::async_write(*stream_, req_, [this](beast::error_code ec, std::size_t) {
        if (ec) return fail("sending the games failed: " + ec.message());
        parser_.emplace();
        parser_->body_limit(kAnswerLimit);
        buffer_.clear();
        http::async_read(*stream_, buffer_, *parser_, [this](beast::error_code r, std::size_t) {
            if (r) return fail("no answer: " + r.message());
            onAnswer();
        });
    });
}

void LichessPush::Impl::onAnswer() {
    const unsigned status = parser_->get().result_int();
    ++pushes_;
    if (status / 100 == 2) return onOk();
    if (status == 401 || status == 403) return onRefused(status);
    if (status == 429) return onTooMany();
    if (status / 100 == 5) return fail(fmt::format("lichess answered HTTP {}", status));
    onOther(status);
}

// An answer of another shape than the push's JSON is said once per change, like lichess's other answers.
void LichessPush::Impl::onOk() {
    pushed_ = std::move(body_);
    backoff_ = 1s;
    std::string line;
    if (failing_)
        line = "pushing to lichess works again (" + endpoint_.shown() + "): the latest games are pushed";
    failing_ = false;
    auto games = parsePushAnswer(parser_->get().body());
    const std::string odd = games ? std::string() : "warning: lichess push: " + games.error();
    if (!odd.empty() && odd != other_) line += (line.empty() ? "" : "\n") + odd;
    other_ = odd;
    if (games)
        for (const auto& notice : notices_.update(*games)) err_ << notice << std::endl;
    if (line.empty()) message_.clear();
    say(line, "ok");
    finish(kEvery);
}

void LichessPush::Impl::onRefused(unsigned status) {
    stopped_ = true;
    latest_.reset();
    say(fmt::format(
            "error: lichess refused the token (HTTP {}): the token in --token-file must have the "
            "study:write scope (make one at https://lichess.org/account/oauth/token) and belong to an "
            "owner or contributor of the broadcast; pushing to lichess is stopped, the hub keeps "
            "serving; restart it with a good token",
            status),
        "stopped");
    stream_.reset();
    busy_ = false;
}

void LichessPush::Impl::onTooMany() {
    const auto& res = parser_->get();
    auto it = res.find(http::field::retry_after);
    const auto wait = it == res.end() ? kTooManyWait : retryAfter(std::string_view(it->value()));
    if (!latest_) latest_ = std::move(body_);
    say(fmt::format(
            "lichess asks the hub to slow down (HTTP 429): the next push in {} s, with the latest games",
            wait.count()),
        "rate_limited");
    finish(wait);
}

// 400, 404 and the like: pushing the same games again would get the same answer, so the next push
// waits for the next publication. Said once per change of the answer.
void LichessPush::Impl::onOther(unsigned status) {
    pushed_ = std::move(body_);
    const std::string text = fmt::format(
        "warning: lichess answered HTTP {} to the push: {}; check the round's id (--push-lichess) "
        "and that the round has no source URL (lichess pushes only to a round without one)",
        status, parser_->get().body().substr(0, 300));
    say(text == other_ ? std::string() : text, "refused");
    other_ = text;
    finish(kEvery);
}

void LichessPush::Impl::fail(const std::string& what) {
    if (!latest_) latest_ = std::move(body_);
    std::string line;
    if (!failing_)
        line = fmt::format(
            "warning: pushing to lichess ({}) failed: {}; retrying from 1 s up to every {} s, "
            "keeping only the latest games",
            endpoint_.shown(), what, kMaxBackoff.count());
    failing_ = true;
    const auto wait = backoff_;
    backoff_ = std::min<std::chrono::seconds>(backoff_ * 2, kMaxBackoff);
    say(line, "failing");
    finish(wait);
}

void LichessPush::Impl::finish(Clock::duration wait) {
    stream_.reset();
    resolver_.reset();
    not_before_ = Clock::now() + wait;
    busy_ = false;
    kick();
}

LichessPush::LichessPush(asio::io_context& ioc, LichessPushOptions options, PushEndpoint endpoint,
                         std::ostream& err, std::function<void()> on_status)
    : impl_(std::make_unique<Impl>(ioc, std::move(options), std::move(endpoint), err, std::move(on_status))) {
    impl_->setUpTls();
}

LichessPush::~LichessPush() = default;

void LichessPush::offer(const std::vector<BoardView>& views) {
    PushPgn p = pushPgn(views, impl_->options_.round_filter);
    if (p.left_out != impl_->said_left_out_ && p.left_out > 0)
        impl_->err_ << fmt::format(
                           "warning: lichess push: {} games, lichess keeps at most {} a round: the {} "
                           "after the {}th are not pushed (give --push-round-filter ROUND)",
                           p.games + p.left_out, kLichessMaxGames, p.left_out, kLichessMaxGames)
                    << std::endl;
    impl_->said_left_out_ = p.left_out;
    if (p.games == 0) return;  // nothing to push yet: lichess would answer an empty body with an error
    impl_->offer(std::move(p.pgn));
}

nlohmann::json LichessPush::status() const {
    const Impl& i = *impl_;
    return {{"round", i.options_.round_id}, {"url", i.endpoint_.shown()}, {"state", i.state_},
            {"message", i.message_},        {"pushes", i.pushes_},        {"games", i.notices_.json()}};
}

}  // namespace oc::broadcast
