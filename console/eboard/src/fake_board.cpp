#include "eboard/fake_board.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "i18n/mark.hpp"

namespace oc::eboard {

using std::chrono::milliseconds;

namespace {

void append(dgt::Bytes& out, const dgt::Bytes& more) {
    for (std::uint8_t b : more) out.push_back(b);
}

dgt::ClockSide side(milliseconds left) {
    const auto s = static_cast<int>((std::max(left, milliseconds{0}).count() + 999) / 1000);  // as shown
    return {static_cast<std::uint8_t>(std::min(s / 3600, 9)),
            static_cast<std::uint8_t>(s / 60 % 60),
            static_cast<std::uint8_t>(s % 60),
            left <= milliseconds{0},
            false,
            false};
}

}  // namespace

FakeBoard::FakeBoard(Placement raw, bool with_clock, FakeIdentity identity)
    : raw_(raw), with_clock_(with_clock), identity_(std::move(identity)) {}

dgt::Bytes FakeBoard::receive(std::span<const std::uint8_t> bytes) {
    std::vector<dgt::Request> requests;
    reader_.feed(bytes, requests);
    dgt::Bytes out;
    for (const dgt::Request& r : requests) {
        if (const auto* b = std::get_if<std::uint8_t>(&r))
            answer(*b, out);
        else
            answerClock(std::get<dgt::ClockRequest>(r), out);
    }
    return out;
}

void FakeBoard::answer(std::uint8_t command, dgt::Bytes& out) {
    if (dgt::isForbiddenCommand(command)) {
        forbidden_.push_back(command);
        return;
    }
    switch (static_cast<dgt::Command>(command)) {
        case dgt::Command::Reset:
            update_ = Update::Off;
            return;
        case dgt::Command::SendClock:
            return append(out, clockFrame());
        case dgt::Command::SendBoard:
            return append(out, dgt::frame(dgt::dumpOf(raw_)));
        case dgt::Command::UpdateBoard:
            update_ = Update::BoardOnly;
            return;
        case dgt::Command::UpdateNice:
            update_ = Update::Nice;
            return;
        case dgt::Command::SerialNumber:
            return append(out, dgt::frame(dgt::SerialNumber{identity_.serial}));
        case dgt::Command::LongSerialNumber:
            return append(out, dgt::frame(dgt::LongSerialNumber{identity_.long_serial}));
        case dgt::Command::Version:
            return append(out, dgt::frame(identity_.version));
        case dgt::Command::Battery: {
            if (!identity_.bluetooth) return;  // a USB board leaves the request unanswered
            const auto pct = static_cast<std::uint8_t>(identity_.battery_percent);
            return append(out, dgt::frame(dgt::BatteryStatus{{pct, 0x7F, 0x7F, 0x7F, 0x7F, 0, 0, 0, 0}}));
        }
    }
    if (command == 0x43) update_ = Update::Nice;  // the older update mode: close enough for a fake
}

// Acks come only in an update mode with clock data, and only from a clock that is there.
void FakeBoard::answerClock(const dgt::ClockRequest& request, dgt::Bytes& out) {
    if (request.command == dgt::kClockSetAndRun) forbidden_.push_back(request.command);
    if (!with_clock_) return;
    if (request.command == static_cast<std::uint8_t>(dgt::ClockCommand::Ascii) && request.payload.size() >= 8)
        text_ = std::string(request.payload.begin(), request.payload.begin() + 8);
    if (request.command == static_cast<std::uint8_t>(dgt::ClockCommand::End)) text_.reset();
    const std::uint8_t version =
        request.command == static_cast<std::uint8_t>(dgt::ClockCommand::Version) ? 0x21 : 0;
    if (update_ == Update::Nice)
        append(out, dgt::frame(dgt::ClockAck{{dgt::kAckOk, request.command, version, 0}}));
}

dgt::Bytes FakeBoard::lift(rules::Square raw_square) {
    return place(raw_square, Cell::Empty);
}

dgt::Bytes FakeBoard::place(rules::Square raw_square, Cell cell) {
    raw_[raw_square] = cell;
    if (update_ == Update::Off) return {};
    return dgt::frame(dgt::FieldUpdate{dgt::dgtSquare(raw_square), dgt::codeOfCell(cell)});
}

dgt::Bytes FakeBoard::press() {
    if (!with_clock_) return {};
    (lever_right_high_ ? right_ : left_) += increment_;  // the pressing side's clock was the running one
    lever_right_high_ = !lever_right_high_;
    running_ = true;
    return update_ == Update::Nice ? clockFrame() : dgt::Bytes{};
}

dgt::Bytes FakeBoard::start() {
    if (!with_clock_) return {};
    running_ = true;
    return update_ == Update::Nice ? clockFrame() : dgt::Bytes{};
}

dgt::Bytes FakeBoard::setClock(int left_seconds, int right_seconds, int increment_seconds) {
    left_ = std::chrono::seconds{left_seconds};
    right_ = std::chrono::seconds{right_seconds};
    increment_ = std::chrono::seconds{increment_seconds};
    return update_ == Update::Nice && with_clock_ ? clockFrame() : dgt::Bytes{};
}

dgt::Bytes FakeBoard::tick(milliseconds elapsed) {
    if (!with_clock_ || !running_) return {};
    const dgt::ClockTimes before = times();
    milliseconds& running = lever_right_high_ ? right_ : left_;  // the high side's clock runs
    running = std::max(running - elapsed, milliseconds{0});
    if (update_ != Update::Nice || times() == before) return {};
    return clockFrame();
}

void FakeBoard::disconnect() {
    update_ = Update::Off;
    reader_ = {};
}

dgt::ClockTimes FakeBoard::times() const {
    dgt::ClockTimes t{side(right_), side(left_), 0};
    t.status = static_cast<std::uint8_t>(
        (running_ ? dgt::kStatusRunning : 0) | (lever_right_high_ ? dgt::kStatusLeverRightHigh : 0) |
        (lever_right_high_ ? dgt::kStatusRightToMove : dgt::kStatusLeftToMove));
    return t;
}

dgt::Bytes FakeBoard::clockFrame() const {
    return with_clock_ ? dgt::frame(times()) : dgt::noClockFrame();
}

std::string FakeBoard::shownLine() const {
    return text_ ? fmt::format(i18n::N_("clock display: {}"), *text_)
                 : std::string(i18n::N_("clock display: times"));
}

dgt::Bytes FakeBoard::garbage(std::mt19937& rng, int n) const {
    // Bytes that can never complete a frame: 7-bit ones, and top-bit ones that are no reply id.
    std::uniform_int_distribution<int> pick(0, 0x7F + 0x20);
    dgt::Bytes bytes;
    for (int i = 0; i < n; ++i) {
        const int v = pick(rng);
        bytes.push_back(static_cast<std::uint8_t>(v <= 0x7F ? v : 0xC0 + (v - 0x80)));
    }
    return bytes;
}

}  // namespace oc::eboard
