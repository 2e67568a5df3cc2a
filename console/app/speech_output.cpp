// Speech as an output of the console: driven only by the snapshot the operator sees (never by engine
// output), so nothing is said before it is shown and a sealed move never is.
#include "speech_output.hpp"

#include <SDL.h>
#include <fmt/core.h>
#include <imgui.h>

#include "i18n/tr.hpp"

namespace oc::app {

void addSpeechOptions(CLI::App& cli, SpeechOptions& opt) {
    cli.add_option("--speech", opt.mode,
                   "Spoken announcements: off, computer (its moves) or all (default: the event's `speech`)")
        ->check(CLI::IsMember({"off", "computer", "all"}));
    cli.add_flag("--speech-phonetic", opt.phonetic, "Speak files as Anna, Bella, Cesar ... (Laws App. F)");
}

// The device opens as soon as speech is on, so the first announcement does not wait for it (latency).
void SpeechOutput::openSpeaker() {
    if (speaker_ || no_sound_) return;
    auto opened = speech::Speaker::open();
    if (!opened) {
        no_sound_ = true;
        why_no_sound_ = opened.error();
        fmt::print(stderr, "operator-console: {}\n",
                   i18n::trf("speech is off: {}", i18n::translateMessage(opened.error())));
        return;
    }
    speaker_ = std::move(*opened);
}

void SpeechOutput::speak(const speech::Announcement& a) {
    if (speaker_ && !muted_) speaker_->say(a.text, a.language, a.interrupt);
}

ui::SpeechStatus SpeechOutput::status() const {
    if (!mode_) return {};
    return {*mode_ == speech::SpeechMode::All ? "all" : "computer", speaker_ != nullptr, muted_,
            why_no_sound_};
}

std::optional<std::string> SpeechOutput::takeFailure() {
    if (!no_sound_ || failure_taken_) return std::nullopt;
    failure_taken_ = true;
    return why_no_sound_;
}

void SpeechOutput::onSnapshot(const session::Snapshot& snap, session::TimePoint) {
    const auto mode = speech::parseSpeechMode(opt_.mode.empty() ? snap.setup.speech : opt_.mode);
    if (!mode || *mode == speech::SpeechMode::Off) {
        announcer_.reset();
        mode_.reset();
        return;
    }
    if (mode != mode_) {  // the setup may change it until the game starts
        mode_ = mode;
        announcer_.emplace(*mode, opt_.phonetic);
        openSpeaker();
    }
    for (const auto& a : announcer_->update(snap)) speak(a);
}

void SpeechOutput::keys(const session::Snapshot& snap) {
    if (!announcer_) return;
    // ImGui 1.86 with the SDL backend indexes keys by SDL scancode.
    if (ImGui::IsKeyPressed(SDL_SCANCODE_F7, false)) {
        if (auto again = announcer_->computerMoveAgain(snap)) speak(*again);
    }
    if (ImGui::IsKeyPressed(SDL_SCANCODE_F8, false)) speak(announcer_->movesAndClocks(snap));
    if (ImGui::IsKeyPressed(SDL_SCANCODE_F9, false)) toggleMute();
}

}  // namespace oc::app
