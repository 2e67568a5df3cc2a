#include "data_files/data_files.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdlib>

#include "i18n/mark.hpp"

namespace oc::data_files {
namespace {

namespace fs = std::filesystem;

// The running program's folder. /proc/self/exe resolves symbolic links, so a link in ~/bin to a build
// still finds that build's files.
fs::path programFolder() {
    std::error_code ec;
    const auto exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path() : exe.parent_path();
}

void addOnce(std::vector<fs::path>& folders, fs::path folder) {
    folder = folder.lexically_normal();
    if (std::find(folders.begin(), folders.end(), folder) == folders.end())
        folders.push_back(std::move(folder));
}

}  // namespace

std::vector<fs::path> searchFolders() {
    return searchFolders(programFolder());
}

std::vector<fs::path> searchFolders(const fs::path& program) {
    std::vector<fs::path> folders;
    if (const char* env = std::getenv("OC_DATA_DIR"); env && *env) addOnce(folders, env);
    if (!program.empty()) {
        std::error_code ec;
        if (fs::exists(program.parent_path() / "CMakeCache.txt", ec)) addOnce(folders, program.parent_path());
        addOnce(folders, program.parent_path() / OC_RELATIVE_DATA_DIR);
    }
    addOnce(folders, OC_INSTALL_DATA_DIR);
    return folders;
}

tl::expected<fs::path, std::string> find(std::string_view relative) {
    std::vector<std::string> looked;
    for (const auto& folder : searchFolders()) {
        std::error_code ec;
        if (fs::exists(folder / relative, ec)) return folder / relative;
        looked.push_back(folder.string());
    }
    return tl::make_unexpected(fmt::format(
        i18n::N_(
            "cannot find {} (looked in {}); reinstall the package, build the project, or set OC_DATA_DIR "
            "to the folder that holds it"),
        relative, fmt::join(looked, ", ")));
}

}  // namespace oc::data_files
