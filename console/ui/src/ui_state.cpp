#include "ui/ui_state.hpp"

#include <type_traits>

namespace oc::ui {

namespace {

// Whether the refusal belongs under the move box (the text to fix is there).
bool isMoveEntry(const session::Command& command) {
    return std::holds_alternative<session::cmd::HumanMove>(command) ||
           std::holds_alternative<session::cmd::SealHumanMove>(command);
}

// Clears the fields whose content the session has just taken.
void clearAccepted(UiState& st, const session::Command& command) {
    std::visit(
        [&](const auto& c) {
            using T = std::decay_t<decltype(c)>;
            if constexpr (std::is_same_v<T, session::cmd::HumanMove> ||
                          std::is_same_v<T, session::cmd::SealHumanMove>) {
                st.move_text.clear();
                ++st.move_box_generation;
                st.draw_offer = false;
                st.pressed_ago.clear();
            } else if constexpr (std::is_same_v<T, session::cmd::SyncClock>) {
                st.table_white.clear();
                st.table_black.clear();
            } else if constexpr (std::is_same_v<T, session::cmd::ArbiterAdjustClock>) {
                st.adjust_delta.clear();
                st.adjust_reason.clear();
            } else if constexpr (std::is_same_v<T, session::cmd::CorrectEntry>) {
                st.correct_text.clear();
                st.correct_confirmed = false;
            } else if constexpr (std::is_same_v<T, session::cmd::ClaimDraw>) {
                st.claim_intended.clear();
                st.claim_touched = false;
            } else if constexpr (std::is_same_v<T, session::cmd::Consultation>) {
                st.consult_note.clear();
            } else if constexpr (std::is_same_v<T, session::cmd::MadeOnBoard>) {
                st.made_instead.clear();
            } else if constexpr (std::is_same_v<T, session::cmd::ArbiterIllegalKind>) {
                st.illegal_kind_move.clear();
            } else if constexpr (std::is_same_v<T, session::cmd::ArbiterResult>) {
                st.result_reason.clear();
            }
        },
        command);
}

}  // namespace

void noteOutcome(UiState& state, const session::Command& command, const std::string* rejection) {
    if (rejection != nullptr) {
        state.rejection = *rejection;
        state.rejection_is_move = isMoveEntry(command);
        return;
    }
    state.rejection.clear();
    clearAccepted(state, command);
}

}  // namespace oc::ui
