#include "broadcast/dir_output.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>

namespace oc::broadcast {

tl::expected<void, std::string> writeAtomically(const std::filesystem::path& dir, const std::string& name,
                                                const std::string& text) {
    const auto final_path = dir / name;
    const auto tmp = dir / (name + ".tmp");
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!(out << text) || !out.flush())
            return tl::make_unexpected(
                fmt::format("--dir: cannot write {}: {}", tmp.string(), std::strerror(errno)));
    }
    std::error_code ec;
    std::filesystem::rename(tmp, final_path, ec);
    if (ec)
        return tl::make_unexpected(
            fmt::format("--dir: cannot replace {}: {}", final_path.string(), ec.message()));
    return {};
}

}  // namespace oc::broadcast
