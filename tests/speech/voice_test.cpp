// The voice through the real espeak-ng: every language's voice speaks, and a WAV file is well formed.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "speech/phrases.hpp"
#include "speech/synth.hpp"

namespace oc::speech {
namespace {

int peak(const Pcm& pcm) {
    int p = 0;
    for (auto s : pcm.samples) p = std::max(p, std::abs(static_cast<int>(s)));
    return p;
}

TEST(Voice, EveryLanguageSpeaksItsPhrase) {
    for (auto lang : {SpeechLanguage::En, SpeechLanguage::Pl, SpeechLanguage::De, SpeechLanguage::Fr,
                      SpeechLanguage::Es, SpeechLanguage::Nl, SpeechLanguage::Ru, SpeechLanguage::Fa}) {
        SCOPED_TRACE(std::string(speechLanguageCode(lang)));
        auto pcm = synthesize(resultPhrase("1/2-1/2", lang) + ". " +
                                  eventPhrase(Event::ClocksPaused, rules::Color::White, lang),
                              voiceName(lang));
        ASSERT_TRUE(pcm) << pcm.error();
        EXPECT_EQ(pcm->sample_rate, 22050);
        const double seconds = static_cast<double>(pcm->samples.size()) / pcm->sample_rate;
        EXPECT_GT(seconds, 0.8);
        EXPECT_LT(seconds, 8.0);
        EXPECT_GT(peak(*pcm), 3000);  // audible, not silence
    }
}

TEST(Voice, AnUnknownVoiceIsRefusedWithItsName) {
    auto pcm = synthesize("e4", "xx-nonexistent");
    ASSERT_FALSE(pcm);
    EXPECT_NE(pcm.error().find("xx-nonexistent"), std::string::npos);
}

TEST(Voice, StoppingTheStreamEndsSynthesisEarly) {
    std::size_t chunks = 0;
    auto ok = synthesizeStream("short castling, check. long castling, mate.", "en",
                               [&](std::span<const std::int16_t>) { return ++chunks < 2; });
    ASSERT_TRUE(ok) << ok.error();
    EXPECT_EQ(chunks, 2u);
}

TEST(Voice, WavHeaderDescribesSixteenBitMono) {
    const auto path =
        std::filesystem::temp_directory_path() / ("oc_voice_" + std::to_string(::getpid()) + ".wav");
    Pcm pcm{22050, {0, 1000, -1000, 32767}};
    ASSERT_TRUE(writeWav(path, pcm));
    std::ifstream in(path, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), {});
    ASSERT_EQ(bytes.size(), 44u + 8u);
    EXPECT_EQ(bytes.substr(0, 4), "RIFF");
    EXPECT_EQ(bytes.substr(8, 8), "WAVEfmt ");
    EXPECT_EQ(static_cast<unsigned char>(bytes[22]), 1);   // channels
    EXPECT_EQ(static_cast<unsigned char>(bytes[34]), 16);  // bits per sample
    std::filesystem::remove(path);
    EXPECT_FALSE(writeWav("/nonexistent-dir/x.wav", pcm));
}

}  // namespace
}  // namespace oc::speech
