#pragma once
// The console view's test fixture: an ImGui context without a window, hand-built snapshots, simulated
// clicks, typing and Enter (shared by console_view_test and screen_test).

#include <gtest/gtest.h>
#include <imgui.h>

#include <string>
#include <vector>

#include "headless_imgui.hpp"
#include "ui/console_view.hpp"
#include "ui/fonts.hpp"

namespace oc::ui::test {

using namespace std::chrono_literals;
using oc::rules::Color;
using oc::session::Command;
using oc::session::Phase;
using oc::session::Snapshot;
namespace cmd = oc::session::cmd;

constexpr int kEnterKey = 13;
inline const oc::session::TimePoint kNow{std::chrono::hours(5)};

inline Snapshot inPhase(Phase phase) {
    Snapshot s;
    s.phase = phase;
    s.setup.white = "Human Player";
    s.setup.black = "Stockfish";
    s.setup.computer_side = Color::Black;
    s.fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    s.remaining = {90min, 90min};
    s.setup_locked = phase != Phase::Setup;
    return s;
}

// After 1.e4 the engine (Black) answers 1...c5, shown to the operator.
inline Snapshot engineMoveShown() {
    Snapshot s = inPhase(Phase::EngineMoveShown);
    s.fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    s.to_move = Color::Black;
    s.moves.push_back({1, Color::White, "e2e4", "e4", "e4", false, 90min, 5s});
    s.engine_move =
        oc::session::PendingEngineMove{"c7c5", "c7-c5", "c5", false, oc::event::Evaluation{34, {}}, ""};
    s.clock_running = Color::Black;
    return s;
}

class ConsoleView : public HeadlessImGui {
  protected:
    // `font_px`: the console's text size, a fortieth of the window height (20 px at 800).
    explicit ConsoleView(float font_px = 20.f) : HeadlessImGui(font_px) {}
    void SetUp() override {
        HeadlessImGui::SetUp();
        ImGui::GetIO().KeyMap[ImGuiKey_Enter] = kEnterKey;
        oc::ui::applyConsoleStyle();
    }
    std::vector<Command> frames(const Snapshot& snap, int count = 1) {
        std::vector<Command> all;
        for (int i = 0; i < count; ++i) {
            ImGui::NewFrame();
            auto out = oc::ui::drawConsole(snap, kNow, state_, fonts_);
            ImGui::Render();
            all.insert(all.end(), out.begin(), out.end());
        }
        return all;
    }
    // Presses and releases the left button over the named control (drawn in the previous frame).
    std::vector<Command> click(const Snapshot& snap, const std::string& name) {
        EXPECT_TRUE(state_.widgets.count(name)) << name << " was not drawn";
        ImGuiIO& io = ImGui::GetIO();
        io.MousePos = state_.widgets[name].centre();
        auto out = frames(snap);
        io.MouseDown[0] = true;
        auto down = frames(snap);
        io.MouseDown[0] = false;
        auto up = frames(snap);
        out.insert(out.end(), down.begin(), down.end());
        out.insert(out.end(), up.begin(), up.end());
        io.MousePos = {-1, -1};
        auto after = frames(snap);  // the frame that shows the click's effect (e.g. an armed button)
        out.insert(out.end(), after.begin(), after.end());
        return out;
    }
    std::vector<Command> type(const Snapshot& snap, const std::string& text) {
        for (char c : text) {
            ImGui::GetIO().AddInputCharacter(static_cast<unsigned>(c));
        }
        return frames(snap);
    }
    std::vector<Command> pressEnter(const Snapshot& snap) {
        ImGuiIO& io = ImGui::GetIO();
        io.KeysDown[kEnterKey] = true;
        auto out = frames(snap);
        io.KeysDown[kEnterKey] = false;
        auto rest = frames(snap);
        out.insert(out.end(), rest.begin(), rest.end());
        return out;
    }
    bool enabled(const std::string& name) {
        return state_.widgets.count(name) && state_.widgets[name].enabled;
    }

    oc::ui::UiState state_;
};

}  // namespace oc::ui::test
