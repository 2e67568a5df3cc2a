// console/data_files against real folders: the test binary lives in build/bin like the programs, so the
// build tree's own locale/ is what it finds when nothing overrides it.
#include "data_files/data_files.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using oc::data_files::find;
using oc::data_files::searchFolders;

namespace {

class DataFiles : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("oc-data-files-" + std::to_string(::getpid()));
        fs::create_directories(dir_ / "web");
        std::ofstream(dir_ / "web" / "index.html") << "<html></html>";
    }
    void TearDown() override {
        ::unsetenv("OC_DATA_DIR");
        fs::remove_all(dir_);
    }
    fs::path dir_;
};

fs::path buildTree() {
    return fs::read_symlink("/proc/self/exe").parent_path().parent_path();
}

}  // namespace

TEST_F(DataFiles, TheBuildTreeBesideTheProgramComesBeforeTheInstalledCopy) {
    const auto folders = searchFolders();
    ASSERT_GE(folders.size(), 2u);
    EXPECT_EQ(folders[0], buildTree().lexically_normal());
    EXPECT_EQ(folders[1], (buildTree() / "share" / "operator-console").lexically_normal());
    auto locale = find("locale/pl/LC_MESSAGES/operator-console.mo");
    ASSERT_TRUE(locale) << locale.error();
    EXPECT_EQ(*locale, buildTree().lexically_normal() / "locale/pl/LC_MESSAGES/operator-console.mo");
}

TEST_F(DataFiles, TheOverrideIsSearchedFirst) {
    ::setenv("OC_DATA_DIR", dir_.c_str(), 1);
    EXPECT_EQ(searchFolders().front(), dir_.lexically_normal());
    auto page = find("web/index.html");
    ASSERT_TRUE(page) << page.error();
    EXPECT_EQ(*page, dir_.lexically_normal() / "web/index.html");
}

TEST_F(DataFiles, AMissingFileNamesItselfAndEveryPlaceLookedAt) {
    ::setenv("OC_DATA_DIR", dir_.c_str(), 1);
    auto missing = find("web/no-such-page.html");
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().find("cannot find web/no-such-page.html"), std::string::npos)
        << missing.error();
    for (const auto& folder : searchFolders())
        EXPECT_NE(missing.error().find(folder.string()), std::string::npos)
            << folder << ": " << missing.error();
    EXPECT_NE(missing.error().find("OC_DATA_DIR"), std::string::npos);
}

TEST_F(DataFiles, EachPlaceIsListedOnce) {
    ::setenv("OC_DATA_DIR", buildTree().c_str(), 1);
    const auto folders = searchFolders();
    EXPECT_EQ(std::count(folders.begin(), folders.end(), buildTree().lexically_normal()), 1);
}

TEST_F(DataFiles, AnInstalledProgramsPrefixIsNotSearchedItselfOnlyItsShareFolder) {
    // An installed program: DIR/bin/operator-cli, its files in DIR/share/operator-console. DIR itself
    // (/usr for the package) is no build tree, so a stray DIR/web is never taken for the program's.
    fs::create_directories(dir_ / "bin");
    auto folders = searchFolders(dir_ / "bin");
    EXPECT_EQ(std::count(folders.begin(), folders.end(), dir_.lexically_normal()), 0);
    EXPECT_EQ(folders.front(), (dir_ / "share" / "operator-console").lexically_normal());
    // The same folder with a CMakeCache.txt is a build tree, searched first.
    std::ofstream(dir_ / "CMakeCache.txt") << "# build tree\n";
    folders = searchFolders(dir_ / "bin");
    EXPECT_EQ(folders.front(), dir_.lexically_normal());
}
