#include "event_pump.hpp"

#include <imgui_impl_sdl.h>
#include <imgui_internal.h>

#include <algorithm>
#include <atomic>

namespace oc::app {

namespace {

std::atomic<bool> g_wake_queued{false};

bool isKeyChange(const SDL_Event& e) {
    return (e.type == SDL_KEYDOWN && e.key.repeat == 0) || e.type == SDL_KEYUP;
}

// A key changes state at most once per frame, or ImGui misses a change: a press and its release
// (a quick tap), or a release and the next press (two quick Enters: the key looks held all along).
struct FrameChanges {
    std::vector<SDL_Scancode> keys;  // keys that changed state in this frame
    std::vector<Uint8> buttons;      // mouse buttons that went down in this frame

    // A second change of a key, the release of a button pressed in this frame, or typing while the
    // keys are held: it and everything after it wait for the next frame.
    bool waitsForNextFrame(const SDL_Event& e, bool hold_keys) const {
        const bool key_again =
            isKeyChange(e) && std::find(keys.begin(), keys.end(), e.key.keysym.scancode) != keys.end();
        const bool button_up = e.type == SDL_MOUSEBUTTONUP &&
                               std::find(buttons.begin(), buttons.end(), e.button.button) != buttons.end();
        const bool typing = e.type == SDL_KEYDOWN || e.type == SDL_KEYUP || e.type == SDL_TEXTINPUT;
        return key_again || button_up || (hold_keys && typing);
    }

    void note(const SDL_Event& e) {
        if (isKeyChange(e)) keys.push_back(e.key.keysym.scancode);
        if (e.type == SDL_MOUSEBUTTONDOWN) buttons.push_back(e.button.button);
    }
};

}  // namespace

void EventPump::wakeFromAnyThread() {
    if (g_wake_queued.exchange(true)) return;
    SDL_Event e{};
    e.type = SDL_USEREVENT;
    if (SDL_PushEvent(&e) != 1) g_wake_queued = false;
}

void EventPump::wait(int ms) {
    SDL_Event e;
    if (deferred_.empty() && SDL_WaitEventTimeout(&e, ms) != 0) {
        deferred_.push_back(e);
    }
}

bool EventPump::focusArriving() {
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    return g.NavMoveSubmitted || g.NavMoveForwardToNextFrame || g.NavNextActivateId != 0;
}

bool EventPump::pump(bool hold_keys) {
    std::vector<SDL_Event> batch = takeBatch();
    FrameChanges changes;
    click_.reset();
    handled_ = keys_ = 0;
    exposed_ = false;
    for (std::size_t i = 0; i < batch.size(); ++i) {
        const SDL_Event& e = batch[i];
        if (changes.waitsForNextFrame(e, hold_keys)) {
            // Keep the order of everything after it: the rest waits for the next frame too.
            deferred_.assign(batch.begin() + static_cast<std::ptrdiff_t>(i), batch.end());
            break;
        }
        changes.note(e);
        if (e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEBUTTONUP) {
            click_ = ImVec2(static_cast<float>(e.button.x), static_cast<float>(e.button.y));
        }
        ImGui_ImplSDL2_ProcessEvent(&e);
        note(e);
    }
    return !quit_;
}

// The events held back from the last frame first, then what SDL has queued since.
std::vector<SDL_Event> EventPump::takeBatch() {
    std::vector<SDL_Event> batch;
    batch.swap(deferred_);
    for (SDL_Event e; SDL_PollEvent(&e) != 0;) {
        batch.push_back(e);
    }
    return batch;
}

void EventPump::note(const SDL_Event& e) {
    if (e.type == SDL_USEREVENT) g_wake_queued = false;  // the next wake-up queues a new event
    ++handled_;
    if (e.type == SDL_KEYDOWN || e.type == SDL_TEXTINPUT) ++keys_;
    if (e.type == SDL_WINDOWEVENT) exposed_ = true;
    if (e.type == SDL_QUIT) quit_ = true;  // SIGTERM and SIGINT arrive here too
}

}  // namespace oc::app
