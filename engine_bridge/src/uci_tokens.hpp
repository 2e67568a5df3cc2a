#pragma once
// Whitespace tokenizer shared by the parser and formatter: tokens are views into the original line, so
// "the rest of the line" (info string, id name) keeps the engine's own spacing.

#include <charconv>
#include <optional>
#include <string_view>
#include <vector>

namespace oc::engine::detail {

inline bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' || c == '\n';
}

inline std::vector<std::string_view> tokenize(std::string_view line) {
    std::vector<std::string_view> tokens;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && isSpace(line[i])) ++i;
        const std::size_t begin = i;
        while (i < line.size() && !isSpace(line[i])) ++i;
        if (i > begin) tokens.push_back(line.substr(begin, i - begin));
    }
    return tokens;
}

inline std::string_view trim(std::string_view text) {
    while (!text.empty() && isSpace(text.front())) text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back())) text.remove_suffix(1);
    return text;
}

// The text of `line` from the start of `token` to the end, trimmed.
inline std::string_view restFrom(std::string_view line, std::string_view token) {
    const auto offset = static_cast<std::size_t>(token.data() - line.data());
    return trim(line.substr(offset));
}

// Parses the whole token as a number; a partial, signed-where-unsigned or overflowing token is nullopt.
template <typename T>
std::optional<T> toNumber(std::string_view token) {
    T value{};
    const char* end = token.data() + token.size();
    const auto [ptr, ec] = std::from_chars(token.data(), end, value);
    if (ec != std::errc{} || ptr != end) return std::nullopt;
    return value;
}

}  // namespace oc::engine::detail
