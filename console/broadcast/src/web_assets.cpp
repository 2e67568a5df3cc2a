#include "broadcast/web_assets.hpp"

#include <fstream>
#include <sstream>

namespace oc::broadcast {
namespace {

struct PageFile {
    const char* url;
    const char* file;  // relative to the web directory
    const char* type;
};

// The whole page. The board is drawn by chessground (npm, installed from web/package-lock.json).
constexpr PageFile kPage[] = {
    {"/", "index.html", "text/html; charset=utf-8"},
    {"/app.js", "app.js", "text/javascript; charset=utf-8"},
    {"/style.css", "style.css", "text/css; charset=utf-8"},
    {"/i18n.js", "i18n.js", "text/javascript; charset=utf-8"},
    {"/vendor/chessground.min.js", "node_modules/chessground/dist/chessground.min.js",
     "text/javascript; charset=utf-8"},
    {"/vendor/chessground.base.css", "node_modules/chessground/assets/chessground.base.css",
     "text/css; charset=utf-8"},
    {"/vendor/chessground.brown.css", "node_modules/chessground/assets/chessground.brown.css",
     "text/css; charset=utf-8"},
    {"/vendor/chessground.cburnett.css", "node_modules/chessground/assets/chessground.cburnett.css",
     "text/css; charset=utf-8"},
};

}  // namespace

tl::expected<WebAssets, std::string> loadWebAssets(const std::filesystem::path& web_dir) {
    WebAssets assets;
    for (const auto& f : kPage) {
        std::ifstream in(web_dir / f.file, std::ios::binary);
        if (!in)
            return tl::make_unexpected(
                "the spectator page's file " + (web_dir / f.file).string() +
                " is missing: run scripts/install-deps.sh (it runs npm ci in web/), or "
                "pass --web DIR for another copy of web/");
        std::ostringstream body;
        body << in.rdbuf();
        assets.emplace(f.url, Asset{f.type, std::move(body).str()});
    }
    return assets;
}

}  // namespace oc::broadcast
