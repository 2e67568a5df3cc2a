#include "eboard/fake_livechess.hpp"

#include <fmt/format.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <memory>

#include "eboard/fake_link.hpp"
#include "eboard/livechess_protocol.hpp"
#include "fake_drive.hpp"
#include "i18n/mark.hpp"

namespace oc::eboard {

using i18n::N_;
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using ErrorCode = boost::system::error_code;
using std::chrono::milliseconds;
using SteadyClock = std::chrono::steady_clock;

namespace {

std::int64_t nowMs() {
    return std::chrono::duration_cast<milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// The DGT clock as LiveChess reads it: two times, which one runs, Fischer's increment at the press.
struct FakeClock {
    milliseconds left{std::chrono::minutes{90}};
    milliseconds right{std::chrono::minutes{90}};
    milliseconds increment{0};
    bool running = false;
    bool right_runs = false;

    void press() {
        if (running) (right_runs ? right : left) += increment;
        if (running) right_runs = !right_runs;
        running = true;
    }
    void tick(milliseconds elapsed) {
        if (!running) return;
        milliseconds& t = right_runs ? right : left;
        t = std::max(milliseconds{0}, t - elapsed);
    }
    // Whole seconds, as LiveChess sends them; White on the left.
    [[nodiscard]] livechess::ClockState state() const {
        auto secs = [](milliseconds t) { return milliseconds{(t.count() + 999) / 1000 * 1000}; };
        return livechess::ClockState{secs(left), secs(right), running, nowMs()};
    }
};

class Session;

// What the sessions ask of the server.
class Host {
  public:
    virtual void answer(Session& session, const std::string& text) = 0;
    virtual void gone(Session& session) = 0;

  protected:
    ~Host() = default;
};

class Session : public std::enable_shared_from_this<Session> {
  public:
    Session(tcp::socket socket, Host& host) : ws_(std::move(socket)), host_(host) {}

    void start() {
        ws_.async_accept([self = shared_from_this()](const ErrorCode& ec) {
            if (ec) return self->host_.gone(*self);
            self->ws_.text(true);
            self->read();
        });
    }
    void send(std::string text) {
        out_.push_back(std::move(text));
        if (out_.size() == 1) writeNext();
    }
    void close() {
        ErrorCode ec;
        ws_.next_layer().close(ec);
    }
    std::optional<int> feed_id;
    std::optional<livechess::FeedUpdate> sent;  // what the feed has told the console

  private:
    void read() {
        ws_.async_read(in_, [self = shared_from_this()](const ErrorCode& ec, std::size_t) {
            if (ec) return self->host_.gone(*self);
            const std::string text = beast::buffers_to_string(self->in_.data());
            self->in_.consume(self->in_.size());
            self->host_.answer(*self, text);
            self->read();
        });
    }
    void writeNext() {
        ws_.async_write(asio::buffer(out_.front()),
                        [self = shared_from_this()](const ErrorCode& ec, std::size_t) {
                            if (ec) return self->host_.gone(*self);
                            self->out_.pop_front();
                            if (!self->out_.empty()) self->writeNext();
                        });
    }

    websocket::stream<tcp::socket> ws_;
    Host& host_;
    beast::flat_buffer in_;
    std::deque<std::string> out_;
};

class FakeLiveChess final : private Host {
  public:
    FakeLiveChess(const FakeLiveChessOptions& o, const std::function<void(const std::string&)>& log)
        : options_(o), log_(log), raw_(initial(o)) {}

    bool plug();
    void unplug();
    void serve(milliseconds d, const std::atomic<bool>& stop, int extra_fd = -1);
    bool extraReadable() { return std::exchange(readable_, false); }
    bool run(const FakeStep& step);
    [[nodiscard]] int exitCode() const { return forbidden_ ? 1 : 0; }
    [[nodiscard]] bool plugged() const { return acceptor_.is_open(); }

  private:
    static Placement initial(const FakeLiveChessOptions& o) {
        Placement p = placementOf(rules::Position::startpos());
        if (o.fen)
            if (auto parsed = parsePlacementFen(*o.fen)) p = *parsed;
        return o.turned ? turned(p) : p;
    }
    [[nodiscard]] rules::Square sensor(rules::Square s) const {
        return options_.turned ? rules::squareAt(63 - rules::index(s)) : s;
    }
    void accept();
    void answer(Session& session, const std::string& text) override;
    void gone(Session& session) override;
    void subscribe(Session& session, const livechess::Call& call);
    [[nodiscard]] livechess::BoardInfo info() const;
    [[nodiscard]] livechess::FeedUpdate full(int feed_id) const;
    void changed();
    void step(const FakeStep& step);
    void pollExtra(int extra_fd);

    const FakeLiveChessOptions& options_;
    const std::function<void(const std::string&)>& log_;
    asio::io_context io_;
    tcp::acceptor acceptor_{io_};
    unsigned short port_ = 0;
    std::vector<std::shared_ptr<Session>> sessions_;
    Placement raw_;
    std::vector<Cell> hand_;
    FakeClock clock_;
    livechess::ClockState shown_clock_{};
    SteadyClock::time_point last_tick_ = SteadyClock::now();
    bool readable_ = false;
    bool forbidden_ = false;
};

bool FakeLiveChess::plug() {
    ErrorCode ec;
    const tcp::endpoint at(asio::ip::make_address(options_.host, ec), port_ ? port_ : options_.port);
    if (!ec) acceptor_.open(at.protocol(), ec);
    if (!ec) acceptor_.set_option(asio::socket_base::reuse_address(true), ec);
    if (!ec) acceptor_.bind(at, ec);
    if (!ec) acceptor_.listen(asio::socket_base::max_listen_connections, ec);
    if (ec) {
        log_(fmt::format(N_("the fake LiveChess cannot listen on {}:{}: {}"), options_.host, at.port(),
                         ec.message()));
        acceptor_.close(ec);
        return false;
    }
    port_ = acceptor_.local_endpoint().port();
    log_(fmt::format(N_("fake LiveChess on ws://{}:{}/api/v1.0 offering board {}"), options_.host, port_,
                     options_.serial));
    accept();
    return true;
}

void FakeLiveChess::unplug() {
    ErrorCode ec;
    acceptor_.close(ec);
    for (const auto& s : sessions_) s->close();
    sessions_.clear();
    log_(N_("LiveChess stopped"));
}

void FakeLiveChess::accept() {
    acceptor_.async_accept([this](const ErrorCode& ec, tcp::socket socket) {
        if (ec) return;  // closed by unplug
        auto session = std::make_shared<Session>(std::move(socket), static_cast<Host&>(*this));
        sessions_.push_back(session);
        session->start();
        accept();
    });
}

void FakeLiveChess::gone(Session& session) {
    std::erase_if(sessions_, [&](const auto& s) { return s.get() == &session; });
}

livechess::BoardInfo FakeLiveChess::info() const {
    livechess::BoardInfo b;
    b.serialnr = options_.serial;
    b.state = "ACTIVE";
    b.source = "fake";
    b.board = placementFen(raw_);
    b.flipped = false;
    if (options_.with_clock) b.clock = clock_.state();
    return b;
}

livechess::FeedUpdate FakeLiveChess::full(int feed_id) const {
    livechess::FeedUpdate u;
    u.feed_id = feed_id;
    u.serialnr = options_.serial;
    u.flipped = false;
    u.board = placementFen(raw_);
    u.clock = options_.with_clock ? std::optional(clock_.state()) : std::nullopt;
    u.start = rules::Position::startpos().fen();
    u.san = std::vector<std::string>{};  // this fake reconstructs no moves
    u.match = true;
    return u;
}

void FakeLiveChess::answer(Session& session, const std::string& text) {
    auto call = livechess::parseCall(text);
    if (!call) return session.send(livechess::errorAnswer(0, call.error()));
    if (call->name == "eboards") return session.send(livechess::boardListAnswer(call->id, {info()}, nowMs()));
    if (call->name == "subscribe") return subscribe(session, *call);
    if (call->name == "call") {
        forbidden_ = true;  // `setup` or `flip`: they change LiveChess's broadcast of the board
        log_(fmt::format(N_("the console sent a forbidden LiveChess call: {}"), text));
    }
    session.send(livechess::errorAnswer(call->id, fmt::format("Unknown call {}", call->name)));
}

void FakeLiveChess::subscribe(Session& session, const livechess::Call& call) {
    if (call.feed != "eboardevent" || !call.feed_id)
        return session.send(livechess::errorAnswer(call.id, fmt::format("Unknown feed {}", call.feed)));
    if (call.serialnr != options_.serial)
        return session.send(livechess::errorAnswer(call.id, fmt::format("Unknown board {}", call.serialnr)));
    session.send(livechess::callAnswer(call.id, nowMs()));
    session.feed_id = call.feed_id;
    session.sent = full(*call.feed_id);
    session.send(livechess::feedMessage(*session.sent, nowMs()));
    log_(fmt::format(N_("the console subscribed to board {}"), call.serialnr));
}

// Every subscriber gets what changed since its last feed message, the rest left out.
void FakeLiveChess::changed() {
    for (const auto& s : sessions_) {
        if (!s->feed_id) continue;
        const livechess::FeedUpdate now = full(*s->feed_id);
        const livechess::FeedUpdate diff = livechess::changes(s->sent, now);
        s->sent = now;
        if (diff.board || diff.clock) s->send(livechess::feedMessage(diff, nowMs()));
    }
}

void FakeLiveChess::serve(milliseconds d, const std::atomic<bool>& stop, int extra_fd) {
    const auto end = SteadyClock::now() + d;
    while (!stop && SteadyClock::now() < end && !(extra_fd >= 0 && readable_)) {
        const auto left = std::chrono::duration_cast<milliseconds>(end - SteadyClock::now());
        io_.restart();
        io_.run_for(std::clamp(left, milliseconds{0}, milliseconds{25}));
        const auto now = SteadyClock::now();
        clock_.tick(std::chrono::duration_cast<milliseconds>(now - last_tick_));
        last_tick_ = now;
        if (options_.with_clock &&
            !(clock_.state().white == shown_clock_.white && clock_.state().black == shown_clock_.black)) {
            shown_clock_ = clock_.state();
            changed();
        }
        if (extra_fd >= 0) pollExtra(extra_fd);
    }
}

void FakeLiveChess::pollExtra(int extra_fd) {
    pollfd fd{extra_fd, POLLIN, 0};
    ::poll(&fd, 1, 0);
    if (fd.revents & (POLLIN | POLLHUP)) readable_ = true;
}

bool FakeLiveChess::run(const FakeStep& s) {
    step(s);
    if (!std::holds_alternative<fake::Garbage>(s) && !std::holds_alternative<fake::Unplug>(s)) changed();
    return !std::holds_alternative<fake::Quit>(s);
}

void FakeLiveChess::step(const FakeStep& step) {
    std::visit(
        [&](const auto& s) {
            using T = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<T, fake::Lift>) {
                hand_.push_back(raw_[sensor(s.square)]);
                raw_[sensor(s.square)] = Cell::Empty;
            } else if constexpr (std::is_same_v<T, fake::Place>) {
                const Cell c = s.piece.value_or(hand_.empty() ? Cell::Empty : hand_.back());
                if (!s.piece && !hand_.empty()) hand_.pop_back();
                raw_[sensor(s.square)] = c;
            } else if constexpr (std::is_same_v<T, fake::Setup>) {
                for (int i = 0; i < 64; ++i)
                    raw_[sensor(rules::squareAt(i))] = s.placement[rules::squareAt(i)];
            } else if constexpr (std::is_same_v<T, fake::Press>) {
                clock_.press();
            } else if constexpr (std::is_same_v<T, fake::Start>) {
                clock_.running = true;
                clock_.right_runs = false;
            } else if constexpr (std::is_same_v<T, fake::SetClock>) {
                clock_ = FakeClock{};  // stopped until the first press (or the start)
                clock_.left = std::chrono::seconds{s.left_seconds};
                clock_.right = std::chrono::seconds{s.right_seconds};
                clock_.increment = std::chrono::seconds{s.increment_seconds};
            } else if constexpr (std::is_same_v<T, fake::Unplug>) {
                if (plugged()) unplug();
            } else if constexpr (std::is_same_v<T, fake::Replug>) {
                if (!plugged()) plug();
            } else if constexpr (std::is_same_v<T, fake::Garbage>) {
                for (const auto& session : sessions_)
                    session->send(std::string(static_cast<std::size_t>(s.bytes), '#'));
            }
        },
        step);
}

// A step this fake cannot do: without --clock, no lever and no times.
std::optional<std::string> refusedStep(const FakeLiveChessOptions& o, const FakeStep& step) {
    if (o.with_clock) return std::nullopt;
    if (std::holds_alternative<fake::Press>(step) || std::holds_alternative<fake::SetClock>(step) ||
        std::holds_alternative<fake::Start>(step))
        return std::string(N_("this board has no clock: 'press', 'start' and 'clock' need --clock"));
    return std::nullopt;
}

}  // namespace

int runFakeLiveChess(const FakeLiveChessOptions& options,
                     const std::optional<std::vector<std::string>>& script,
                     const std::function<void(const std::string&)>& log, const std::atomic<bool>& stop) {
    FakeLiveChess run(options, log);
    if (!run.plug()) return 2;
    return detail::driveFake(
        run, [&](const FakeStep& step) { return refusedStep(options, step); }, script, log, stop);
}

}  // namespace oc::eboard
