#include "eboard/fake_millennium.hpp"

#include <fmt/format.h>

#include "i18n/mark.hpp"

namespace oc::eboard {

using i18n::N_;

namespace {

void append(std::vector<std::uint8_t>& out, const std::vector<std::uint8_t>& more) {
    out.insert(out.end(), more.begin(), more.end());
}

std::optional<std::uint8_t> hexByte(std::string_view s) {
    std::uint8_t v = 0;
    for (char c : s.substr(0, 2)) {
        const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0) return std::nullopt;
        v = static_cast<std::uint8_t>(v * 16 + d);
    }
    return v;
}

// The E2ROM as a board leaves the factory: block parity on, scan time 20, status on every scan, LEDs full.
std::uint8_t e2rom(std::uint8_t address) {
    switch (address) {
        case 1:
            return 20;
        case 4:
            return 15;
        default:
            return 0;
    }
}

}  // namespace

FakeChessLink::FakeChessLink(Placement raw, bool turned, millennium::Version version)
    : raw_(raw), turned_(turned), version_(version) {}

std::vector<std::uint8_t> FakeChessLink::receive(std::span<const std::uint8_t> bytes) {
    std::vector<millennium::Request> requests;
    reader_.feed(bytes, requests);
    std::vector<std::uint8_t> out;
    for (const millennium::Request& r : requests) answer(r, out);
    return out;
}

void FakeChessLink::answer(const millennium::Request& r, std::vector<std::uint8_t>& out) {
    switch (r.letter) {
        case 'S':
            ++status_requests_;
            return append(out, millennium::reply(millennium::statusOf(raw_)));
        case 'V':
            return append(out, millennium::reply(version_));
        case 'X':
            leds_.fill(0);
            return append(out, millennium::reply(millennium::Ack{'x'}));
        case 'L':
            for (std::size_t i = 0; i < leds_.size(); ++i)
                leds_[i] = hexByte(std::string_view(r.params).substr(2 + 2 * i)).value_or(0);
            return append(out, millennium::reply(millennium::Ack{'l'}));
        case 'R': {
            const std::uint8_t address = hexByte(r.params).value_or(0);
            return append(out, millennium::reply(millennium::E2rom{'r', address, e2rom(address)}));
        }
        case 'W':  // the board's stored settings: never written by the console
            forbidden_.push_back('W');
            return;
        default:  // 'T': a reset, no reply
            return;
    }
}

std::vector<std::uint8_t> FakeChessLink::lift(rules::Square raw_square) {
    return place(raw_square, Cell::Empty);
}

std::vector<std::uint8_t> FakeChessLink::place(rules::Square raw_square, Cell cell) {
    if (raw_[raw_square] == cell) return {};
    raw_[raw_square] = cell;
    return millennium::reply(millennium::statusOf(raw_));
}

std::string FakeChessLink::shownLine() const {
    std::string steady, flashing;
    for (int i = 0; i < 64; ++i) {
        const rules::Square raw = rules::squareAt(i);
        // A square counts when its four corners show one pattern: a square between two lit ones shares
        // their corners but shows two patterns.
        const auto corners = millennium::cornersOf(raw);
        const std::uint8_t first = leds_[corners[0]];
        bool same = first != 0;
        for (std::size_t led : corners) same = same && leds_[led] == first;
        if (!same) continue;
        std::string& list = first == 0xFF ? steady : flashing;
        list += (list.empty() ? "" : " ") + rules::squareName(turned_ ? rules::squareAt(63 - i) : raw);
    }
    if (steady.empty() && flashing.empty()) return N_("LEDs: off");
    return fmt::format(N_("LEDs: {} steady, {} flashing"), steady.empty() ? "-" : steady,
                       flashing.empty() ? "-" : flashing);
}

// Characters that start no reply, with their parity bit right or wrong: never a reply, all skipped.
std::vector<std::uint8_t> FakeChessLink::garbage(std::mt19937& rng, int n) const {
    std::uniform_int_distribution<int> pick(0, 0xFF);
    std::vector<std::uint8_t> out;
    while (static_cast<int>(out.size()) < n) {
        const auto b = static_cast<std::uint8_t>(pick(rng));
        if (millennium::replySize(static_cast<char>(b & 0x7F)) == 0) out.push_back(b);
    }
    return out;
}

}  // namespace oc::eboard
