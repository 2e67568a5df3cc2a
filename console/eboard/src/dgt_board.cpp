#include "eboard/dgt_board.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <thread>

#include "i18n/mark.hpp"

namespace oc::eboard {

using i18n::N_;
using Clock = std::chrono::steady_clock;

namespace {

template <class... F>
struct Overload : F... {
    using F::operator()...;
};
template <class... F>
Overload(F...) -> Overload<F...>;

}  // namespace

DgtBoard::DgtBoard(std::string port, TrackerSettings tracker, LinkSettings link)
    : port_(std::move(port)), settings_(link), tracker_(tracker) {
    identity_.port = port_;
}

PollResult DgtBoard::poll(Ms max_wait) {
    PollResult out;
    TimePoint now = Clock::now();
    if (state_ == State::Closed) {
        if (now >= next_open_) tryOpen(now, out);
        if (state_ == State::Closed) {
            std::this_thread::sleep_for(std::min(max_wait, settings_.reopen_every));
            return out;
        }
    }
    Ms wait = max_wait;
    if (auto deadline = tracker_.nextDeadline())
        wait = std::clamp(std::chrono::duration_cast<Ms>(*deadline - now), Ms{0}, max_wait);
    readSome(wait, out);
    now = Clock::now();
    if (link_) checkTimers(now, out);
    bool settled = false;
    for (Event& e : tracker_.poll(now)) {
        settled = settled || std::holds_alternative<ev::Proposed>(e.what) ||
                  std::holds_alternative<ev::ComputerMoveMade>(e.what) ||
                  std::holds_alternative<ev::BoardDiffers>(e.what);
        out.events.push_back(std::move(e));
    }
    // A settled picture that means something is read again whole: a field update lost on the line would
    // otherwise leave the tracker's picture wrong until the next change (a dump that agrees changes
    // nothing; one that differs restarts the settle time).
    if (settled && state_ == State::Connected) requestDump();
    return out;
}

void DgtBoard::tryOpen(TimePoint now, PollResult& out) {
    next_open_ = now + settings_.reopen_every;
    auto link = SerialLink::open(port_);
    if (!link) {
        if (!lost_reported_) lose(link.error(), now, out);
        return;
    }
    link_ = std::move(*link);
    decoder_.reset();
    tracker_.forgetPicture();
    identity_ = BoardIdentity{};
    identity_.port = port_;
    have_dump_ = false;
    pinged_ = false;
    clock_queue_.clear();
    in_flight_.reset();
    state_ = State::Handshaking;
    opened_at_ = now;
    last_heard_ = now;
    send(dgt::handshake(), now, out);
}

// The board is gone (unplugged, silent, a write failed): say so once, and keep trying to reopen.
void DgtBoard::lose(const std::string& reason, TimePoint now, PollResult& out) {
    if (state_ != State::Closed || !lost_reported_) out.notices.push_back(link::Lost{reason});
    lost_reported_ = true;
    link_.reset();
    state_ = State::Closed;
    next_open_ = now + settings_.reopen_every;
    tracker_.forgetPicture();
}

void DgtBoard::send(const dgt::Bytes& bytes, TimePoint now, PollResult& out) {
    if (!link_) return;
    if (auto ok = link_->write(bytes); !ok) lose(ok.error(), now, out);
}

void DgtBoard::readSome(Ms wait, PollResult& out) {
    std::array<std::uint8_t, 512> buffer{};
    auto got = link_->read(buffer, wait);
    const TimePoint now = Clock::now();
    if (!got) return lose(got.error(), now, out);
    if (*got == 0) return;
    last_heard_ = now;
    pinged_ = false;
    std::vector<dgt::Message> messages;
    decoder_.feed(std::span(buffer.data(), *got), messages);
    for (const dgt::Message& m : messages) {
        handle(m, now, out);
        if (!link_) return;
    }
}

void DgtBoard::handle(const dgt::Message& m, TimePoint now, PollResult& out) {
    std::visit(Overload{
                   [&](const dgt::BoardDump& d) {
                       last_dump_ = d;
                       have_dump_ = true;
                       tracker_.picture(dgt::placementOf(d), now);
                   },
                   [&](const dgt::FieldUpdate& f) {
                       tracker_.square(dgt::squareOf(f.square), dgt::cellOfCode(f.code), now);
                   },
                   [&](const dgt::ClockTimes& t) {
                       last_clock_ = t;
                       identity_.clock_present = true;
                       tracker_.clock(clockFaceOf(t), now);
                   },
                   [&](const dgt::NoClock&) {
                       identity_.clock_present = false;
                       tracker_.noClock(now);
                   },
                   [&](const dgt::EmptyClockReply&) {},
                   [&](const dgt::ClockAck& a) { handleClock(a); },
                   [&](const dgt::Version& v) { identity_.version = v; },
                   [&](const dgt::SerialNumber& s) { identity_.serial = s.digits; },
                   [&](const dgt::LongSerialNumber& s) { identity_.long_serial = s.digits; },
                   [&](const dgt::BatteryStatus& b) { identity_.battery_percent = b.percent(); },
                   [&](const dgt::Skipped&) {},
               },
               m);
    if (state_ == State::Handshaking && identity_.version && have_dump_) {
        state_ = State::Connected;
        lost_reported_ = false;
        ++reconnects_;
        clock_queue_.push_front(dgt::clockVersion());  // is a clock there?
        // The lever's position now: a press is a change from it (UPDATE_NICE is silent until a time changes).
        send(dgt::encode(dgt::Command::SendClock), now, out);
        out.notices.push_back(link::Connected{identity_});
    }
}

// One clock command in flight: an ack (not an event of the clock's own) completes it.
void DgtBoard::handleClock(const dgt::ClockAck& ack) {
    if (ack.unsolicited()) return;
    if (ack.command() == static_cast<std::uint8_t>(dgt::ClockCommand::Version)) {
        identity_.clock_present = true;
        identity_.clock_version = dgt::Version{static_cast<std::uint8_t>(ack.ack[2] >> 4),
                                               static_cast<std::uint8_t>(ack.ack[2] & 0x0F)};
    }
    in_flight_.reset();
}

void DgtBoard::checkTimers(TimePoint now, PollResult& out) {
    if (state_ == State::Handshaking && now - opened_at_ > settings_.handshake_timeout)
        return lose(fmt::format(N_("the e-board on {} did not answer the handshake"), port_), now, out);
    if (now - last_heard_ > settings_.silent_limit)
        return lose(fmt::format(N_("the e-board on {} stopped answering"), port_), now, out);
    if (state_ == State::Connected && !pinged_ && now - last_heard_ > settings_.ping_after) {
        pinged_ = true;  // UPDATE_NICE is silent while nothing moves: ask for something small
        send(dgt::encode(dgt::Command::SerialNumber), now, out);
    }
    if (state_ == State::Connected) pumpClock(now);
}

void DgtBoard::pumpClock(TimePoint now) {
    if (in_flight_ && now - in_flight_->sent_at >= settings_.clock_resend) {
        if (in_flight_->tries >= settings_.clock_tries) {
            if (!identity_.clock_present) identity_.clock_present = false;
            in_flight_.reset();  // the clock does not answer: give the command up
        } else {
            ++in_flight_->tries;
            in_flight_->sent_at = now;
            (void)link_->write(in_flight_->bytes);
        }
    }
    if (in_flight_ || clock_queue_.empty()) return;
    in_flight_ = InFlight{clock_queue_.front(), now, 1};
    clock_queue_.pop_front();
    (void)link_->write(in_flight_->bytes);
}

namespace {

bool isDisplay(const dgt::Bytes& b) {
    return b.size() >= 4 && b[0] == dgt::kClockMessage &&
           (b[3] == static_cast<std::uint8_t>(dgt::ClockCommand::Ascii) ||
            b[3] == static_cast<std::uint8_t>(dgt::ClockCommand::End));
}

}  // namespace

// A newer display replaces one still waiting behind the command in flight: the DGT 3000 takes 1-2 s per
// command, and only the latest text means anything (a mismatch's square changes as pieces are moved).
void DgtBoard::queueDisplay(dgt::Bytes bytes) {
    std::erase_if(clock_queue_, isDisplay);
    clock_queue_.push_back(std::move(bytes));
}

void DgtBoard::showText(std::string_view text, std::uint8_t beep) {
    queueDisplay(dgt::clockText(text, beep));
}

void DgtBoard::showTimes() {
    queueDisplay(dgt::clockEnd());
}

void DgtBoard::requestDump() {
    if (link_) (void)link_->write(dgt::encode(dgt::Command::SendBoard));
}

void DgtBoard::requestBattery() {
    if (link_) (void)link_->write(dgt::encode(dgt::Command::Battery));
}

void DgtBoard::requestClock() {
    if (link_) (void)link_->write(dgt::encode(dgt::Command::SendClock));
}

namespace {

// Everything but the battery: identity, the clock's presence and, if there is one, a reading.
bool probeComplete(const DgtBoard& board) {
    const auto& id = board.identity();
    return board.connected() && id.clock_present.has_value() && !id.serial.empty() &&
           !id.long_serial.empty() && (board.lastClock() || !*id.clock_present);
}

}  // namespace

tl::expected<ProbeReport, std::string> probe(const std::string& port, Ms timeout) {
    DgtBoard board(port);
    const TimePoint end = Clock::now() + timeout;
    std::optional<std::string> lost;
    bool asked = false;
    std::optional<TimePoint> complete_at;
    while (Clock::now() < end) {
        PollResult r = board.poll(Ms{50});
        for (const LinkNotice& n : r.notices)
            if (auto* l = std::get_if<link::Lost>(&n)) lost = l->reason;
        if (lost) return tl::unexpected(*lost);
        if (board.connected() && !asked) {
            asked = true;
            board.requestClock();
            board.requestBattery();
        }
        if (probeComplete(board)) {
            // A USB board never answers the battery question: give it a moment, not the whole timeout.
            if (board.identity().battery_percent) break;
            if (!complete_at) complete_at = Clock::now();
            if (Clock::now() - *complete_at > Ms{500}) break;
        }
    }
    if (!board.connected() || !board.lastDump())
        return tl::unexpected(
            fmt::format(N_("the e-board on {} did not answer within {} ms"), port, timeout.count()));
    ProbeReport report{board.identity(), placementFen(dgt::placementOf(*board.lastDump())), std::nullopt,
                       board.lastClock(), board.decoderStats()};
    const Placement start = placementOf(rules::Position::startpos());
    const Placement seen = dgt::placementOf(*board.lastDump());
    if (seen == start) report.turned = false;
    if (seen == turned(start)) report.turned = true;
    return report;
}

}  // namespace oc::eboard
