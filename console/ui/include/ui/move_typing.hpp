#pragma once
// Typing a move with the Persian keyboard layout active (issue 26 item 5). Moves are Latin SAN in Persian
// too (K Q R B N, a-h, 1-8, O-O: what Iranian scoresheets and lichess fa-IR write), so an operator who
// left the Persian layout on must not have to switch it in the middle of a game: the move boxes read the
// characters back through the layout. The layout is ISIRI 9147, as X11 has it (xkb symbols `ir(pes)`):
// "Nf3" typed on it arrives as U+0654 U+0628 U+06F3 ("ٔب۳").

#include <string>
#include <string_view>

namespace oc::ui {

// The Latin key for a character typed into a move box: Persian digits U+06F0-06F9 and Arabic-Indic
// digits U+0660-0669 become 0-9; a character the Persian layout puts on a key SAN uses becomes that
// key's Latin character (ب → f, Shift+N's hamza above → N, Shift+3's U+066B → #); anything else is
// returned as it is (the move is then refused with the session's usual message).
char32_t latinMoveKey(char32_t typed);

// The whole text through latinMoveKey (pasted text).
std::string latinMoveText(std::string_view typed);

}  // namespace oc::ui
