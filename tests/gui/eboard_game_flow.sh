#!/bin/sh
# eboard_game_flow.sh EXE CLI EVENT JOURNAL SHOTS ENGINE: issue 34's other orders, in a whole game on the
# fake DGT board and its DGT 3000 in the real window. The engine (scripted_engine.py, named in EVENT) plays
# a fixed line so the game reaches a castling and a promotion whatever time the window takes:
#   1. a4 b5 2. axb5 a6 3. bxa6 Bb7 4. axb7 Nc6 5. Nf3 e6 6. e3 Be7 7. Be2 Nf6 8. O-O O-O 9. bxa8=Q Qxa8
# On the way the human and the operator act as people do:
#  - (item 9) the operator holds the computer's pawn in the air for 1.5 s before putting it down: no red
#    line and no "differs" record, since a lifted piece of the move being played is no wrong move;
#  - (items 5, 6) the computer's move played wrongly first: a red line, "Made on board" disabled while
#    the board is wrong; put right, the red line goes and the "matches" record closes the difference;
#  - (item 8) the human plays e3 before the computer's e6 is on the board: the line says he moved before
#    the computer's move was played and the journal names the fault; he takes it back, play goes on;
#  - (item 17) the human castles rook first (h1-f1, then the king): the move is 0-0 as played, marked for
#    the arbiter on the screen and in the journal;
#  - the human promotes on the board with a capture (bxa8=Q);
# and at the end the journal replays and audits clean. Run inside xvfb-run at 1280x800. Exit 0 when every
# step held.
exe=$1 cli=$2 event=$3 journal=$4 shots=$5
flow=eboard_game_flow
. "$(dirname "$0")/flow_common.sh"
. "$(dirname "$0")/eboard_common.sh"
start_table "0:05:00 0:05:00 +3s"

# The human's move on the board: the pieces lifted and placed as given, then his press; waits for move $1.
human() {
    n=$1
    shift
    for step in "$@"; do board "$step"; done
    sleep 0.5
    board "press"
    waitcount '"type":"human_move"' "$n"
}
# The computer's move $1 made and pressed, then recorded with Enter.
computer() {
    play_engine_move "$1"
    finish_computer "$1"
}
finish_computer() {
    waitcount '"type":"made"' "$1"
    board "press"
    waitcount '"type":"pressed"' "$1"
    sleep 0.3
    xdotool key Return
    waitcount '"type":"recorded"' "$1"
}
made_enabled() { awk -F '\t' '$1 == "Made on board" {print $4}' "$map"; }

human 1 "lift a2" "place a4"
computer 1
human 2 "lift b5" "lift a4" "place b5"

# Item 9: the pawn a7 held in the air, then put on a6.
waitcount '"type":"engine_move"' 2
board "lift a7"
sleep 1.5
eboard_line | grep -q "Wrong on the board" && fail "a piece held in the air turned the line red: $(eboard_line)"
[ "$(count '"event":"differs"')" -eq 0 ] || fail "a piece held in the air was journalled as a difference"
board "place a6"
finish_computer 2
human 3 "lift a6" "lift b5" "place a6"

# Items 5 and 6: Bb7 due; the knight b8-c6 played instead, then put back and the bishop played.
waitcount '"type":"engine_move"' 3
board "lift b8"
board "place c6"
waitline "Wrong on the board"
sleep 0.5
shot game-3-wrong
[ "$(made_enabled)" = 0 ] || fail "\"Made on board\" is enabled while the board shows a wrong move"
board "lift c6"
board "place b8"
i=0
while eboard_line | grep -q "Wrong on the board"; do
    i=$((i + 1))
    [ "$i" -gt 50 ] && fail "the red line stayed after the board was put right: $(eboard_line)"
    sleep 0.1
done
[ "$(count '"event":"matches"')" -ge 1 ] || fail "no \"matches\" record closed the difference"
play_engine_move 3
finish_computer 3
human 4 "lift b7" "lift a6" "place b7"
computer 4
human 5 "lift g1" "place f3"

# Item 8: e6 due; the human plays e3 first.
waitcount '"type":"engine_move"' 5
board "lift e2"
board "place e3"
waitline "the human moved before the computer's move was played"
waitfor '"fault":"human-out-of-turn"'
shot game-5-out-of-turn
board "lift e3"
board "place e2"
play_engine_move 5
finish_computer 5
[ "$(count '"type":"human_move"')" -eq 5 ] || fail "the human's move out of turn was entered"
human 6 "lift e2" "place e3"
computer 6
human 7 "lift f1" "place e2"
computer 7

# Item 17: castling rook first.
board "lift h1"
board "place f1"
waitline "E-board shows Rf1"
board "lift e1"
board "place g1"
waitline "castled rook first"
shot game-8-rook-first
board "press"
waitcount '"type":"human_move"' 8
grep '"type":"human_move"' "$journal" | sed -n 8p | grep -q '"uci":"e1g1"' || fail "the castling was not entered as 0-0"
grep -q '"rook_first":true' "$journal" || fail "the rook-first castling is not marked in the journal"
waitcount '"type":"engine_move"' 8  # 0-0 for the computer: the king, then the rook
for step in "lift e8" "place g8" "lift h8" "place f8"; do board "$step"; done
finish_computer 8

# The promotion with a capture: the rook on a8 taken, the pawn b7 replaced by a queen on a8.
human 9 "lift a8" "lift b7" "place a8 Q"
grep '"type":"human_move"' "$journal" | sed -n 9p | grep -q '"uci":"b7a8q"' || fail "the promotion was not entered as b7a8q"
computer 9
shot game-end
grep -q '"type":"refused"' "$journal" && fail "a refusal in the journal: $(grep '"type":"refused"' "$journal")"
grep -q "widget ID clash" "$shots/console.err" && fail "a widget ID clash: $(cat "$shots/console.err")"
kill -TERM "$pid"
wait "$pid"

"$cli" --ui-lang en journal replay "$journal" --pgn "$shots/game.pgn" >"$shots/replay.txt" 2>&1 ||
    { echo "$flow: journal replay failed: $(cat "$shots/replay.txt")" >&2; exit 1; }
grep -q "9. bxa8=Q" "$shots/game.pgn" || { echo "$flow: the PGN lacks 9. bxa8=Q: $(cat "$shots/game.pgn")" >&2; exit 1; }
"$cli" --ui-lang en journal audit "$journal" >"$shots/audit.txt" 2>&1
grep -q '^eboard ok' "$shots/audit.txt" ||
    { echo "$flow: the audit's eboard check is not ok: $(cat "$shots/audit.txt")" >&2; exit 1; }
exit 0
