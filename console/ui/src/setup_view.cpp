// The event setup form (E.III 2.2, 3.4): edited before the game, locked by the session once play starts.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <array>

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
    textField("Event", s.event);
    textField("Site", s.site);
    textField("Date (yyyy.mm.dd)", s.date);
    textField("Round", s.round);
    textField("Board", s.board);
    textField("White player", s.white);
    textField("Black player", s.black);
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

void drawComputerFields(session::EventSetup& s) {
    textField("Engine command", s.engine.command);
    // E.III 2.2: locked with the rest; the start is refused if the engine has no UCI option Ponder.
    ImGui::Checkbox("Engine ponders on the human's time", &s.engine.ponder);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    ImGui::InputDouble("Handling reserve per move (s)", &s.handling_reserve_s, 0, 0, "%.1f");
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    ImGui::InputDouble("Faster rate below (s)", &s.faster_rate_threshold_s, 0, 0, "%.0f");
    ImGui::Checkbox("Enforce recording before the next engine move", &s.enforce_recording);
    textField("Consultant (E.III 3.2)", s.consultant.name);
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
    const float col_w = ImGui::GetContentRegionAvail().x * 0.5f;
    const float body_h = ImGui::GetContentRegionAvail().y - ImGui::GetFrameHeightWithSpacing() * 2.f;
    ImGui::BeginChild("setupgame", {col_w, body_h}, true);
    drawGameFields(*st.setup_draft);
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("setupcomputer", {0, body_h}, true);
    drawComputerFields(*st.setup_draft);
    ImGui::EndChild();
    if (actionButton(ctx, "Start the game", true,
                     {ImGui::GetFontSize() * 12, ImGui::GetFrameHeight() * 1.6f})) {
        ctx.out.push_back(session::cmd::UpdateSetup{*st.setup_draft});
        ctx.out.push_back(session::cmd::StartGame{});
    }
    ImGui::SameLine();
    ImGui::TextDisabled("Start when the arbiter starts the clocks.");
}

}  // namespace oc::ui
