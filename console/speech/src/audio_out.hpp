#pragma once
// The sound device (SDL2): a stream of mono 16-bit samples fed by the speaker's thread and pulled by
// SDL's audio callback. Private to speech/.

#include <SDL.h>

#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <tl/expected.hpp>

#include "speech/speaker.hpp"

namespace oc::speech {

class AudioOut {
  public:
    // Opens the default output at `rate` samples per second, mono; the error is SDL's.
    [[nodiscard]] static tl::expected<std::unique_ptr<AudioOut>, std::string> open(int rate);
    ~AudioOut();
    AudioOut(const AudioOut&) = delete;
    AudioOut& operator=(const AudioOut&) = delete;

    // Marks where announcement `id` starts: at the end of what is queued now.
    void begin(std::uint64_t id);
    // Appends samples of announcement `id`; false (and ignored) when `id` was cut.
    bool push(std::uint64_t id, std::span<const std::int16_t> samples);
    // Cuts everything queued or playing that belongs to announcements before `id`.
    void cutBefore(std::uint64_t id);
    std::optional<AudioStart> lastStart() const;
    // Whether samples wait to be played.
    bool playing() const;

  private:
    struct Mark {
        std::uint64_t position, id;
    };
    AudioOut() = default;
    static void SDLCALL fill(void* self, Uint8* stream, int len);
    void fillSamples(std::int16_t* out, std::size_t count);

    SDL_AudioDeviceID device_ = 0;
    mutable std::mutex mutex_;
    std::deque<std::int16_t> samples_;
    std::deque<Mark> marks_;
    std::uint64_t pushed_ = 0, played_ = 0;  // stream positions in samples
    std::uint64_t min_id_ = 0;
    std::optional<AudioStart> last_start_;
};

}  // namespace oc::speech
