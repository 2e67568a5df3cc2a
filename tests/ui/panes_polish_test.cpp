// Issue 12: the operator's panes (Move, Clocks, Draws & result, Arbiter, Adjournment, the irregularities)
// in Polish. Each state is drawn once in English and once in Polish from the same view state; every text
// the panes record in UiState::widgets must differ (names, moves, clock readings and typed text aside),
// the Laws' Polish terms must be there, the English control names must still work, and at 1280x800 and
// 1366x768 no Polish text may run past its pane's right edge. The catalogue is the build tree's
// (build/.../locale).
#include <gtest/gtest.h>
#include <imgui.h>

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "console_view_fixture.hpp"
#include "i18n/language.hpp"
#include "i18n/tr.hpp"

namespace {

using namespace oc::ui::test;
using oc::i18n::UiLanguage;
using oc::ui::LowerTab;
using oc::ui::UiState;
using oc::ui::WidgetInfo;
using WidgetMap = std::map<std::string, WidgetInfo>;

// Drawn inside the panes' area by other parts of console/ui (tabs, pane frames, the confirm's Cancel).
const std::set<std::string> kNotThePanes = {"pane Move", "pane lower",  "pane Clocks", "Draws & result",
                                            "Arbiter",   "Adjournment", "Cancel"};
// The same in every language: clock readings, moves in notation, results, text the operator typed, boxes.
const std::set<std::string> kSameInEveryLanguage = {
    "white clock",    "black clock",     "engine move",     "illegal move shown", "##move",
    "##pressed",      "##tablewhite",    "##tableblack",    "##intended",         "##correct",
    "##adjdelta",     "##unpromoted",    "##illegalply",    "result 1-0",         "result 0-1",
    "result 1/2-1/2", "result 1-0 mark", "result 0-1 mark", "result 1/2-1/2 mark"};
// Drawn empty: the step prompt in some states (no step due), to keep the layout still; the Claims
// header's arrow always (recorded for its place in the mirrored layout, it has no text).
const std::set<std::string> kMayBeEmpty = {"step prompt", "Claims arrow"};
// Left out when the pane is too narrow for them (the role beside a clock).
const std::set<std::string> kMayBeLeftOut = {"white role", "black role"};

bool within(const ImVec2& p, const WidgetInfo& r) {
    return p.x >= r.min.x && p.x <= r.max.x && p.y >= r.min.y && p.y <= r.max.y;
}

// The pane a widget was drawn in: the Move pane and the lower tabs below it (scrolled parts included)
// in the middle column, or the Clocks pane; empty for the rest of the screen.
std::string paneOf(const WidgetMap& map, const WidgetInfo& w) {
    const WidgetInfo& move = map.at("pane Move");
    const ImVec2 c = w.centre();
    if (c.x >= move.min.x && c.x <= move.max.x && c.y >= move.min.y) {
        return c.y <= move.max.y ? "pane Move" : "pane lower";
    }
    return within(c, map.at("pane Clocks")) ? "pane Clocks" : "";
}

struct Scenario {
    std::string name;
    Snapshot snap;
    UiState ui;
};

Snapshot humanToMove() {
    Snapshot s = inPhase(Phase::HumanToMove);
    s.previous_unrecorded = true;
    s.faster_rate_available = true;
    s.handling_reserve = oc::session::HandlingReserveView{5s, 110s, 22, 7, 9100ms, false, 2s};
    s.moves.push_back({1, Color::White, "e2e4", "e4", "e4", false, 90min, 5s});
    s.moves.push_back({1, Color::Black, "c7c5", "c5", "c5", false, 90min, 5s});
    s.setup.consultant.name = "Jan Kowalski";
    return s;
}

UiState onTab(LowerTab tab, int arbiter_section = 0) {
    UiState ui;
    ui.tab = tab;
    ui.arbiter_section = arbiter_section;
    return ui;
}

void addMoveStates(std::vector<Scenario>& out) {
    out.push_back({"human to move", humanToMove(), {}});
    UiState refused;
    refused.move_text = "e4(=)";
    refused.rejection = "Clock pressed: write how long ago, e.g. 12 (seconds) or 1:05; or leave it empty";
    refused.rejection_is_move = true;
    out.push_back({"a refusal", humanToMove(), refused});
    Snapshot thinking = inPhase(Phase::EngineThinking);
    thinking.faster_rate = thinking.faster_rate_available = true;
    thinking.handling_reserve = oc::session::HandlingReserveView{5s, 110s, 1, 1, std::nullopt, true, {}};
    out.push_back({"engine thinking", thinking, {}});
    Snapshot offer = engineMoveShown();
    offer.human_offer_pending = true;
    offer.indication.accept_draw = true;
    out.push_back({"a pending draw offer", offer, {}});
    UiState confirming;
    confirming.confirming = "Made on board: rejects the offer";
    out.push_back({"made on board, asking", offer, confirming});
    for (Phase p : {Phase::EngineMoveMade, Phase::EngineMoveHeld}) {
        Snapshot s = engineMoveShown();
        s.phase = p;
        out.push_back({std::string("engine move ") + oc::session::phaseName(p), s, {}});
    }
}

void addDrawsStates(std::vector<Scenario>& out) {
    Snapshot computer = humanToMove();
    computer.computer_offer_pending = true;
    computer.indication.offer_draw = computer.indication.claim_draw = computer.indication.resign = true;
    computer.module_request = Snapshot::ModuleRequest{"SyzygyPath", "/srv/tb"};
    out.push_back({"the computer offers a draw", computer, {}});
    Snapshot claim = humanToMove();
    claim.phase = Phase::ClaimPending;
    out.push_back({"an invalid claim", claim, {}});
    Snapshot written = humanToMove();
    written.expected_human_move = "Nf3";
    out.push_back({"a written move to play", written, {}});
    Snapshot quickplay = humanToMove();
    quickplay.qpf_applies = true;
    quickplay.qpf_claim_available = {true, true};
    quickplay.increment_request_available = {true, true};
    quickplay.qpf_claimant = Color::White;
    quickplay.qpf_postponed = true;
    out.push_back({"a quickplay claim", quickplay, {}});
}

void addClockStates(std::vector<Scenario>& out) {
    Snapshot s = humanToMove();
    s.clock_paused = true;
    s.resync_needed = true;
    s.clock_waits_for_sealed_move = true;
    out.push_back({"clocks paused, resumed", s, {}});
    s = humanToMove();
    s.flag_reported = Color::Black;
    out.push_back({"a flag reported", s, onTab(LowerTab::Draws)});
    for (const char* armed : {"Human resigns", "Resign for the computer"}) {
        UiState ui = onTab(LowerTab::Draws);
        ui.confirming = armed;
        out.push_back({std::string("armed: ") + armed, humanToMove(), ui});
    }
}

void addArbiterStates(std::vector<Scenario>& out) {
    Snapshot s = humanToMove();
    s.flag_reported = Color::White;
    s.qpf_claimant = Color::White;
    s.increment_awaits_arbiter = true;
    s.forfeit_proposed = Color::White;
    s.setup.edition = oc::rules::Edition::E2005;
    for (int section = 0; section < 8; ++section) {
        UiState ui = onTab(LowerTab::Arbiter, section);
        ui.illegal_ply = 1;
        ui.illegal_kind = 1;  // not an illegal move under the 2005 Laws
        out.push_back({"arbiter section " + std::to_string(section), s, ui});
    }
    // The consequential buttons armed: "Confirm: ..." and "Cancel" take the row's room.
    for (const char* armed : {"Rule White's flag (seen on the table clock)", "QPF: reject (opponent +2:00)",
                              "Grant +5 s for both (opponent +2:00)", "Confirm forfeit"}) {
        UiState ui = onTab(LowerTab::Arbiter);
        ui.confirming = armed;
        out.push_back({std::string("armed: ") + armed, s, ui});
    }
    Snapshot provisional = humanToMove();
    provisional.qpf_claimant = Color::Black;
    provisional.qpf_provisional = true;
    out.push_back({"a provisional quickplay claim", provisional, onTab(LowerTab::Arbiter)});
    provisional.qpf_provisional = false;
    provisional.qpf_decision_needed = true;
    provisional.setup.consultant.name.clear();
    out.push_back({"a flag in a quickplay claim", provisional, onTab(LowerTab::Arbiter, 7)});
}

void addAdjournStates(std::vector<Scenario>& out) {
    Snapshot human = humanToMove();
    human.seal_requested = true;
    out.push_back({"the human seals", human, onTab(LowerTab::Adjourn)});
    UiState armed = onTab(LowerTab::Adjourn);
    armed.confirming = "Envelope sealed";
    out.push_back({"armed: Envelope sealed", human, armed});
    armed.confirming = "Arbiter requests seal";
    out.push_back({"armed: Arbiter requests seal", humanToMove(), armed});
    Snapshot engine = inPhase(Phase::EngineThinking);
    engine.seal_requested = true;
    engine.to_move = Color::Black;
    out.push_back({"the computer chooses its sealed move", engine, onTab(LowerTab::Adjourn)});
    engine.phase = Phase::EngineMoveShown;
    engine.computer_move_withheld = true;
    UiState typed = onTab(LowerTab::Adjourn);
    typed.seal_passphrase = "short";
    out.push_back({"the computer's move withheld", engine, typed});
    Snapshot shown = engineMoveShown();
    shown.seal_requested = true;
    out.push_back({"a move shown before the seal request", shown, onTab(LowerTab::Adjourn)});
    for (Color sealer : {Color::White, Color::Black}) {
        Snapshot adjourned = inPhase(Phase::Adjourned);
        adjourned.sealed_by = sealer;
        adjourned.clock_paused = true;
        out.push_back(
            {"adjourned, sealed by the " + std::string(sealer == Color::White ? "human" : "computer"),
             adjourned, onTab(LowerTab::Adjourn)});
    }
}

std::vector<Scenario> scenarios() {
    std::vector<Scenario> all;
    addMoveStates(all);
    addDrawsStates(all);
    addClockStates(all);
    addArbiterStates(all);
    addAdjournStates(all);
    return all;
}

class PanesInPolish : public ConsoleView {
  protected:
    // `font_px`: the console's text size, a fortieth of the window height.
    explicit PanesInPolish(float font_px = 20.f) : ConsoleView(font_px) {}
    void TearDown() override {
        EXPECT_TRUE(oc::i18n::setUiLanguage(UiLanguage::En));
        ConsoleView::TearDown();
    }
    // The widget map of `s` drawn in `lang` (three frames: the Move pane takes its height from the last).
    WidgetMap drawIn(UiLanguage lang, const Scenario& s) {
        const auto set = oc::i18n::setUiLanguage(lang);
        EXPECT_TRUE(set.has_value()) << (set ? "" : set.error());
        state_ = s.ui;
        frames(s.snap, 3);
        return state_.widgets;
    }
    // Every text the panes drew in English shows in Polish and reads differently there.
    void expectTranslated(const Scenario& s) {
        const WidgetMap en = drawIn(UiLanguage::En, s);
        const WidgetMap pl = drawIn(UiLanguage::Pl, s);
        for (const auto& [name, w] : en) {
            if (kNotThePanes.count(name) || kSameInEveryLanguage.count(name) || paneOf(en, w).empty())
                continue;
            if (w.text.empty() && kMayBeEmpty.count(name)) continue;
            EXPECT_FALSE(w.text.empty()) << "'" << name << "' records no text (" << s.name << ")";
            const auto it = pl.find(name);
            if (it == pl.end()) {
                EXPECT_TRUE(kMayBeLeftOut.count(name))
                    << "'" << name << "' not drawn in Polish (" << s.name << ")";
                continue;
            }
            EXPECT_NE(it->second.text, w.text) << "'" << name << "' is English in Polish (" << s.name << ")";
        }
    }
    std::string polishText(const Scenario& s, const std::string& name) {
        const WidgetMap pl = drawIn(UiLanguage::Pl, s);
        const auto it = pl.find(name);
        EXPECT_NE(it, pl.end()) << name << " not drawn (" << s.name << ")";
        return it == pl.end() ? "" : it->second.text;
    }
};

TEST_F(PanesInPolish, EveryTextOfThePanesIsTranslatedInEveryState) {
    int checked = 0;
    for (const Scenario& s : scenarios()) {
        SCOPED_TRACE(s.name);
        expectTranslated(s);
        ++checked;
    }
    EXPECT_EQ(checked, 37);
}

Scenario scenario(const std::string& name) {
    for (Scenario& s : scenarios()) {
        if (s.name == name) return s;
    }
    ADD_FAILURE() << "no scenario " << name;
    return {};
}

// The terms of the Polish Laws of Chess 2005 (docs/i18n.md): propozycja remisu, tajne posunięcie,
// koperta, chorągiewka, sędzia, formularz, reklamacja.
TEST_F(PanesInPolish, ThePolishLawsTermsAreUsed) {
    const auto has = [](const std::string& text, const char* word) {
        return testing::AssertionResult(text.find(word) != std::string::npos)
               << "'" << text << "' lacks " << word;
    };
    EXPECT_TRUE(has(polishText(scenario("human to move"), "Human offers draw"), "remis"));
    EXPECT_TRUE(has(polishText(scenario("human to move"), "(=) draw offer"), "remisu"));
    EXPECT_TRUE(has(polishText(scenario("human to move"), "step prompt"), "formularzu"));
    EXPECT_TRUE(
        has(polishText(scenario("a pending draw offer"), "pending offer warning"), "Propozycja remisu"));
    EXPECT_TRUE(has(polishText(scenario("human to move"), "flag fallen title"), "Chorągiewka"));
    EXPECT_TRUE(has(polishText(scenario("a quickplay claim"), "quickplay open"), "Reklamacja"));
    EXPECT_TRUE(has(polishText(scenario("the human seals"), "Envelope sealed"), "Koperta"));
    EXPECT_TRUE(has(polishText(scenario("the human seals"), "Arbiter requests seal"), "tajne posunięcie"));
    EXPECT_TRUE(has(polishText(scenario("the computer's move withheld"), "Seal computer's move"),
                    "tajne posunięcie"));
    EXPECT_TRUE(has(polishText(scenario("arbiter section 0"), "arbiter only"), "sędziego"));
    EXPECT_EQ(polishText(scenario("the computer's move withheld"), "passphrase problem"),
              "co najmniej 8 znaków");
}

// Counts take the Polish plural forms (1 posunięcie, 2-4 posunięcia, 5+ posunięć) and decimals a comma.
TEST_F(PanesInPolish, CountsTakeThePolishPluralAndDecimalsAComma) {
    Scenario s = scenario("human to move");
    EXPECT_EQ(polishText(s, "handling reserve why"),
              "5,0 s × 22 posunięcia: p95 z 7 obsług, pominięto jedną wolną (9,1 s)");
    EXPECT_EQ(polishText(s, "handling reserve"), "Rezerwa na obsługę: 1:50 + 2,0 s z każdego dodatku");
    s.snap.handling_reserve->moves = 25;
    EXPECT_NE(polishText(s, "handling reserve why").find("25 posunięć"), std::string::npos);
    EXPECT_NE(polishText(scenario("engine thinking"), "handling reserve why").find("1 posunięcie"),
              std::string::npos);
}

// The controls keep their English names as IDs: tests and scripts click them in Polish as in English.
TEST_F(PanesInPolish, ControlsAreClickedByTheirEnglishNames) {
    ASSERT_TRUE(oc::i18n::setUiLanguage(UiLanguage::Pl));
    const Snapshot snap = humanToMove();
    frames(snap, 3);
    auto out = click(snap, "Human offers draw");
    ASSERT_EQ(out.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<cmd::HumanOffersDraw>(out[0]));
    out = click(snap, "White##flag");
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(std::get<cmd::ReportFlag>(out[0]).side, Color::White);
}

struct ScreenSize {
    float width, height;
};

// The screens of Screens/LayoutAt, with their text size (main.cpp: a fortieth of the height).
class PanesInPolishAt : public PanesInPolish, public ::testing::WithParamInterface<ScreenSize> {
  protected:
    PanesInPolishAt() : PanesInPolish(GetParam().height / 40.f) {}
    void SetUp() override {
        PanesInPolish::SetUp();
        ImGui::GetIO().DisplaySize = ImVec2(GetParam().width, GetParam().height);
    }
    // No Polish text of the panes runs past its pane's right edge.
    void expectWithinTheRightEdge(const WidgetMap& pl, const std::string& where) {
        const float slack = ImGui::GetStyle().WindowPadding.x * 0.5f;  // a child window clips there
        for (const auto& [name, w] : pl) {
            const std::string pane = paneOf(pl, w);
            if (pane.empty() || name.rfind("pane ", 0) == 0) continue;  // Cancel and the tabs too
            EXPECT_LE(w.max.x, pl.at(pane).max.x - slack)
                << "'" << name << "' (" << w.text << ") runs past " << pane << " in " << where;
        }
    }
    // The step buttons keep a fixed width and clip their text instead of growing: the word must fit; and
    // they stay in view under the Move pane's longer Polish texts (issue 15's rule).
    void expectStepsWhole(const WidgetMap& pl, const std::string& where) {
        for (const char* name : {"Made on board", "Clock pressed", "Recorded"}) {
            const WidgetInfo& b = pl.at(name);
            EXPECT_LE(ImGui::CalcTextSize(b.text.c_str()).x + 2.f * ImGui::GetStyle().FramePadding.x,
                      b.max.x - b.min.x)
                << "'" << b.text << "' is clipped in its button in " << where;
            EXPECT_LE(b.max.y, pl.at("pane Move").max.y) << name << " below the Move pane in " << where;
        }
    }
};

TEST_P(PanesInPolishAt, PolishTextsFitTheirPanes) {
    for (const Scenario& s : scenarios()) {
        const WidgetMap pl = drawIn(UiLanguage::Pl, s);
        expectWithinTheRightEdge(pl, s.name);
        expectStepsWhole(pl, s.name);
        if (s.ui.tab == LowerTab::Draws && pl.count("Human resigns")) {
            for (const char* pinned : {"White##flag", "Black##flag", "Human resigns"}) {
                EXPECT_LE(pl.at(pinned).max.y, pl.at("pane lower").max.y)
                    << pinned << " out of view in " << s.name;
            }
        }
    }
}

// The banner has room for one line: the wrong passphrase's Polish hint (the trial's slip was ł for l) is
// drawn whole, smaller, never cut at the window's edge where its end would be lost.
TEST_P(PanesInPolishAt, ALongRefusalFitsTheBanner) {
    Scenario s{"adjourned, wrong passphrase", inPhase(Phase::Adjourned), {}};
    s.ui.rejection =
        "the passphrase does not open this envelope; check the arbiter's passphrase as written: capitals, "
        "spaces, and letters with diacritics (ł or l, ą or a)";
    const WidgetMap pl = drawIn(UiLanguage::Pl, s);
    const WidgetInfo& line = pl.at("banner rejection");
    EXPECT_NE(line.text.find("(ł czy l, ą czy a)"), std::string::npos) << line.text;
    EXPECT_LE(line.max.x, GetParam().width - ImGui::GetStyle().WindowPadding.x) << line.text;
}

INSTANTIATE_TEST_SUITE_P(Screens, PanesInPolishAt,
                         ::testing::Values(ScreenSize{1280.f, 800.f}, ScreenSize{1366.f, 768.f}),
                         [](const auto& row) {
                             return std::to_string(static_cast<int>(row.param.width)) + "x" +
                                    std::to_string(static_cast<int>(row.param.height));
                         });

}  // namespace
