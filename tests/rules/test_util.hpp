#pragma once
// Helpers shared by the rules tests.

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "rules/game.hpp"
#include "rules/notation.hpp"

namespace oc::rules::test {

inline Position fen(const std::string& text) {
    auto pos = Position::fromFen(text);
    EXPECT_TRUE(pos) << text << ": " << (pos ? "" : pos.error().message);
    return pos ? *pos : Position::startpos();
}

// Plays space-separated English SAN moves; fails the test on the first one that does not parse.
inline void playSan(Game& game, const std::string& moves) {
    std::istringstream in(moves);
    std::string san;
    while (in >> san) {
        auto m = parseSan(game.current(), san);
        ASSERT_TRUE(m) << san << ": " << m.error().message;
        ASSERT_TRUE(game.play(*m));
    }
}

inline Move san(const Position& pos, const std::string& text) {
    auto m = parseSan(pos, text);
    EXPECT_TRUE(m) << text << ": " << (m ? "" : m.error().message);
    return m ? *m : Move{};
}

}  // namespace oc::rules::test
