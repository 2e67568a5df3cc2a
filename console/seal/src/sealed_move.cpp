// Sealing with a passphrase rather than an arbiter public key (crypto_box_seal): events have no key
// infrastructure, and an arbiter can choose and type a passphrase at the board without bringing a key
// pair. Argon2id makes guessing the passphrase slow; the AEAD's associated data binds the public label
// so an envelope cannot be relabelled to another game; padding hides the move's length (which would
// otherwise narrow ~30 legal moves down to a few); a key-check value lets "wrong passphrase" be told
// apart from "damaged envelope" without weakening anything (the AEAD tag already verifies guesses).
#include "seal/sealed_move.hpp"

#include <fmt/format.h>
#include <sodium.h>

#include <array>
#include <optional>
#include <vector>

#include "i18n/mark.hpp"
#include "journal/journal.hpp"

namespace oc::seal {
namespace {

using nlohmann::json;
using Bytes = std::vector<unsigned char>;

constexpr std::string_view kFormat = "oc-sealed-move";
constexpr int kVersion = 1;
constexpr std::size_t kPadBlock = 64;
constexpr std::size_t kKeyBytes = crypto_aead_xchacha20poly1305_ietf_KEYBYTES;
constexpr std::string_view kKeyCheckMessage = "oc-sealed-move key check v1";

// Zeroes the derived key material whatever path leaves the function.
struct KeyMaterial {
    std::array<unsigned char, 2 * kKeyBytes> bytes{};
    ~KeyMaterial() { sodium_memzero(bytes.data(), bytes.size()); }
    const unsigned char* encryptionKey() const { return bytes.data(); }
    const unsigned char* checkKey() const { return bytes.data() + kKeyBytes; }
};

tl::unexpected<SealError> fail(SealErrorCode code, std::string message) {
    return tl::unexpected(SealError{code, std::move(message)});
}

std::string toHex(const unsigned char* data, std::size_t size) {
    std::string hex(size * 2 + 1, '\0');
    sodium_bin2hex(hex.data(), hex.size(), data, size);
    hex.pop_back();
    return hex;
}

std::optional<Bytes> fromHex(const json& envelope, const char* key, std::optional<std::size_t> size) {
    if (!envelope.contains(key) || !envelope[key].is_string()) return std::nullopt;
    const auto& hex = envelope[key].get_ref<const std::string&>();
    Bytes out(hex.size() / 2);
    std::size_t len = 0;
    if (hex.size() % 2 != 0 ||
        sodium_hex2bin(out.data(), out.size(), hex.data(), hex.size(), nullptr, &len, nullptr) != 0 ||
        len != out.size() || (size && len != *size)) {
        return std::nullopt;
    }
    return out;
}

std::pair<unsigned long long, std::size_t> limitsFor(KdfCost cost) {
    switch (cost) {
        case KdfCost::Interactive:
            return {crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE};
        case KdfCost::Sensitive:
            return {crypto_pwhash_OPSLIMIT_SENSITIVE, crypto_pwhash_MEMLIMIT_SENSITIVE};
        case KdfCost::Moderate:
            break;
    }
    return {crypto_pwhash_OPSLIMIT_MODERATE, crypto_pwhash_MEMLIMIT_MODERATE};
}

std::string associatedData(std::string_view label) {
    return fmt::format("{}/{}\n{}", kFormat, kVersion, label);
}

tl::expected<void, SealError> derive(KeyMaterial& km, std::string_view passphrase, const Bytes& salt,
                                     unsigned long long ops, std::size_t mem) {
    if (crypto_pwhash(km.bytes.data(), km.bytes.size(), passphrase.data(), passphrase.size(), salt.data(),
                      ops, mem, crypto_pwhash_ALG_ARGON2ID13) != 0) {
        return fail(SealErrorCode::Crypto,
                    "key derivation ran out of memory; close other programs and retry");
    }
    return {};
}

std::string keyCheck(const KeyMaterial& km) {
    std::array<unsigned char, 32> out{};
    crypto_generichash(out.data(), out.size(),
                       reinterpret_cast<const unsigned char*>(kKeyCheckMessage.data()),
                       kKeyCheckMessage.size(), km.checkKey(), kKeyBytes);
    return toHex(out.data(), out.size());
}

tl::expected<void, SealError> checkInputs(std::string_view move_text, std::string_view passphrase) {
    if (sodium_init() < 0) return fail(SealErrorCode::Crypto, "libsodium could not be initialised");
    if (move_text.empty() || move_text.size() > kMaxSealedMoveBytes) {
        return fail(SealErrorCode::InvalidInput,
                    fmt::format("the sealed move must be 1 to {} bytes of text, e.g. \"Ng1-f3\"",
                                kMaxSealedMoveBytes));
    }
    if (passphrase.size() < kMinPassphraseLength) {
        return fail(
            SealErrorCode::InvalidInput,
            fmt::format("the arbiter's passphrase must have at least {} characters", kMinPassphraseLength));
    }
    return {};
}

Bytes padded(std::string_view move_text) {
    Bytes buf(kPadBlock);
    std::copy(move_text.begin(), move_text.end(), buf.begin());
    std::size_t padded_len = 0;
    sodium_pad(&padded_len, buf.data(), move_text.size(), kPadBlock, buf.size());
    buf.resize(padded_len);
    return buf;
}

}  // namespace

tl::expected<json, SealError> sealMove(std::string_view move_text, std::string_view passphrase,
                                       const SealOptions& options) {
    if (auto ok = checkInputs(move_text, passphrase); !ok) return tl::unexpected(ok.error());
    const auto [ops, mem] = limitsFor(options.cost);
    Bytes salt(crypto_pwhash_SALTBYTES), nonce(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES);
    randombytes_buf(salt.data(), salt.size());
    randombytes_buf(nonce.data(), nonce.size());
    KeyMaterial km;
    if (auto ok = derive(km, passphrase, salt, ops, mem); !ok) return tl::unexpected(ok.error());
    Bytes plain = padded(move_text);
    const std::string ad = associatedData(options.label);
    Bytes cipher(plain.size() + crypto_aead_xchacha20poly1305_ietf_ABYTES);
    unsigned long long cipher_len = 0;
    crypto_aead_xchacha20poly1305_ietf_encrypt(cipher.data(), &cipher_len, plain.data(), plain.size(),
                                               reinterpret_cast<const unsigned char*>(ad.data()), ad.size(),
                                               nullptr, nonce.data(), km.encryptionKey());
    sodium_memzero(plain.data(), plain.size());
    return json{{"format", kFormat},
                {"version", kVersion},
                {"kdf", "argon2id13"},
                {"opslimit", ops},
                {"memlimit", mem},
                {"salt", toHex(salt.data(), salt.size())},
                {"cipher", "xchacha20poly1305-ietf"},
                {"nonce", toHex(nonce.data(), nonce.size())},
                {"label", options.label},
                {"key_check", keyCheck(km)},
                {"ciphertext", toHex(cipher.data(), cipher_len)}};
}

namespace {

tl::unexpected<SealError> damaged(std::string_view what) {
    return fail(SealErrorCode::Damaged, fmt::format("the sealed-move envelope is damaged: {}", what));
}

struct ParsedEnvelope {
    unsigned long long ops = 0;
    std::size_t mem = 0;
    Bytes salt, nonce, cipher;
    std::string key_check, label;
};

tl::expected<ParsedEnvelope, SealError> parseEnvelope(const json& e) {
    if (!e.is_object() || e.value("format", "") != kFormat || e.value("version", 0) != kVersion ||
        e.value("kdf", "") != "argon2id13" || e.value("cipher", "") != "xchacha20poly1305-ietf" ||
        !e.contains("label") || !e["label"].is_string() || !e.contains("key_check")) {
        return damaged("it is not a version-1 oc-sealed-move envelope");
    }
    ParsedEnvelope p{e.value("opslimit", 0ULL), e.value("memlimit", std::size_t{0}), {}, {}, {}, {}, {}};
    // Bounds keep a forged envelope from demanding unbounded time or memory.
    if (p.ops < crypto_pwhash_OPSLIMIT_INTERACTIVE || p.ops > crypto_pwhash_OPSLIMIT_SENSITIVE ||
        p.mem < crypto_pwhash_MEMLIMIT_INTERACTIVE || p.mem > crypto_pwhash_MEMLIMIT_SENSITIVE) {
        return damaged("its key-derivation cost is outside the range the console writes");
    }
    auto salt = fromHex(e, "salt", crypto_pwhash_SALTBYTES);
    auto nonce = fromHex(e, "nonce", crypto_aead_xchacha20poly1305_ietf_NPUBBYTES);
    auto cipher = fromHex(e, "ciphertext", std::nullopt);
    if (!salt || !nonce || !fromHex(e, "key_check", 32) || !cipher ||
        cipher->size() < crypto_aead_xchacha20poly1305_ietf_ABYTES) {
        return damaged("salt, nonce, key_check or ciphertext is missing or not hex of the right length");
    }
    p.salt = std::move(*salt);
    p.nonce = std::move(*nonce);
    p.cipher = std::move(*cipher);
    p.key_check = e["key_check"].get<std::string>();
    p.label = e["label"].get<std::string>();
    return p;
}

tl::expected<std::string, SealError> decrypt(const ParsedEnvelope& p, const KeyMaterial& km) {
    const std::string ad = associatedData(p.label);
    Bytes plain(p.cipher.size() - crypto_aead_xchacha20poly1305_ietf_ABYTES);
    unsigned long long plain_len = 0;
    if (crypto_aead_xchacha20poly1305_ietf_decrypt(plain.data(), &plain_len, nullptr, p.cipher.data(),
                                                   p.cipher.size(),
                                                   reinterpret_cast<const unsigned char*>(ad.data()),
                                                   ad.size(), p.nonce.data(), km.encryptionKey()) != 0) {
        return damaged("its ciphertext, nonce or label was altered");
    }
    std::size_t unpadded = 0;
    if (sodium_unpad(&unpadded, plain.data(), plain_len, kPadBlock) != 0)
        return damaged("its padding is invalid");
    std::string move(plain.begin(), plain.begin() + static_cast<std::ptrdiff_t>(unpadded));
    sodium_memzero(plain.data(), plain.size());
    return move;
}

tl::expected<std::string, SealError> openEnvelope(const json& envelope, std::string_view passphrase) {
    auto parsed = parseEnvelope(envelope);
    if (!parsed) return tl::unexpected(parsed.error());
    KeyMaterial km;
    if (auto ok = derive(km, passphrase, parsed->salt, parsed->ops, parsed->mem); !ok) {
        return tl::unexpected(ok.error());
    }
    if (keyCheck(km) != parsed->key_check) {
        return fail(
            SealErrorCode::WrongPassphrase,
            i18n::N_("the passphrase does not open this envelope; check the arbiter's passphrase as written: "
                     "capitals, spaces, and letters with diacritics (ł or l, ą or a)"));
    }
    return decrypt(*parsed, km);
}

}  // namespace

tl::expected<std::string, SealError> openSealedMove(const json& envelope, std::string_view passphrase) {
    if (sodium_init() < 0) return fail(SealErrorCode::Crypto, "libsodium could not be initialised");
    try {
        return openEnvelope(envelope, passphrase);
    } catch (const json::exception& e) {
        // A field of the wrong JSON type (json::value throws): damage, not a crash.
        return fail(SealErrorCode::Damaged, fmt::format("the sealed-move envelope is damaged: {}", e.what()));
    }
}

std::string envelopeFingerprint(const json& envelope) {
    return journal::blake2bHex(envelope.dump()).substr(0, 16);
}

}  // namespace oc::seal
