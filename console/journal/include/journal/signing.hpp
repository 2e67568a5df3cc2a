#pragma once
// The journal's signing keys (format version 3, docs/arbiter-journal.md §2): the console makes an
// Ed25519 key pair for each journal, names the public key in the header and signs every record's hash,
// so that someone who can write the journals' folder but has not the console's key cannot add or change
// a record that verifies (issue 35). The secret half is kept outside the journals' folder, in the key
// folder of the user who runs the console.

#include <array>
#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <tl/expected.hpp>

namespace oc::journal {

// Hex digits of a public key (32 bytes) and of a signature (64 bytes).
inline constexpr std::size_t kPublicKeyHexDigits = 64;
inline constexpr std::size_t kSignatureHexDigits = 128;

// Where the secret keys are kept: $OC_JOURNAL_KEYS when set, else $XDG_STATE_HOME/operator-console/
// journal-keys, else ~/.local/state/operator-console/journal-keys. One file per journal, named after
// its public key, readable by its owner only.
std::filesystem::path signingKeyDirectory();

// An Ed25519 key pair whose secret half is wiped when the object goes.
class SigningKey {
  public:
    // Makes a fresh key pair and writes its secret half durably (fsync) into signingKeyDirectory()
    // before it is used, so a crash can never leave a journal whose key was lost.
    [[nodiscard]] static tl::expected<SigningKey, std::string> generate();
    // The stored key whose public half is `public_hex`; the error says where it was looked for.
    [[nodiscard]] static tl::expected<SigningKey, std::string> load(std::string_view public_hex);

    const std::string& publicHex() const { return public_hex_; }
    // Hex Ed25519 signature (detached) of `message`.
    [[nodiscard]] std::string sign(std::string_view message) const;

    SigningKey(SigningKey&& other) noexcept;
    SigningKey& operator=(SigningKey&& other) noexcept;
    SigningKey(const SigningKey&) = delete;
    SigningKey& operator=(const SigningKey&) = delete;
    ~SigningKey();

  private:
    SigningKey() = default;
    std::array<unsigned char, 64> secret_{};
    std::string public_hex_;
};

// True when `signature_hex` is a valid Ed25519 signature of `message` by `public_hex`.
[[nodiscard]] bool signatureValid(std::string_view public_hex, std::string_view message,
                                  std::string_view signature_hex);
// True for exactly `digits` lower-case hex digits (how the journal writes keys, salts and signatures).
[[nodiscard]] bool lowerHex(std::string_view text, std::size_t digits);
// What the scoresheet and the envelope print beside the final hash, and `journal verify` says: the
// public key's first 16 hex digits in groups of four, e.g. "3f2a 91c0 7d4e 0b15".
[[nodiscard]] std::string keyFingerprint(std::string_view public_hex);

}  // namespace oc::journal
