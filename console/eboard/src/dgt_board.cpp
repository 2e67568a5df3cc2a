#include "eboard/dgt_board.hpp"

#include <fmt/format.h>

#include <algorithm>

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

bool isDisplay(const dgt::Bytes& b) {
    return b.size() >= 4 && b[0] == dgt::kClockMessage &&
           (b[3] == static_cast<std::uint8_t>(dgt::ClockCommand::Ascii) ||
            b[3] == static_cast<std::uint8_t>(dgt::ClockCommand::End));
}

}  // namespace

Bytes DgtBrand::opened() {
    decoder_.reset();
    have_dump_ = false;
    have_version_ = false;
    clock_queue_.clear();
    in_flight_.reset();
    return dgt::handshake();
}

void DgtBrand::feed(std::span<const std::uint8_t> bytes, TimePoint now, BrandContext& link) {
    std::vector<dgt::Message> messages;
    decoder_.feed(bytes, messages);
    for (const dgt::Message& m : messages) {
        handle(m, now, link);
        if (!link.open()) return;
    }
}

bool DgtBrand::ready() const {
    return have_version_ && have_dump_;
}

void DgtBrand::handle(const dgt::Message& m, TimePoint now, BrandContext& link) {
    BoardIdentity& id = link.boardIdentity();
    Tracker& tracker = link.tracker();
    std::visit(Overload{
                   [&](const dgt::BoardDump& d) {
                       last_dump_ = d;
                       have_dump_ = true;
                       tracker.picture(dgt::placementOf(d), now);
                   },
                   [&](const dgt::FieldUpdate& f) {
                       tracker.square(dgt::squareOf(f.square), dgt::cellOfCode(f.code), now);
                   },
                   [&](const dgt::ClockTimes& t) {
                       last_clock_ = t;
                       id.clock_present = true;
                       tracker.clock(clockFaceOf(t), now);
                   },
                   [&](const dgt::NoClock&) {
                       id.clock_present = false;
                       tracker.noClock(now);
                   },
                   [&](const dgt::EmptyClockReply&) {},
                   [&](const dgt::ClockAck& a) { handleClock(a, id); },
                   [&](const dgt::Version& v) {
                       id.version = v;
                       have_version_ = true;
                   },
                   [&](const dgt::SerialNumber& s) { id.serial = s.digits; },
                   [&](const dgt::LongSerialNumber& s) { id.long_serial = s.digits; },
                   [&](const dgt::BatteryStatus& b) { id.battery_percent = b.percent(); },
                   [&](const dgt::Skipped&) {},
               },
               m);
}

void DgtBrand::connected(TimePoint, BrandContext& link) {
    clock_queue_.push_front(dgt::clockVersion());  // is a clock there?
    // The lever's position now: a press is a change from it (UPDATE_NICE is silent until a time changes).
    link.send(dgt::encode(dgt::Command::SendClock));
}

// One clock command in flight: an ack (not an event of the clock's own) completes it.
void DgtBrand::handleClock(const dgt::ClockAck& ack, BoardIdentity& identity) {
    if (ack.unsolicited()) return;
    if (ack.command() == static_cast<std::uint8_t>(dgt::ClockCommand::Version)) {
        identity.clock_present = true;
        identity.clock_version = dgt::Version{static_cast<std::uint8_t>(ack.ack[2] >> 4),
                                              static_cast<std::uint8_t>(ack.ack[2] & 0x0F)};
    }
    in_flight_.reset();
}

void DgtBrand::tick(TimePoint now, BrandContext& link) {
    const LinkSettings& settings = link.settings();
    if (in_flight_ && now - in_flight_->sent_at >= settings.clock_resend) {
        if (in_flight_->tries >= settings.clock_tries) {
            BoardIdentity& id = link.boardIdentity();
            if (!id.clock_present) id.clock_present = false;
            in_flight_.reset();  // the clock does not answer: give the command up
        } else {
            ++in_flight_->tries;
            in_flight_->sent_at = now;
            link.send(in_flight_->bytes);
        }
    }
    if (in_flight_ || clock_queue_.empty() || !link.open()) return;
    in_flight_ = InFlight{clock_queue_.front(), now, 1};
    clock_queue_.pop_front();
    link.send(in_flight_->bytes);
}

// A newer display replaces one still waiting behind the command in flight: the DGT 3000 takes 1-2 s per
// command, and only the latest text means anything (a mismatch's square changes as pieces are moved).
void DgtBrand::queueDisplay(dgt::Bytes bytes) {
    std::erase_if(clock_queue_, isDisplay);
    clock_queue_.push_back(std::move(bytes));
}

void DgtBrand::showText(std::string_view text, std::uint8_t beep) {
    queueDisplay(dgt::clockText(text, beep));
}

void DgtBrand::showTimes() {
    queueDisplay(dgt::clockEnd());
}

DgtBoard::DgtBoard(std::string port, TrackerSettings tracker, LinkSettings link)
    : BoardLink(std::move(port), std::make_unique<DgtBrand>(), tracker, link),
      dgt_(static_cast<const DgtBrand&>(brandPart())) {}

namespace {

// Everything but the battery: identity, the clock's presence and, if there is one, a reading.
bool probeComplete(const DgtBoard& board) {
    const auto& id = board.identity();
    return board.connected() && id.clock_present.has_value() && !id.serial.empty() &&
           !id.long_serial.empty() && (board.lastClock() || !*id.clock_present);
}

}  // namespace

tl::expected<ProbeReport, std::string> probeDgt(const std::string& port, Ms timeout) {
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
    const Placement seen = dgt::placementOf(*board.lastDump());
    ProbeReport report{board.identity(), placementFen(seen), turnedIfStart(seen), board.lastClock(),
                       board.decoderStats().garbage_bytes};
    return report;
}

}  // namespace oc::eboard
