#pragma once
// The DGT board's serial protocol, as numbers (docs/eboard.md; written from the public behaviour
// description in shared/docs/research/eboard.md, not from DGT's header). Link: 9600 baud, 8N1, no flow
// control. The PC sends one-byte commands (and clock commands in an envelope); the board answers with
// frames whose first byte has the top bit set.

#include <cstdint>
#include <string_view>

namespace oc::eboard::dgt {

// The commands the console may send. The enum is the whole list on purpose: the EEPROM dump (0x49,
// about 8 s of traffic), the boot loader (0x4E) and the EEPROM writes (0x51/0x53/0x54) cannot be named.
enum class Command : std::uint8_t {
    Reset = 0x40,         // back to idle, cancels the update mode; no reply
    SendClock = 0x41,     // one BWTIME
    SendBoard = 0x42,     // one BOARD_DUMP
    UpdateBoard = 0x44,   // field updates only, no clock data (not used: no clock acks in this mode)
    SerialNumber = 0x45,  // SERIALNR
    UpdateNice = 0x4B,    // field updates, plus BWTIME when a time changes: the mode the console uses
    Battery = 0x4C,       // BATTERY_STATUS (Bluetooth boards)
    Version = 0x4D,       // VERSION
    LongSerialNumber = 0x55,
};

// Bytes that must never reach a board: they dump or rewrite its EEPROM or start its boot loader.
constexpr bool isForbiddenCommand(std::uint8_t byte) {
    return byte == 0x49 || byte == 0x4E || byte == 0x51 || byte == 0x53 || byte == 0x54;
}

// Reply ids (top bit set) and the total frame sizes the console accepts for them.
enum class ReplyId : std::uint8_t {
    BoardDump = 0x86,
    ClockTime = 0x8D,  // BWTIME
    FieldUpdate = 0x8E,
    EepromMoves = 0x8F,  // never asked for; skipped whole if a board sends one
    BusAddress = 0x90,
    SerialNumber = 0x91,
    Trademark = 0x92,
    Version = 0x93,
    Battery = 0xA0,
    LongSerialNumber = 0xA2,
};

inline constexpr std::size_t kHeaderSize = 3;
inline constexpr std::size_t kBoardDumpSize = 3 + 64;
inline constexpr std::size_t kClockTimeSize = 3 + 7;
inline constexpr std::size_t kFieldUpdateSize = 3 + 2;
inline constexpr std::size_t kVersionSize = 3 + 2;
inline constexpr std::size_t kSerialNumberSize = 3 + 5;
inline constexpr std::size_t kLongSerialNumberSize = 3 + 10;
inline constexpr std::size_t kMaxBatterySize = 3 + 16;
inline constexpr std::size_t kMaxTextSize = 3 + 64;          // trademark, bus address
inline constexpr std::size_t kEepromMovesSize = 0x1F00 + 3;  // skipped, never decoded

// Piece codes on the wire: 0 empty, white P R N B K Q = 1..6, black p r n b k q = 7..12. 13..15 are
// DGT's "magic pieces", which the console reads as an unknown piece.
inline constexpr std::uint8_t kEmpty = 0;
inline constexpr std::uint8_t kLastPieceCode = 0x0C;

// Clock commands travel as 0x2B <size> 0x03 <cmd> <payload> 0x00, size counting from 0x03 to 0x00.
inline constexpr std::uint8_t kClockMessage = 0x2B;
inline constexpr std::uint8_t kClockStart = 0x03;
enum class ClockCommand : std::uint8_t {
    End = 0x03,      // clears the text, back to the times
    Version = 0x09,  // "is a clock there?": answered by an ack
    Beep = 0x0B,
    Ascii = 0x0C,  // 8 characters + beep, DGT 3000 only
};
// The console never sends SETNRUN (0x0A) during a game: the table clock rules (E.III 1.1).
inline constexpr std::uint8_t kClockSetAndRun = 0x0A;
inline constexpr std::size_t kClockTextLength = 8;

// BWTIME status byte (d6).
inline constexpr std::uint8_t kStatusRunning = 0x01;
inline constexpr std::uint8_t kStatusLeverRightHigh = 0x02;
inline constexpr std::uint8_t kStatusBatteryLow = 0x04;
inline constexpr std::uint8_t kStatusLeftToMove = 0x08;
inline constexpr std::uint8_t kStatusRightToMove = 0x10;
inline constexpr std::uint8_t kStatusNoClock = 0x20;

// Clock ack: ack0 0x10 is fine, 0x40 an error; ack1 with the top bit set is an event of the clock's own.
inline constexpr std::uint8_t kAckOk = 0x10;
inline constexpr std::uint8_t kAckUnsolicited = 0x80;

}  // namespace oc::eboard::dgt
