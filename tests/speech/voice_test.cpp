// The voice through the real espeak-ng: every language's voice speaks, a WAV file is well formed, and the
// Persian promotion is heard after a pause.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "speech/phrases.hpp"
#include "speech/synth.hpp"

namespace oc::speech {
namespace {

int peak(const Pcm& pcm) {
    int p = 0;
    for (auto s : pcm.samples) p = std::max(p, std::abs(static_cast<int>(s)));
    return p;
}

// A sample is silent under 1% of full scale: espeak-ng's pauses are exact zeros, its quietest
// consonants are louder.
constexpr int kQuiet = 328;

double seconds(std::size_t samples, const Pcm& pcm) {
    return static_cast<double>(samples) / pcm.sample_rate;
}

// The first and one past the last sample that is not silent.
std::pair<std::size_t, std::size_t> voiced(const Pcm& pcm) {
    auto loud = [](std::int16_t s) { return std::abs(static_cast<int>(s)) >= kQuiet; };
    const auto first = std::find_if(pcm.samples.begin(), pcm.samples.end(), loud);
    const auto last = std::find_if(pcm.samples.rbegin(), pcm.samples.rend(), loud);
    return {static_cast<std::size_t>(first - pcm.samples.begin()),
            pcm.samples.size() - static_cast<std::size_t>(last - pcm.samples.rbegin())};
}

// Silent stretches of at least `min_seconds` between the first and the last sound: the pauses a
// listener hears, not the short closures of stop consonants (about 40 ms in the fa voice).
std::vector<std::pair<std::size_t, std::size_t>> pauses(const Pcm& pcm, double min_seconds) {
    const auto [begin, end] = voiced(pcm);
    std::vector<std::pair<std::size_t, std::size_t>> out;
    std::size_t start = begin;
    for (std::size_t i = begin; i < end; ++i) {
        if (std::abs(static_cast<int>(pcm.samples[i])) >= kQuiet) {
            if (seconds(i - start, pcm) >= min_seconds) out.emplace_back(start, i);
            start = i + 1;
        }
    }
    return out;
}

double voicedSeconds(const Pcm& pcm) {
    const auto [begin, end] = voiced(pcm);
    return seconds(end - begin, pcm);
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

// Issue 36 item 11: a blind player hears a pause before the promotion ("a8, promotes to queen"). The
// phrase is rendered to a WAV by the fa voice; its one pause separates exactly what comes before the
// promotion word from the promotion, each as long as the voice says it alone.
TEST(Voice, PersianPromotionIsSaidAfterAPause) {
    auto pos = rules::Position::fromFen("8/P7/8/8/8/8/7k/2K5 w - - 0 1");
    ASSERT_TRUE(pos);
    auto m = rules::parseUci(*pos, "a7a8q");
    ASSERT_TRUE(m);
    const std::string text = movePhrase(*pos, *m, {SpeechLanguage::Fa, false});
    const std::size_t at = text.find("ارتقا");
    ASSERT_NE(at, std::string::npos) << text;
    auto whole = synthesize(text, "fa");
    auto before = synthesize(text.substr(0, at), "fa");
    auto after = synthesize(text.substr(at), "fa");
    ASSERT_TRUE(whole && before && after);
    const auto path =
        std::filesystem::temp_directory_path() / ("oc_promotion_" + std::to_string(::getpid()) + ".wav");
    ASSERT_TRUE(writeWav(path, *whole));  // kept only when the test fails, to listen to
    const auto gaps = pauses(*whole, 0.1);
    ASSERT_EQ(gaps.size(), 1u) << text << ": no single pause of 100 ms or more in " << path;
    const auto [begin, end] = voiced(*whole);
    const double said_before = seconds(gaps[0].first - begin, *whole);
    const double said_after = seconds(end - gaps[0].second, *whole);
    EXPECT_GE(seconds(gaps[0].second - gaps[0].first, *whole), 0.1);
    EXPECT_NEAR(said_before, voicedSeconds(*before), 0.2 * voicedSeconds(*before)) << path;
    EXPECT_NEAR(said_after, voicedSeconds(*after), 0.2 * voicedSeconds(*after)) << path;
    if (!HasFailure()) std::filesystem::remove(path);
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
