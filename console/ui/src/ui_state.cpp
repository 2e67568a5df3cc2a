#include "ui/ui_state.hpp"

#include <variant>

namespace oc::ui {

namespace {

// Whether the refusal belongs under the move box (the text to fix is there).
bool isMoveEntry(const session::Command& command) {
    return std::holds_alternative<session::cmd::HumanMove>(command) ||
           std::holds_alternative<session::cmd::SealHumanMove>(command);
}

// What each accepted command's fields held, cleared once the session has taken it. Commands typed into
// no field of their own clear nothing.
template <class Command>
void clearFields(UiState&, const Command&) {}

void clearMoveEntry(UiState& st) {
    st.move_text.clear();
    ++st.move_box_generation;
    st.draw_offer = false;
    st.pressed_ago.clear();
}

void clearFields(UiState& st, const session::cmd::HumanMove&) {
    clearMoveEntry(st);
}

void clearFields(UiState& st, const session::cmd::SealHumanMove&) {
    clearMoveEntry(st);
}

void clearFields(UiState& st, const session::cmd::SyncClock&) {
    st.table_white.clear();
    st.table_black.clear();
}

void clearFields(UiState& st, const session::cmd::ArbiterAdjustClock&) {
    st.adjust_delta.clear();
    st.adjust_reason.clear();
}

void clearFields(UiState& st, const session::cmd::CorrectEntry&) {
    st.correct_text.clear();
    st.correct_confirmed = false;
}

void clearFields(UiState& st, const session::cmd::ClaimDraw&) {
    st.claim_intended.clear();
    st.claim_touched = false;
}

void clearFields(UiState& st, const session::cmd::Consultation&) {
    st.consult_note.clear();
}

void clearFields(UiState& st, const session::cmd::MadeOnBoard&) {
    st.made_instead.clear();
}

void clearFields(UiState& st, const session::cmd::ArbiterIllegalKind&) {
    st.illegal_kind_move.clear();
}

void clearFields(UiState& st, const session::cmd::ArbiterResult&) {
    st.result_reason.clear();
}

// CMP-3.5: the passphrase is typed again by the arbiter at resumption, never kept.
void clearSealFields(UiState& st) {
    st.seal_passphrase.clear();
    st.seal_passphrase_repeat.clear();
    st.envelope_move.clear();
    st.envelope_pdf_note.clear();
}

void clearFields(UiState& st, const session::cmd::SealComputerMove&) {
    clearSealFields(st);
}

void clearFields(UiState& st, const session::cmd::Resume&) {
    clearSealFields(st);
}

// Clears the fields whose content the session has just taken.
void clearAccepted(UiState& st, const session::Command& command) {
    std::visit([&](const auto& c) { clearFields(st, c); }, command);
}

}  // namespace

void noteOutcome(UiState& state, const session::Command& command, const std::string* rejection) {
    if (rejection != nullptr) {
        state.rejection = *rejection;
        state.rejection_is_move = isMoveEntry(command);
        if (std::holds_alternative<session::cmd::SealComputerMove>(command) ||
            std::holds_alternative<session::cmd::Resume>(command)) {
            state.seal_passphrase.clear();  // a refused passphrase is typed afresh, not edited blind
            state.seal_passphrase_repeat.clear();
        }
        return;
    }
    state.rejection.clear();
    clearAccepted(state, command);
}

}  // namespace oc::ui
