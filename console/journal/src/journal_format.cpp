// Canonical form, hashing and time stamps of journal records (format: docs/arbiter-journal.md).
#include "journal_format.hpp"

#include <fmt/format.h>
#include <sodium.h>

#include <algorithm>
#include <array>
#include <cstdio>

#include "journal/signing.hpp"

namespace oc::journal {
namespace {

using nlohmann::json;

// libsodium must be initialised once before use; sodium_init() is idempotent and thread-safe.
void ensureSodium() {
    static const int kInit = sodium_init();
    (void)kInit;
}

// Reads `count` decimal digits at `pos`; -1 if any is not a digit.
int digits(std::string_view text, std::size_t pos, std::size_t count) {
    int value = 0;
    for (std::size_t i = pos; i < pos + count; ++i) {
        if (text[i] < '0' || text[i] > '9') return -1;
        value = value * 10 + (text[i] - '0');
    }
    return value;
}

bool separatorsOk(std::string_view text) {
    return text.size() == 24 && text[4] == '-' && text[7] == '-' && text[10] == 'T' && text[13] == ':' &&
           text[16] == ':' && text[19] == '.' && text[23] == 'Z';
}

}  // namespace

std::string detail::randomSaltHex() {
    ensureSodium();
    std::array<unsigned char, kSaltBytes> salt{};
    randombytes_buf(salt.data(), salt.size());
    std::array<char, kSaltBytes * 2 + 1> hex{};
    sodium_bin2hex(hex.data(), hex.size(), salt.data(), salt.size());
    return std::string(hex.data(), hex.size() - 1);
}

std::string blake2bHex(std::string_view bytes) {
    ensureSodium();
    std::array<unsigned char, crypto_generichash_BYTES> digest{};
    crypto_generichash(digest.data(), digest.size(), reinterpret_cast<const unsigned char*>(bytes.data()),
                       bytes.size(), nullptr, 0);
    std::array<char, crypto_generichash_BYTES * 2 + 1> hex{};
    sodium_bin2hex(hex.data(), hex.size(), digest.data(), digest.size());
    return std::string(hex.data(), hex.size() - 1);
}

std::string formatWallTime(WallTime wall) {
    using namespace std::chrono;
    const auto day = floor<days>(wall);
    const year_month_day ymd{day};
    const hh_mm_ss hms{wall - day};
    return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z", static_cast<int>(ymd.year()),
                       static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()),
                       hms.hours().count(), hms.minutes().count(), hms.seconds().count(),
                       hms.subseconds().count());
}

std::optional<WallTime> parseWallTime(std::string_view text) {
    using namespace std::chrono;
    if (!separatorsOk(text)) return std::nullopt;
    const int y = digits(text, 0, 4), mo = digits(text, 5, 2), d = digits(text, 8, 2);
    const int h = digits(text, 11, 2), mi = digits(text, 14, 2), s = digits(text, 17, 2);
    const int ms = digits(text, 20, 3);
    if (y < 0 || mo < 0 || d < 0 || h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 59 || ms < 0) {
        return std::nullopt;
    }
    const year_month_day ymd{year{y}, month{static_cast<unsigned>(mo)}, day{static_cast<unsigned>(d)}};
    if (!ymd.ok()) return std::nullopt;
    return WallTime{sys_days{ymd}} + hours{h} + minutes{mi} + seconds{s} + milliseconds{ms};
}

namespace {

// A first, SAX pass that only counts nesting, values and the memory they would take, and stops at the
// first bound passed: linear in the text, and it builds nothing. (The DOM parser's callback form looks
// through the whole enclosing array at each closing value, which made an array of 200,000 empty objects
// take seconds and millions never finish.)
class BoundsCheck : public nlohmann::json_sax<json> {
  public:
    BoundsCheck(std::size_t max_depth, std::size_t text_bytes)
        : max_(max_depth), max_bytes_(text_bytes * kMaxJsonMemoryPerByte + kJsonMemoryAllowance) {}
    bool too_deep = false, too_many = false, too_dense = false;
    std::size_t bytes = 0;  // the estimate so far

    bool null() override { return value(kScalarBytes); }
    bool boolean(bool) override { return value(kScalarBytes); }
    bool number_integer(number_integer_t) override { return value(kScalarBytes); }
    bool number_unsigned(number_unsigned_t) override { return value(kScalarBytes); }
    bool number_float(number_float_t, const string_t&) override { return value(kScalarBytes); }
    bool string(string_t& s) override { return value(kScalarBytes + s.size()); }
    bool binary(binary_t&) override { return value(kScalarBytes); }
    bool key(string_t& k) override { return cost(kKeyBytes + k.size()); }
    bool start_object(std::size_t) override { return open(); }
    bool start_array(std::size_t) override { return open(); }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
        return false;
    }

  private:
    // What nlohmann::json takes on a 64-bit libstdc++ at its peak, allocations' headers included, checked
    // with bench/audit/audit_scaling_bench: a value is 16 bytes, but an array grown by doubling holds its
    // old and new buffers at once (48); an object or array adds its container; an object's member adds a
    // tree node and its key.
    static constexpr std::size_t kScalarBytes = 48, kContainerBytes = 96, kKeyBytes = 64;
    bool cost(std::size_t more) {
        bytes += more;
        too_dense = bytes > max_bytes_;
        return !too_dense;
    }
    bool value(std::size_t more) {
        too_many = ++values_ > kMaxJsonValues;
        return !too_many && cost(more);
    }
    bool open() {
        too_deep = ++depth_ > max_;
        return !too_deep && value(kContainerBytes);
    }
    bool close() {
        --depth_;
        return true;
    }
    std::size_t max_, max_bytes_, depth_ = 0, values_ = 0;
};

// The bound `check` stopped at, in words; empty when none.
std::string boundPassed(const BoundsCheck& check, std::size_t max_depth, std::size_t text_bytes) {
    if (check.too_deep) return fmt::format("nests deeper than {} levels of arrays and objects", max_depth);
    if (check.too_many)
        return fmt::format("holds more than {} values (arrays, objects, strings, numbers)", kMaxJsonValues);
    if (check.too_dense)
        return fmt::format(
            "is too dense: its values would take more than {} bytes once read, over {} times its {} bytes "
            "(no record the console writes takes more than 7 times its length)",
            check.bytes, kMaxJsonMemoryPerByte, text_bytes);
    return {};
}

std::string notJson(std::string_view text) {
    try {  // the library's own words and position, for the message
        [[maybe_unused]] const json parsed = json::parse(text);
    } catch (const json::exception& e) {
        return fmt::format("not valid JSON: {}", e.what());
    }
    return "not valid JSON";
}

}  // namespace

std::string jsonBoundsProblem(std::string_view text, std::size_t max_depth) {
    BoundsCheck check(max_depth, text.size());
    const bool ok = json::sax_parse(text, &check, json::input_format_t::json, true, false);
    if (auto passed = boundPassed(check, max_depth, text.size()); !passed.empty()) return passed;
    return ok ? std::string() : notJson(text);
}

tl::expected<nlohmann::json, std::string> parseJsonBounded(std::string_view text, std::size_t max_depth) {
    // Nothing too deep or too large is ever built, so freeing the value can never recurse too far.
    if (auto problem = jsonBoundsProblem(text, max_depth); !problem.empty())
        return tl::unexpected(std::move(problem));
    json j = json::parse(text, nullptr, false);
    if (!j.is_discarded()) return j;
    return tl::unexpected(notJson(text));
}

std::size_t jsonDepth(const nlohmann::json& value, std::size_t limit) {
    if (!value.is_structured() || limit == 0) return 0;
    std::size_t deepest = 0;
    for (const auto& child : value) deepest = std::max(deepest, jsonDepth(child, limit - 1));
    return deepest + 1;
}

namespace detail {
namespace {

using nlohmann::json;

// The fields of a line and their JSON kinds; a line with any other key does not verify.
// A salt, when present, is exactly kSaltBytes as lower-case hex (what the writer makes); a signature
// exactly kSignatureHexDigits.
bool hexFieldOk(const json& j, const char* key, std::size_t digits) {
    if (!j.contains(key)) return true;
    return j[key].is_string() && lowerHex(j[key].get_ref<const std::string&>(), digits);
}

bool shapeOk(const json& j) {
    if (!j.is_object()) return false;
    const std::size_t fields =
        std::size_t{7} + (j.contains("salt") ? 1U : 0U) + (j.contains("sig") ? 1U : 0U);
    return j.size() == fields && hexFieldOk(j, "salt", 2 * kSaltBytes) &&
           hexFieldOk(j, "sig", kSignatureHexDigits) && j.contains("hash") && j["hash"].is_string() &&
           j.contains("mono_ms") && j["mono_ms"].is_number_integer() && j.contains("payload") &&
           j["payload"].is_object() && j.contains("prev") && j["prev"].is_string() && j.contains("seq") &&
           j["seq"].is_number_unsigned() && j.contains("type") && j["type"].is_string() &&
           j.contains("wall") && j["wall"].is_string();
}

// The header carries the format version; later records must not pose as headers.
std::string typeProblem(const Record& r) {
    if (r.seq == 0) {
        if (r.type != kJournalHeaderType) return "the first record must be the header";
        const auto version = r.payload.value("journal_version", json{});
        if (r.payload.value("journal_format", "") != "oc-journal" || !version.is_number_integer()) {
            return "the header does not name the journal format";
        }
        const int v = version.get<int>();
        if (v < kOldestJournalFormatVersion || v > kJournalFormatVersion) {
            return fmt::format(
                "journal format version {} is not supported (this console reads versions {} to {})",
                version.dump(), kOldestJournalFormatVersion, kJournalFormatVersion);
        }
        if (v >= 3 && !lowerHex(namedSigningKey(r), kPublicKeyHexDigits))
            return "the header of a version 3 journal must name its signing key (64 hex digits)";
        return {};
    }
    if (r.type.empty() || r.type == kJournalHeaderType) return "only the first record may be a header";
    if (r.type == kSigningKeyChangedType && !lowerHex(namedSigningKey(r), kPublicKeyHexDigits))
        return "its signing_key_changed record does not name the new key (64 hex digits)";
    return {};
}

// A header or a key change names the key that signs it and what follows; any other record is signed
// by the key in force. Versions 1 and 2 have no key: their records carry no signature.
std::string signatureProblem(const Record& r, const std::string& in_force) {
    const bool names_key = r.seq == 0 || r.type == kSigningKeyChangedType;
    const std::string key = names_key ? namedSigningKey(r) : in_force;
    if (key.empty()) {
        if (r.sig.empty()) return {};
        return "it carries a signature, but no signing key is in force (the header names none)";
    }
    if (r.sig.empty())
        return fmt::format("it is not signed, but every record of this journal must be signed by key {}",
                           keyFingerprint(key));
    if (!signatureValid(key, r.hash, r.sig))
        return fmt::format(
            "its signature is not that of the journal's key {} (the record was written or changed without "
            "the console's key)",
            keyFingerprint(key));
    return {};
}

std::string chainProblem(const Record& r, std::size_t index, std::string_view prev_hash) {
    if (r.seq != index) {
        return fmt::format("its sequence number is {}, expected {} (a record was deleted, inserted or moved)",
                           r.seq, index);
    }
    if (r.prev_hash != prev_hash) {
        return "its previous-hash does not match the record before it (a record before it was changed, "
               "deleted, inserted or moved)";
    }
    return {};
}

// Fills r.wall and r.hash; `j` loses its "hash" and "sig" keys.
std::string contentProblem(json& j, std::string_view line, Record& r) {
    const auto wall = parseWallTime(j["wall"].get_ref<const std::string&>());
    if (!wall) return "its wall time is not of the form 2026-01-31T12:00:00.000Z";
    r.wall = *wall;
    r.hash = j["hash"].get<std::string>();
    j.erase("hash");
    j.erase("sig");
    std::string canonical;
    try {
        canonical = j.dump();
    } catch (const json::exception& e) {
        return fmt::format("its content cannot be serialized: {}", e.what());
    }
    if (blake2bHex(canonical) != r.hash)
        return "its stored hash does not match its content (the record was edited)";
    if (lineFor(canonical, r.hash, r.sig) != line)
        return "the line is not in canonical form (it was edited by hand)";
    return {};
}

Record recordFrom(const json& j) {
    Record r;
    r.seq = j["seq"].get<std::uint64_t>();
    r.type = j["type"].get<std::string>();
    r.payload = j["payload"];
    r.mono = MonoTime{j["mono_ms"].get<std::int64_t>()};
    r.prev_hash = j["prev"].get<std::string>();
    if (j.contains("salt")) r.salt = j["salt"].get<std::string>();
    if (j.contains("sig")) r.sig = j["sig"].get<std::string>();
    return r;
}

}  // namespace

std::string canonicalWithoutHash(const Record& record) {
    // nlohmann::json keeps object keys sorted (std::map), so dump() is canonical for a given value.
    json j = {{"seq", record.seq},
              {"type", record.type},
              {"payload", record.payload},
              {"wall", formatWallTime(record.wall)},
              {"mono_ms", record.mono.count()},
              {"prev", record.prev_hash}};
    if (!record.salt.empty()) j["salt"] = record.salt;
    return j.dump();
}

std::string lineFor(std::string_view canonical_without_hash, std::string_view hash, std::string_view sig) {
    // "hash" sorts before every other key, so it leads the canonical object; "sig" follows it, so both
    // are outside what the hash covers and the rest of the line is the canonical form itself.
    if (sig.empty()) return fmt::format("{{\"hash\":\"{}\",{}", hash, canonical_without_hash.substr(1));
    return fmt::format("{{\"hash\":\"{}\",\"sig\":\"{}\",{}", hash, sig, canonical_without_hash.substr(1));
}

bool unparsable(std::string_view line) {
    return json::parse(line, nullptr, false).is_discarded();
}

tl::expected<Record, LineProblem> verifyLine(std::string_view line, const ChainTip& tip) {
    if (line.size() > kMaxRecordBytes)
        return tl::unexpected(fmt::format(
            "the line is {} bytes long, more than the {} bytes a record may have (the console never writes "
            "such a line)",
            line.size(), kMaxRecordBytes));
    auto parsed = parseJsonBounded(line);
    if (!parsed) {
        if (parsed.error().rfind("not valid JSON", 0) == 0)
            return tl::unexpected(std::string("the line is not valid JSON"));
        return tl::unexpected(
            fmt::format("the line {} (the console never writes such a record)", parsed.error()));
    }
    json& j = *parsed;
    if (!shapeOk(j)) {
        return tl::unexpected(std::string(
            "the record does not have exactly the fields hash, mono_ms, payload, prev, seq, type, "
            "wall (and salt, 64 hex digits, since version 2; sig, 128 hex digits, since version 3) with the "
            "right kinds"));
    }
    Record r = recordFrom(j);
    // Checked in this order so the message names the likeliest cause: position in the chain first,
    // then the record's own content.
    std::string problem = chainProblem(r, tip.next_index, tip.prev_hash);
    if (problem.empty()) problem = contentProblem(j, line, r);
    if (problem.empty()) problem = typeProblem(r);
    if (!problem.empty()) return tl::unexpected(LineProblem(problem));
    problem = signatureProblem(r, tip.signing_key);
    // Only a record the key in force must sign can be "the journal's key did not sign it".
    const bool names_key = r.seq == 0 || r.type == kSigningKeyChangedType;
    if (!problem.empty()) return tl::unexpected(LineProblem(problem, !names_key && !tip.signing_key.empty()));
    return r;
}

}  // namespace detail

std::string payloadText(const nlohmann::json& payload, const char* key) {
    const auto it = payload.find(key);
    return it != payload.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::string namedSigningKey(const Record& record) {
    return payloadText(record.payload, "signing_key");
}

void ChainTip::advance(const Record& record) {
    next_index = record.seq + 1;
    prev_hash = record.hash;
    if (record.seq == 0 || record.type == kSigningKeyChangedType) signing_key = namedSigningKey(record);
}

}  // namespace oc::journal
