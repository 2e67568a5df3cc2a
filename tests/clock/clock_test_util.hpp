#pragma once
// The shorthand every clock test file shares: literal durations, the fixed origin kT0 and W/B.

#include <chrono>

#include "fake_time.hpp"

namespace oc::clock::test {

using namespace std::chrono_literals;
constexpr Color W = Color::White;
constexpr Color B = Color::Black;

}  // namespace oc::clock::test
