#include "trf_text.hpp"

#include <array>
#include <cstdint>

namespace oc::trf::detail {
namespace {

// The length of the UTF-8 sequence starting at s[i], or 0 when it is not a valid one.
std::size_t utf8Length(std::string_view s, std::size_t i) {
    const auto b = static_cast<unsigned char>(s[i]);
    std::size_t n = 0;
    if (b < 0x80) return 1;
    if (b >= 0xC2 && b <= 0xDF)
        n = 2;
    else if (b >= 0xE0 && b <= 0xEF)
        n = 3;
    else if (b >= 0xF0 && b <= 0xF4)
        n = 4;
    else
        return 0;
    if (i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k)
        if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 0;
    return n;
}

bool validUtf8(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t n = utf8Length(s, i);
        if (n == 0) return false;
        i += n;
    }
    return true;
}

// Windows-1252's 0x80-0x9F (Š, š, Ž, ž, Œ ... in names); the rest of the upper half is Latin-1.
constexpr std::array<std::uint16_t, 32> kCp1252High{
    0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD, 0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178};

void appendUtf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

std::string fromCp1252(std::string_view s) {
    std::string out;
    out.reserve(s.size() + s.size() / 4);
    for (char c : s) {
        const auto b = static_cast<unsigned char>(c);
        appendUtf8(out, b >= 0x80 && b < 0xA0 ? kCp1252High[b - 0x80] : b);
    }
    return out;
}

}  // namespace

// Trailing spaces are dropped: they are no field, and must not make an empty round block.
Line::Line(std::string text, int number) : text_(std::move(text)), number_(number) {
    while (!text_.empty() && (text_.back() == ' ' || text_.back() == '\t')) text_.pop_back();
    for (std::size_t i = 0; i < text_.size();) {
        starts_.push_back(i);
        const std::size_t n = utf8Length(text_, i);
        i += n == 0 ? 1 : n;
    }
}

std::string Line::field(std::size_t first, std::size_t last) const {
    if (first < 1 || first > starts_.size() || last < first) return {};
    const std::size_t from = starts_[first - 1];
    const std::size_t to = last >= starts_.size() ? text_.size() : starts_[last];
    return trim(std::string_view(text_).substr(from, to - from));
}

std::string Line::rest(std::size_t first) const {
    return field(first, starts_.size());
}

std::string trim(std::string_view s) {
    const auto space = [](char c) { return c == ' ' || c == '\t'; };
    while (!s.empty() && space(s.front())) s.remove_prefix(1);
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return std::string(s);
}

std::vector<Line> splitLines(std::string_view text) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    const std::string decoded = validUtf8(text) ? std::string(text) : fromCp1252(text);
    std::vector<Line> lines;
    std::size_t pos = 0;
    int number = 1;
    while (pos < decoded.size()) {
        std::size_t end = decoded.find_first_of("\r\n", pos);
        if (end == std::string::npos) end = decoded.size();
        lines.emplace_back(decoded.substr(pos, end - pos), number++);
        if (end < decoded.size() && decoded[end] == '\r' && end + 1 < decoded.size() &&
            decoded[end + 1] == '\n')
            ++end;
        pos = end + 1;
    }
    return lines;
}

}  // namespace oc::trf::detail
