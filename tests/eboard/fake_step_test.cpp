// The fake board's script lines (operator-cli eboard fake): every step kind, its arity, and the message a
// wrong line gets, which says what a right one looks like.
#include <gtest/gtest.h>

#include "eboard/fake_link.hpp"

namespace oc::eboard {
namespace {

FakeStep parsed(std::string_view line) {
    auto step = parseFakeStep(line);
    EXPECT_TRUE(step) << line << ": " << step.error();
    EXPECT_TRUE(step && *step) << line << ": no step";
    return step && *step ? **step : FakeStep{fake::Quit{}};
}

std::string refusal(std::string_view line) {
    auto step = parseFakeStep(line);
    EXPECT_FALSE(step) << line << " was accepted";
    return step ? std::string() : step.error();
}

TEST(FakeStep, CommentsAndEmptyLinesAreNoStep) {
    for (const char* line : {"", "   ", "\t\r", "# a comment", "#lift e2"}) {
        auto step = parseFakeStep(line);
        ASSERT_TRUE(step) << line;
        EXPECT_FALSE(*step) << line;
    }
}

TEST(FakeStep, LiftAndPlaceNameTheirSquares) {
    const auto lift = std::get<fake::Lift>(parsed("lift e2"));
    EXPECT_EQ(lift.square, *rules::parseSquare("e2"));
    const auto place = std::get<fake::Place>(parsed("  place\te4 "));
    EXPECT_EQ(place.square, *rules::parseSquare("e4"));
    EXPECT_FALSE(place.piece);
    const auto promoted = std::get<fake::Place>(parsed("place e8 Q"));
    EXPECT_EQ(promoted.square, *rules::parseSquare("e8"));
    EXPECT_TRUE(promoted.piece);
    EXPECT_NE(refusal("lift z9").find("'lift' needs a square such as e2, not 'z9'"), std::string::npos);
    EXPECT_NE(refusal("place e4 X").find("piece letter such as Q or n, not 'X'"), std::string::npos);
    EXPECT_NE(refusal("place e4 QQ").find("not 'QQ'"), std::string::npos);
}

TEST(FakeStep, WordsAloneTakeNoArguments) {
    EXPECT_TRUE(std::holds_alternative<fake::Press>(parsed("press")));
    EXPECT_TRUE(std::holds_alternative<fake::Unplug>(parsed("unplug")));
    EXPECT_TRUE(std::holds_alternative<fake::Replug>(parsed("replug")));
    EXPECT_TRUE(std::holds_alternative<fake::Quit>(parsed("quit")));
    EXPECT_TRUE(std::holds_alternative<fake::Start>(parsed("start")));
    for (const char* line :
         {"press left right", "unplug 2", "replug x", "quit please", "start now", "lift", "lift e2 e4"})
        EXPECT_NE(refusal(line).find("unknown line '" + std::string(line) + "': expected lift e2"),
                  std::string::npos);
}

// A real clock has two buttons: `press left|right` names one (pressing the half already down does
// nothing), bare `press` is the running side's.
TEST(FakeStep, PressNamesAHalfOrNone) {
    EXPECT_FALSE(std::get<fake::Press>(parsed("press")).half);
    EXPECT_EQ(std::get<fake::Press>(parsed("press left")).half, fake::ClockHalf::Left);
    EXPECT_EQ(std::get<fake::Press>(parsed("press right")).half, fake::ClockHalf::Right);
    EXPECT_NE(refusal("press now").find("'press' takes left or right (the clock's half), not 'now'"),
              std::string::npos);
}

TEST(FakeStep, WaitTakesADuration) {
    EXPECT_EQ(std::get<fake::Wait>(parsed("wait 300ms")).duration, std::chrono::milliseconds(300));
    EXPECT_EQ(std::get<fake::Wait>(parsed("wait 2s")).duration, std::chrono::milliseconds(2000));
    EXPECT_EQ(std::get<fake::Wait>(parsed("wait 40")).duration, std::chrono::milliseconds(40));
    for (const char* bad : {"soon", "-3s", "12345678ms", "s", "2m"})
        EXPECT_NE(refusal(std::string("wait ") + bad)
                      .find("a duration such as 300ms or 2s, not '" + std::string(bad)),
                  std::string::npos);
}

TEST(FakeStep, ClockTakesBothSidesAndAnIncrement) {
    const auto c = std::get<fake::SetClock>(parsed("clock 1:29:58 29:59"));
    EXPECT_EQ(c.left_seconds, 3600 + 29 * 60 + 58);
    EXPECT_EQ(c.right_seconds, 29 * 60 + 59);
    EXPECT_EQ(c.increment_seconds, 0);
    EXPECT_EQ(std::get<fake::SetClock>(parsed("clock 0:15:00 0:15:00 +10s")).increment_seconds, 10);
    for (const char* line :
         {"clock 1:29:58 90", "clock 1:60:00 1:00:00", "clock a:b 1:00", "clock 1:2:3:4 1:00",
          "clock 0:15:00 0:15:00 10s", "clock 0:15:00 0:15:00 +500ms", "clock 0:15:00 0:15:00 +2h",
          "clock 0:15:00 0:15:00 +x"})
        EXPECT_NE(refusal(line).find("takes the left and right times and an increment, e.g. clock 1:29:58 "
                                     "1:30:00 or clock 0:15:00 0:15:00 +10s"),
                  std::string::npos)
            << line;
}

TEST(FakeStep, GarbageTakesAByteCount) {
    EXPECT_EQ(std::get<fake::Garbage>(parsed("garbage 40")).bytes, 40);
    EXPECT_EQ(std::get<fake::Garbage>(parsed("garbage 100000")).bytes, 100000);
    for (const char* bad : {"100001", "2s", "many", "40ms"})
        EXPECT_NE(refusal(std::string("garbage ") + bad)
                      .find("a byte count up to 100000, not '" + std::string(bad)),
                  std::string::npos)
            << bad;
}

TEST(FakeStep, SetupTakesAPiecePlacement) {
    const auto s =
        std::get<fake::Setup>(parsed("setup rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq"));
    EXPECT_EQ(s.placement, *parsePlacementFen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"));
    EXPECT_NE(refusal("setup 8/8/8").find("'setup' takes a FEN's piece placement, not '8/8/8'"),
              std::string::npos);
}

TEST(FakeStep, AnUnknownVerbListsEveryStep) {
    const std::string why = refusal("jump e2");
    for (const char* step : {"lift e2", "place e4 [Q]", "press", "wait 300ms", "clock 1:29:58 1:30:00 [+10s]",
                             "unplug", "replug", "garbage 40", "setup FEN", "quit"})
        EXPECT_NE(why.find(step), std::string::npos) << step;
}

}  // namespace
}  // namespace oc::eboard
