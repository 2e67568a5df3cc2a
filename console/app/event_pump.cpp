#include "event_pump.hpp"

#include <imgui_impl_sdl.h>

#include <algorithm>

namespace oc::app {

void EventPump::wait(int ms) {
    SDL_Event e;
    if (deferred_.empty() && SDL_WaitEventTimeout(&e, ms) != 0) {
        deferred_.push_back(e);
    }
}

bool EventPump::pump() {
    std::vector<SDL_Event> batch;
    batch.swap(deferred_);
    for (SDL_Event e; SDL_PollEvent(&e) != 0;) {
        batch.push_back(e);
    }
    std::vector<SDL_Scancode> pressed;  // keys that went down in this frame
    std::vector<Uint8> buttons;         // mouse buttons that went down in this frame
    click_.reset();
    for (std::size_t i = 0; i < batch.size(); ++i) {
        const SDL_Event& e = batch[i];
        const bool key_up = e.type == SDL_KEYUP &&
                            std::find(pressed.begin(), pressed.end(), e.key.keysym.scancode) != pressed.end();
        const bool button_up = e.type == SDL_MOUSEBUTTONUP &&
                               std::find(buttons.begin(), buttons.end(), e.button.button) != buttons.end();
        if (key_up || button_up) {
            // Keep the order of everything after it: the rest waits for the next frame too.
            deferred_.assign(batch.begin() + static_cast<std::ptrdiff_t>(i), batch.end());
            break;
        }
        if (e.type == SDL_KEYDOWN) {
            pressed.push_back(e.key.keysym.scancode);
        }
        if (e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEBUTTONUP) {
            click_ = ImVec2(static_cast<float>(e.button.x), static_cast<float>(e.button.y));
            if (e.type == SDL_MOUSEBUTTONDOWN) buttons.push_back(e.button.button);
        }
        ImGui_ImplSDL2_ProcessEvent(&e);
        if (e.type == SDL_QUIT) {
            quit_ = true;  // SIGTERM and SIGINT arrive here too
        }
    }
    return !quit_;
}

}  // namespace oc::app
