// The files the operator names (an event setup, a script), read with a bound, on real files: a wrong
// file is refused by name and reading stops at the bound; a file at the bound is read whole.
#include "host/input_file.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "host/script_file.hpp"
#include "journal/journal.hpp"
#include "sim/script.hpp"

namespace oc::host {
namespace {

namespace fs = std::filesystem;

class InputFile : public ::testing::Test {
  protected:
    void SetUp() override {
        dir = fs::temp_directory_path() / ("host_input_" + std::to_string(::getpid()) + "_" +
                                           ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    void TearDown() override { fs::remove_all(dir); }
    fs::path write(const std::string& name, const std::string& text) {
        std::ofstream(dir / name, std::ios::binary) << text;
        return dir / name;
    }
    fs::path dir;
};

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST_F(InputFile, AFileUpToTheBoundIsReadWholeAndOneByteMoreIsRefusedByName) {
    const std::string text(200000, 'x');
    ASSERT_EQ(readTextFile(write("at.txt", text), text.size()).value(), text);
    auto over = readTextFile(write("over.txt", text + "y"), text.size());
    ASSERT_FALSE(over);
    EXPECT_TRUE(has(over.error(), "over.txt: the file is longer than 200000 bytes")) << over.error();
}

TEST_F(InputFile, AnEndlessDeviceIsRefusedAtTheBoundNotReadForever) {
    auto zero = readTextFile("/dev/zero", 1000);
    ASSERT_FALSE(zero);
    EXPECT_TRUE(has(zero.error(), "/dev/zero: the file is longer than 1000 bytes")) << zero.error();
}

TEST_F(InputFile, AMissingFileOrADirectoryCannotBeRead) {
    auto missing = readTextFile(dir / "nowhere.json", 100);
    ASSERT_FALSE(missing);
    EXPECT_TRUE(has(missing.error(), "nowhere.json: the file cannot be read")) << missing.error();
    auto directory = readSetupJson(dir);
    ASSERT_FALSE(directory);
    EXPECT_TRUE(has(directory.error(), "the file cannot be read")) << directory.error();
}

TEST_F(InputFile, ASetupFileLargerThanOneMebibyteIsRefusedBeforeParsing) {
    const std::string padding(kMaxSetupFileBytes, ' ');
    auto big = readSetupJson(write("big.json", "{\"white\":\"A\"}" + padding));
    ASSERT_FALSE(big);
    EXPECT_TRUE(has(big.error(), "big.json: the file is longer than 1048576 bytes")) << big.error();
    auto fits = readSetupJson(write("fits.json", "{\"white\":\"A\"}" + padding.substr(100)));
    ASSERT_TRUE(fits) << fits.error();
    EXPECT_EQ(fits->value("white", ""), "A");
}

TEST_F(InputFile, ASetupFileThatIsNotAJsonObjectSaysWhatIsWrong) {
    auto broken = readSetupJson(write("broken.json", "{\"white\": }"));
    ASSERT_FALSE(broken);
    EXPECT_TRUE(has(broken.error(), "broken.json: not valid JSON: ")) << broken.error();
    EXPECT_TRUE(has(broken.error(), "line 1, column")) << broken.error();  // the library's place
    auto deep = readSetupJson(write("deep.json", std::string(100000, '[') + std::string(100000, ']')));
    ASSERT_FALSE(deep);
    EXPECT_TRUE(has(deep.error(), "deep.json: it nests deeper than 64 levels")) << deep.error();
    auto list = readSetupJson(write("list.json", "[1, 2]"));
    ASSERT_FALSE(list);
    EXPECT_TRUE(has(list.error(), "list.json: not an event setup: the file must hold one JSON object"))
        << list.error();
}

TEST_F(InputFile, AScriptOverItsBoundIsRefusedWithoutReadingItWhole) {
    auto ok = loadScript(write("ok.script", "start\nmove e4\n"), rules::Color::Black);
    ASSERT_TRUE(ok) << ok.error();
    EXPECT_EQ(ok->digest, journal::blake2bHex("start\nmove e4\n"));
    auto big =
        loadScript(write("big.script", std::string(sim::kMaxScriptBytes + 1, '\n')), rules::Color::Black);
    ASSERT_FALSE(big);
    EXPECT_TRUE(has(big.error(), "big.script: the file is longer than 4194304 bytes")) << big.error();
}

}  // namespace
}  // namespace oc::host
