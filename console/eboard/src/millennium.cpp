// The Millennium ChessLink codec, written from the public behaviour description (docs/eboard.md).
#include "eboard/millennium.hpp"

#include <algorithm>
#include <bit>

namespace oc::eboard::millennium {

namespace {

constexpr std::string_view kHex = "0123456789ABCDEF";
constexpr std::string_view kPieceLetters = "KQRBNPkqrbnp.";

std::string hex2(std::uint8_t v) {
    return {kHex[v >> 4], kHex[v & 0x0F]};
}

std::optional<std::uint8_t> parseHex2(std::string_view s) {
    const std::size_t hi = kHex.find(s[0]), lo = kHex.find(s[1]);
    if (hi == std::string_view::npos || lo == std::string_view::npos) return std::nullopt;
    return static_cast<std::uint8_t>(hi * 16 + lo);
}

std::optional<Cell> cellOfLetter(char c) {
    if (kPieceLetters.find(c) == std::string_view::npos) return std::nullopt;
    for (int i = 0; i <= static_cast<int>(Cell::BlackKing); ++i)
        if (cellLetter(static_cast<Cell>(i)) == c) return static_cast<Cell>(i);
    return std::nullopt;
}

std::optional<Message> decodeBody(char letter, std::string_view data) {
    switch (letter) {
        case 's': {
            Status s;
            for (std::size_t i = 0; i < 64; ++i) {
                if (!cellOfLetter(data[i])) return std::nullopt;
                s.squares[i] = data[i];
            }
            return s;
        }
        case 'v': {
            const auto hi = parseHex2(data.substr(0, 2)), lo = parseHex2(data.substr(2, 2));
            if (!hi || !lo) return std::nullopt;
            return Version{*hi, *lo};
        }
        case 'l':
        case 'x':
            return Ack{letter};
        case 'r':
        case 'w': {
            const auto a = parseHex2(data.substr(0, 2)), v = parseHex2(data.substr(2, 2));
            if (!a || !v) return std::nullopt;
            return E2rom{letter, *a, *v};
        }
        default:
            return std::nullopt;
    }
}

}  // namespace

std::uint8_t withParity(char c) {
    const auto seven = static_cast<std::uint8_t>(static_cast<std::uint8_t>(c) & 0x7F);
    // Odd parity: the eight bits together hold an odd number of ones.
    return std::popcount(seven) % 2 == 0 ? static_cast<std::uint8_t>(seven | 0x80) : seven;
}

bool parityAcceptable(std::uint8_t byte) {
    return (byte & 0x80) == 0 || withParity(static_cast<char>(byte & 0x7F)) == byte;
}

std::string blockParity(std::string_view body) {
    std::uint8_t x = 0;
    for (char c : body) x = static_cast<std::uint8_t>(x ^ (static_cast<std::uint8_t>(c) & 0x7F));
    return hex2(x);
}

Bytes message(std::string_view body) {
    const std::string whole = std::string(body) + blockParity(body);
    Bytes out;
    out.reserve(whole.size());
    for (char c : whole) out.push_back(withParity(c));
    return out;
}

Bytes encode(Command c) {
    return message(std::string(1, static_cast<char>(c)));
}

Bytes readE2rom(std::uint8_t address) {
    return message("R" + hex2(address));
}

Bytes handshake() {
    Bytes out = encode(Command::Version);
    const Bytes status = encode(Command::Status);
    out.insert(out.end(), status.begin(), status.end());
    return out;
}

Bytes leds(std::uint8_t slot, const LedPattern& pattern) {
    std::string body = "L" + hex2(slot);
    for (std::uint8_t p : pattern) body += hex2(p);
    return message(body);
}

std::array<std::size_t, 4> cornersOf(rules::Square square) {
    // Column c (0 = left of the a-file) and row r (0 = above the 8th rank): LED index c * 9 + r.
    const auto file = static_cast<std::size_t>(rules::fileOf(square));
    const auto row = static_cast<std::size_t>(7 - rules::rankOf(square));
    return {file * 9 + row, file * 9 + row + 1, (file + 1) * 9 + row, (file + 1) * 9 + row + 1};
}

LedPattern movePattern(rules::Square from, rules::Square to) {
    LedPattern p{};
    for (std::size_t i : cornersOf(to)) p[i] = 0xCC;    // flashing: where the piece goes
    for (std::size_t i : cornersOf(from)) p[i] = 0xFF;  // steady: where it comes from
    return p;
}

std::size_t replySize(char letter) {
    switch (letter) {
        case 's':
            return 67;
        case 'v':
        case 'w':
        case 'r':
            return 7;
        case 'l':
        case 'x':
            return 3;
        default:
            return 0;
    }
}

std::optional<Message> decodeReply(std::string_view reply) {
    if (reply.empty() || reply.size() != replySize(reply[0])) return std::nullopt;
    const std::string_view body = reply.substr(0, reply.size() - 2);
    if (blockParity(body) != reply.substr(reply.size() - 2)) return std::nullopt;
    return decodeBody(reply[0], body.substr(1));
}

void Decoder::feed(std::span<const std::uint8_t> bytes, std::vector<Message>& out) {
    for (std::uint8_t b : bytes) {
        ++stats_.bytes;
        // A byte whose parity bit is wrong was damaged on the line: it can be part of no reply. It is
        // kept as a marker (0x7F, no reply letter, no hex digit) so that a reply around it fails.
        pending_ += parityAcceptable(b) ? static_cast<char>(b & 0x7F) : '\x7F';
    }
    scan(out);
}

std::vector<Message> Decoder::feed(std::span<const std::uint8_t> bytes) {
    std::vector<Message> out;
    feed(bytes, out);
    return out;
}

// Skips to a reply letter, waits for the reply's size, decodes it; a broken reply gives up its letter
// only, and reading goes on from the next byte.
void Decoder::scan(std::vector<Message>& out) {
    std::size_t at = 0;
    while (at < pending_.size()) {
        const std::size_t size = replySize(pending_[at]);
        if (size == 0) {
            ++stats_.garbage_bytes;
            ++at;
            continue;
        }
        if (pending_.size() - at < size) break;  // the rest is still on its way
        if (auto m = decodeReply(std::string_view(pending_).substr(at, size))) {
            out.push_back(*m);
            ++stats_.messages;
            at += size;
        } else {
            ++stats_.dropped_frames;
            ++stats_.garbage_bytes;
            ++at;
        }
    }
    pending_.erase(0, at);
}

void Decoder::reset() {
    stats_.garbage_bytes += pending_.size();
    pending_.clear();
}

rules::Square squareOf(std::size_t index) {
    const int i = static_cast<int>(index);
    return rules::makeSquare(i % 8, 7 - i / 8);
}

Placement placementOf(const Status& s) {
    Placement p;
    for (std::size_t i = 0; i < 64; ++i) p[squareOf(i)] = cellOfLetter(s.squares[i]).value_or(Cell::Unknown);
    return p;
}

Status statusOf(const Placement& p) {
    Status s;
    for (std::size_t i = 0; i < 64; ++i) {
        const char c = cellLetter(p[squareOf(i)]);
        s.squares[i] = c == '?' ? '.' : c;
    }
    return s;
}

Bytes reply(const Status& s) {
    return message("s" + std::string(s.squares.begin(), s.squares.end()));
}

Bytes reply(const Version& v) {
    return message("v" + hex2(v.major) + hex2(v.minor));
}

Bytes reply(const Ack& a) {
    return message(std::string(1, a.letter));
}

Bytes reply(const E2rom& e) {
    return message(std::string(1, e.letter) + hex2(e.address) + hex2(e.value));
}

std::optional<std::size_t> requestParams(char letter) {
    switch (letter) {
        case 'S':
        case 'V':
        case 'X':
        case 'T':
            return 0;
        case 'R':
            return 2;
        case 'W':
            return 4;
        case 'L':
            return 164;
        default:
            return std::nullopt;
    }
}

void RequestReader::feed(std::span<const std::uint8_t> bytes, std::vector<Request>& out) {
    for (std::uint8_t b : bytes) pending_ += parityAcceptable(b) ? static_cast<char>(b & 0x7F) : '\x7F';
    std::size_t at = 0;
    while (at < pending_.size()) {
        const auto params = requestParams(pending_[at]);
        if (!params) {
            ++at;
            continue;
        }
        const std::size_t size = 1 + *params + 2;
        if (pending_.size() - at < size) break;
        const std::string_view whole = std::string_view(pending_).substr(at, size);
        const std::string_view body = whole.substr(0, size - 2);
        if (blockParity(body) == whole.substr(size - 2)) {
            out.push_back(Request{whole[0], std::string(body.substr(1))});
            at += size;
        } else {
            ++at;
        }
    }
    pending_.erase(0, at);
}

}  // namespace oc::eboard::millennium
