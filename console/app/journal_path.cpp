#include "journal_path.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <chrono>

namespace oc::app {

std::filesystem::path defaultJournalPath() {
    const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
    return fmt::format("game-{:%Y%m%d-%H%M%S}.journal", now);
}

}  // namespace oc::app
