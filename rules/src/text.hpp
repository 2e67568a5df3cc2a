#pragma once
// Private: string building without a formatting library (rules/ depends on the standard library only).

#include <string>
#include <string_view>
#include <type_traits>

namespace oc::rules::detail {

inline void appendOne(std::string& out, std::string_view s) {
    out += s;
}
inline void appendOne(std::string& out, char c) {
    out += c;
}
template <typename T>
requires std::is_integral_v<T> &&
    (!std::is_same_v<T, char>)&&(!std::is_same_v<T, bool>)void appendOne(std::string& out, T v) {
    out += std::to_string(v);
}

// Concatenates strings, characters and integers.
template <typename... Args>
std::string cat(const Args&... args) {
    std::string out;
    (appendOne(out, args), ...);
    return out;
}

}  // namespace oc::rules::detail
