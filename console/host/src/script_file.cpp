#include "host/script_file.hpp"

#include <fmt/format.h>

#include "host/input_file.hpp"
#include "i18n/tr.hpp"
#include "journal/journal.hpp"

namespace oc::host {

tl::expected<ScriptFile, std::string> loadScript(const std::filesystem::path& path, rules::Color computer) {
    auto text = readTextFile(path, sim::kMaxScriptBytes);  // bounded: a wrong file is not read whole
    if (!text) return tl::make_unexpected(text.error());
    auto steps = sim::parseScript(*text, computer);
    // The script language's own error (console/sim) names the line: English by design, translated here.
    if (!steps)
        return tl::make_unexpected(
            fmt::format("{}: {}", path.string(), i18n::translateMessage(steps.error())));
    return ScriptFile{std::move(*steps), journal::blake2bHex(*text)};
}

}  // namespace oc::host
