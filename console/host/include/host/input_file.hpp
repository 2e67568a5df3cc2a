#pragma once
// Files the operator names for either program (an event setup, a script), read with a bound: a wrong
// path to a huge file or an endless device is refused after reading at most the bound, not held whole in
// memory (docs/limits.md).

#include <cstddef>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <tl/expected.hpp>

namespace oc::host {

// The largest event setup file either program reads. A real setup is a few KiB (names, engine, options,
// policy); 1 MiB leaves room for long engine option lists and still refuses a wrong file at once.
inline constexpr std::size_t kMaxSetupFileBytes = std::size_t{1} << 20;

// The text of `path`, read up to `max_bytes`. The error names the file and says what is wrong: it cannot
// be read, or it is longer than `max_bytes` (reading stops there).
[[nodiscard]] tl::expected<std::string, std::string> readTextFile(const std::filesystem::path& path,
                                                                  std::size_t max_bytes);

// An event setup file as a JSON object: at most kMaxSetupFileBytes, nested at most journal::kMaxJsonDepth
// levels (deeper would overflow the stack). The error names the file and, for bad JSON, the place.
[[nodiscard]] tl::expected<nlohmann::json, std::string> readSetupJson(const std::filesystem::path& path);

}  // namespace oc::host
