#pragma once
// A Millennium ChessLink on a serial port (38400 baud, 7 data bits, odd parity, 1 stop): the brand's
// part of board_link.hpp. The handshake asks for the version and the whole board; the board then sends
// its status on every scan or on every change, as its stored settings say (the console never changes
// them), so a status is also asked for whenever none came for `LinkSettings::status_poll`. The board has
// no clock: the tracker is told so on connecting (commit mode `lever` cannot work, see docs/eboard.md).
// Its 81 LEDs show the computer's move to make: the from-square's corners lit, the to-square's flashing.

#include <optional>
#include <utility>

#include "eboard/board_link.hpp"
#include "eboard/millennium.hpp"

namespace oc::eboard {

class MillenniumBrand final : public Brand {
  public:
    [[nodiscard]] BoardBrand brand() const override { return BoardBrand::Millennium; }
    [[nodiscard]] LineSettings line() const override { return {38400, 7, true}; }
    [[nodiscard]] Bytes opened() override;
    void feed(std::span<const std::uint8_t> bytes, TimePoint now, BrandContext& link) override;
    [[nodiscard]] bool ready() const override { return have_version_ && last_status_.has_value(); }
    void connected(TimePoint now, BrandContext& link) override;
    void tick(TimePoint now, BrandContext& link) override;
    [[nodiscard]] Bytes ping() const override { return millennium::encode(millennium::Command::Status); }
    [[nodiscard]] Bytes pictureRequest() const override {
        return millennium::encode(millennium::Command::Status);
    }
    [[nodiscard]] std::size_t garbageBytes() const override { return decoder_.stats().garbage_bytes; }
    // No display: the move is shown on the LEDs (showSquares).
    void showText(std::string_view, std::uint8_t) override {}
    void showTimes() override {}
    void showSquares(std::optional<std::pair<rules::Square, rules::Square>> squares,
                     BrandContext& link) override;

    [[nodiscard]] const millennium::DecoderStats& decoderStats() const { return decoder_.stats(); }
    [[nodiscard]] const std::optional<millennium::Status>& lastStatus() const { return last_status_; }

  private:
    millennium::Decoder decoder_;
    bool have_version_ = false;
    std::optional<millennium::Status> last_status_;
    TimePoint status_at_{};                                          // the last status heard
    TimePoint asked_at_{};                                           // the last status asked for
    std::optional<std::pair<rules::Square, rules::Square>> lit_;     // what the LEDs show now
    std::optional<std::pair<rules::Square, rules::Square>> wanted_;  // what they should show
};

class MillenniumBoard : public BoardLink {
  public:
    explicit MillenniumBoard(std::string port, TrackerSettings tracker = {}, LinkSettings link = {});
    [[nodiscard]] const millennium::DecoderStats& decoderStats() const { return brand_.decoderStats(); }
    // The last status, in the board's own orientation.
    [[nodiscard]] const std::optional<millennium::Status>& lastStatus() const { return brand_.lastStatus(); }

  private:
    const MillenniumBrand& brand_;
};

// The ChessLink's probe (board_link.hpp's probe() with BoardBrand::Millennium).
[[nodiscard]] tl::expected<ProbeReport, std::string> probeMillennium(const std::string& port, Ms timeout);

}  // namespace oc::eboard
