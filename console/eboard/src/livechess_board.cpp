#include "eboard/livechess_board.hpp"

#include <fmt/format.h>

#include <array>

#include "eboard/websocket_link.hpp"
#include "i18n/mark.hpp"

namespace oc::eboard {

using i18n::N_;
using Clock = std::chrono::steady_clock;

namespace {

// The console's ids: LiveChess answers a call with the call's id and sends the feed under the feed's.
constexpr int kListId = 1;
constexpr int kSubscribeId = 2;
constexpr int kFeedId = 7;
constexpr Ms kConnectTimeout{2000};

template <class... F>
struct Overload : F... {
    using F::operator()...;
};
template <class... F>
Overload(F...) -> Overload<F...>;

Bytes bytesOf(const std::string& text) {
    return Bytes(text.begin(), text.end());
}

std::string serialsOf(const std::vector<livechess::BoardInfo>& boards) {
    std::string out;
    for (const livechess::BoardInfo& b : boards) out += (out.empty() ? "" : ", ") + b.serialnr;
    return out;
}

bool sameReading(const livechess::ClockState& a, const livechess::ClockState& b) {
    return a.white == b.white && a.black == b.black && a.run == b.run;
}

}  // namespace

tl::expected<std::unique_ptr<Transport>, std::string> LiveChessBrand::connect(const std::string& url) {
    auto link = WebSocketLink::open(url, kConnectTimeout);
    if (!link) return tl::unexpected(link.error());
    return std::unique_ptr<Transport>(std::move(*link));
}

Bytes LiveChessBrand::opened() {
    partial_.clear();
    subscribe_sent_ = false;
    subscribed_ = false;
    board_.clear();
    clock_.reset();
    return bytesOf(livechess::eboardsCall(kListId));
}

Bytes LiveChessBrand::ping() const {
    return bytesOf(livechess::eboardsCall(kListId));
}

void LiveChessBrand::feed(std::span<const std::uint8_t> bytes, TimePoint now, BrandContext& link) {
    partial_.append(bytes.begin(), bytes.end());
    std::size_t end = 0;
    while ((end = partial_.find(kMessageEnd)) != std::string::npos) {
        const std::string text = partial_.substr(0, end);
        partial_.erase(0, end + 1);
        handle(livechess::parseAnswer(text), now, link);
        if (!link.open()) return partial_.clear();
    }
}

void LiveChessBrand::handle(const livechess::Answer& answer, TimePoint now, BrandContext& link) {
    std::visit(Overload{
                   [&](const livechess::BoardList& l) { onList(l, now, link); },
                   [&](const livechess::CallAnswer& c) { subscribed_ = subscribed_ || c.id == kSubscribeId; },
                   [&](const livechess::ErrorAnswer& e) {
                       if (e.id == kSubscribeId)
                           return link.fail(
                               fmt::format(N_("LiveChess refused board {}: {}"), following_, e.message));
                       ++garbage_;
                       malformed_ = e.message;
                   },
                   [&](const livechess::FeedUpdate& u) { onFeed(u, now, link); },
                   [&](const livechess::Malformed& m) {
                       ++garbage_;
                       malformed_ = m.message;
                   },
               },
               answer);
}

// The board followed (after a reconnect: the same one), the configured one, or the only one offered.
tl::expected<livechess::BoardInfo, std::string> LiveChessBrand::chosen(
    const livechess::BoardList& list) const {
    const std::string& want = following_.empty() ? serial_ : following_;
    for (const livechess::BoardInfo& b : list.boards)
        if (b.serialnr == want || (want.empty() && list.boards.size() == 1)) return b;
    if (list.boards.empty()) return tl::unexpected(std::string(N_("LiveChess offers no board")));
    if (want.empty())
        return tl::unexpected(fmt::format(
            N_("LiveChess offers several boards ({}): give the board's serial number (eboard.serial)"),
            serialsOf(list.boards)));
    return tl::unexpected(
        fmt::format(N_("board {} not offered by LiveChess (offered: {})"), want, serialsOf(list.boards)));
}

void LiveChessBrand::onList(const livechess::BoardList& list, TimePoint now, BrandContext& link) {
    offered_ = list.boards;
    if (list.id != kListId) return;
    auto board = chosen(list);
    if (!board) return link.fail(board.error());
    if (!subscribe_sent_) {
        following_ = board->serialnr;
        BoardIdentity& id = link.boardIdentity();
        id.serial = board->serialnr;
        id.battery_percent = board->battery;
        subscribe_sent_ = true;
        link.send(bytesOf(livechess::subscribeCall(kSubscribeId, kFeedId, following_)));
        if (!link.open()) return;
    }
    if (!board->board.empty()) showBoard(board->board, now, link);
    showClock(board->clock, now, link);
}

void LiveChessBrand::onFeed(const livechess::FeedUpdate& u, TimePoint now, BrandContext& link) {
    if (u.feed_id != kFeedId || (!u.serialnr.empty() && u.serialnr != following_)) {
        ++garbage_;  // another client's feed cannot reach this connection: LiveChess would be wrong
        return;
    }
    if (u.board) showBoard(*u.board, now, link);
    if (u.clock) showClock(*u.clock, now, link);
}

void LiveChessBrand::showBoard(const std::string& fen, TimePoint now, BrandContext& link) {
    auto placement = livechess::placementOfFen(fen);
    if (!placement) {
        ++garbage_;
        malformed_ = placement.error();
        return;
    }
    board_ = fen;
    link.tracker().picture(*placement, now);
}

// A reading goes to the tracker when it changed (the list asked for again repeats it).
void LiveChessBrand::showClock(const std::optional<livechess::ClockState>& clock, TimePoint now,
                               BrandContext& link) {
    link.boardIdentity().clock_present = clock.has_value();
    if (!clock) {
        clock_.reset();
        link.tracker().noClock(now);  // said once: the tracker remembers
        return;
    }
    if (clock_ && sameReading(*clock_, *clock)) return;
    clock_ = clock;
    link.tracker().clock(livechess::clockFaceOf(*clock, link.tracker().settings().white_hand), now);
}

void LiveChessBrand::connected(TimePoint now, BrandContext& link) {
    if (!clock_) link.tracker().noClock(now);
}

LiveChessBoard::LiveChessBoard(std::string url, std::string serial, TrackerSettings tracker,
                               LinkSettings link)
    : BoardLink(std::move(url), std::make_unique<LiveChessBrand>(std::move(serial)), tracker, link),
      brand_(static_cast<const LiveChessBrand&>(brandPart())) {}

tl::expected<std::vector<livechess::BoardInfo>, std::string> listLiveChess(const std::string& url,
                                                                           Ms timeout) {
    auto link = WebSocketLink::open(url, timeout);
    if (!link) return tl::unexpected(link.error());
    const Bytes call = bytesOf(livechess::eboardsCall(kListId));
    if (auto ok = (*link)->write(call); !ok) return tl::unexpected(ok.error());
    std::string text;
    std::array<std::uint8_t, 4096> buffer{};
    const TimePoint end = Clock::now() + timeout;
    while (Clock::now() < end) {
        auto got = (*link)->read(buffer, Ms{50});
        if (!got) return tl::unexpected(got.error());
        text.append(buffer.begin(), buffer.begin() + static_cast<std::ptrdiff_t>(*got));
        if (text.find(kMessageEnd) == std::string::npos) continue;
        const livechess::Answer a = livechess::parseAnswer(text.substr(0, text.find(kMessageEnd)));
        if (const auto* list = std::get_if<livechess::BoardList>(&a)) return list->boards;
        text.erase(0, text.find(kMessageEnd) + 1);
    }
    return tl::unexpected(
        fmt::format(N_("LiveChess at {} did not list its boards within {} ms"), url, timeout.count()));
}

tl::expected<LiveChessProbe, std::string> probeLiveChess(const std::string& url, const std::string& serial,
                                                         Ms timeout) {
    auto offered = listLiveChess(url, timeout);
    if (!offered) return tl::unexpected(offered.error());
    const std::string wanted = serial.empty() && !offered->empty() ? offered->front().serialnr : serial;
    LiveChessBoard board(url, wanted);
    const TimePoint end = Clock::now() + timeout;
    while (Clock::now() < end && !(board.connected() && !board.liveChess().board().empty())) {
        PollResult r = board.poll(Ms{50});
        for (const LinkNotice& n : r.notices)
            if (const auto* l = std::get_if<link::Lost>(&n)) return tl::unexpected(l->reason);
    }
    if (!board.connected() || board.liveChess().board().empty())
        return tl::unexpected(fmt::format(N_("LiveChess at {} did not send board {} within {} ms"), url,
                                          wanted, timeout.count()));
    const Placement seen = *parsePlacementFen(board.liveChess().board());
    ProbeReport report{board.identity(), placementFen(seen), turnedIfStart(seen), std::nullopt,
                       board.garbageBytes()};
    return LiveChessProbe{*offered, std::move(report), board.liveChess().clock()};
}

}  // namespace oc::eboard
