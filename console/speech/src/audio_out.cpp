// SDL2 audio with our own callback (not SDL_QueueAudio): the callback knows which announcement's first
// sample it hands to the device, which is the "start of audio" that the latency target is about.
#include "audio_out.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "i18n/mark.hpp"

namespace oc::speech {

constexpr Uint16 kDeviceSamples = 512;  // 23 ms at 22050 Hz: the device asks for sound this often

tl::expected<std::unique_ptr<AudioOut>, std::string> AudioOut::open(int rate) {
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0)
        return tl::make_unexpected(
            fmt::format(i18n::N_("the sound system did not start: {}"), SDL_GetError()));
    std::unique_ptr<AudioOut> out(new AudioOut());
    SDL_AudioSpec want{};
    want.freq = rate;
    want.format = AUDIO_S16SYS;
    want.channels = 1;
    want.samples = kDeviceSamples;
    want.callback = &AudioOut::fill;
    want.userdata = out.get();
    SDL_AudioSpec have{};
    out->device_ = SDL_OpenAudioDevice(nullptr, 0, &want, &have, 0);  // SDL converts if it must
    if (out->device_ == 0) {
        std::string why = SDL_GetError();
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        return tl::make_unexpected(fmt::format(i18n::N_("no sound device could be opened: {}"), why));
    }
    SDL_PauseAudioDevice(out->device_, 0);
    return out;
}

AudioOut::~AudioOut() {
    if (device_ != 0) SDL_CloseAudioDevice(device_);
    SDL_QuitSubSystem(SDL_INIT_AUDIO);
}

void AudioOut::begin(std::uint64_t id) {
    std::lock_guard lock(mutex_);
    if (id >= min_id_) marks_.push_back({pushed_, id});
}

bool AudioOut::push(std::uint64_t id, std::span<const std::int16_t> samples) {
    std::lock_guard lock(mutex_);
    if (id < min_id_) return false;  // cut while it was being synthesised
    samples_.insert(samples_.end(), samples.begin(), samples.end());
    pushed_ += samples.size();
    return true;
}

void AudioOut::cutBefore(std::uint64_t id) {
    std::lock_guard lock(mutex_);
    min_id_ = std::max(min_id_, id);
    samples_.clear();
    marks_.clear();
    played_ = pushed_;
}

std::optional<AudioStart> AudioOut::lastStart() const {
    std::lock_guard lock(mutex_);
    return last_start_;
}

bool AudioOut::playing() const {
    std::lock_guard lock(mutex_);
    return !samples_.empty();
}

void SDLCALL AudioOut::fill(void* self, Uint8* stream, int len) {
    static_cast<AudioOut*>(self)->fillSamples(reinterpret_cast<std::int16_t*>(stream),
                                              static_cast<std::size_t>(len) / sizeof(std::int16_t));
}

// Runs on SDL's audio thread: hands over what is queued and silence for the rest.
void AudioOut::fillSamples(std::int16_t* out, std::size_t count) {
    std::lock_guard lock(mutex_);
    const std::size_t n = std::min(count, samples_.size());
    std::copy_n(samples_.begin(), n, out);
    std::fill(out + n, out + count, std::int16_t{0});
    samples_.erase(samples_.begin(), samples_.begin() + static_cast<std::ptrdiff_t>(n));
    const std::uint64_t end = played_ + n;
    while (!marks_.empty() && marks_.front().position < end) {
        last_start_ = AudioStart{marks_.front().id, std::chrono::steady_clock::now()};
        marks_.pop_front();
    }
    played_ = end;
}

}  // namespace oc::speech
