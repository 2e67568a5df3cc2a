#include "eboard/board_link.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <thread>

#include "i18n/mark.hpp"

namespace oc::eboard {

using i18n::N_;
using Clock = std::chrono::steady_clock;

std::optional<BoardBrand> parseBrand(std::string_view name) {
    if (name == "dgt") return BoardBrand::Dgt;
    if (name == "millennium") return BoardBrand::Millennium;
    if (name == "livechess") return BoardBrand::LiveChess;
    return std::nullopt;
}

const char* brandKey(BoardBrand b) {
    if (b == BoardBrand::LiveChess) return "livechess";
    return b == BoardBrand::Millennium ? "millennium" : "dgt";
}

const char* brandName(BoardBrand b) {
    if (b == BoardBrand::LiveChess) return "DGT LiveChess";
    return b == BoardBrand::Millennium ? "Millennium ChessLink" : "DGT";
}

namespace {

class SerialTransport final : public Transport {
  public:
    explicit SerialTransport(SerialLink link) : link_(std::move(link)) {}
    [[nodiscard]] tl::expected<void, std::string> write(std::span<const std::uint8_t> bytes) override {
        return link_.write(bytes);
    }
    [[nodiscard]] tl::expected<std::size_t, std::string> read(std::span<std::uint8_t> buffer,
                                                              Ms timeout) override {
        return link_.read(buffer, timeout);
    }

  private:
    SerialLink link_;
};

}  // namespace

tl::expected<std::unique_ptr<Transport>, std::string> Brand::connect(const std::string& port) {
    auto link = SerialLink::open(port, line());
    if (!link) return tl::unexpected(link.error());
    return std::unique_ptr<Transport>(std::make_unique<SerialTransport>(std::move(*link)));
}

BoardLink::BoardLink(std::string port, std::unique_ptr<Brand> brand, TrackerSettings tracker,
                     LinkSettings link)
    : port_(std::move(port)), brand_(std::move(brand)), settings_(link), tracker_(tracker) {
    identity_.port = port_;
    identity_.brand = brand_->brand();
}

PollResult BoardLink::poll(Ms max_wait) {
    PollResult out;
    current_ = &out;
    TimePoint now = Clock::now();
    if (state_ == State::Closed) {
        if (now >= next_open_) tryOpen(now, out);
        if (state_ == State::Closed) {
            current_ = nullptr;
            std::this_thread::sleep_for(std::min(max_wait, settings_.reopen_every));
            return out;
        }
    }
    Ms wait = max_wait;
    if (auto deadline = tracker_.nextDeadline())
        wait = std::clamp(std::chrono::duration_cast<Ms>(*deadline - now), Ms{0}, max_wait);
    if (link_) readSome(wait, out);
    now = Clock::now();
    if (link_) checkTimers(now, out);
    bool settled = false;
    for (Event& e : tracker_.poll(now)) {
        settled = settled || std::holds_alternative<ev::Proposed>(e.what) ||
                  std::holds_alternative<ev::ComputerMoveMade>(e.what) ||
                  std::holds_alternative<ev::BoardDiffers>(e.what);
        out.events.push_back(std::move(e));
    }
    // A settled picture that means something is read again whole: an update lost on the line would
    // otherwise leave the tracker's picture wrong until the next change (a picture that agrees changes
    // nothing; one that differs restarts the settle time).
    if (settled && state_ == State::Connected) requestDump();
    current_ = nullptr;
    return out;
}

void BoardLink::tryOpen(TimePoint now, PollResult& out) {
    next_open_ = now + settings_.reopen_every;
    auto link = brand_->connect(port_);
    if (!link) {
        if (!lost_reported_) lose(link.error(), now, out);
        return;
    }
    link_ = std::move(*link);
    tracker_.forgetPicture();
    identity_ = BoardIdentity{};
    identity_.port = port_;
    identity_.brand = brand_->brand();
    pinged_ = false;
    state_ = State::Handshaking;
    opened_at_ = now;
    last_heard_ = now;
    send(brand_->opened());
}

// The board is gone (unplugged, silent, a write failed): say so once, and keep trying to reopen. A
// connection that never completed and fails again for the same reason (LiveChess still not offering the
// board, every half second) is not said again.
void BoardLink::lose(const std::string& reason, TimePoint now, PollResult& out) {
    const bool again = state_ != State::Connected && lost_reported_ && reason == lost_reason_;
    if ((state_ != State::Closed || !lost_reported_) && !again) out.notices.push_back(link::Lost{reason});
    lost_reported_ = true;
    lost_reason_ = reason;
    link_.reset();
    state_ = State::Closed;
    next_open_ = now + settings_.reopen_every;
    tracker_.forgetPicture();
}

void BoardLink::send(const Bytes& bytes) {
    if (!link_ || bytes.empty()) return;
    auto ok = link_->write(bytes);
    if (ok) return;
    if (current_ != nullptr) return lose(ok.error(), Clock::now(), *current_);
    link_.reset();  // outside a poll: the next poll reopens and reports
    state_ = State::Closed;
}

void BoardLink::fail(const std::string& reason) {
    if (current_ != nullptr) return lose(reason, Clock::now(), *current_);
    link_.reset();
    state_ = State::Closed;
}

void BoardLink::sendNow(const Bytes& bytes) {
    if (link_) (void)link_->write(bytes);
}

void BoardLink::requestDump() {
    sendNow(brand_->pictureRequest());
}

void BoardLink::showSquares(std::optional<std::pair<rules::Square, rules::Square>> squares) {
    brand_->showSquares(squares, *this);
}

void BoardLink::readSome(Ms wait, PollResult& out) {
    std::array<std::uint8_t, 512> buffer{};
    auto got = link_->read(buffer, wait);
    const TimePoint now = Clock::now();
    if (!got) return lose(got.error(), now, out);
    if (*got == 0) return;
    last_heard_ = now;
    pinged_ = false;
    brand_->feed(std::span(buffer.data(), *got), now, *this);
    if (!link_ || state_ != State::Handshaking || !brand_->ready()) return;
    state_ = State::Connected;
    lost_reported_ = false;
    ++reconnects_;
    brand_->connected(now, *this);
    out.notices.push_back(link::Connected{identity_});
}

void BoardLink::checkTimers(TimePoint now, PollResult& out) {
    if (state_ == State::Handshaking && now - opened_at_ > settings_.handshake_timeout)
        return lose(fmt::format(N_("the e-board on {} did not answer the handshake"), port_), now, out);
    if (now - last_heard_ > settings_.silent_limit)
        return lose(fmt::format(N_("the e-board on {} stopped answering"), port_), now, out);
    if (state_ == State::Connected && !pinged_ && now - last_heard_ > settings_.ping_after) {
        pinged_ = true;  // a board is silent while nothing moves: ask for something small
        send(brand_->ping());
    }
    if (state_ == State::Connected && link_) brand_->tick(now, *this);
}

std::optional<bool> turnedIfStart(const Placement& seen) {
    const Placement start = placementOf(rules::Position::startpos());
    if (seen == start) return false;
    if (seen == turned(start)) return true;
    return std::nullopt;
}

}  // namespace oc::eboard
