#pragma once
// A fake Millennium ChessLink as a pure state machine, for `operator-cli eboard fake --brand millennium`
// and the tests: it answers the status, version, LED and E2ROM-read commands as the behaviour
// description says, sends its status on every change (the board's "report on change" setting), and
// flags an E2ROM write, which the console must never send. It has no clock.

#include <optional>
#include <string>
#include <vector>

#include "eboard/fake_hardware.hpp"
#include "eboard/millennium.hpp"

namespace oc::eboard {

class FakeChessLink final : public FakeHardware {
  public:
    // `raw`: the pieces as the sensors see them; `turned`: for the LEDs' log line (squares as White sees
    // them).
    FakeChessLink(Placement raw, bool turned, millennium::Version version = {1, 4});

    [[nodiscard]] std::vector<std::uint8_t> receive(std::span<const std::uint8_t> bytes) override;
    [[nodiscard]] std::vector<std::uint8_t> lift(rules::Square raw_square) override;
    [[nodiscard]] std::vector<std::uint8_t> place(rules::Square raw_square, Cell cell) override;
    [[nodiscard]] std::vector<std::uint8_t> tick(std::chrono::milliseconds) override { return {}; }
    void disconnect() override { leds_.fill(0); }
    [[nodiscard]] Cell at(rules::Square raw_square) const override { return raw_[raw_square]; }
    // "LEDs: off", or "LEDs: e2 steady, e4 flashing": the squares whose four corners are lit.
    [[nodiscard]] std::string shownLine() const override;
    [[nodiscard]] const std::vector<std::uint8_t>& forbiddenSeen() const override { return forbidden_; }
    [[nodiscard]] std::vector<std::uint8_t> garbage(std::mt19937& rng, int n) const override;

    [[nodiscard]] const millennium::LedPattern& leds() const { return leds_; }
    [[nodiscard]] std::size_t statusRequests() const { return status_requests_; }

  private:
    void answer(const millennium::Request& r, std::vector<std::uint8_t>& out);

    Placement raw_;
    bool turned_;
    millennium::Version version_;
    millennium::RequestReader reader_;
    millennium::LedPattern leds_{};
    std::vector<std::uint8_t> forbidden_;
    std::size_t status_requests_ = 0;
};

}  // namespace oc::eboard
