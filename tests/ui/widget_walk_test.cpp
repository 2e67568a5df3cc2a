// Issue 22, item 1: a button that does nothing is the worst defect an operator can meet. Arbiter ->
// Correct did nothing because the section's selector and the action button had one ImGui ID: ImGui then
// lets only the first of the two be clicked. This test walks every screen state the scenario scripts
// reach (each record of each script, restored as after a crash), in every lower tab and every arbiter
// section, and fails on any two widgets sharing an ID or a name; then it clicks every button in a state
// where it is enabled and fails unless something happened: a command for the session (which answers
// with a record or a refusal) or a visible change.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "console_view_fixture.hpp"
#include "session/record_sink.hpp"
#include "session/session.hpp"
#include "sim/driver.hpp"
#include "sim/fake_engine.hpp"

namespace {

using namespace oc::ui::test;
using oc::ui::LowerTab;
using oc::ui::UiState;

// arbiter_pane.cpp's kSections, in order.
constexpr const char* kArbiterSections[] = {
    "Clock", "Illegal", "At the board", "Correct", "Made differently", "Result", "Arrival", "Consult"};
constexpr int kSectionCount = static_cast<int>(std::size(kArbiterSections));

// A selector of what the view already shows (its tab, its arbiter section): clicking it changes nothing,
// rightly.
bool selectsCurrent(const UiState& st, const std::string& name) {
    if (name == "Draws & result") return st.tab == LowerTab::Draws;
    if (name == "Arbiter") return st.tab == LowerTab::Arbiter;
    if (name == "Adjournment") return st.tab == LowerTab::Adjourn;
    return name == std::string("section ") + kArbiterSections[st.arbiter_section];
}

oc::event::EventSetup fakeSetup() {
    oc::event::EventSetup s;
    s.white = "Human";
    s.black = "Engine";
    s.computer_side = Color::Black;
    s.time_control = "90m+30s";
    s.engine.command = "fake";
    return s;
}

// Every record list a scenario script writes, one per script.
std::vector<std::pair<std::string, std::vector<nlohmann::json>>> scriptRecords() {
    std::vector<std::pair<std::string, std::vector<nlohmann::json>>> out;
    for (const auto& e : std::filesystem::directory_iterator(OC_SESSION_SCRIPTS)) {
        if (e.path().extension() != ".txt") continue;
        std::ifstream in(e.path());
        std::stringstream text;
        text << in.rdbuf();
        const oc::event::EventSetup setup = fakeSetup();
        auto steps = oc::sim::parseScript(text.str(), setup.computer_side);
        if (!steps) continue;
        oc::session::MemorySink sink;
        oc::sim::FakeEngine engine(oc::sim::legalMovesAfter, 1);
        auto session = oc::session::Session::create(setup, sink, engine, kNow);
        if (!session) continue;
        oc::sim::DriverOptions opt;
        opt.human = oc::sim::HumanKind::Script;
        opt.script = *steps;
        opt.scripted_engine = &engine;
        oc::sim::Driver(**session, engine, opt, kNow).run();
        out.emplace_back(e.path().stem().string(), sink.records);
    }
    std::sort(out.begin(), out.end());
    return out;
}

// The screen after the first `n` records, as the console shows it after a restart there.
std::optional<Snapshot> stateAfter(const std::vector<nlohmann::json>& records, std::size_t n) {
    const std::vector<nlohmann::json> prefix(records.begin(), records.begin() + static_cast<long>(n));
    oc::session::MemorySink sink;
    oc::sim::FakeEngine engine(oc::sim::legalMovesAfter, 1);
    auto session = oc::session::Session::restore(prefix, sink, engine);
    if (!session) return std::nullopt;
    const auto t = oc::session::TimePoint(std::chrono::milliseconds(prefix.back().value("t", 0)));
    return (*session)->snapshot(std::max(t, kNow));
}

// What the operator would type into the fields, so that buttons waiting for text are enabled.
void fillFields(UiState& st) {
    st.move_text = "e4";
    st.table_white = "1:29:00";
    st.table_black = "1:29:00";
    st.adjust_delta = "+0:30";
    st.adjust_reason = "arbiter's ruling";
    st.illegal_ply = 1;
    st.correct_text = "d4";
    st.correct_confirmed = true;
    st.result_reason = "arbiter's ruling";
    st.made_instead = "e5";
    st.illegal_kind_move = "a7a8";
    st.seal_passphrase = st.seal_passphrase_repeat = "correct horse battery";
    st.envelope_move = "e4";
    st.envelope_resumption = "tomorrow 10:00, hall B";
    st.claim_intended = "e4";
    st.consult_arbiter_present = true;
    st.consult_note = "about the engine";
}

// What a person sees of the screen: each widget's name, text and state, and the view's toggles.
std::string visible(const UiState& st) {
    std::string out =
        fmt::format("tab {} section {} confirming {} flip {} public {} pdf {} {} mute {} kind {} press {}\n",
                    static_cast<int>(st.tab), st.arbiter_section, st.confirming, st.flip_board,
                    st.public_display, st.envelope_pdf_requested, st.scoresheet_pdf_requested,
                    st.speech_mute_toggled, st.illegal_kind, st.press_override);
    for (const auto& [name, w] : st.widgets) out += fmt::format("{}|{}|{}\n", name, w.text, w.enabled);
    return out;
}

class WidgetWalk : public ConsoleView {
  protected:
    // Draws `snap` on the public display, then in every lower tab and arbiter section.
    void walkViews(const Snapshot& snap, const std::string& where) {
        UiState shown;
        shown.public_display = true;
        state_ = shown;
        frames(snap, 2);
        for (const std::string& clash : state_.id_clashes) ADD_FAILURE() << where << " (public): " << clash;
        for (LowerTab tab : {LowerTab::Draws, LowerTab::Arbiter, LowerTab::Adjourn}) {
            for (int section = 0; section < (tab == LowerTab::Arbiter ? kSectionCount : 1); ++section) {
                UiState fresh;
                fillFields(fresh);
                fresh.tab = tab;
                fresh.arbiter_section = section;
                fresh.seen_flag = fresh.seen_offer = fresh.seen_seal = true;  // keep the chosen tab
                state_ = fresh;
                frames(snap, 2);
                for (const std::string& clash : state_.id_clashes) ADD_FAILURE() << where << ": " << clash;
                clickEachOnce(snap, fresh, where);
            }
        }
    }

    // Clicks each enabled button not yet clicked in this phase, from the state `start` drew.
    void clickEachOnce(const Snapshot& snap, const UiState& start, const std::string& where) {
        const UiState drawn = state_;
        for (const auto& [name, w] : drawn.widgets) {
            if (!w.clickable) continue;
            seen_buttons_.insert(name);
            if (!w.enabled || selectsCurrent(drawn, name) || !clicked_[snap.phase].insert(name).second)
                continue;
            clicked_any_.insert(name);
            state_ = start;
            frames(snap, 2);
            const std::string before = visible(state_);
            const std::vector<Command> out = click(snap, name);
            if (out.empty() && visible(state_) == before)
                ADD_FAILURE() << where << ": clicking '" << name << "' did nothing (drawn at " << w.min.x
                              << "," << w.min.y << "-" << w.max.x << "," << w.max.y << ")";
        }
    }

    std::set<std::string> seen_buttons_, clicked_any_;
    std::map<Phase, std::set<std::string>> clicked_;
};

TEST_F(WidgetWalk, NoTwoWidgetsShareAnIdAndEveryButtonDoesSomething) {
    const auto scripts = scriptRecords();
    ASSERT_GT(scripts.size(), 40u) << "the scenario scripts were not found in " << OC_SESSION_SCRIPTS;
    walkViews(inPhase(Phase::Setup), "the setup screen");
    std::size_t states = 0;
    for (const auto& [name, records] : scripts) {
        for (std::size_t n = 2; n <= records.size(); ++n) {
            auto snap = stateAfter(records, n);
            if (!snap) continue;
            ++states;
            walkViews(*snap, fmt::format("{} after record {}", name, n));
        }
    }
    EXPECT_GT(states, 500u);
    std::vector<std::string> never;
    for (const std::string& name : seen_buttons_)
        if (!clicked_any_.count(name)) never.push_back(name);
    EXPECT_TRUE(never.empty()) << "buttons never enabled in any state reached: "
                               << ::testing::PrintToString(never);
}

}  // namespace
