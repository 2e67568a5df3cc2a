#pragma once
// A fake DGT board with an optional DGT 3000 on it, as a pure state machine: the PC's bytes in, the
// board's replies out; pieces lifted and placed, the lever pressed, time passing. The pseudo-terminal
// around it is fake_link.hpp. Operators rehearse with it and the tests drive it: it answers like the
// behaviour description says a board does, and it flags any forbidden command it receives.

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "eboard/dgt_board_side.hpp"
#include "eboard/fake_hardware.hpp"
#include "eboard/placement.hpp"

namespace oc::eboard {

struct FakeIdentity {
    dgt::Version version{1, 8};
    std::string serial = "24024";
    std::string long_serial = "2402400024";
    int battery_percent = 100;
    bool bluetooth = false;  // only a Bluetooth board answers the battery request (a USB one never does)
};

class FakeBoard final : public FakeHardware {
  public:
    // `raw`: the pieces as the board's sensors see them (turned already, for a turned board).
    FakeBoard(Placement raw, bool with_clock, FakeIdentity identity = {});

    // The PC's bytes in, the replies out.
    [[nodiscard]] dgt::Bytes receive(std::span<const std::uint8_t> bytes) override;
    // A piece lifted from / put on a square (board numbering as the sensors see it).
    [[nodiscard]] dgt::Bytes lift(rules::Square raw_square) override;
    [[nodiscard]] dgt::Bytes place(rules::Square raw_square, Cell cell) override;
    // The lever: the running side's half goes down, the other side's clock runs. As a DGT 3000 in a
    // Fischer mode, the side that presses gets the increment at its press (the first press included:
    // the arbiter started the clock, and the first move earns it too).
    [[nodiscard]] dgt::Bytes press() override;
    [[nodiscard]] std::optional<bool> rightHalfUp() const override {
        return with_clock_ ? std::optional<bool>(lever_right_high_) : std::nullopt;
    }
    // The arbiter's start: the side whose half is up (the left, White's, at first) runs; no increment.
    [[nodiscard]] dgt::Bytes start() override;
    // Sets both clocks (seconds) and the increment; they run from the first press (or the start).
    [[nodiscard]] dgt::Bytes setClock(int left_seconds, int right_seconds, int increment_seconds) override;
    // Time passes; a BWTIME goes out whenever a displayed second changes (UPDATE_NICE).
    [[nodiscard]] dgt::Bytes tick(std::chrono::milliseconds elapsed) override;
    // A new connection (replug): the update mode is off until the PC asks again.
    void disconnect() override;

    [[nodiscard]] const Placement& raw() const { return raw_; }
    [[nodiscard]] Cell at(rules::Square raw_square) const override { return raw_[raw_square]; }
    // What the DGT 3000 shows: a text, or nullopt for the times.
    [[nodiscard]] const std::optional<std::string>& clockText() const { return text_; }
    // Commands the console must never send (EEPROM, boot loader, SETNRUN), as received.
    [[nodiscard]] const std::vector<std::uint8_t>& forbiddenSeen() const override { return forbidden_; }
    // "clock display: TEXT", or "clock display: times".
    [[nodiscard]] std::string shownLine() const override;
    // 7-bit bytes, and top-bit ones that are no reply id.
    [[nodiscard]] dgt::Bytes garbage(std::mt19937& rng, int n) const override;
    [[nodiscard]] bool updating() const { return update_ != Update::Off; }

  private:
    enum class Update : std::uint8_t { Off, BoardOnly, Nice };
    void answer(std::uint8_t command, dgt::Bytes& out);
    void answerClock(const dgt::ClockRequest& request, dgt::Bytes& out);
    [[nodiscard]] dgt::Bytes clockFrame() const;
    [[nodiscard]] dgt::ClockTimes times() const;

    Placement raw_;
    bool with_clock_;
    FakeIdentity identity_;
    Update update_ = Update::Off;
    dgt::RequestReader reader_;
    std::optional<std::string> text_;
    std::vector<std::uint8_t> forbidden_;
    std::chrono::milliseconds left_{std::chrono::minutes{90}};
    std::chrono::milliseconds right_{std::chrono::minutes{90}};
    std::chrono::milliseconds increment_{0};
    bool running_ = false;
    bool lever_right_high_ = false;  // left high: the left clock runs (White's, by default)
};

}  // namespace oc::eboard
