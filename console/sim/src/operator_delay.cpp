#include "sim/operator_delay.hpp"

#include <algorithm>
#include <cmath>

namespace oc::sim {

double uniform01(std::uint64_t seed, std::uint64_t stream, std::uint64_t index) {
    std::uint64_t h = mix64(mix64(mix64(seed) ^ stream) ^ index);
    return static_cast<double>(h >> 11) * 0x1.0p-53;
}

DelayModel::DelayModel(double median_s, double p99_s, std::uint64_t seed)
    : model_(clock::HandlingTimeModel::fit(median_s, p99_s)), seed_(seed) {}

std::chrono::milliseconds DelayModel::delay(std::uint64_t stream, std::uint64_t index) const {
    const double u1 = std::max(uniform01(seed_, stream * 2, index), 1e-12);
    const double u2 = uniform01(seed_, stream * 2 + 1, index);
    const double seconds = model_.seconds(clock::boxMuller(u1, u2));
    return std::chrono::milliseconds(static_cast<long long>(std::llround(seconds * 1000.0)));
}

}  // namespace oc::sim
