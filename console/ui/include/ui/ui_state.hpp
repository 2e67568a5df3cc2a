#pragma once

#include <imgui.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "event/event_setup.hpp"
#include "session/commands.hpp"
#include "session/snapshot.hpp"

namespace oc::ui {

// Where a clickable control was drawn in the last frame and whether it was enabled (tests click by name).
// The map's key is the widget's English name in every UI language; `text` is what it showed, in the UI
// language (the Polish screen's map is compared with the English one: issue 12).
struct WidgetInfo {
    ImVec2 min, max;
    bool enabled = false;
    std::string text;
    bool clickable = false;  // a button (tests click every enabled one and expect an effect: issue 22)
    // A button's label as drawn (shaped, in the font in use) and the edges of what its window shows: tests
    // check that no label is wider than its button or cut by a pane's edge (issue 26 item 4; right to left
    // a row too long runs off the pane's left edge).
    ImVec2 label_size{0, 0};
    float visible_min_x = 0.f, visible_max_x = 0.f;
    ImVec2 centre() const { return {(min.x + max.x) * 0.5f, (min.y + max.y) * 0.5f}; }
};

enum class LowerTab { Draws, Arbiter, Adjourn };

// Which side the public display shows at the bottom: the human's (he looks at it across the board) or
// White's (the audience's convention). Independent of the operator's own view (`flip_board`).
enum class PublicOrientation { HumanAtBottom, WhiteAtBottom };

// One UCI option of the engine as its handshake announced it (name and default), shown on the setup
// screen beside the value the event sets, so they can be checked before the E.III 2.2 lock.
struct EngineOptionDefault {
    std::string name, default_value;
};

// Spoken moves as the shell reports them each frame (issue 22): a blind player depends on them, so the
// window says at all times whether they are on, muted, or off and why.
struct SpeechStatus {
    std::string mode;     // "computer" or "all"; empty when the event does not ask for speech
    bool on = false;      // the sound device is open
    bool muted = false;   // F9 or the Notices pane's button; the shell keeps the flag
    std::string why_off;  // the device's error (English, shown translated) when it could not be opened
};

// A typed move the e-board contradicts (issue 24): the shell held it back, the move pane asks.
struct BoardQuestion {
    std::string typed_text;        // as typed: the question stands while the move box holds this text
    std::string board_move;        // the legal move the board shows, in the event's notation; "" when none
    bool board_unchanged = false;  // the board still shows the position before the move
    std::vector<std::string> differences;  // no legal move on the board: English sentences
};

// The view's own transient state: text being typed, toggles, the last refusal. The session never sees it.
// "Import from TRF…" on the setup screen (issue 38): the form's fields; `asked` is a request the shell
// performs after the frame (it reads the file and fills the setup's draft), answered in `notes` (what the
// TRF left, how the board was found) or `error` (nothing changed).
struct TrfImportForm {
    std::string path, player;
    int round = 1;
    bool asked = false;
    bool imported = false;
    std::vector<std::string> notes;
    std::string error;
};

struct UiState {
    // Move entry (E.III 1.3): kept after a refusal so the operator can fix it.
    std::string move_text;
    bool draw_offer = false;
    std::string pressed_ago;      // "human pressed the clock N seconds ago", optional
    int move_box_generation = 0;  // bumped when the box is cleared, so ImGui drops its edit buffer
    // Keys typed in the frame the move box activated (ImGui 1.86 ignores them there): replayed next frame.
    // A std::vector: ImGui 1.86's ImVector copy calls memcpy(NULL, NULL, 0) when empty (UBSan reports it).
    std::vector<ImWchar> carried_chars;
    bool carried_enter = false;
    // Board entry (issue 22): the square of the human's piece picked on the drawn board (-1: none), and
    // the promotion's choices while its picker is open.
    int board_from = -1;
    std::vector<session::EntryMove> promotion_choices;
    bool promotion_opening = false;
    // The session's last refusal; shown under the move box when it concerned a move, else in the banner.
    std::string rejection;
    bool rejection_is_move = false;
    // A typed move held back because the e-board shows something else; the operator's confirmation.
    std::optional<BoardQuestion> board_question;
    bool board_override = false;
    // The operator entered the board's move without the human's press (commit: lever): journalled.
    bool press_override = false;
    // Table clock reading (E.III 1.1, CLK-01), remaining time per side.
    std::string table_white, table_black;
    // Arbiter pane.
    int adjust_side = 0;  // 0 white, 1 black
    std::string adjust_delta, adjust_reason;
    int illegal_ply = 0;
    std::string correct_text;
    bool correct_confirmed = false;
    int result_choice = 2;  // 0: 1-0, 1: 0-1, 2: 1/2-1/2
    std::string result_reason;
    std::string made_instead;  // IRR-07: the move really made on the board
    int arbiter_section = 0;   // which of the rarer rulings the Arbiter tab shows
    // IRR-04 by hand: kind (cmd::IllegalKind order), side (0 human, 1 computer), the unpromoted pawn move.
    int illegal_kind = 0, illegal_kind_side = 0;
    std::string illegal_kind_move;
    // Adjournment: the arbiter's passphrase for the computer's envelope, typed twice when sealing (never
    // drawn in clear, cleared once used) and, at resumption, the human's sealed move as written in his
    // opened envelope.
    std::string seal_passphrase, seal_passphrase_repeat, envelope_move;
    // The envelope's printed record (Guidelines I.2): field (g), the resumption's date, time and venue;
    // a request the shell performs after the frame (it writes the PDF) and what it answered.
    std::string envelope_resumption;
    bool resumption_typing = false;  // the (g) field is being edited: it does not follow the journal yet
    bool envelope_pdf_requested = false;
    std::string envelope_pdf_note;
    bool envelope_pdf_failed = false;
    // The scoresheet as a PDF from the window (issue 34 item 18): asked, and what became of it.
    bool scoresheet_pdf_requested = false;
    std::string scoresheet_pdf_note;
    bool scoresheet_pdf_failed = false;
    // Draws and consultation.
    std::string claim_intended;
    bool claim_touched = false;
    bool consult_arbiter_present = false;
    std::string consult_note;
    // Display.
    bool flip_board = false;      // false: the computer's side at the bottom (the operator's seat)
    bool public_display = false;  // board and clocks only: never evaluations or the engine's move (Q18)
    PublicOrientation public_orientation = PublicOrientation::HumanAtBottom;
    LowerTab tab = LowerTab::Draws;
    std::string confirming;  // the id of a consequential button waiting for its second click
    // Setup screen: the form edits a draft until Start.
    std::optional<event::EventSetup> setup_draft;
    std::string setup_source;  // the event file the form was loaded from ("Loaded from FILE." on the screen)
    TrfImportForm trf_import;
    // The running engine, filled in by the shell once its handshake is done: "Stockfish 15.1", the
    // command it was started with, and its options with their defaults.
    std::string engine_identity, engine_command;
    std::vector<EngineOptionDefault> engine_defaults;
    std::vector<std::string>
        shell_notices;  // the shell's own messages (e.g. "resumed from ..."), shown first
    SpeechStatus speech;
    bool speech_mute_toggled = false;  // a request the shell performs after the frame
    // Bookkeeping across frames.
    std::optional<session::Phase> last_phase;
    bool seen_flag = false, seen_offer = false, seen_seal = false;  // to bring their tab forward once
    std::map<std::string, WidgetInfo> widgets;                      // rebuilt every frame
    // Two widgets with one ImGui ID, or recorded under one name, in one frame: ImGui then lets only the
    // first be clicked and the other does nothing (issue 22: the Arbiter tab's "Correct" section and
    // its action button). Collected across frames; the tests and --widget-map fail on any.
    std::set<std::string> id_clashes;
    std::map<ImGuiID, std::string> frame_ids;  // this frame's widget IDs -> their names
    // The Move pane's content height in the last frame: the pane grows to it (a refusal, an offer's
    // question), so the step buttons below never leave the view.
    float move_pane_content_h = 0.f;
    // The same for the Clocks and Engine panes (issue 22: the Clocks pane overflowed after a resume).
    float clock_pane_content_h = 0.f, engine_pane_content_h = 0.f;
};

// Updates the view state after the session answered `command`: clears what was accepted, keeps the
// text of what was refused and remembers the message.
void noteOutcome(UiState& state, const session::Command& command, const std::string* rejection);

}  // namespace oc::ui
