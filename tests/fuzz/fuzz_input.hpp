#pragma once
// Helpers shared by the fuzz targets: the input as text, split into lines, and a scratch file per process
// (in /dev/shm when there is one, so that the journal's fsyncs cost nothing) for the readers that take a
// path.

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

namespace oc::fuzz {

inline std::string_view asText(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// The lines of `text` without their '\n' (a last line without one counts too).
inline std::vector<std::string_view> splitLines(std::string_view text) {
    std::vector<std::string_view> lines;
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) {
            lines.push_back(text.substr(pos));
            break;
        }
        lines.push_back(text.substr(pos, end - pos));
        pos = end + 1;
    }
    return lines;
}

// A directory of this process's own, made once: /dev/shm/oc-fuzz-<pid> (or under the temp directory).
inline const std::filesystem::path& scratchDir() {
    static const std::filesystem::path dir = [] {
        const std::filesystem::path base = std::filesystem::is_directory("/dev/shm")
                                               ? std::filesystem::path("/dev/shm")
                                               : std::filesystem::temp_directory_path();
        auto d = base / ("oc-fuzz-" + std::to_string(::getpid()));
        std::filesystem::create_directories(d);
        return d;
    }();
    return dir;
}

// Removes the scratch directory when the process ends normally.
struct ScratchCleanup {
    ~ScratchCleanup() {
        std::error_code ec;
        std::filesystem::remove_all(scratchDir(), ec);
    }
};

// Writes `bytes` to scratchDir()/name (replacing it) and returns the path.
inline std::filesystem::path writeScratch(const std::string& name, std::string_view bytes) {
    static ScratchCleanup cleanup;
    const auto path = scratchDir() / name;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return path;
}

}  // namespace oc::fuzz
