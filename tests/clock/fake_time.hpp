#pragma once

#include "clock/types.hpp"

namespace oc::clock::test {

// A fixed origin for literal time points: tests never read a real clock.
inline const TimePoint kT0 = TimePoint{} + std::chrono::hours{1000};

}  // namespace oc::clock::test
