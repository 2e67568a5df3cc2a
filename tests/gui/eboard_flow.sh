#!/bin/sh
# eboard_flow.sh EXE CLI EVENT JOURNAL SHOTS: a game on an electronic board in the real window (issue 24).
# The board is `operator-cli eboard fake` (with a DGT 3000) on a real pseudo-terminal, driven line by line
# as a person would move the pieces; the console plays real Stockfish. The human's moves come from the
# board and the lever; the computer's first move is played wrong on purpose (flagged in red with its
# squares, nothing made), then put right and completed by the lever; the board is unplugged and plugged
# back in mid-game (the status line says so, the journal keeps both) and followed again; the operator
# types Nf3 while the board shows d4 (asked first: cancelled, then confirmed and journalled); the human
# resigns. At the end the journal, the PGN and the audit agree. Screenshots (import) go to SHOTS. Run
# inside xvfb-run at 1280x800. Exit 0 when every step held.
exe=$1 cli=$2 event=$3 journal=$4 shots=$5
flow=eboard_flow
. "$(dirname "$0")/flow_common.sh"

. "$(dirname "$0")/eboard_common.sh"
start_table "0:05:00 0:05:00"

# 1. e4 from the board: proposed in the move box, entered by the human's press of the lever.
board "lift e2"
board "place e4"
waitline "E-board shows"
shot eboard-proposed
board "press"
waitfor '"type":"human_move"'
grep '"type":"human_move"' "$journal" | grep -q '"uci":"e2e4"' || fail "the board's e2-e4 was not the move entered"
grep '"event":"human_move"' "$journal" | grep -q '"commit":"lever"' || fail "no record that the move came from the board"

# The computer's reply, first played wrong on purpose: a pawn it did not move.
waitcount '"type":"engine_move"' 1
uci=$(grep '"type":"engine_move"' "$journal" | head -n 1 | sed 's/.*"uci":"\([a-h1-8qrbn]*\)".*/\1/')
wrong_from=a7 wrong_to=a6
case "$uci" in a7*) wrong_from=h7 wrong_to=h6 ;; esac
board "lift $wrong_from"
board "place $wrong_to"
waitline "Wrong on the board"
eboard_line | grep -q "$wrong_to" || fail "the red notice does not name $wrong_to: $(eboard_line)"
grep -P '^banner state\t' "$map" | grep -q 'WRONG MOVE ON THE BOARD' || fail "the banner does not say the move is wrong"
waitfor '"fault":"wrong-move"'
shot eboard-wrong
# Issue 34 item 6: "Made on board" cannot record a move the board contradicts, and says why.
where "made blocked by the board" >/dev/null
awk -F '\t' '$1 == "Made on board" {print $4}' "$map" | grep -qx 0 ||
    fail "Made on board stays enabled while the board shows a wrong move"
xdotool key Return
sleep 0.5
grep -q '"type":"made"' "$journal" && fail "a wrong move was made"
# Put right, then the computer's move as given, then its press.
board "lift $wrong_to"
board "place $wrong_from"
play_engine_move 1
waitfor '"type":"made"'
board "press"
waitfor '"type":"pressed"'

# Unplugged mid-game: said at once, journalled; plugged back in: followed again.
board "unplug"
waitline "not connected"
waitfor '"event":"lost"'
shot eboard-unplugged
board "replug"
waitcount '"event":"connected"' 2
waitline "serial"

# 2. The board shows d4 (not yet pressed) and the operator types Nf3 over it: asked first. Cancelled,
# nothing changes; asked again and confirmed, Nf3 goes in as typed and the journal notes the override.
board "lift d2"
board "place d4"
waitline "E-board shows"
xy=$(where "##move") || exit 1
xdotool mousemove $xy click 1
sleep 0.2
xdotool key ctrl+a
xdotool type --delay 40 "Nf3"
xdotool key Return
where "board question" >/dev/null
grep -P '^board question\t' "$map" | grep -q 'The board shows d4, you typed Nf3' ||
    fail "the question does not name both moves: $(grep -P '^board question' "$map")"
shot eboard-typed-question
click "board question cancel"
[ "$(grep -c '"type":"human_move"' "$journal")" -eq 1 ] || fail "a cancelled question entered a move"
xy=$(where "##move") || exit 1
xdotool mousemove $xy click 1
sleep 0.2
xdotool key Return
where "Enter it anyway" >/dev/null
click "Enter it anyway"
waitcount '"type":"human_move"' 2
grep '"type":"human_move"' "$journal" | sed -n 2p | grep -q '"uci":"g1f3"' || fail "the typed Nf3 was not the move entered"
grep '"event":"typed_override"' "$journal" | grep -q '"board_uci":"d2d4"' || fail "no record of the override"
board "press"  # the human's own press of the lever after his move (it enters nothing now)
# The board is put right to the game (d-pawn back, knight out), then the computer's move as usual.
board "lift d4"
board "place d2"
board "lift g1"
board "place f3"
play_engine_move 2
waitcount '"type":"made"' 2
board "press"
waitcount '"type":"pressed"' 2
shot eboard-followed

# The human resigns (the operator's button, confirmed).
confirm_click "Human resigns" 'grep -q "\"type\":\"resign\"" "$journal"'
grep -q "widget ID clash" "$shots/console.err" && fail "a widget ID clash: $(cat "$shots/console.err")"
kill -TERM "$pid"
wait "$pid"

# The journal, the PGN and the audit agree.
"$cli" --ui-lang en journal replay "$journal" --pgn "$shots/game.pgn" >"$shots/replay.txt" 2>&1 ||
    { echo "$flow: journal replay failed: $(cat "$shots/replay.txt")" >&2; exit 1; }
grep -q '1\. e4' "$shots/game.pgn" && grep -q '2\. Nf3' "$shots/game.pgn" && grep -q '0-1' "$shots/game.pgn" ||
    { echo "$flow: the PGN is not the game played: $(cat "$shots/game.pgn")" >&2; exit 1; }
"$cli" --ui-lang en journal audit "$journal" >"$shots/audit.txt" 2>&1
grep -q '^eboard ok' "$shots/audit.txt" ||
    { echo "$flow: the audit's eboard check is not ok: $(cat "$shots/audit.txt")" >&2; exit 1; }
exit 0
