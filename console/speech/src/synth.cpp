// espeak-ng in synchronous mode: espeak_Synth returns when the text is spoken, and the callback gets the
// samples in chunks of about 40 ms, so a player can start before the phrase is finished (low latency).
#include "speech/synth.hpp"

#include <espeak-ng/speak_lib.h>
#include <fmt/format.h>

#include <mutex>

namespace oc::speech {
namespace {

constexpr int kChunkMs = 40;  // espeak-ng hands over this much audio per callback

std::mutex& engineMutex() {
    static std::mutex m;
    return m;
}

struct Job {
    const ChunkSink* sink;
    bool stopped = false;
};

int onSamples(short* wav, int count, espeak_EVENT* events) {
    auto* job = static_cast<Job*>(events->user_data);
    if (wav == nullptr || count <= 0 || job == nullptr || job->stopped) return job && job->stopped ? 1 : 0;
    if (!(*job->sink)(std::span<const std::int16_t>(wav, static_cast<std::size_t>(count)))) {
        job->stopped = true;
        return 1;  // tells espeak-ng to abandon the rest of the text
    }
    return 0;
}

// Loads espeak-ng once (caller holds the mutex); the sample rate, or why it cannot speak.
tl::expected<int, std::string> initLocked() {
    static int rate = 0;
    if (rate > 0) return rate;
    rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, kChunkMs, nullptr, 0);
    if (rate <= 0) {
        rate = 0;
        return tl::make_unexpected(std::string(
            "espeak-ng cannot start: its voice data is missing (install espeak-ng-data and libespeak-ng1)"));
    }
    espeak_SetSynthCallback(onSamples);
    return rate;
}

// Selecting a voice reloads its tables: do it only when the language changes (latency).
tl::expected<void, std::string> selectVoiceLocked(std::string_view voice) {
    static std::string current;
    if (current == voice) return {};
    const std::string name(voice);
    if (espeak_SetVoiceByName(name.c_str()) != EE_OK)
        return tl::make_unexpected(
            fmt::format("espeak-ng has no voice \"{}\" (installed: espeak-ng-data)", name));
    current = name;
    return {};
}

}  // namespace

tl::expected<int, std::string> synthSampleRate() {
    std::lock_guard lock(engineMutex());
    return initLocked();
}

tl::expected<void, std::string> synthesizeStream(std::string_view text, std::string_view voice,
                                                 const ChunkSink& sink) {
    std::lock_guard lock(engineMutex());
    if (auto rate = initLocked(); !rate) return tl::make_unexpected(rate.error());
    if (auto ok = selectVoiceLocked(voice); !ok) return ok;
    const std::string utf8(text);
    Job job{&sink};
    const espeak_ERROR rc =
        espeak_Synth(utf8.c_str(), utf8.size() + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8, nullptr, &job);
    if (rc != EE_OK && !job.stopped)
        return tl::make_unexpected(
            fmt::format("espeak-ng could not speak \"{}\" (error {})", utf8, static_cast<int>(rc)));
    return {};
}

tl::expected<Pcm, std::string> synthesize(std::string_view text, std::string_view voice) {
    auto rate = synthSampleRate();
    if (!rate) return tl::make_unexpected(rate.error());
    Pcm pcm{*rate, {}};
    auto ok = synthesizeStream(text, voice, [&](std::span<const std::int16_t> chunk) {
        pcm.samples.insert(pcm.samples.end(), chunk.begin(), chunk.end());
        return true;
    });
    if (!ok) return tl::make_unexpected(ok.error());
    return pcm;
}

}  // namespace oc::speech
