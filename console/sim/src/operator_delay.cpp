#include "sim/operator_delay.hpp"

#include <algorithm>
#include <cmath>

namespace oc::sim {
namespace {
constexpr double kZ99 = 2.3263478740408408;  // the standard normal's 99th percentile
constexpr double kPi = 3.14159265358979323846;
}  // namespace

std::uint64_t mix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

double uniform01(std::uint64_t seed, std::uint64_t stream, std::uint64_t index) {
    std::uint64_t h = mix64(mix64(mix64(seed) ^ stream) ^ index);
    return static_cast<double>(h >> 11) * 0x1.0p-53;
}

DelayModel::DelayModel(double median_s, double p99_s, std::uint64_t seed)
    : mu_(std::log(std::max(median_s, 0.001))),
      sigma_(std::max(0.0, std::log(std::max(p99_s, median_s) / std::max(median_s, 0.001)) / kZ99)),
      seed_(seed) {}

std::chrono::milliseconds DelayModel::delay(std::uint64_t stream, std::uint64_t index) const {
    // Box-Muller by hand: std::normal_distribution's output differs between standard libraries.
    double u1 = std::max(uniform01(seed_, stream * 2, index), 1e-12);
    double u2 = uniform01(seed_, stream * 2 + 1, index);
    double z = std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * kPi * u2);
    double seconds = std::exp(mu_ + sigma_ * z);
    return std::chrono::milliseconds(static_cast<long long>(std::llround(seconds * 1000.0)));
}

}  // namespace oc::sim
