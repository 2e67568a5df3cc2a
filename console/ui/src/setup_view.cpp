// The event setup form (E.III 2.2, 3.4): edited before the game, locked by the session once play starts.
// Every label is an English msgid shown translated; the English stays the control's ImGui ID and its name
// in UiState::widgets, so switching the language here keeps what is being edited.
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <string_view>
#include <vector>

#include "i18n/language.hpp"
#include "i18n/mark.hpp"
#include "i18n/tr.hpp"
#include "rules/notation.hpp"
#include "ui/console_view.hpp"
#include "view_context.hpp"

namespace oc::ui {

namespace {

using i18n::N_;
using i18n::tr;
using i18n::trc;

constexpr std::array kLanguages{"en", "pl", "de", "fr", "es", "nl", "ru", "fa"};
constexpr std::array kClasses{"auto", "standard", "rapid", "blitz"};
constexpr std::array kQuickplay{"none", "claim", "increment", "both"};
constexpr std::array kSpeech{"off", "computer", "all"};

// The width of a widget `item_w` wide with its ImGui label ("shown###id") beside it.
float labelledWidth(float item_w, const std::string& label) {
    const float text = ImGui::CalcTextSize(label.c_str(), nullptr, true).x;
    return item_w + (text > 0.f ? ImGui::GetStyle().ItemInnerSpacing.x + text : 0.f);
}

// A form row's widget `item_w` wide with its label: placed along the reading direction, so that in a
// right-to-left UI the row starts at the column's right edge (the label, then its field to the left).
void formRow(const std::string& label, float item_w) {
    DirectedRow row;
    row.next(labelledWidth(item_w, label));
}

// A text field labelled tr(msgid), 14 em wide or (`wide`) as wide as its column allows: long event and
// player names are read whole (issue 15). Recorded as `name` (default: the msgid). `row`: the row it
// is part of (the caller then shows the joined line, freeTextPreview, below the row), else a row of its
// own. Persian typed into it is shown joined on a line below.
void textField(ViewContext& ctx, const char* msgid, std::string& value, bool wide = false,
               const char* name = nullptr, DirectedRow* row = nullptr) {
    const std::string label = translatedLabel(msgid);
    const float label_w =
        ImGui::CalcTextSize(label.c_str(), nullptr, true).x + ImGui::GetStyle().ItemInnerSpacing.x;
    const float narrow = ImGui::GetFontSize() * 14;
    const float item_w = wide ? std::max(narrow, ImGui::GetContentRegionAvail().x - label_w) : narrow;
    if (row)
        row->next(labelledWidth(item_w, label));
    else
        formRow(label, item_w);
    ImGui::SetNextItemWidth(item_w);
    // PGN's "unknown" ("?", "????.??.??") is shown as an empty box saying so, never as question marks to
    // type over; left empty, the setup keeps PGN's value (the papers print a blank line for it).
    const bool unknown = !value.empty() && value.find_first_not_of("?.") == std::string::npos;
    std::string typed;
    freeTextBox(ctx, name ? name : msgid, label, displayText(tr("unknown")), unknown ? typed : value);
    if (unknown && !typed.empty()) value = typed;
    recordItem(ctx, name ? name : msgid, tr(msgid));
    if (!row) freeTextPreview(ctx, name ? name : msgid, value);  // else once the row is complete
}

void checkbox(ViewContext& ctx, const char* msgid, bool& value) {
    const std::string label = translatedLabel(msgid);
    formRow(label, ImGui::GetFrameHeight());
    checkBox(ctx, msgid, label, tr(msgid), &value);
}

// A number field; `id` tells apart fields whose label reads the same ("... for the last N moves").
void intField(ViewContext& ctx, const char* id, const char* msgid, int& value) {
    const std::string label = fmt::format("{}###{}", displayText(tr(msgid)), id);
    formRow(label, ImGui::GetFontSize() * 8);
    intStepper(ctx, id, label, &value, ImGui::GetFontSize() * 8, tr(msgid));
}

void decimalField(ViewContext& ctx, const char* msgid, double& value, const char* format) {
    const std::string label = translatedLabel(msgid);
    formRow(label, ImGui::GetFontSize() * 8);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    ImGui::InputDouble(label.c_str(), &value, 0, 0, format);
    recordItem(ctx, msgid, tr(msgid));
}

// A text line recorded under its msgid (the widget maps compare what it shows in each language).
void label(ViewContext& ctx, const char* msgid) {
    uiText(tr(msgid));
    recordItem(ctx, msgid, tr(msgid));
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
    const char* source = "";  // where the value comes from, translated
};

// E.III 2.2: everything the engine will run with, the event's settings first, then Threads and Hash and
// the rest at the engine's defaults (UCI names are case-insensitive).
std::vector<ShownOption> shownOptions(const event::EngineSettings& e,
                                      const std::vector<EngineOptionDefault>& defaults) {
    std::vector<ShownOption> set, rest;
    for (const auto& [name, value] : e.options) set.push_back({name, value, true, tr("set by the event")});
    for (const EngineOptionDefault& d : defaults) {
        auto same = [&](const ShownOption& o) { return sameName(o.name, d.name); };
        if (std::any_of(set.begin(), set.end(), same)) continue;
        if (sameName(d.name, "Ponder")) {
            set.push_back({d.name, e.ponder ? "true" : "false", true, tr("the ponder box")});
        } else {
            const bool key = sameName(d.name, "Threads") || sameName(d.name, "Hash");
            rest.insert(key ? rest.begin() : rest.end(),
                        {d.name, d.default_value, false, tr("engine default")});
        }
    }
    set.insert(set.end(), rest.begin(), rest.end());
    return set;
}

// What the combos show for the setup's words (the setup keeps the English words).
const char* classificationName(std::string_view v) {
    if (v == "standard") return trc("classification", "standard");
    if (v == "rapid") return trc("classification", "rapid");
    if (v == "blitz") return trc("classification", "blitz");
    return v == "auto" ? trc("classification", "auto") : v.data();
}

const char* quickplayName(std::string_view v) {
    if (v == "none") return trc("quickplay finish", "none");
    if (v == "claim") return trc("quickplay finish", "claim");
    if (v == "increment") return trc("quickplay finish", "increment");
    return v == "both" ? trc("quickplay finish", "both") : v.data();
}

// A notation language's name in the UI language (the letters are added by notationName).
const char* notationLanguageName(std::string_view v) {
    if (v == "en") return trc("notation", "English");
    if (v == "pl") return trc("notation", "Polish");
    if (v == "de") return trc("notation", "German");
    if (v == "fr") return trc("notation", "French");
    if (v == "es") return trc("notation", "Spanish");
    if (v == "nl") return trc("notation", "Dutch");
    if (v == "fa") return trc("notation", "Persian");  // English SAN: "Persian (K Q R B N)"
    return v == "ru" ? trc("notation", "Russian") : v.data();
}

// The notation languages by name, with the piece letters the operator will type (issue 22, item 9):
// "Polish (K H W G S)". Kept per code: the combo's texts must outlive the frame's calls.
const char* notationName(std::string_view v) {
    static std::map<std::string, std::string, std::less<>> shown;
    static i18n::UiLanguage shown_in = i18n::uiLanguage();
    if (shown_in != i18n::uiLanguage()) shown.clear(), shown_in = i18n::uiLanguage();
    const auto lang = rules::parseLanguage(v);
    if (!lang) return v.data();
    auto it = shown.find(v);
    if (it == shown.end())
        it = shown
                 .emplace(std::string(v),
                          fmt::format("{} ({})", notationLanguageName(v), rules::pieceLetters(*lang)))
                 .first;
    return it->second.c_str();
}

const char* speechName(std::string_view v) {
    if (v == "off") return trc("speech", "off");
    if (v == "computer") return trc("speech", "computer's moves");
    return v == "all" ? trc("speech", "all moves") : v.data();
}

// A combo over fixed words, editing the string in place; `shown` gives each word's text.
template <std::size_t N>
void wordCombo(ViewContext& ctx, const char* msgid, std::string& value,
               const std::array<const char*, N>& words, const char* (*shown)(std::string_view)) {
    // As wide as its longest word in the UI language (Polish words run longer), at least 8 em.
    float widest = ImGui::GetFontSize() * 8 - ImGui::GetFrameHeight() - ImGui::GetStyle().FramePadding.x * 2;
    for (const char* w : words)
        widest = std::max(widest, ImGui::CalcTextSize(displayText(shown(w)).c_str()).x);
    const float combo_w = widest + ImGui::GetFrameHeight() + ImGui::GetStyle().FramePadding.x * 2;
    const std::string label = translatedLabel(msgid);
    formRow(label, combo_w);
    if (!beginCombo(ctx, msgid, label, displayText(shown(value)), combo_w, tr(msgid))) return;
    for (const char* w : words) {
        if (ImGui::Selectable(fmt::format("{}###{}", displayText(shown(w)), w).c_str(), value == w))
            value = w;
    }
    endCombo();
}

// One language in the screens' combo: chosen, it switches at once and goes into the setup.
void languageSelectable(ViewContext& ctx, event::EventSetup& s, i18n::UiLanguage lang) {
    const std::string code(i18n::uiLanguageCode(lang));
    const std::string name(i18n::uiLanguageName(lang));
    // Each language's own name, shaped whatever the screens' language ("فارسی" in an English UI too).
    if (ImGui::Selectable(shapeRtlLine(name).c_str(), lang == i18n::uiLanguage())) {
        if (auto set = i18n::setUiLanguage(lang); set) {
            s.ui_language = code;
        } else {
            ctx.state.rejection = set.error();
        }
    }
    recordItem(ctx, ("ui language " + code).c_str(), name);
}

// Issue 12: the language of the screens, apart from the notation's. It switches at once and is stored in
// the setup (ui_language), so the next start of the program uses it too.
void drawUiLanguageCombo(ViewContext& ctx, event::EventSetup& s) {
    const char* msgid = N_("Language of the screens");
    const float width = ImGui::GetFontSize() * 8;
    const std::string label = translatedLabel(msgid);
    formRow(label, width);
    const std::string current(i18n::uiLanguageName(i18n::uiLanguage()));
    const bool open = beginCombo(ctx, msgid, label, shapeRtlLine(current), width, tr(msgid));
    // The box alone (a click on the label does not open it), for tests that choose a language.
    const ImVec2 box = ImGui::GetItemRectMin();
    ctx.state.widgets["ui language combo"] = {
        box, {box.x + width, box.y + ImGui::GetFrameHeight()}, true, current};
    if (!open) return;
    for (i18n::UiLanguage lang : i18n::uiLanguages()) languageSelectable(ctx, s, lang);
    endCombo();
}

// The side the computer plays: "Computer plays (o) White (o) Black".
void drawComputerSide(ViewContext& ctx, event::EventSetup& s) {
    int side = s.computer_side == rules::Color::White ? 0 : 1;
    const std::string white = fmt::format("{}###cs-white", displayText(trc("computer plays", "White")));
    const std::string black = fmt::format("{}###cs-black", displayText(trc("computer plays", "Black")));
    DirectedRow row;
    row.next(textWidth(tr("Computer plays")));
    label(ctx, N_("Computer plays"));
    row.next(labelledWidth(ImGui::GetFrameHeight(), white));
    radioButton(ctx, "computer plays white", white, trc("computer plays", "White"), &side, 0);
    row.next(labelledWidth(ImGui::GetFrameHeight(), black));
    radioButton(ctx, "computer plays black", black, trc("computer plays", "Black"), &side, 1);
    s.computer_side = side == 0 ? rules::Color::White : rules::Color::Black;
}

// The edition of the Laws the game is played under: "Laws edition (o) 2023 (o) 2005".
void drawEdition(ViewContext& ctx, event::EventSetup& s) {
    DirectedRow row;
    row.next(textWidth(tr("Laws edition")));
    label(ctx, N_("Laws edition"));
    row.next(labelledWidth(ImGui::GetFrameHeight(), "2023"));
    if (radioButton(ctx, "edition 2023", "2023", "2023", s.edition == rules::Edition::E2023))
        s.edition = rules::Edition::E2023;
    row.next(labelledWidth(ImGui::GetFrameHeight(), "2005"));
    if (radioButton(ctx, "edition 2005", "2005", "2005", s.edition == rules::Edition::E2005))
        s.edition = rules::Edition::E2005;
}

// A player's name on a row of its own, then the FIDE ID and rating printed on the papers (locked too).
void drawPlayer(ViewContext& ctx, const char* msgid, std::string& name, std::string& fide_id, int& rating,
                const char* side) {
    textField(ctx, msgid, name, true);
    const std::string id_name = fmt::format("{} FIDE ID", side);
    const std::string id_label = fmt::format("{}###{}", displayText(tr("FIDE ID")), id_name);
    DirectedRow row;
    row.next(labelledWidth(ImGui::GetFontSize() * 7, id_label));
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
    ImGui::InputText(id_label.c_str(), &fide_id, ImGuiInputTextFlags_CharsDecimal);
    recordItem(ctx, id_name.c_str(), tr("FIDE ID"));
    // No step buttons: a rating is typed, and the row must fit the column (0 = none, not printed).
    const std::string rating_name = fmt::format("{} rating", side);
    const std::string rating_label = fmt::format("{}###{}", displayText(tr("Rating")), rating_name);
    row.next(labelledWidth(ImGui::GetFontSize() * 4, rating_label));
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 4);
    ImGui::InputInt(rating_label.c_str(), &rating, 0, 0);
    recordItem(ctx, rating_name.c_str(), tr("Rating"));
}

// A short box on a row: its label, recorded as "<side> <what>" (e.g. "black title").
void shortBox(ViewContext& ctx, DirectedRow& row, const char* side, const char* msgid, std::string& value,
              float em) {
    const std::string name = fmt::format("{} {}", side, msgid);
    const std::string label = fmt::format("{}###{}", displayText(tr(msgid)), name);
    row.next(labelledWidth(ImGui::GetFontSize() * em, label));
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * em);
    ImGui::InputText(label.c_str(), &value,
                     ImGuiInputTextFlags_CharsUppercase | ImGuiInputTextFlags_CharsNoBlank);
    recordItem(ctx, name.c_str(), tr(msgid));
}

// Issue 38: the title (PGN's WhiteTitle) and the FIDE federation, printed on the scoresheet; the TRF
// fills them, and says when it could not.
void drawTitleAndFederation(ViewContext& ctx, const char* side, std::string& title, std::string& federation) {
    DirectedRow row;
    shortBox(ctx, row, side, N_("Title"), title, 4);
    shortBox(ctx, row, side, N_("Federation"), federation, 4);
}

void drawGameFields(ViewContext& ctx) {
    event::EventSetup& s = *ctx.state.setup_draft;
    textField(ctx, N_("Site"), s.site, true);
    textField(ctx, N_("Date (yyyy.mm.dd)"), s.date);
    textField(ctx, N_("Round"), s.round);
    textField(ctx, N_("Board"), s.board);
    textField(ctx, N_("Chief arbiter"), s.chief_arbiter, true);
    drawPlayer(ctx, N_("White player"), s.white, s.white_fide_id, s.white_rating, "white");
    drawTitleAndFederation(ctx, "white", s.white_title, s.white_federation);
    drawPlayer(ctx, N_("Black player"), s.black, s.black_fide_id, s.black_rating, "black");
    drawTitleAndFederation(ctx, "black", s.black_title, s.black_federation);
    drawComputerSide(ctx, s);
    DirectedRow time_row;
    textField(ctx, N_("Time control"), s.time_control, false, nullptr, &time_row);
    time_row.next(textWidth(tr("e.g. 90m+30s")));
    uiText(tr("e.g. 90m+30s"), *disabledColour());
    freeTextPreview(ctx, N_("Time control"), s.time_control);
    drawEdition(ctx, s);
    wordCombo(ctx, N_("Notation language"), s.language, kLanguages, notationName);
    drawUiLanguageCombo(ctx, s);
    // QPF-01 / Q8: E2023 Guidelines III as announced (III.5 claim, III.4 increment, or both).
    wordCombo(ctx, N_("Guidelines III (E2023)"), s.quickplay_finish, kQuickplay, quickplayName);
    checkbox(ctx, N_("Arbiter present in the venue (else III.6 / App. D)"), s.arbiter_in_venue);
    wordCombo(ctx, N_("Classification"), s.classification, kClasses, classificationName);
    decimalField(ctx, N_("Default time (min, -1: the edition's)"), s.default_time_min, "%.0f");
}

// The options table's heading: whose options, and whether the defaults below are the right engine's.
void drawEngineOptionsHeading(const UiState& st) {
    const std::string heading = st.engine_identity.empty()
                                    ? std::string(tr("Engine options at the start"))
                                    : i18n::trf("Engine options at the start: {}", st.engine_identity);
    uiTextLine(heading, kBlue);
    if (st.engine_identity.empty() || st.engine_command != st.setup_draft->engine.command) {
        uiTextLine(st.engine_identity.empty()
                       ? tr("(the engine's own defaults follow once it has answered)")
                       : tr("(defaults of the engine running now; a new command's on Start)"),
                   *disabledColour());
    }
}

// The options table's column `c` (0 name, 1 value, 2 source) as drawn: mirrored right to left.
int optionColumn(std::size_t c) {
    return static_cast<int>(columnAt(c, 3, layoutDirection()));
}

// One option's row: its name, its value (amber when the event sets it) and where the value comes from.
void drawOptionRow(ViewContext& ctx, const ShownOption& o) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(optionColumn(0));
    cellText(o.name);
    if (o.name == "Threads") recordItem(ctx, "engine option name Threads");
    ImGui::TableSetColumnIndex(optionColumn(1));
    cellText(o.value.empty() ? tr("(empty)") : o.value.c_str(),
             o.from_event ? kAmber : ImGui::GetStyle().Colors[ImGuiCol_Text]);
    if (o.name == "Threads" || o.name == "Hash") recordItem(ctx, ("engine option " + o.name).c_str());
    ImGui::TableSetColumnIndex(optionColumn(2));
    cellText(o.source, *disabledColour());
}

// The engine's options as they will be at the start: the event's (marked) first, then the defaults.
void drawEngineOptions(ViewContext& ctx) {
    const UiState& st = ctx.state;
    drawEngineOptionsHeading(st);
    constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
    if (!ImGui::BeginTable("engineoptions", 3, kFlags)) return;
    for (const ShownOption& o : shownOptions(st.setup_draft->engine, st.engine_defaults))
        drawOptionRow(ctx, o);
    ImGui::EndTable();
}

// The computer's instructions for draws and resignation (E.III 3.3), locked with the rest.
void drawPolicyFields(ViewContext& ctx, event::DrawPolicy& p) {
    uiTextLine(tr("Draw / resign policy (the computer's instructions, locked)"), kBlue);
    intField(ctx, "accept below", N_("Accept a draw when score <= (cp)"), p.accept_below_cp);
    intField(ctx, "accept over", N_("... for the last N moves"), p.accept_over_moves);
    checkbox(ctx, N_("The computer may offer draws"), p.offer_enabled);
    intField(ctx, "offer within", N_("Offer when |score| <= (cp)"), p.offer_within_cp);
    intField(ctx, "offer after", N_("... from move"), p.offer_after_move);
    checkbox(ctx, N_("The computer may claim valid draws"), p.claim_enabled);
    intField(ctx, "claim below", N_("Claim when score <= (cp)"), p.claim_below_cp);
    checkbox(ctx, N_("The computer may resign"), p.resign_enabled);
    intField(ctx, "resign below", N_("Resign when score <= (cp)"), p.resign_below_cp);
    intField(ctx, "resign over", N_("... for the last N moves"), p.resign_over_moves);
    checkbox(ctx, N_("The computer may claim a quickplay finish / ask III.4"), p.qpf_claim_enabled);
    intField(ctx, "qpf within", N_("... when |score| <= (cp)"), p.qpf_claim_within_cp);
    intField(ctx, "qpf over", N_("... for the last N moves"), p.qpf_claim_over_moves);
}

void drawComputerFields(ViewContext& ctx) {
    event::EventSetup& s = *ctx.state.setup_draft;
    textField(ctx, N_("Operator (E.III 1.2)"), s.operator_name, true);
    // Issue 22: spoken moves for a blind player; the window says whether the sound device took them.
    wordCombo(ctx, N_("Spoken moves"), s.speech, kSpeech, speechName);
    textField(ctx, N_("Engine command"), s.engine.command, true);
    // E.III 2.2: locked with the rest; the start is refused if the engine has no UCI option Ponder.
    checkbox(ctx, N_("Engine ponders on the human's time"), s.engine.ponder);
    decimalField(ctx, N_("Handling reserve per move (s)"), s.handling_reserve_s, "%.1f");
    decimalField(ctx, N_("Faster rate below (s)"), s.faster_rate_threshold_s, "%.0f");
    checkbox(ctx, N_("Enforce recording before the next engine move"), s.enforce_recording);
    textField(ctx, N_("Consultant (E.III 3.2)"), s.consultant.name, true);
    checkbox(ctx, N_("Consultant accepted by the arbiter"), s.consultant.accepted_by_arbiter);
    ImGui::Spacing();
    drawPolicyFields(ctx, s.policy);
    ImGui::Spacing();
    drawEngineOptions(ctx);  // long (Stockfish has some 20): last, the summary above Start sums it up
}

// The heading, where the form came from, and a refusal of the last Start.
void drawSetupHeading(ViewContext& ctx) {
    const UiState& st = ctx.state;
    DirectedRow row;
    ImGui::PushFont(ctx.fonts.heading);
    row.next(textWidth(tr("Event setup")));
    uiText(tr("Event setup"), kBlue);
    recordItem(ctx, "setup heading", tr("Event setup"));
    ImGui::PopFont();
    if (!st.setup_source.empty()) {
        const std::string loaded = i18n::trf("Loaded from {}.", st.setup_source);
        row.next(textWidth(loaded));
        uiText(loaded, *disabledColour());
    }
    row.next(textWidth(tr("Everything here is locked once the game starts (E.III 2.2).")));
    uiText(tr("Everything here is locked once the game starts (E.III 2.2)."), *disabledColour());
    recordItem(ctx, "setup locked note", tr("Everything here is locked once the game starts (E.III 2.2)."));
    if (!st.rejection.empty()) {
        const std::string refused = i18n::trf("Refused: {}", shownMessage(st.rejection));
        uiTextLine(refused, kRed);
        recordItem(ctx, "setup rejection", refused);
    }
}

// The two columns of the form, `height` tall: the game first (on the left; on the right in a
// right-to-left UI), then the computer.
void drawSetupColumns(ViewContext& ctx, float height) {
    const float col_w = ImGui::GetContentRegionAvail().x * 0.5f;
    const bool ltr = layoutDirection() == LayoutDirection::LeftToRight;
    for (const bool game : fromTheLeft(std::array{true, false}, layoutDirection())) {
        if (game != ltr) ImGui::SameLine();
        // The column drawn second takes the rest of the width, as before.
        ImGui::BeginChild(game ? "setupgame" : "setupcomputer", {game == ltr ? col_w : 0.f, height}, true);
        if (game)
            drawGameFields(ctx);
        else
            drawComputerFields(ctx);
        ImGui::EndChild();
        recordItem(ctx, game ? "setup game column" : "setup computer column");
    }
}

// Issue 34 item 12: before the start, the board's state (connected, the start position or the squares
// that differ) and what completes the human's move, so a missing queen is seen before the clocks start.
const char* commitText(const std::string& commit) {
    if (commit == "enter") return tr("E-board moves: the operator's Enter enters the human's move");
    if (commit == "auto") return tr("E-board moves: the human's move is entered as soon as it stands");
    return tr("E-board moves: the human's press of the clock enters his move");
}

void drawSetupEboard(ViewContext& ctx) {
    if (!ctx.snap.eboard) return;
    drawEboardLine(ctx);
    const std::string commit = commitText(ctx.snap.eboard->commit);
    uiTextLine(commit, *disabledColour());
    recordItem(ctx, "setup eboard commit", commit);
}

// The engine's summary, then Start: the form goes to the session as it is, and the game starts.
void drawStart(ViewContext& ctx, const std::string& summary) {
    ImGui::PushTextWrapPos(0.f);
    uiTextLine(summary);  // next to Start: checked before the lock (E.III 2.2)
    ImGui::PopTextWrapPos();
    recordItem(ctx, "setup engine summary", summary);
    DirectedRow row;
    const ImVec2 start_size{ImGui::GetFontSize() * 12, ImGui::GetFrameHeight() * 1.6f};
    row.next(start_size.x);
    if (actionButton(ctx, "Start the game", true, start_size)) {
        ctx.out.push_back(session::cmd::UpdateSetup{*ctx.state.setup_draft});
        ctx.out.push_back(session::cmd::StartGame{});
    }
    row.next(textWidth(tr("Start when the arbiter starts the clocks.")));
    uiText(tr("Start when the arbiter starts the clocks."), *disabledColour());
    recordItem(ctx, "setup start note", tr("Start when the arbiter starts the clocks."));
}

// What the last import said: the fields the TRF left and how the board was found, or why nothing changed.
void drawTrfOutcome(ViewContext& ctx, const TrfImportForm& f) {
    if (!f.error.empty()) {
        const std::string refused = i18n::trf("Not imported: {}", shownMessage(f.error));
        uiTextLine(refused, &kRed, true);
        recordItem(ctx, "trf import error", refused);
        return;
    }
    if (!f.imported) return;
    std::string said = tr("Imported: the form holds the round's pairing; check it before Start.");
    for (const std::string& note : f.notes) said += "\n" + shownMessage(note);
    uiTextLine(said, nullptr, true);
    recordItem(ctx, "trf import notes", said);
}

// Issue 38: "Import from TRF…": the pairing program's file, the round and the computer's entry fill the
// form (the shell reads the file after the frame); an error changes nothing.
void drawTrfImport(ViewContext& ctx) {
    if (!collapsingHeader(ctx, N_("Import from TRF…"))) return;
    TrfImportForm& f = ctx.state.trf_import;
    textField(ctx, N_("TRF file"), f.path, true, "trf path");
    intField(ctx, "trf round", N_("Round to play"), f.round);
    textField(ctx, N_("The computer's entry (name or start rank)"), f.player, true, "trf player");
    DirectedRow row;
    row.next(ImGui::GetFontSize() * 10);
    if (actionButton(ctx, "Import the pairing", !f.path.empty() && !f.player.empty() && f.round > 0,
                     {ImGui::GetFontSize() * 10, 0.f}))
        f.asked = true;
    drawTrfOutcome(ctx, f);
}

}  // namespace

void drawSetup(ViewContext& ctx) {
    UiState& st = ctx.state;
    if (!st.setup_draft) {
        st.setup_draft = ctx.snap.setup;
    }
    drawSetupHeading(ctx);
    // The event's name on a row of its own, the window's width: it is often long and is printed on
    // every paper, so it must be read whole.
    textField(ctx, N_("Event"), st.setup_draft->event, true, "setup event");
    drawTrfImport(ctx);
    const std::string summary = engineOptionsSummary(st.setup_draft->engine, st.engine_defaults);
    const float summary_h =
        ImGui::CalcTextSize(summary.c_str(), nullptr, false, ImGui::GetContentRegionAvail().x).y;
    const float board_h = ctx.snap.eboard ? ImGui::GetTextLineHeightWithSpacing() * 2.f : 0.f;
    const float body_h = ImGui::GetContentRegionAvail().y - ImGui::GetFrameHeightWithSpacing() * 2.f -
                         summary_h - ImGui::GetStyle().ItemSpacing.y - board_h;
    drawSetupColumns(ctx, body_h);
    drawSetupEboard(ctx);
    drawStart(ctx, summary);
}

// Beside the Start button: the options the event sets, and Threads and Hash, to check before the lock.
std::string engineOptionsSummary(const event::EngineSettings& engine,
                                 const std::vector<EngineOptionDefault>& defaults) {
    std::string list;
    for (const ShownOption& o : shownOptions(engine, defaults)) {
        if (o.from_event || o.name == "Threads" || o.name == "Hash") {
            list += (list.empty() ? "" : ", ") + o.name + " " + o.value;
        }
    }
    return list.empty() ? std::string(tr("Engine: options not known yet (the engine has not answered)"))
                        : i18n::trf("Engine: {}", list);
}

}  // namespace oc::ui
