// The speaker's thread: takes announcements in order and streams espeak-ng's chunks to the device as
// they are made, so the sound starts after the first chunk rather than after the whole phrase.
#include "speech/speaker.hpp"

#include "audio_out.hpp"
#include "speech/phrases.hpp"
#include "speech/synth.hpp"

namespace oc::speech {

tl::expected<std::unique_ptr<Speaker>, std::string> Speaker::open() {
    auto rate = synthSampleRate();
    if (!rate) return tl::make_unexpected(rate.error());
    auto audio = AudioOut::open(*rate);
    if (!audio) return tl::make_unexpected(audio.error());
    std::unique_ptr<Speaker> speaker(new Speaker());
    speaker->audio_ = std::move(*audio);
    speaker->worker_ = std::thread([s = speaker.get()] { s->run(); });
    return speaker;
}

Speaker::~Speaker() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
        queue_.clear();
    }
    wake_.notify_all();
    if (worker_.joinable()) worker_.join();
}

std::uint64_t Speaker::say(std::string text, SpeechLanguage lang, bool interrupt) {
    std::uint64_t id = 0;
    {
        std::lock_guard lock(mutex_);
        id = next_id_++;
        if (interrupt) {
            queue_.clear();
            audio_->cutBefore(id);  // also stops a synthesis under way at its next chunk
        }
        queue_.push_back(Item{id, std::move(text), lang});
    }
    wake_.notify_one();
    return id;
}

std::optional<AudioStart> Speaker::lastStart() const {
    return audio_->lastStart();
}

bool Speaker::idle() const {
    std::lock_guard lock(mutex_);
    return queue_.empty() && !busy_ && !audio_->playing();
}

void Speaker::run() {
    for (;;) {
        Item item;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return stop_ || !queue_.empty(); });
            if (stop_) return;
            item = std::move(queue_.front());
            queue_.pop_front();
            busy_ = true;
        }
        audio_->begin(item.id);
        // A failed synthesis leaves silence; the operator's screen still shows everything spoken.
        (void)synthesizeStream(item.text, voiceName(item.lang), [&](std::span<const std::int16_t> chunk) {
            if (!audio_->push(item.id, chunk)) return false;  // cut by a newer announcement
            std::lock_guard lock(mutex_);
            return !stop_;
        });
        std::lock_guard lock(mutex_);
        busy_ = false;
    }
}

}  // namespace oc::speech
