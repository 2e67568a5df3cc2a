#include "shell/wall_clock.hpp"

#include <chrono>

namespace oc::shell {

session::WallTime wallNow() {
    return std::chrono::floor<std::chrono::milliseconds>(std::chrono::system_clock::now());
}

}  // namespace oc::shell
