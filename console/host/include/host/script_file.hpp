#pragma once
// An operator script file (docs/cli-script-format.md) read and parsed for either program.

#include <filesystem>
#include <string>
#include <tl/expected.hpp>
#include <vector>

#include "sim/script.hpp"

namespace oc::host {

struct ScriptFile {
    std::vector<sim::ScriptStep> steps;
    std::string digest;  // blake2bHex of the text: a resumed run checks it is the same script
};

// Reads and parses `path`; `computer` resolves the words human/computer. The error names the file and,
// for a bad line, the line and what was expected there.
[[nodiscard]] tl::expected<ScriptFile, std::string> loadScript(const std::filesystem::path& path,
                                                               rules::Color computer);

}  // namespace oc::host
