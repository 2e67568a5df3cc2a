#pragma once
// Bytes from a DGT board in, messages out: no I/O, no time. Bytes may arrive in any pieces. A payload
// byte never has its top bit set, so any such byte starts a frame: a broken frame is dropped and the
// reader starts again at that byte. Garbage is skipped and counted, never fatal.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "eboard/dgt_messages.hpp"

namespace oc::eboard::dgt {

struct DecoderStats {
    std::size_t bytes = 0;           // every byte fed
    std::size_t messages = 0;        // frames decoded (Skipped ones included)
    std::size_t garbage_bytes = 0;   // bytes that belonged to no accepted frame
    std::size_t dropped_frames = 0;  // frames begun and abandoned (bad size, cut short, bad content)
    friend bool operator==(const DecoderStats&, const DecoderStats&) = default;
};

class Decoder {
  public:
    // Decodes what `bytes` completes; appends the messages to `out` in order.
    void feed(std::span<const std::uint8_t> bytes, std::vector<Message>& out);
    // Convenience: the messages `bytes` completes.
    [[nodiscard]] std::vector<Message> feed(std::span<const std::uint8_t> bytes);
    [[nodiscard]] const DecoderStats& stats() const { return stats_; }
    // Forgets a partly read frame (after a reconnect); the counts stay.
    void reset();

  private:
    void take(std::uint8_t byte, std::vector<Message>& out);
    void start(std::uint8_t byte);
    void drop();
    void finish(std::vector<Message>& out);

    std::vector<std::uint8_t> frame_;
    std::size_t expected_ = 0;  // total size once the header is read, 0 before
    DecoderStats stats_;
};

// Decodes one whole frame (header included, size already checked); nullopt for bad content (a BCD digit
// above 9, a serial number that is not digits).
[[nodiscard]] std::optional<Message> decodeFrame(std::span<const std::uint8_t> frame);

}  // namespace oc::eboard::dgt
