#pragma once
// A DGT board on a serial port (9600 8N1): the brand's part of board_link.hpp. The handshake (reset,
// version, serial numbers, a dump, UPDATE_NICE, then the clock's VERSION), the messages fed to the
// tracker, one clock command in flight at a time (resent after 2 s, three tries), the serial number
// asked for when the board is silent.

#include <deque>
#include <optional>
#include <string>

#include "eboard/board_link.hpp"
#include "eboard/dgt_decoder.hpp"
#include "eboard/dgt_encoder.hpp"

namespace oc::eboard {

class DgtBrand final : public Brand {
  public:
    [[nodiscard]] BoardBrand brand() const override { return BoardBrand::Dgt; }
    [[nodiscard]] LineSettings line() const override { return {9600, 8, false}; }
    [[nodiscard]] Bytes opened() override;
    void feed(std::span<const std::uint8_t> bytes, TimePoint now, BrandContext& link) override;
    [[nodiscard]] bool ready() const override;
    void connected(TimePoint now, BrandContext& link) override;
    void tick(TimePoint now, BrandContext& link) override;
    [[nodiscard]] Bytes ping() const override { return dgt::encode(dgt::Command::SerialNumber); }
    [[nodiscard]] Bytes pictureRequest() const override { return dgt::encode(dgt::Command::SendBoard); }
    [[nodiscard]] std::size_t garbageBytes() const override { return decoder_.stats().garbage_bytes; }
    // Shows `text` (8 characters) on a DGT 3000; queued behind a command in flight, replacing a display
    // still waiting there.
    void showText(std::string_view text, std::uint8_t beep) override;
    void showTimes() override;
    void showSquares(std::optional<std::pair<rules::Square, rules::Square>>, BrandContext&) override {}

    [[nodiscard]] const dgt::DecoderStats& decoderStats() const { return decoder_.stats(); }
    [[nodiscard]] const std::optional<dgt::ClockTimes>& lastClock() const { return last_clock_; }
    [[nodiscard]] const std::optional<dgt::BoardDump>& lastDump() const { return last_dump_; }

  private:
    struct InFlight {
        dgt::Bytes bytes;
        TimePoint sent_at{};
        int tries = 0;
    };
    void handle(const dgt::Message& m, TimePoint now, BrandContext& link);
    void handleClock(const dgt::ClockAck& ack, BoardIdentity& identity);
    void queueDisplay(dgt::Bytes bytes);

    dgt::Decoder decoder_;
    bool have_dump_ = false;
    bool have_version_ = false;
    std::deque<dgt::Bytes> clock_queue_;
    std::optional<InFlight> in_flight_;
    std::optional<dgt::ClockTimes> last_clock_;
    std::optional<dgt::BoardDump> last_dump_;
};

// The link with a DGT board, and what only a DGT board answers.
class DgtBoard : public BoardLink {
  public:
    explicit DgtBoard(std::string port, TrackerSettings tracker = {}, LinkSettings link = {});

    void requestBattery() { sendNow(dgt::encode(dgt::Command::Battery)); }
    void requestClock() { sendNow(dgt::encode(dgt::Command::SendClock)); }
    [[nodiscard]] const dgt::DecoderStats& decoderStats() const { return dgt_.decoderStats(); }
    // The last clock reading with times, as the board sent it.
    [[nodiscard]] const std::optional<dgt::ClockTimes>& lastClock() const { return dgt_.lastClock(); }
    // The last whole picture, in the board's own orientation.
    [[nodiscard]] const std::optional<dgt::BoardDump>& lastDump() const { return dgt_.lastDump(); }

  private:
    const DgtBrand& dgt_;
};

// The DGT board's probe (board_link.hpp's probe() with BoardBrand::Dgt).
[[nodiscard]] tl::expected<ProbeReport, std::string> probeDgt(const std::string& port, Ms timeout);

}  // namespace oc::eboard
