#pragma once
// The fake board on a pseudo-terminal (operator-cli eboard fake): PATH becomes a symlink to the pty's
// slave, which the console opens like a real board's port. Both ends are raw: DGT frames hold 0x0A and
// 0x0D. Driven by a script or by lines typed on standard input:
//   lift e2 | place e4 [Q] | press | wait 300ms | clock 1:29:58 1:30:00 | unplug | replug | garbage 40 |
//   setup FEN | quit
// `place` without a piece puts down the piece lifted last. Squares are as White sees them; on a turned
// board (--turned) the fake maps them to the sensors' squares itself. A DGT board (with a DGT 3000 when
// asked) or a Millennium ChessLink (no clock: `press` and `clock` are refused).

#include <atomic>
#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <tl/expected.hpp>
#include <variant>
#include <vector>

#include "eboard/board_link.hpp"
#include "eboard/placement.hpp"

namespace oc::eboard {

namespace fake {
struct Lift {
    rules::Square square;
};
struct Place {
    rules::Square square;
    std::optional<Cell> piece;
};
// The clock's two halves as the players see them (the DGT 3000's left and right buttons).
enum class ClockHalf { Left, Right };
// `press`: the running side presses; `press left|right`: that half's button, which does nothing when
// its half is already down (its clock is not the running one), as on a real clock.
struct Press {
    std::optional<ClockHalf> half;
};
struct Wait {
    std::chrono::milliseconds duration;
};
struct SetClock {
    int left_seconds = 0;
    int right_seconds = 0;
    int increment_seconds = 0;  // Fischer: added to the side that presses, at the press (as a DGT 3000)
};
struct Unplug {};
struct Replug {};
struct Garbage {
    int bytes = 0;
};
struct Setup {
    Placement placement;
};
struct Quit {};
// The arbiter starts the clock with its own button: the left (White's) clock runs, nothing is pressed.
struct Start {};
}  // namespace fake
using FakeStep = std::variant<fake::Lift, fake::Place, fake::Press, fake::Wait, fake::SetClock, fake::Unplug,
                              fake::Replug, fake::Garbage, fake::Setup, fake::Quit, fake::Start>;

// One script line; the error says what was wrong and what a right line looks like. Empty lines and
// lines starting with '#' give nullopt.
[[nodiscard]] tl::expected<std::optional<FakeStep>, std::string> parseFakeStep(std::string_view line);

struct FakeOptions {
    std::string link;                // the symlink to create
    bool with_clock = false;         // a DGT 3000 on the board
    bool turned = false;             // Black's side by the cable
    std::optional<std::string> fen;  // the position on the board (default: the start position)
    unsigned seed = 24;              // for `garbage`
    BoardBrand brand =
        BoardBrand::Dgt;     // a Millennium ChessLink has no clock: `press` and `clock` are refused
    bool bluetooth = false;  // a Bluetooth DGT board answers the battery request; a USB one never does
};

// Runs the fake board. `script`: the lines to play, or nullopt to read standard input. Serves the
// console until `quit` or until `stop` is set (SIGTERM); `log` gets one English line per event.
// Returns a process exit code (0, or 1 if the console sent a forbidden command, 2 for bad input).
int runFakeBoard(const FakeOptions& options, const std::optional<std::vector<std::string>>& script,
                 const std::function<void(const std::string&)>& log, const std::atomic<bool>& stop);

}  // namespace oc::eboard
