#pragma once

#include <chrono>
#include <cstdint>

#include "clock/random.hpp"

namespace oc::sim {

// Simulated operator handling delays: log-normal with a given median and 99th percentile (heavy tail).
// Stateless: a delay depends only on (seed, stream, index), so a resumed run draws the same delays.
class DelayModel {
  public:
    DelayModel(double median_s, double p99_s, std::uint64_t seed);
    // The delay for event `index` of kind `stream` (e.g. 1 = made on board, 2 = clock press).
    std::chrono::milliseconds delay(std::uint64_t stream, std::uint64_t index) const;

  private:
    clock::HandlingTimeModel model_;
    std::uint64_t seed_;
};

using clock::mix64;
// A uniform double in [0, 1) from (seed, stream, index).
double uniform01(std::uint64_t seed, std::uint64_t stream, std::uint64_t index);

}  // namespace oc::sim
