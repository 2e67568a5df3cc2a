// Ed25519 keys for signed journals (libsodium's crypto_sign): generation, the key folder, signing and
// checking. The stored form of a secret key is its 32-byte seed in hex, one line.
#include "journal/signing.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sodium.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <utility>

namespace oc::journal {
namespace {

static_assert(crypto_sign_SECRETKEYBYTES == 64 && crypto_sign_PUBLICKEYBYTES * 2 == kPublicKeyHexDigits &&
              crypto_sign_BYTES * 2 == kSignatureHexDigits);

void ensureSodium() {
    static const int kInit = sodium_init();
    (void)kInit;
}

template <std::size_t N>
std::string toHex(const std::array<unsigned char, N>& bytes, std::size_t count = N) {
    std::string hex(count * 2 + 1, '\0');
    sodium_bin2hex(hex.data(), hex.size(), bytes.data(), count);
    hex.pop_back();
    return hex;
}

template <std::size_t N>
bool fromHex(std::string_view hex, std::array<unsigned char, N>& out) {
    std::size_t written = 0;
    return hex.size() == 2 * N &&
           sodium_hex2bin(out.data(), N, hex.data(), hex.size(), nullptr, &written, nullptr) == 0 &&
           written == N;
}

std::filesystem::path keyFile(std::string_view public_hex) {
    return signingKeyDirectory() / fmt::format("{}.key", public_hex);
}

// The key folder and its parents, the folder itself private to its owner.
tl::expected<void, std::string> makeKeyFolder(const std::filesystem::path& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec || ::chmod(dir.c_str(), 0700) != 0)
        return tl::make_unexpected(fmt::format("cannot make the journal key folder {}: {}", dir.string(),
                                               ec ? ec.message() : std::strerror(errno)));
    return {};
}

// Writes `text` to a new file readable by its owner only, fsyncs it and its folder.
tl::expected<void, std::string> writeSecretFile(const std::filesystem::path& path, const std::string& text) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0)
        return tl::make_unexpected(fmt::format("cannot write {}: {}", path.string(), std::strerror(errno)));
    const bool ok =
        ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()) && ::fsync(fd) == 0;
    const int err = errno;
    ::close(fd);
    const int dir = ::open(path.parent_path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    const bool dir_ok = dir >= 0 && ::fsync(dir) == 0;
    if (dir >= 0) ::close(dir);
    if (!ok || !dir_ok)
        return tl::make_unexpected(
            fmt::format("cannot write {} durably: {}", path.string(), std::strerror(ok ? errno : err)));
    return {};
}

}  // namespace

std::filesystem::path signingKeyDirectory() {
    if (const char* dir = std::getenv("OC_JOURNAL_KEYS"); dir && *dir) return dir;
    if (const char* state = std::getenv("XDG_STATE_HOME"); state && *state)
        return std::filesystem::path(state) / "operator-console" / "journal-keys";
    const char* home = std::getenv("HOME");
    return std::filesystem::path(home && *home ? home : ".") / ".local" / "state" / "operator-console" /
           "journal-keys";
}

tl::expected<SigningKey, std::string> SigningKey::generate() {
    ensureSodium();
    std::array<unsigned char, crypto_sign_SEEDBYTES> seed{};
    std::array<unsigned char, crypto_sign_PUBLICKEYBYTES> pub{};
    randombytes_buf(seed.data(), seed.size());
    SigningKey key;
    crypto_sign_seed_keypair(pub.data(), key.secret_.data(), seed.data());
    key.public_hex_ = toHex(pub);
    std::string stored = toHex(seed) + "\n";
    sodium_memzero(seed.data(), seed.size());
    auto made = makeKeyFolder(signingKeyDirectory());
    if (made) made = writeSecretFile(keyFile(key.public_hex_), stored);
    sodium_memzero(stored.data(), stored.size());
    if (!made) return tl::make_unexpected(made.error());
    return key;
}

tl::expected<SigningKey, std::string> SigningKey::load(std::string_view public_hex) {
    ensureSodium();
    const auto path = keyFile(public_hex);
    std::ifstream in(path);
    std::string line;
    if (!lowerHex(public_hex, kPublicKeyHexDigits) || !std::getline(in, line))
        return tl::make_unexpected(fmt::format("the journal's signing key {} is not in {} on this computer",
                                               keyFingerprint(public_hex), signingKeyDirectory().string()));
    std::array<unsigned char, crypto_sign_SEEDBYTES> seed{};
    std::array<unsigned char, crypto_sign_PUBLICKEYBYTES> pub{};
    SigningKey key;
    const bool read = fromHex(line, seed);
    sodium_memzero(line.data(), line.size());
    if (read) crypto_sign_seed_keypair(pub.data(), key.secret_.data(), seed.data());
    sodium_memzero(seed.data(), seed.size());
    if (!read || toHex(pub) != public_hex)
        return tl::make_unexpected(fmt::format("{} does not hold the secret key of {} (damaged or replaced)",
                                               path.string(), keyFingerprint(public_hex)));
    key.public_hex_ = std::string(public_hex);
    return key;
}

std::string SigningKey::sign(std::string_view message) const {
    std::array<unsigned char, crypto_sign_BYTES> sig{};
    crypto_sign_detached(sig.data(), nullptr, reinterpret_cast<const unsigned char*>(message.data()),
                         message.size(), secret_.data());
    return toHex(sig);
}

SigningKey::SigningKey(SigningKey&& other) noexcept
    : secret_(other.secret_), public_hex_(std::move(other.public_hex_)) {
    sodium_memzero(other.secret_.data(), other.secret_.size());
}

SigningKey& SigningKey::operator=(SigningKey&& other) noexcept {
    if (this != &other) {
        secret_ = other.secret_;
        public_hex_ = std::move(other.public_hex_);
        sodium_memzero(other.secret_.data(), other.secret_.size());
    }
    return *this;
}

SigningKey::~SigningKey() {
    sodium_memzero(secret_.data(), secret_.size());
}

bool signatureValid(std::string_view public_hex, std::string_view message, std::string_view signature_hex) {
    ensureSodium();
    std::array<unsigned char, crypto_sign_PUBLICKEYBYTES> pub{};
    std::array<unsigned char, crypto_sign_BYTES> sig{};
    return fromHex(public_hex, pub) && fromHex(signature_hex, sig) &&
           crypto_sign_verify_detached(sig.data(), reinterpret_cast<const unsigned char*>(message.data()),
                                       message.size(), pub.data()) == 0;
}

bool lowerHex(std::string_view text, std::size_t digits) {
    return text.size() == digits && std::all_of(text.begin(), text.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}

std::string keyFingerprint(std::string_view public_hex) {
    const auto head = public_hex.substr(0, 16);
    std::string out;
    for (std::size_t i = 0; i < head.size(); i += 4) {
        if (!out.empty()) out += ' ';
        out += head.substr(i, 4);
    }
    return out;
}

}  // namespace oc::journal
