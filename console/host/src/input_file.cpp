#include "host/input_file.hpp"

#include <array>
#include <fstream>

#include "i18n/tr.hpp"
#include "journal/journal.hpp"

namespace oc::host {

tl::expected<std::string, std::string> readTextFile(const std::filesystem::path& path,
                                                    std::size_t max_bytes) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return tl::make_unexpected(i18n::trf("{}: the file cannot be read", path.string()));
    std::string text;
    std::array<char, 64 * 1024> chunk{};
    // In chunks, so that the bound holds for a file whose size is not known beforehand (a pipe, a device).
    while (in.read(chunk.data(), chunk.size()) || in.gcount() > 0) {
        text.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
        if (text.size() > max_bytes)
            return tl::make_unexpected(i18n::trf(
                "{}: the file is longer than {} bytes, more than such a file may have; is it the right file?",
                path.string(), max_bytes));
    }
    if (in.bad()) return tl::make_unexpected(i18n::trf("{}: the file cannot be read", path.string()));
    return text;
}

tl::expected<nlohmann::json, std::string> readSetupJson(const std::filesystem::path& path) {
    auto text = readTextFile(path, kMaxSetupFileBytes);
    if (!text) return tl::make_unexpected(text.error());
    auto json = journal::parseJsonBounded(*text);
    if (!json) {
        static constexpr std::string_view kNotJson = "not valid JSON: ";
        if (json.error().rfind(kNotJson, 0) == 0)  // then the library's words, with the line and column
            return tl::make_unexpected(
                i18n::trf("{}: not valid JSON: {}", path.string(), json.error().substr(kNotJson.size())));
        return tl::make_unexpected(i18n::trf("{}: it nests deeper than {} levels of arrays and objects",
                                             path.string(), journal::kMaxJsonDepth));
    }
    if (!json->is_object())
        return tl::make_unexpected(
            i18n::trf("{}: not an event setup: the file must hold one JSON object", path.string()));
    return json;
}

}  // namespace oc::host
