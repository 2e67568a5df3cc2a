#pragma once
// Announcements played through SDL2 audio: queued, and interruptible (a newer announcement can cut the
// one playing and drop those waiting). Synthesis runs on the speaker's own thread, so the caller (the UI
// thread) never waits for espeak-ng or the sound device.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <tl/expected.hpp>

#include "speech/language.hpp"

namespace oc::speech {

class AudioOut;

// When the first sample of an announcement reached the sound device (steady clock).
struct AudioStart {
    std::uint64_t id = 0;
    std::chrono::steady_clock::time_point at;
};

class Speaker {
  public:
    // Opens the default sound device (SDL_AUDIODRIVER chooses the driver); the error says why not.
    [[nodiscard]] static tl::expected<std::unique_ptr<Speaker>, std::string> open();
    ~Speaker();
    Speaker(const Speaker&) = delete;
    Speaker& operator=(const Speaker&) = delete;

    // Speaks `text` in `lang` after what is queued, or at once with `interrupt` (cutting what plays and
    // dropping what waits). Returns the announcement's id (increasing from 1).
    std::uint64_t say(std::string text, SpeechLanguage lang, bool interrupt);
    // The latest announcement whose sound has started, if any.
    std::optional<AudioStart> lastStart() const;
    // Whether nothing is waiting, being synthesised or playing.
    bool idle() const;

  private:
    struct Item {
        std::uint64_t id = 0;
        std::string text;
        SpeechLanguage lang = SpeechLanguage::En;
    };
    Speaker() = default;
    void run();

    std::unique_ptr<AudioOut> audio_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Item> queue_;
    std::uint64_t next_id_ = 1;
    bool busy_ = false;
    bool stop_ = false;
    std::thread worker_;
};

}  // namespace oc::speech
