// The event setup form (E.III 2.2, 3.4): edited before the game, locked by the session once play starts.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <vector>

#include "ui/console_view.hpp"
#include "view_context.hpp"

namespace oc::ui {

namespace {

constexpr std::array kLanguages{"en", "pl", "de", "fr", "es", "nl", "ru"};
constexpr std::array kClasses{"auto", "standard", "rapid", "blitz"};
constexpr std::array kQuickplay{"none", "claim", "increment", "both"};

void textField(const char* label, std::string& value) {
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
    ImGui::InputText(label, &value);
}

// A name field as wide as its column allows: long event and player names are read whole (issue 15).
void wideField(const char* label, std::string& value) {
    const float label_w = ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().ItemInnerSpacing.x;
    ImGui::SetNextItemWidth(std::max(ImGui::GetFontSize() * 14, ImGui::GetContentRegionAvail().x - label_w));
    ImGui::InputText(label, &value);
}

bool sameName(const std::string& a, const std::string& b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

// One engine option as it will be at the start: the event's value, the ponder box, or the engine's default.
struct ShownOption {
    std::string name, value;
    bool from_event = false;  // set for this event (the options, the ponder box), not the engine's default
    const char* source = "engine default";
};

// E.III 2.2: everything the engine will run with, the event's settings first, then Threads and Hash and
// the rest at the engine's defaults (UCI names are case-insensitive).
std::vector<ShownOption> shownOptions(const session::EngineSettings& e,
                                      const std::vector<EngineOptionDefault>& defaults) {
    std::vector<ShownOption> set, rest;
    for (const auto& [name, value] : e.options) set.push_back({name, value, true, "set by the event"});
    for (const EngineOptionDefault& d : defaults) {
        auto same = [&](const ShownOption& o) { return sameName(o.name, d.name); };
        if (std::any_of(set.begin(), set.end(), same)) continue;
        if (sameName(d.name, "Ponder")) {
            set.push_back({d.name, e.ponder ? "true" : "false", true, "the ponder box"});
        } else {
            const bool key = sameName(d.name, "Threads") || sameName(d.name, "Hash");
            rest.insert(key ? rest.begin() : rest.end(), {d.name, d.default_value, false});
        }
    }
    set.insert(set.end(), rest.begin(), rest.end());
    return set;
}

// A combo over fixed words, editing the string in place.
template <std::size_t N>
void wordCombo(const char* label, std::string& value, const std::array<const char*, N>& words) {
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    if (ImGui::BeginCombo(label, value.c_str())) {
        for (const char* w : words) {
            if (ImGui::Selectable(w, value == w)) {
                value = w;
            }
        }
        ImGui::EndCombo();
    }
}

void drawGameFields(session::EventSetup& s) {
    wideField("Site", s.site);
    textField("Date (yyyy.mm.dd)", s.date);
    textField("Round", s.round);
    textField("Board", s.board);
    wideField("White player", s.white);
    wideField("Black player", s.black);
    int side = s.computer_side == rules::Color::White ? 0 : 1;
    ImGui::TextUnformatted("Computer plays");
    ImGui::SameLine();
    ImGui::RadioButton("White##cs", &side, 0);
    ImGui::SameLine();
    ImGui::RadioButton("Black##cs", &side, 1);
    s.computer_side = side == 0 ? rules::Color::White : rules::Color::Black;
    textField("Time control", s.time_control);
    ImGui::SameLine();
    ImGui::TextDisabled("e.g. 90m+30s");
    ImGui::TextUnformatted("Laws edition");
    ImGui::SameLine();
    if (ImGui::RadioButton("2023", s.edition == rules::Edition::E2023)) s.edition = rules::Edition::E2023;
    ImGui::SameLine();
    if (ImGui::RadioButton("2005", s.edition == rules::Edition::E2005)) s.edition = rules::Edition::E2005;
    wordCombo("Notation language", s.language, kLanguages);
    // QPF-01 / Q8: E2023 Guidelines III as announced (III.5 claim, III.4 increment, or both).
    wordCombo("Guidelines III (E2023)", s.quickplay_finish, kQuickplay);
    ImGui::Checkbox("Arbiter present in the venue (else III.6 / App. D)", &s.arbiter_in_venue);
    wordCombo("Classification", s.classification, kClasses);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    ImGui::InputDouble("Default time (min, -1: the edition's)", &s.default_time_min, 0, 0, "%.0f");
}

// The engine's options as they will be at the start: the event's (marked) first, then the defaults.
void drawEngineOptions(ViewContext& ctx) {
    const UiState& st = ctx.state;
    const session::EngineSettings& e = st.setup_draft->engine;
    ImGui::TextColored(kBlue, "Engine options at the start%s%s", st.engine_identity.empty() ? "" : ": ",
                       st.engine_identity.c_str());
    if (st.engine_identity.empty() || st.engine_command != e.command) {
        ImGui::TextDisabled("%s", st.engine_identity.empty()
                                      ? "(the engine's own defaults follow once it has answered)"
                                      : "(defaults of the engine running now; a new command's on Start)");
    }
    constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
    if (!ImGui::BeginTable("engineoptions", 3, kFlags)) return;
    for (const ShownOption& o : shownOptions(e, st.engine_defaults)) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::TextUnformatted(o.name.c_str());
        ImGui::TableSetColumnIndex(1);
        ImGui::TextColored(o.from_event ? kAmber : ImGui::GetStyle().Colors[ImGuiCol_Text], "%s",
                           o.value.empty() ? "(empty)" : o.value.c_str());
        if (o.name == "Threads" || o.name == "Hash") recordItem(ctx, ("engine option " + o.name).c_str());
        ImGui::TableSetColumnIndex(2);
        ImGui::TextDisabled("%s", o.source);
    }
    ImGui::EndTable();
}

void drawComputerFields(ViewContext& ctx) {
    session::EventSetup& s = *ctx.state.setup_draft;
    wideField("Engine command", s.engine.command);
    // E.III 2.2: locked with the rest; the start is refused if the engine has no UCI option Ponder.
    ImGui::Checkbox("Engine ponders on the human's time", &s.engine.ponder);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    ImGui::InputDouble("Handling reserve per move (s)", &s.handling_reserve_s, 0, 0, "%.1f");
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    ImGui::InputDouble("Faster rate below (s)", &s.faster_rate_threshold_s, 0, 0, "%.0f");
    ImGui::Checkbox("Enforce recording before the next engine move", &s.enforce_recording);
    wideField("Consultant (E.III 3.2)", s.consultant.name);
    ImGui::Checkbox("Consultant accepted by the arbiter", &s.consultant.accepted_by_arbiter);
    ImGui::Spacing();
    ImGui::TextColored(kBlue, "Draw / resign policy (the computer's instructions, locked)");
    session::DrawPolicy& p = s.policy;
    auto num = [](const char* label, int& v) {
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
        ImGui::InputInt(label, &v);
    };
    num("Accept a draw when score <= (cp)", p.accept_below_cp);
    num("... for the last N moves", p.accept_over_moves);
    ImGui::Checkbox("The computer may offer draws", &p.offer_enabled);
    num("Offer when |score| <= (cp)", p.offer_within_cp);
    num("... from move", p.offer_after_move);
    ImGui::Checkbox("The computer may claim valid draws", &p.claim_enabled);
    num("Claim when score <= (cp)", p.claim_below_cp);
    ImGui::Checkbox("The computer may resign", &p.resign_enabled);
    num("Resign when score <= (cp)", p.resign_below_cp);
    num("... for the last N moves##resign", p.resign_over_moves);
    ImGui::Checkbox("The computer may claim a quickplay finish / ask III.4", &p.qpf_claim_enabled);
    num("... when |score| <= (cp)##qpf", p.qpf_claim_within_cp);
    num("... for the last N moves##qpf", p.qpf_claim_over_moves);
    ImGui::Spacing();
    drawEngineOptions(ctx);  // long (Stockfish has some 20): last, the summary above Start sums it up
}

}  // namespace

void drawSetup(ViewContext& ctx) {
    UiState& st = ctx.state;
    if (!st.setup_draft) {
        st.setup_draft = ctx.snap.setup;
    }
    ImGui::PushFont(ctx.fonts.heading);
    ImGui::TextColored(kBlue, "Event setup");
    ImGui::PopFont();
    ImGui::SameLine();
    ImGui::TextDisabled("%s  Everything here is locked once the game starts (E.III 2.2).",
                        st.setup_source.c_str());
    if (!st.rejection.empty()) {
        ImGui::TextColored(kRed, "Refused: %s", st.rejection.c_str());
    }
    // The event's name on a row of its own, the window's width: it is often long and is printed on
    // every paper, so it must be read whole.
    wideField("Event", st.setup_draft->event);
    recordItem(ctx, "setup event");
    const std::string summary = engineOptionsSummary(st.setup_draft->engine, st.engine_defaults);
    const float summary_h =
        ImGui::CalcTextSize(summary.c_str(), nullptr, false, ImGui::GetContentRegionAvail().x).y;
    const float col_w = ImGui::GetContentRegionAvail().x * 0.5f;
    const float body_h = ImGui::GetContentRegionAvail().y - ImGui::GetFrameHeightWithSpacing() * 2.f -
                         summary_h - ImGui::GetStyle().ItemSpacing.y;
    ImGui::BeginChild("setupgame", {col_w, body_h}, true);
    drawGameFields(*st.setup_draft);
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("setupcomputer", {0, body_h}, true);
    drawComputerFields(ctx);
    ImGui::EndChild();
    ImGui::PushTextWrapPos(0.f);
    ImGui::TextUnformatted(summary.c_str());  // next to Start: checked before the lock (E.III 2.2)
    ImGui::PopTextWrapPos();
    recordItem(ctx, "setup engine summary");
    if (actionButton(ctx, "Start the game", true,
                     {ImGui::GetFontSize() * 12, ImGui::GetFrameHeight() * 1.6f})) {
        ctx.out.push_back(session::cmd::UpdateSetup{*st.setup_draft});
        ctx.out.push_back(session::cmd::StartGame{});
    }
    ImGui::SameLine();
    ImGui::TextDisabled("Start when the arbiter starts the clocks.");
}

// Beside the Start button: the options the event sets, and Threads and Hash, to check before the lock.
std::string engineOptionsSummary(const session::EngineSettings& engine,
                                 const std::vector<EngineOptionDefault>& defaults) {
    std::string text = "Engine:";
    for (const ShownOption& o : shownOptions(engine, defaults)) {
        if (o.from_event || o.name == "Threads" || o.name == "Hash") {
            text += (text.back() == ':' ? " " : ", ") + o.name + " " + o.value;
        }
    }
    return text.back() == ':' ? text + " options not known yet (the engine has not answered)" : text;
}

}  // namespace oc::ui
