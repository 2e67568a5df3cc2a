#pragma once
// The Millennium ChessLink protocol (issue 24 item 10), sans-IO: commands out as bytes, bytes in and
// replies out; no I/O, no time. Written from the public behaviour description (docs/eboard.md says
// which). Every message is 7-bit ASCII: a command or reply letter, its parameters as upper-case hex or
// piece letters, then two hex characters of block parity (the XOR of the 7-bit characters before it).
// On the wire each byte carries odd parity in bit 7; a UART set to 7O1 adds and strips that bit itself,
// a raw line (or a pty) carries it through, so the encoder sets it and the decoder accepts either.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "eboard/placement.hpp"

namespace oc::eboard::millennium {

using Bytes = std::vector<std::uint8_t>;

// The commands this console sends. The E2ROM write 'W' (the board's non-volatile settings) cannot be
// named: the console never changes a board's stored settings; the fake board flags it if it arrives.
enum class Command : char {
    Status = 'S',     // the whole board: reply 's' + 64 squares
    Version = 'V',    // reply 'v' + 4 hex digits
    LedsOff = 'X',    // all LEDs off: reply 'x'
    ReadE2rom = 'R',  // (address) reply 'r' + address + value
};

// `c` (7 bits) with its odd parity in bit 7.
[[nodiscard]] std::uint8_t withParity(char c);
// True when bit 7 is `byte`'s odd parity, or clear (a 7O1 UART strips it).
[[nodiscard]] bool parityAcceptable(std::uint8_t byte);
// The block parity of `body`: two upper-case hex digits of the XOR of its 7-bit characters.
[[nodiscard]] std::string blockParity(std::string_view body);
// `body` followed by its block parity, each byte with its parity bit.
[[nodiscard]] Bytes message(std::string_view body);

[[nodiscard]] Bytes encode(Command c);
// 'R' with its address (0x00 serial setup, 0x01 scan time, 0x02 automatic reports, 0x04 LED brightness).
[[nodiscard]] Bytes readE2rom(std::uint8_t address);
// The handshake: the version, then the whole board.
[[nodiscard]] Bytes handshake();

// The 81 LEDs sit on the corners of the squares, 9 x 9: LED 1 (index 0) in a8's outer corner, LED 9 in
// a1's, LED 73 in h8's, LED 81 in h1's (with the board upright: the description's orientation). Each
// is an 8-step flash pattern, bit 7 first, one step per slot of `slot` x 4.096 ms.
using LedPattern = std::array<std::uint8_t, 81>;
[[nodiscard]] Bytes leds(std::uint8_t slot, const LedPattern& pattern);
// The LED index of each corner of `square` (upright board).
[[nodiscard]] std::array<std::size_t, 4> cornersOf(rules::Square square);
// The pattern that lights the corners of `from` steadily and flashes those of `to` (a move to make).
[[nodiscard]] LedPattern movePattern(rules::Square from, rules::Square to);

// Replies.
// 's': the 64 squares in the board's order: a8 b8 ... h8, a7 ... h1 (as the description numbers them,
// the board "upright"; a board turned the other way round reads 180 degrees turned, which the tracker
// detects). Each is a FEN letter (K Q R B N P white, k q r b n p black) or '.' for empty.
struct Status {
    std::array<char, 64> squares{};
    friend bool operator==(const Status&, const Status&) = default;
};
// 'v': the firmware version, two bytes.
struct Version {
    std::uint8_t major = 0;
    std::uint8_t minor = 0;
    friend bool operator==(const Version&, const Version&) = default;
};
// 'l' (LEDs set) or 'x' (LEDs off): an acknowledgement without data.
struct Ack {
    char letter = 'l';
    friend bool operator==(const Ack&, const Ack&) = default;
};
// 'r' / 'w': an E2ROM location and its value.
struct E2rom {
    char letter = 'r';
    std::uint8_t address = 0;
    std::uint8_t value = 0;
    friend bool operator==(const E2rom&, const E2rom&) = default;
};
using Message = std::variant<Status, Version, Ack, E2rom>;

// The size of a reply starting with `letter` (the letter and the block parity included); 0 if no reply
// starts so.
[[nodiscard]] std::size_t replySize(char letter);

struct DecoderStats {
    std::size_t bytes = 0;           // every byte fed
    std::size_t messages = 0;        // replies decoded
    std::size_t garbage_bytes = 0;   // bytes that belonged to no reply
    std::size_t dropped_frames = 0;  // replies begun and abandoned (bad parity, bad content)
    friend bool operator==(const DecoderStats&, const DecoderStats&) = default;
};

// Bytes in any pieces in, replies out. A reply starts at a reply letter and has a fixed size; one whose
// parity bits, block parity or contents are wrong is abandoned, its letter counted as garbage, and
// reading starts again at the next byte (a reply may begin inside the broken one).
class Decoder {
  public:
    void feed(std::span<const std::uint8_t> bytes, std::vector<Message>& out);
    [[nodiscard]] std::vector<Message> feed(std::span<const std::uint8_t> bytes);
    [[nodiscard]] const DecoderStats& stats() const { return stats_; }
    // Forgets a partly read reply (after a reconnect); the counts stay.
    void reset();

  private:
    void scan(std::vector<Message>& out);

    std::string pending_;  // 7-bit characters not yet decoded; a byte with a bad parity bit is 0x7F-free
    DecoderStats stats_;
};

// One whole reply (letter to block parity) decoded; nullopt if it is no valid reply.
[[nodiscard]] std::optional<Message> decodeReply(std::string_view reply);

// The status as a placement, in the board's own orientation (the tracker detects a turned board).
[[nodiscard]] Placement placementOf(const Status& s);
[[nodiscard]] Status statusOf(const Placement& p);
// The board's square index (0 = a8 ... 63 = h1) as a chess square.
[[nodiscard]] rules::Square squareOf(std::size_t index);

// The board's end, for the fake board and the tests: replies as bytes, commands read back.
[[nodiscard]] Bytes reply(const Status& s);
[[nodiscard]] Bytes reply(const Version& v);
[[nodiscard]] Bytes reply(const Ack& a);
[[nodiscard]] Bytes reply(const E2rom& e);

// A command as the board receives it: its letter and the characters between it and the block parity.
struct Request {
    char letter = 0;
    std::string params;
    friend bool operator==(const Request&, const Request&) = default;
};
// The parameter count (hex characters) of the command `letter` ('L' 164, 'W' 4, 'R' 2, 'S' 'V' 'X' 'T'
// none); nullopt for no command.
[[nodiscard]] std::optional<std::size_t> requestParams(char letter);

// Reads the PC's bytes into requests; a request with a wrong parity is dropped, as the board does.
class RequestReader {
  public:
    void feed(std::span<const std::uint8_t> bytes, std::vector<Request>& out);

  private:
    std::string pending_;
};

}  // namespace oc::eboard::millennium
