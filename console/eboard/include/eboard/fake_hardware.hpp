#pragma once
// What the fake board's pty (fake_link.hpp) drives, for any brand: the board as a pure state machine,
// the PC's bytes in and the board's bytes out, pieces lifted and placed, time passing. A DGT board with
// its DGT 3000 (fake_board.hpp) and a Millennium ChessLink (fake_millennium.hpp).

#include <chrono>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "eboard/placement.hpp"

namespace oc::eboard {

class FakeHardware {
  public:
    virtual ~FakeHardware() = default;
    // The PC's bytes in, the replies out.
    [[nodiscard]] virtual std::vector<std::uint8_t> receive(std::span<const std::uint8_t> bytes) = 0;
    // A piece lifted from / put on a square (board numbering as the sensors see it).
    [[nodiscard]] virtual std::vector<std::uint8_t> lift(rules::Square raw_square) = 0;
    [[nodiscard]] virtual std::vector<std::uint8_t> place(rules::Square raw_square, Cell cell) = 0;
    // Time passes.
    [[nodiscard]] virtual std::vector<std::uint8_t> tick(std::chrono::milliseconds elapsed) = 0;
    // A new connection (replug).
    virtual void disconnect() = 0;
    [[nodiscard]] virtual Cell at(rules::Square raw_square) const = 0;
    // What the board shows the players (the clock's display, the LEDs), as the English log line; it is
    // logged whenever it changes.
    [[nodiscard]] virtual std::string shownLine() const = 0;
    // Commands the console must never send, as received.
    [[nodiscard]] virtual const std::vector<std::uint8_t>& forbiddenSeen() const = 0;
    // `n` bytes that can never complete a reply of this brand.
    [[nodiscard]] virtual std::vector<std::uint8_t> garbage(std::mt19937& rng, int n) const = 0;
    // The lever and the clock's times: only a board with a clock (nothing otherwise).
    [[nodiscard]] virtual std::vector<std::uint8_t> press() { return {}; }
    // Whether the right half of the lever is up (its clock runs once started); nullopt without a clock.
    [[nodiscard]] virtual std::optional<bool> rightHalfUp() const { return std::nullopt; }
    [[nodiscard]] virtual std::vector<std::uint8_t> setClock(int, int, int) { return {}; }
    [[nodiscard]] virtual std::vector<std::uint8_t> start() { return {}; }
};

}  // namespace oc::eboard
