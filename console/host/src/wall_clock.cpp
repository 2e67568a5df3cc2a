#include "host/wall_clock.hpp"

#include <chrono>

namespace oc::host {

journal::WallTime wallNow() {
    return std::chrono::floor<std::chrono::milliseconds>(std::chrono::system_clock::now());
}

}  // namespace oc::host
