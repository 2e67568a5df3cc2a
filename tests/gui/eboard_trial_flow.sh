#!/bin/sh
# eboard_trial_flow.sh EXE CLI EVENT JOURNAL SHOTS: issue 34's silent traps, each as it happened at the
# board, in the real window against Stockfish, with the fake DGT board and its DGT 3000 (5m+3s: the
# clock adds the increment at each press) on a real pty. The human and the operator act in the orders
# people do:
#  1. the human replies on the board before the operator's Enter for "Recorded": Enter records, and the
#     human's move waits for his press;
#  2. the operator ticks "(=) draw offer" while the human's move stands on the board: the press enters
#     the move with the offer;
#  3. the computer's move is played on the board (and pressed) while that offer waits for an answer:
#     nothing is taken until the operator declines, then the move and its press, in that order;
#  4. the human moves a rook through his own pawn and presses: journalled with the move, a red line, no
#     sync over it, and the arbiter's ruling one click away; the next move is entered without a press
#     (the operator's override, journalled);
#  5. (items 11, 13) one "made" record per computer move, and the banner says the move comes from the
#     board;
#  6. (item 10) the human's press after the game ended is ignored without a refusal.
# At the end the journal replays and audits clean. Screenshots go to SHOTS. Run inside xvfb-run at
# 1280x800. Exit 0 when every step held.
exe=$1 cli=$2 event=$3 journal=$4 shots=$5
flow=eboard_trial_flow
. "$(dirname "$0")/flow_common.sh"
. "$(dirname "$0")/eboard_common.sh"
start_table "0:05:00 0:05:00 +3s"
banner_state() { awk -F '\t' '$1 == "banner state" {print $5}' "$map" 2>/dev/null; }
banner_state | grep -q "HUMAN TO MOVE on the board" || fail "the banner does not say the move comes from the board: $(banner_state)"

# The computer's move $1 made on the board and pressed, then recorded with Enter (the step that is due).
computer_cycle() {
    play_engine_move "$1"
    waitcount '"type":"made"' "$1"
    board "press"
    waitcount '"type":"pressed"' "$1"
}

# 1. e4, pressed. The computer's reply made and pressed; the human replies on the board at once, before
# the operator's Enter: that Enter records the computer's move and enters nothing.
board "lift e2"
board "place e4"
waitline "E-board shows e4"
board "press"
waitcount '"type":"human_move"' 1
computer_cycle 1
board "lift d2"
board "place d4"
waitline "E-board shows d4"
where "board move waits" >/dev/null
shot trial-1-board-move-waits
xdotool key Return
waitcount '"type":"recorded"' 1
sleep 1
[ "$(count '"type":"human_move"')" -eq 1 ] || fail "the operator's Enter entered the board's move before the human's press"
board "press"
waitcount '"type":"human_move"' 2
grep '"type":"human_move"' "$journal" | sed -n 2p | grep -q '"uci":"d2d4"' || fail "the press did not enter d4"
[ "$(count '"commit":"lever","event":"human_move"')" -eq 2 ] || fail "d4 was not completed by the lever"

# 2. The computer's move; the human puts Nf3 on the board and the operator ticks (=) before his press.
computer_cycle 2
xdotool key Return
waitcount '"type":"recorded"' 2
board "lift g1"
board "place f3"
waitline "E-board shows Nf3"
where "board move waits" >/dev/null  # the window has drawn the board's move: nothing moves any more
click_until "(=) draw offer" 'mapped "(=) draw offer ticked"'
board "press"
waitcount '"type":"human_move"' 3
grep '"type":"human_move"' "$journal" | sed -n 3p | grep -q '"offer":true' || fail "the ticked (=) was not entered with the board's move"

# 3. The computer's move played on the board and pressed while the offer waits: nothing is taken.
play_engine_move 3
waitline "answer the human's draw offer first"
board "press"
sleep 1.5
[ "$(count '"type":"made"')" -eq 2 ] || fail "the board's move was taken while the draw offer waited for an answer"
shot trial-3-offer-waits
click "Decline"
waitcount '"type":"made"' 3
waitcount '"type":"pressed"' 3
answer=$(grep -n '"type":"answer_human"' "$journal" | tail -n 1 | cut -d: -f1)
made=$(grep -n '"type":"made"' "$journal" | sed -n 3p | cut -d: -f1)
[ -n "$answer" ] && [ "$answer" -lt "$made" ] || fail "the operator's answer is not journalled before the move the board made"
sleep 0.5
xdotool key Return
waitcount '"type":"recorded"' 3

# Item 7: the DGT 3000 added 3 s at each of the six presses so far, the console when it took each move:
# no real difference, so no sync.
[ "$(count '"type":"sync"')" -eq 0 ] || fail "synced without a real difference: $(grep '"type":"sync"' "$journal")"

# 4. Ra1-a3 through the a2 pawn, pressed: the table clock now runs the computer's time.
board "lift a1"
board "place a3"
sleep 0.6
board "press"
waitfor '"event":"press_without_move"'
grep '"event":"press_without_move"' "$journal" | grep -q '"move":"a1a3"' || fail "the illegal move is not journalled"
waitline "after an illegal move (a1-a3)"
syncs=$(count '"type":"sync"')
sleep 3
shot trial-4-illegal-pressed
[ "$(count '"type":"sync"')" -eq "$syncs" ] || fail "the clocks were re-synced over the press the arbiter has to rule"
click_until "Arbiter: rule it" 'mapped "Rule illegal move" 1'
awk -F '\t' '$1 == "##illegalkind" {print $5}' "$map" | grep -q "illegal move completed on the board" ||
    fail "the ruling is not opened on the illegal move"
confirm_click "Rule illegal move" 'grep -q "\"kind\":\"board_move\"" "$journal"'
board "lift a3"
board "place a1"
board "lift b1"
board "place c3"
waitline "E-board shows Nc3"
click_until "Enter without the press" '[ "$(count "\"type\":\"human_move\"")" -ge 4 ]'
grep '"event":"press_override"' "$journal" | grep -q '"board_uci":"b1c3"' || fail "the override is not journalled"

# 5. One record of the computer's move on the board per move, with the move: "made", except for the move
# the draw offer held (the board showed it made: computer_move_on_board; taken after the answer: made).
computer_cycle 4
[ "$(count '"event":"computer_move_on_board"')" -eq 1 ] || fail "a computer move journalled as on the board twice"
[ "$(count '"event":"made".*"uci":"[a-h]')" -eq 4 ] || fail "the board's made records do not name the move"

# Item 18: the scoresheet as a paper from the window, beside the journal.
# A click can be lost on a loaded machine (flow_common.sh, click_until): the clean clone lost this one.
sheet="${journal%.*}-scoresheet.pdf"
click_until "Write scoresheet PDF" '[ -s "$sheet" ]'
[ "$(head -c 4 "$sheet")" = "%PDF" ] || fail "the scoresheet is no PDF"

# 6. The human resigns; his press afterwards is no refusal.
click_until "Draws & result" 'mapped "Human resigns" 1'  # the ruling opened the Arbiter tab
confirm_click "Human resigns" 'grep -q "\"type\":\"resign\"" "$journal"'
board "press"
sleep 1.5
grep -q '"type":"refused"' "$journal" && fail "a refusal in the journal: $(grep '"type":"refused"' "$journal")"
grep -q "widget ID clash" "$shots/console.err" && fail "a widget ID clash: $(cat "$shots/console.err")"
kill -TERM "$pid"
wait "$pid"

"$cli" --ui-lang en journal replay "$journal" --pgn "$shots/game.pgn" >"$shots/replay.txt" 2>&1 ||
    { echo "$flow: journal replay failed: $(cat "$shots/replay.txt")" >&2; exit 1; }
"$cli" --ui-lang en journal audit "$journal" >"$shots/audit.txt" 2>&1
grep -q '^eboard ok' "$shots/audit.txt" ||
    { echo "$flow: the audit's eboard check is not ok: $(cat "$shots/audit.txt")" >&2; exit 1; }
grep -q 'no legal move on the board (a1a3)' "$shots/audit.txt" ||
    { echo "$flow: the audit does not list the press: $(cat "$shots/audit.txt")" >&2; exit 1; }
exit 0
