#pragma once
// The spectator page's files, read once at start-up from a fixed list: nothing is ever read from disk by
// request path.

#include <filesystem>
#include <map>
#include <string>
#include <tl/expected.hpp>

namespace oc::broadcast {

struct Asset {
    std::string content_type;
    std::string body;
};

// URL path ("/", "/app.js", "/vendor/chessground.min.js", ...) -> file content.
using WebAssets = std::map<std::string, Asset, std::less<>>;

// Loads the page from `web_dir` (the repository's web/ with its npm packages installed by
// scripts/install-deps.sh). A missing file is an error naming it and how to install it.
[[nodiscard]] tl::expected<WebAssets, std::string> loadWebAssets(const std::filesystem::path& web_dir);

}  // namespace oc::broadcast
