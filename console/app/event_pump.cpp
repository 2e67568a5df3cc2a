#include "event_pump.hpp"

#include <imgui_impl_sdl.h>
#include <imgui_internal.h>

#include <algorithm>
#include <atomic>

namespace oc::app {

namespace {

std::atomic<bool> g_wake_queued{false};

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
    std::vector<SDL_Event> batch;
    batch.swap(deferred_);
    for (SDL_Event e; SDL_PollEvent(&e) != 0;) {
        batch.push_back(e);
    }
    // A key changes state at most once per frame, or ImGui misses a change: a press and its release
    // (a quick tap), or a release and the next press (two quick Enters: the key looks held all along).
    std::vector<SDL_Scancode> changed;
    std::vector<Uint8> buttons;  // mouse buttons that went down in this frame
    click_.reset();
    handled_ = keys_ = 0;
    exposed_ = false;
    for (std::size_t i = 0; i < batch.size(); ++i) {
        const SDL_Event& e = batch[i];
        const bool key_change = (e.type == SDL_KEYDOWN && e.key.repeat == 0) || e.type == SDL_KEYUP;
        const bool key_again =
            key_change && std::find(changed.begin(), changed.end(), e.key.keysym.scancode) != changed.end();
        const bool button_up = e.type == SDL_MOUSEBUTTONUP &&
                               std::find(buttons.begin(), buttons.end(), e.button.button) != buttons.end();
        const bool typing = e.type == SDL_KEYDOWN || e.type == SDL_KEYUP || e.type == SDL_TEXTINPUT;
        if (key_again || button_up || (hold_keys && typing)) {
            // Keep the order of everything after it: the rest waits for the next frame too.
            deferred_.assign(batch.begin() + static_cast<std::ptrdiff_t>(i), batch.end());
            break;
        }
        if (key_change) {
            changed.push_back(e.key.keysym.scancode);
        }
        if (e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEBUTTONUP) {
            click_ = ImVec2(static_cast<float>(e.button.x), static_cast<float>(e.button.y));
            if (e.type == SDL_MOUSEBUTTONDOWN) buttons.push_back(e.button.button);
        }
        ImGui_ImplSDL2_ProcessEvent(&e);
        note(e);
    }
    return !quit_;
}

void EventPump::note(const SDL_Event& e) {
    if (e.type == SDL_USEREVENT) g_wake_queued = false;  // the next wake-up queues a new event
    ++handled_;
    if (e.type == SDL_KEYDOWN || e.type == SDL_TEXTINPUT) ++keys_;
    if (e.type == SDL_WINDOWEVENT) exposed_ = true;
    if (e.type == SDL_QUIT) quit_ = true;  // SIGTERM and SIGINT arrive here too
}

}  // namespace oc::app
