#include "ui/redraw.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <cmath>

namespace oc::ui {

namespace {

constexpr session::Ms kTenSeconds{10'000};
// Woken a little after the change rather than on it: a timer that fires a moment early would find the
// old digits, draw nothing new and sleep again for a whole step.
constexpr session::Ms kLate{2};

}  // namespace

std::optional<session::Ms> untilClockText(const session::Snapshot& snap) {
    if (!snap.clock_running || snap.clock_paused) return std::nullopt;
    const long long left = snap.remaining[*snap.clock_running].count();
    // Below ten seconds (either sign: formatClock shows the magnitude) the tenths change.
    const long long step = std::llabs(left) < kTenSeconds.count() ? 100 : 1000;
    // Counting down, the text (whole steps, rounded down) changes 1 ms after the time falls to a
    // multiple of its step; at zero the minus sign appears; past zero the magnitude counts up.
    const long long wait = left > 0 ? left % step + 1 : left == 0 ? 1 : step - (-left) % step;
    return session::Ms(wait) + kLate;
}

session::Ms untilCursorToggle(float anim) {
    constexpr float kPeriod = 1.2f;
    constexpr float kShown = 0.8f;
    float wait = 0.f;
    if (anim < 0.f) {
        wait = kShown - anim;  // after typing: shown, then the first blink
    } else {
        const float phase = std::fmod(anim, kPeriod);
        wait = phase <= kShown ? kShown - phase : kPeriod - phase;
    }
    return session::Ms(std::lround(wait * 1000.f)) + kLate;
}

std::optional<session::Ms> untilCursorBlink() {
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    if (!g.IO.ConfigInputTextCursorBlink || g.ActiveId == 0 || g.InputTextState.ID != g.ActiveId)
        return std::nullopt;
    return untilCursorToggle(g.InputTextState.CursorAnim);
}

}  // namespace oc::ui
