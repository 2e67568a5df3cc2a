#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "clock/types.hpp"

namespace oc::clock {

// CLK-05: the FIDE-defined time-delay mode is the simple (US) delay; Bronstein is offered with a label.
enum class DelayKind : std::uint8_t { None, Simple, Bronstein };

// One period of a time control (CLK-02): `moves` moves (0 = the rest of the game) in `base` time, with a
// Fischer increment added after each move completed in it, and/or a delay per move.
struct Period {
    int moves = 0;
    Duration base{};
    Duration increment{};
    Duration delay{};
    DelayKind delay_kind = DelayKind::None;

    [[nodiscard]] bool restOfGame() const { return moves == 0; }
    friend bool operator==(const Period&, const Period&) = default;
};

enum class TimeControlKind : std::uint8_t {
    Periods,    // the usual: one or more periods
    Untimed,    // PGN "-": no clock
    Unknown,    // PGN "?": not recorded; cannot be played
    Sandclock,  // PGN "*N": the time one side uses flows to the other
};

// A whole time control. When the last period has a move count it repeats (e.g. 40/2h then 20/1h, 20/1h...).
struct TimeControl {
    TimeControlKind kind = TimeControlKind::Periods;
    std::vector<Period> periods;  // Periods: at least one; Sandclock: one, with base only

    // The period in force for period index `i` (the last one repeats or lasts to the end).
    [[nodiscard]] const Period& periodAt(std::size_t i) const;
    // Total moves a player must have completed by the end of period `i`; 0 if period `i` is the rest.
    [[nodiscard]] int controlMove(std::size_t i) const;
    // The period a player is in after completing `moves` moves (move-counter clocks, CLK-06).
    [[nodiscard]] std::size_t periodAfterMoves(int moves) const;
    // True when the clock counts down (Periods or Sandclock).
    [[nodiscard]] bool timed() const {
        return kind == TimeControlKind::Periods || kind == TimeControlKind::Sandclock;
    }

    static TimeControl untimed() { return {TimeControlKind::Untimed, {}}; }
    static TimeControl unknown() { return {TimeControlKind::Unknown, {}}; }
    static TimeControl sandclock(Duration base) { return {TimeControlKind::Sandclock, {Period{0, base}}}; }
    friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

// Why a TimeControl cannot be used; empty when it is valid.
[[nodiscard]] std::string validate(const TimeControl& tc);

enum class GameClass : std::uint8_t { Standard, Rapid, Blitz };

[[nodiscard]] std::string_view toString(GameClass c);
[[nodiscard]] std::string_view toString(DelayKind k);

struct ClassifyOptions {
    bool delay_as_increment = true;               // CFG-02 / Q10: a delay counts like an increment
    std::optional<GameClass> arbiter_override{};  // CFG-02: e.g. a 60-minute game played as rapid (logged)
};

// T = allotted time + 60 x increment (CFG-02), in ms; for several periods the bases are summed and the
// first period's increment (or delay) is used.
[[nodiscard]] Duration classificationTime(const TimeControl& tc, ClassifyOptions options = {});

// CFG-02: E2005 rapid 15 <= T < 60 min, blitz T < 15; E2023 rapid 10 < T < 60, blitz T <= 10.
// Untimed and unknown controls count as standard. An arbiter override wins.
[[nodiscard]] GameClass classify(const TimeControl& tc, Edition edition, ClassifyOptions options = {});

}  // namespace oc::clock
