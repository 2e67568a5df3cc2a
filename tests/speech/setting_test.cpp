// Setup key `speech` (off | computer | all): validated like every setting, with what would be right.
#include <gtest/gtest.h>

#include "event/event_setup.hpp"
#include "speech/announcer.hpp"

namespace oc::speech {
namespace {

TEST(SpeechSetting, DefaultsToOffAndRoundTrips) {
    event::EventSetup s;
    s.engine.command = "fake";
    EXPECT_EQ(s.speech, "off");
    s.speech = "all";
    auto back = event::eventSetupFromJson(event::toJson(s));
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(back->speech, "all");
}

TEST(SpeechSetting, ABadValueSaysWhatIsRight) {
    auto bad = event::eventSetupFromJson({{"engine", {{"command", "fake"}}}, {"speech", "loud"}});
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error(), "speech: expected off, computer or all, got \"loud\"");
    auto wrong_type = event::eventSetupFromJson({{"engine", {{"command", "fake"}}}, {"speech", true}});
    ASSERT_FALSE(wrong_type);
    EXPECT_NE(wrong_type.error().find("speech: expected a string"), std::string::npos);
}

TEST(SpeechSetting, ModesParse) {
    EXPECT_EQ(parseSpeechMode("off"), SpeechMode::Off);
    EXPECT_EQ(parseSpeechMode("computer"), SpeechMode::Computer);
    EXPECT_EQ(parseSpeechMode("all"), SpeechMode::All);
    EXPECT_FALSE(parseSpeechMode("ALL"));
}

}  // namespace
}  // namespace oc::speech
