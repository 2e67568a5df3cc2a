// A main for the fuzz targets without libFuzzer: every file named on the command line, and every file in
// a directory named there, goes once through LLVMFuzzerTestOneInput. A crash or a sanitizer report fails
// the run; so does a named path that does not exist or an empty corpus (a test that cannot fail).
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

int runFile(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return std::cerr << file.string() << ": cannot read\n", 1;
    const std::vector<char> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    // A copy of exactly `size` bytes, so an overread is caught by the sanitizers as under libFuzzer.
    std::vector<std::uint8_t> input(bytes.begin(), bytes.end());
    LLVMFuzzerTestOneInput(input.data(), input.size());
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::size_t count = 0;
    for (int i = 1; i < argc; ++i) {
        const std::filesystem::path path(argv[i]);
        std::vector<std::filesystem::path> files;
        if (std::filesystem::is_directory(path)) {
            for (const auto& entry : std::filesystem::recursive_directory_iterator(path))
                if (entry.is_regular_file()) files.push_back(entry.path());
        } else if (std::filesystem::is_regular_file(path)) {
            files.push_back(path);
        } else {
            return std::cerr << path.string() << ": no such file or directory\n", 1;
        }
        for (const auto& file : files) {
            if (runFile(file) != 0) return 1;
            ++count;
        }
    }
    if (count == 0) return std::cerr << "no input replayed: name a corpus directory or files\n", 1;
    std::cout << count << " inputs replayed, none crashed\n";
    return 0;
}
