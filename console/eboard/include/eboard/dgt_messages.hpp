#pragma once
// What a DGT board says, decoded: one struct per reply. Board squares are DGT's numbering (0 = a8 ...
// 63 = h1 with the cable on White's left); placement.hpp maps them to chess squares.

#include <array>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace oc::eboard::dgt {

// The 64 piece codes, square 0 (a8) first.
struct BoardDump {
    std::array<std::uint8_t, 64> codes{};
    friend bool operator==(const BoardDump&, const BoardDump&) = default;
};

// One square changed: `code` now stands on `square` (0 = became empty).
struct FieldUpdate {
    std::uint8_t square = 0;
    std::uint8_t code = 0;
    friend bool operator==(const FieldUpdate&, const FieldUpdate&) = default;
};

// One side of the clock: hours, minutes, seconds and the flag bits of its hour byte.
struct ClockSide {
    std::uint8_t hours = 0;
    std::uint8_t minutes = 0;
    std::uint8_t seconds = 0;
    bool flag_fallen = false;    // 0x10: the flag fell, the clock is blocked at zero
    bool time_per_move = false;  // 0x20: Fischer/Bronstein indicator
    bool flag_shown = false;     // 0x40: a flag shown while the clock may still run
    int totalSeconds() const { return hours * 3600 + minutes * 60 + seconds; }
    friend bool operator==(const ClockSide&, const ClockSide&) = default;
};

// A BWTIME with times. Left and right are the clock's own sides: they do not swap with a turned board.
struct ClockTimes {
    ClockSide right;
    ClockSide left;
    std::uint8_t status = 0;  // kStatus* bits
    bool running() const;
    bool leverRightHigh() const;
    bool batteryLow() const;
    bool leftToMove() const;
    bool rightToMove() const;
    friend bool operator==(const ClockTimes&, const ClockTimes&) = default;
};

// A BWTIME whose status says no clock is connected: the times in it mean nothing.
struct NoClock {
    friend bool operator==(const NoClock&, const NoClock&) = default;
};

// An all-zero BWTIME, which Bluetooth boards send after a clock command: ignored.
struct EmptyClockReply {
    friend bool operator==(const EmptyClockReply&, const EmptyClockReply&) = default;
};

// A clock's answer to a command (ack1 = the command), or an event of its own (ack1 & 0x80).
struct ClockAck {
    std::array<std::uint8_t, 4> ack{};
    bool ok() const;
    bool unsolicited() const;
    std::uint8_t command() const;  // ack1 without the event bit
    friend bool operator==(const ClockAck&, const ClockAck&) = default;
};

struct Version {
    std::uint8_t major = 0;
    std::uint8_t minor = 0;
    friend bool operator==(const Version&, const Version&) = default;
};

struct SerialNumber {
    std::string digits;  // 5 ASCII digits
    friend bool operator==(const SerialNumber&, const SerialNumber&) = default;
};

struct LongSerialNumber {
    std::string digits;  // 10 ASCII digits
    friend bool operator==(const LongSerialNumber&, const LongSerialNumber&) = default;
};

// Bluetooth boards: the first byte is the charge in percent; the rest is kept raw.
struct BatteryStatus {
    std::vector<std::uint8_t> data;
    int percent() const { return data.empty() ? -1 : data.front(); }
    friend bool operator==(const BatteryStatus&, const BatteryStatus&) = default;
};

// A well-formed frame the console does not use (bus address, trademark, an EEPROM dump): skipped.
struct Skipped {
    std::uint8_t id = 0;
    std::size_t size = 0;
    friend bool operator==(const Skipped&, const Skipped&) = default;
};

using Message = std::variant<BoardDump, FieldUpdate, ClockTimes, NoClock, EmptyClockReply, ClockAck, Version,
                             SerialNumber, LongSerialNumber, BatteryStatus, Skipped>;

}  // namespace oc::eboard::dgt
