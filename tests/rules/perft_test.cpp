// Perft counts on the standard positions (chessprogramming.org "Perft Results"); deep ones in DeepPerft.
#include <gtest/gtest.h>

#include "perft_cases.hpp"

namespace oc::rules {
namespace {

using namespace perft_test;

class Perft : public ::testing::TestWithParam<PerftCase> {};

TEST_P(Perft, MatchesPublishedCount) {
    expectPublishedCount(GetParam());
}

INSTANTIATE_TEST_SUITE_P(
    Standard, Perft,
    ::testing::Values(PerftCase{"start", kStart, 1, 20}, PerftCase{"start", kStart, 2, 400},
                      PerftCase{"start", kStart, 3, 8902}, PerftCase{"start", kStart, 4, 197281},
                      PerftCase{"start", kStart, 5, 4865609}, PerftCase{"kiwipete", kKiwipete, 1, 48},
                      PerftCase{"kiwipete", kKiwipete, 2, 2039}, PerftCase{"kiwipete", kKiwipete, 3, 97862},
                      PerftCase{"kiwipete", kKiwipete, 4, 4085603}, PerftCase{"pos3", kPos3, 1, 14},
                      PerftCase{"pos3", kPos3, 3, 2812}, PerftCase{"pos3", kPos3, 5, 674624},
                      PerftCase{"pos4", kPos4, 1, 6}, PerftCase{"pos4", kPos4, 3, 9467},
                      PerftCase{"pos4", kPos4, 4, 422333}, PerftCase{"pos4-mirror", kPos4Mirror, 4, 422333},
                      PerftCase{"pos5", kPos5, 1, 44}, PerftCase{"pos5", kPos5, 3, 62379},
                      PerftCase{"pos5", kPos5, 4, 2103487}, PerftCase{"pos6", kPos6, 1, 46},
                      PerftCase{"pos6", kPos6, 3, 89890}, PerftCase{"pos6", kPos6, 4, 3894594}));

}  // namespace
}  // namespace oc::rules
