#include "host/script_file.hpp"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "i18n/tr.hpp"
#include "journal/journal.hpp"

namespace oc::host {

tl::expected<ScriptFile, std::string> loadScript(const std::filesystem::path& path, rules::Color computer) {
    std::ifstream in(path);
    if (!in) return tl::make_unexpected(i18n::trf("{}: cannot read the script", path.string()));
    std::stringstream text;
    text << in.rdbuf();
    auto steps = sim::parseScript(text.str(), computer);
    // The script language's own error (console/sim) names the line: English by design, translated here.
    if (!steps)
        return tl::make_unexpected(
            fmt::format("{}: {}", path.string(), i18n::translateMessage(steps.error())));
    return ScriptFile{std::move(*steps), journal::blake2bHex(text.str())};
}

}  // namespace oc::host
