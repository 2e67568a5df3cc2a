#pragma once
// Where the programs find their own files (the message catalogues, the spectator page), wherever they
// run from: the build tree or an installed package. docs/install.md lists the places.

#include <filesystem>
#include <string>
#include <string_view>
#include <tl/expected.hpp>
#include <vector>

namespace oc::data_files {

// The folders searched, first to last:
//  1. $OC_DATA_DIR, when set (a packager's or a test's override);
//  2. the folder above the running program's when it is a build tree (build/bin/.., which holds
//     CMakeCache.txt, locale/ and web/), so a build never reads an installed copy; an installed program's
//     /usr/bin/.. is not searched, so a stray /usr/web or /usr/locale is never taken for the program's;
//  3. share/operator-console above the program's folder (/usr/bin/.. for the package, wherever the
//     prefix was moved);
//  4. the install prefix the program was built for, e.g. /usr/share/operator-console.
// Duplicates are dropped, so an error lists each place once.
[[nodiscard]] std::vector<std::filesystem::path> searchFolders();
// The same for a program running from `program_folder` (searchFolders() passes its own).
[[nodiscard]] std::vector<std::filesystem::path> searchFolders(const std::filesystem::path& program_folder);

// The first searched folder holding `relative` (a file or folder, e.g. "web/index.html"), as a full
// path. The error names what was missing and every place looked at, e.g. "cannot find web/index.html
// (looked in /usr/bin/../web, /usr/share/operator-console); set OC_DATA_DIR ...".
[[nodiscard]] tl::expected<std::filesystem::path, std::string> find(std::string_view relative);

}  // namespace oc::data_files
