#pragma once

// Portable randomness for the simulations (`tc simulate` here, scripted games in console/sim): a PRNG,
// a stateless hash, the normal distribution and the handling-time model. std:: distributions differ
// between standard libraries, so the same seed would give other games elsewhere.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>

namespace oc::clock {

constexpr std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// splitmix64's output for one input: a stateless hash, for draws keyed by (seed, stream, index) that a
// resumed run must draw again identically.
constexpr std::uint64_t mix64(std::uint64_t x) {
    return splitmix64(x);
}

// A standard normal deviate from two uniforms, u1 in (0, 1] (Box-Muller; simple beats fast here).
inline double boxMuller(double u1, double u2) {
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

// xoshiro256** (Blackman and Vigna), seeded through splitmix64.
class Rng {
  public:
    explicit Rng(std::uint64_t seed) {
        for (auto& word : s_) word = splitmix64(seed);
    }
    std::uint64_t next() {
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }
    // Uniform in (0, 1): never 0, so log() is safe.
    double uniform() { return (static_cast<double>(next() >> 11) + 0.5) * 0x1.0p-53; }
    // Standard normal, one value per call.
    double normal() {
        const double u1 = uniform();
        const double u2 = uniform();
        return boxMuller(u1, u2);
    }

  private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t s_[4]{};
};

// The 99th percentile of the standard normal distribution.
constexpr double kZ99 = 2.3263478740408408;

// The operator's handling time (bestmove to clock press): log-normal fitted to a median and a 99th
// percentile, heavy-tailed like real handling times (E.III 2.1: the rate allows for it).
struct HandlingTimeModel {
    double median_s = 0.001;
    double sigma = 0.0;
    static HandlingTimeModel fit(double median_s, double p99_s) {
        const double median = std::max(median_s, 0.001);
        return {median, p99_s > median ? std::log(p99_s / median) / kZ99 : 0.0};
    }
    // The handling time, in seconds, at standard normal deviate z.
    [[nodiscard]] double seconds(double z) const { return median_s * std::exp(sigma * z); }
};

}  // namespace oc::clock
