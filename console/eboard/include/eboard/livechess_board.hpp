#pragma once
// A board read through DGT LiveChess (issue 38): at an event LiveChess owns the boards' serial ports and
// offers each board over its WebSocket. The brand's part of board_link.hpp: the handshake lists the
// boards (`eboards`), finds the one with the setup's serial number (or the only one offered) and
// subscribes to its `eboardevent` feed; the feed's placements go to the tracker as a serial board's
// dumps do, its clock as the clock's readings. The list asked for again is the ping and the re-read.
// A board not offered ends the connection with a notice saying which boards are; the link then asks
// again every half second, as it reopens a serial port.
//
// LiveChess gives no lever press (the tracker sees no LeverPressed): commit `lever` falls back to
// `enter` (eboard_thread.cpp, docs/eboard.md). Never sends `setup` or `flip`: both change what LiveChess
// broadcasts for the board.

#include <optional>
#include <string>
#include <vector>

#include "eboard/board_link.hpp"
#include "eboard/livechess_protocol.hpp"

namespace oc::eboard {

class LiveChessBrand final : public Brand {
  public:
    // `serial`: the board's serial number; "" takes the only board LiveChess offers.
    explicit LiveChessBrand(std::string serial) : serial_(std::move(serial)) {}

    [[nodiscard]] BoardBrand brand() const override { return BoardBrand::LiveChess; }
    [[nodiscard]] LineSettings line() const override { return {}; }  // no serial line: a WebSocket
    [[nodiscard]] tl::expected<std::unique_ptr<Transport>, std::string> connect(
        const std::string& url) override;
    [[nodiscard]] Bytes opened() override;
    void feed(std::span<const std::uint8_t> bytes, TimePoint now, BrandContext& link) override;
    [[nodiscard]] bool ready() const override { return subscribed_; }
    void connected(TimePoint now, BrandContext& link) override;
    void tick(TimePoint, BrandContext&) override {}
    [[nodiscard]] Bytes ping() const override;
    [[nodiscard]] Bytes pictureRequest() const override { return ping(); }
    [[nodiscard]] std::size_t garbageBytes() const override { return garbage_; }
    // LiveChess shows nothing on the board's clock or LEDs.
    void showText(std::string_view, std::uint8_t) override {}
    void showTimes() override {}
    void showSquares(std::optional<std::pair<rules::Square, rules::Square>>, BrandContext&) override {}

    [[nodiscard]] const std::vector<livechess::BoardInfo>& offered() const { return offered_; }
    [[nodiscard]] const std::string& board() const { return board_; }
    [[nodiscard]] const std::optional<livechess::ClockState>& clock() const { return clock_; }
    // The last message LiveChess sent that could not be read, for the probe.
    [[nodiscard]] const std::string& lastMalformed() const { return malformed_; }

  private:
    void handle(const livechess::Answer& answer, TimePoint now, BrandContext& link);
    void onList(const livechess::BoardList& list, TimePoint now, BrandContext& link);
    void onFeed(const livechess::FeedUpdate& update, TimePoint now, BrandContext& link);
    void showBoard(const std::string& fen, TimePoint now, BrandContext& link);
    void showClock(const std::optional<livechess::ClockState>& clock, TimePoint now, BrandContext& link);
    [[nodiscard]] tl::expected<livechess::BoardInfo, std::string> chosen(
        const livechess::BoardList& list) const;

    std::string serial_;  // as configured
    std::string partial_;
    std::string following_;  // the board subscribed to
    bool subscribe_sent_ = false;
    bool subscribed_ = false;
    std::size_t garbage_ = 0;
    std::vector<livechess::BoardInfo> offered_;
    std::string board_;
    std::optional<livechess::ClockState> clock_;
    std::string malformed_;
};

class LiveChessBoard : public BoardLink {
  public:
    LiveChessBoard(std::string url, std::string serial, TrackerSettings tracker = {}, LinkSettings link = {});
    [[nodiscard]] const LiveChessBrand& liveChess() const { return brand_; }

  private:
    const LiveChessBrand& brand_;
};

// What `operator-cli eboard probe --brand livechess` prints: the boards offered, and the one read.
struct LiveChessProbe {
    std::vector<livechess::BoardInfo> offered;
    ProbeReport board;
    std::optional<livechess::ClockState> clock;
};
// The boards LiveChess at `url` offers, asked for once.
[[nodiscard]] tl::expected<std::vector<livechess::BoardInfo>, std::string> listLiveChess(
    const std::string& url, Ms timeout);
// Connects to LiveChess at `url`, subscribes to `serial` (or the first board offered) and waits at most
// `timeout` for its first feed message.
[[nodiscard]] tl::expected<LiveChessProbe, std::string> probeLiveChess(const std::string& url,
                                                                       const std::string& serial, Ms timeout);

}  // namespace oc::eboard
