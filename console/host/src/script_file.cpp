#include "host/script_file.hpp"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "session/journal.hpp"

namespace oc::host {

tl::expected<ScriptFile, std::string> loadScript(const std::filesystem::path& path, rules::Color computer) {
    std::ifstream in(path);
    if (!in) return tl::make_unexpected(fmt::format("{}: cannot read the script", path.string()));
    std::stringstream text;
    text << in.rdbuf();
    auto steps = sim::parseScript(text.str(), computer);
    if (!steps) return tl::make_unexpected(fmt::format("{}: {}", path.string(), steps.error()));
    return ScriptFile{std::move(*steps), session::blake2bHex(text.str())};
}

}  // namespace oc::host
