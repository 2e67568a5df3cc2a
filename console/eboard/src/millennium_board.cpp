#include "eboard/millennium_board.hpp"

#include <fmt/format.h>

#include "eboard/dgt_board.hpp"
#include "eboard/livechess_board.hpp"
#include "i18n/mark.hpp"

namespace oc::eboard {

using i18n::N_;
using Clock = std::chrono::steady_clock;

Bytes MillenniumBrand::opened() {
    decoder_.reset();
    have_version_ = false;
    last_status_.reset();
    lit_.reset();
    return millennium::handshake();
}

void MillenniumBrand::feed(std::span<const std::uint8_t> bytes, TimePoint now, BrandContext& link) {
    for (const millennium::Message& m : decoder_.feed(bytes)) {
        if (const auto* s = std::get_if<millennium::Status>(&m)) {
            last_status_ = *s;
            status_at_ = now;
            link.tracker().picture(millennium::placementOf(*s), now);
        } else if (const auto* v = std::get_if<millennium::Version>(&m)) {
            link.boardIdentity().version = dgt::Version{v->major, v->minor};
            have_version_ = true;
        }
    }
}

// The ChessLink has no clock: the tracker says so once, and the move's commit cannot be the lever.
void MillenniumBrand::connected(TimePoint now, BrandContext& link) {
    link.boardIdentity().clock_present = false;
    link.tracker().noClock(now);
    status_at_ = asked_at_ = now;
    lit_.reset();
    link.send(millennium::encode(millennium::Command::LedsOff));  // LEDs an earlier program left on
    if (wanted_) showSquares(wanted_, link);                      // the move still to make, after a replug
}

// Whatever the board's report setting, a status at least every `status_poll`.
void MillenniumBrand::tick(TimePoint now, BrandContext& link) {
    const Ms every = link.settings().status_poll;
    if (now - status_at_ < every || now - asked_at_ < every) return;
    asked_at_ = now;
    link.send(millennium::encode(millennium::Command::Status));
}

// The LEDs are numbered on the board as it stands; a turned board's squares are 63 - square.
void MillenniumBrand::showSquares(std::optional<std::pair<rules::Square, rules::Square>> squares,
                                  BrandContext& link) {
    wanted_ = squares;
    if (squares == lit_ || !link.open()) return;
    lit_ = squares;
    if (!squares) return link.send(millennium::encode(millennium::Command::LedsOff));
    auto raw = [&](rules::Square s) {
        return link.tracker().turned().value_or(false) ? rules::squareAt(63 - rules::index(s)) : s;
    };
    link.send(millennium::leds(0x10, millennium::movePattern(raw(squares->first), raw(squares->second))));
}

MillenniumBoard::MillenniumBoard(std::string port, TrackerSettings tracker, LinkSettings link)
    : BoardLink(std::move(port), std::make_unique<MillenniumBrand>(), tracker, link),
      brand_(static_cast<const MillenniumBrand&>(brandPart())) {}

tl::expected<ProbeReport, std::string> probeMillennium(const std::string& port, Ms timeout) {
    MillenniumBoard board(port);
    const TimePoint end = Clock::now() + timeout;
    while (Clock::now() < end && !board.connected()) {
        PollResult r = board.poll(Ms{50});
        for (const LinkNotice& n : r.notices)
            if (auto* l = std::get_if<link::Lost>(&n)) return tl::unexpected(l->reason);
    }
    if (!board.connected() || !board.lastStatus())
        return tl::unexpected(
            fmt::format(N_("the e-board on {} did not answer within {} ms"), port, timeout.count()));
    const Placement seen = millennium::placementOf(*board.lastStatus());
    return ProbeReport{board.identity(), placementFen(seen), turnedIfStart(seen), std::nullopt,
                       board.decoderStats().garbage_bytes};
}

std::unique_ptr<BoardLink> makeBoard(BoardBrand brand, std::string port, TrackerSettings tracker,
                                     LinkSettings link, std::string serial) {
    if (brand == BoardBrand::LiveChess)
        return std::make_unique<LiveChessBoard>(std::move(port), std::move(serial), tracker, link);
    if (brand == BoardBrand::Millennium)
        return std::make_unique<MillenniumBoard>(std::move(port), tracker, link);
    return std::make_unique<DgtBoard>(std::move(port), tracker, link);
}

tl::expected<ProbeReport, std::string> probe(const std::string& port, Ms timeout, BoardBrand brand) {
    if (brand == BoardBrand::LiveChess) {
        auto r = probeLiveChess(port, std::string(), timeout);
        if (!r) return tl::unexpected(r.error());
        return r->board;
    }
    return brand == BoardBrand::Millennium ? probeMillennium(port, timeout) : probeDgt(port, timeout);
}

}  // namespace oc::eboard
