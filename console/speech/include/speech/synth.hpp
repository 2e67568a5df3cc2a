#pragma once
// Speech synthesis with espeak-ng: text in, 16-bit mono PCM out. espeak-ng keeps process-wide state, so
// every call here is serialised; the first call loads the library's data.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <tl/expected.hpp>
#include <vector>

namespace oc::speech {

// 16-bit signed mono samples.
struct Pcm {
    int sample_rate = 0;
    std::vector<std::int16_t> samples;
};

// Receives the samples as espeak-ng produces them; returning false stops the synthesis early.
using ChunkSink = std::function<bool(std::span<const std::int16_t>)>;

// The sample rate espeak-ng produces (22050 Hz), loading it on first use; the error says what is missing.
[[nodiscard]] tl::expected<int, std::string> synthSampleRate();

// Speaks `text` with the espeak-ng voice `voice` ("en", "pl", ...), handing chunks to `sink` as they come.
[[nodiscard]] tl::expected<void, std::string> synthesizeStream(std::string_view text, std::string_view voice,
                                                               const ChunkSink& sink);

// The whole of `text` spoken by `voice`.
[[nodiscard]] tl::expected<Pcm, std::string> synthesize(std::string_view text, std::string_view voice);

// Writes `pcm` as a RIFF/WAVE file (PCM, 16 bits, one channel); the error names the file.
[[nodiscard]] tl::expected<void, std::string> writeWav(const std::filesystem::path& path, const Pcm& pcm);

}  // namespace oc::speech
