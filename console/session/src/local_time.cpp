// The zone comes from the C library (TZ or /etc/localtime, Debian's tzdata): the console runs at the
// venue, and an arbiter replaying a journal elsewhere sets TZ to the venue's zone (docs/arbiter-guide.md).
#include "session/local_time.hpp"

#include <fmt/format.h>

#include <array>
#include <ctime>

namespace oc::session {

std::string formatLocalTime(journal::WallTime wall) {
    const std::time_t seconds =
        std::chrono::system_clock::to_time_t(std::chrono::floor<std::chrono::seconds>(wall));
    std::tm local{};
    if (localtime_r(&seconds, &local) == nullptr) return journal::formatWallTime(wall);
    std::array<char, 64> text{};
    std::array<char, 16> offset{};
    if (std::strftime(text.data(), text.size(), "%Y-%m-%d %H:%M %Z", &local) == 0 ||
        std::strftime(offset.data(), offset.size(), "%z", &local) != 5)
        return journal::formatWallTime(wall);
    // strftime's %z is "+0100"; "UTC+01:00" is how a reader expects an offset.
    const std::string z(offset.data());
    return fmt::format("{} (UTC{}:{})", text.data(), z.substr(0, 3), z.substr(3, 2));
}

}  // namespace oc::session
