#pragma once
// Timing for the C++ benches: each figure is a ratio or a percentile of repeated runs in one process.

#include <algorithm>
#include <chrono>
#include <vector>

namespace oc::bench {

// The wall time of `runs` calls of f, in milliseconds, sorted (so percentiles are indices).
template <typename F>
std::vector<double> sortedTimesMs(F f, int runs) {
    using Clock = std::chrono::steady_clock;
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        const auto start = Clock::now();
        f();
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }
    std::sort(ms.begin(), ms.end());
    return ms;
}

}  // namespace oc::bench
