// Perft counts on the standard positions (chessprogramming.org "Perft Results"); deep ones in DeepPerft.
#include <gtest/gtest.h>

#include "perft_cases.hpp"

namespace oc::rules {
namespace {

using namespace perft_test;

class DeepPerft : public ::testing::TestWithParam<PerftCase> {};

TEST_P(DeepPerft, MatchesPublishedCount) {
    expectPublishedCount(GetParam());
}

// Deep counts (a few seconds each in Release; labelled `deep` in ctest).
INSTANTIATE_TEST_SUITE_P(Standard, DeepPerft,
                         ::testing::Values(PerftCase{"start", kStart, 6, 119060324},
                                           PerftCase{"kiwipete", kKiwipete, 5, 193690690},
                                           PerftCase{"pos3", kPos3, 7, 178633661},
                                           PerftCase{"pos4", kPos4, 5, 15833292},
                                           PerftCase{"pos5", kPos5, 5, 89941194},
                                           PerftCase{"pos6", kPos6, 5, 164075551}));

}  // namespace
}  // namespace oc::rules
