#pragma once
// The computer's sealed move at adjournment (Guidelines I.1 / App. A1, E.III CMP-3.5): stored only
// encrypted for the arbiter, so the journal and every screen the human can see never reveal it.
// Passphrase-based: Argon2id (crypto_pwhash) derives the key, XChaCha20-Poly1305 encrypts the padded
// move and authenticates the envelope's public label. Details: docs/arbiter-journal.md.

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <tl/expected.hpp>

namespace oc::seal {

inline constexpr std::size_t kMinPassphraseLength = 8;
inline constexpr std::size_t kMaxSealedMoveBytes = 63;  // the move is padded to 64 bytes: length hidden

enum class SealErrorCode {
    InvalidInput,     // empty/too long move, short passphrase: nothing was sealed
    WrongPassphrase,  // the passphrase does not open this envelope
    Damaged,          // the envelope is incomplete or was altered (ciphertext, label, nonce...)
    Crypto,           // libsodium could not start or ran out of memory
};

struct SealError {
    SealErrorCode code = SealErrorCode::Damaged;
    std::string message;  // what is wrong and what to do
};

// How expensive the key derivation is (libsodium's Argon2id presets): Moderate ~256 MiB, ~1 s.
enum class KdfCost { Interactive, Moderate, Sensitive };

struct SealOptions {
    std::string label;  // public, authenticated context, e.g. "Round 3 board 1, move 41, Black seals"
    KdfCost cost = KdfCost::Moderate;
};

// Encrypts `move_text` under the arbiter's passphrase; the JSON envelope is safe to journal.
[[nodiscard]] tl::expected<nlohmann::json, SealError> sealMove(std::string_view move_text,
                                                               std::string_view passphrase,
                                                               const SealOptions& options = {});

// Opens an envelope made by sealMove; WrongPassphrase and Damaged are told apart.
[[nodiscard]] tl::expected<std::string, SealError> openSealedMove(const nlohmann::json& envelope,
                                                                  std::string_view passphrase);

// Short fingerprint of an envelope (first 16 hex digits of its BLAKE2b-256) to write on the paper form.
std::string envelopeFingerprint(const nlohmann::json& envelope);

}  // namespace oc::seal
