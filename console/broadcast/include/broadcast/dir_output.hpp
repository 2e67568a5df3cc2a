#pragma once
// --dir DIR: games.pgn and games.json written on every change for an upload job or a web server,
// atomically (a reader sees the old file or the new one, never half of one).

#include <filesystem>
#include <string>
#include <tl/expected.hpp>

namespace oc::broadcast {

// Writes DIR/NAME.tmp, flushes it, then renames it over DIR/NAME.
[[nodiscard]] tl::expected<void, std::string> writeAtomically(const std::filesystem::path& dir,
                                                              const std::string& name,
                                                              const std::string& text);

}  // namespace oc::broadcast
