#!/bin/sh
# livechess_flow.sh EXE CLI EVENT JOURNAL SHOTS: a game in the real window on a board read through DGT
# LiveChess (issue 38 part 2). LiveChess is `operator-cli eboard fake --brand livechess`, a real WebSocket
# server in a real process, driven line by line as a person moves the pieces; the console plays real
# Stockfish. LiveChess passes on no lever, so the setup's `commit: lever` falls back to Enter (journalled
# as a note): the human's move shown by the board is entered with Enter; the computer's move is played on
# the board and checked; LiveChess is stopped and started again mid-game (the status line says the board
# is not connected, the link subscribes again); the human resigns. At the end the journal replays and
# audits clean. Run inside xvfb-run at 1280x800. Exit 0 when every step held.
exe=$1 cli=$2 event=$3 journal=$4 shots=$5
flow=livechess_flow
. "$(dirname "$0")/flow_common.sh"
. "$(dirname "$0")/eboard_common.sh"

rm -f "$fifo"
mkfifo "$fifo"
"$cli" --ui-lang en eboard fake --brand livechess --listen 127.0.0.1:0 <"$fifo" >"$shots/fake.log" 2>&1 &
fake=$!
exec 3>"$fifo"
trap 'echo quit >&3 2>/dev/null; wait "$fake"' EXIT
i=0
until grep -q "ws://" "$shots/fake.log" 2>/dev/null; do
    i=$((i + 1))
    [ "$i" -gt 100 ] && { echo "$flow: the fake LiveChess does not listen" >&2; exit 1; }
    sleep 0.1
done
url=$(grep -o 'ws://[^ ]*' "$shots/fake.log" | head -n 1)

launch_console --eboard "$url" --eboard-brand livechess
xdotool search --sync --name "Operator console" >/dev/null || fail "no window"
rest
waitfor '"start"'
waitfor '"event":"connected"'
grep '"event":"connected"' "$journal" | grep -q '"brand":"livechess"' || fail "the board is not journalled as LiveChess's"
grep '"event":"note"' "$journal" | grep -q "does not pass on the clock's lever" || fail "the Enter fallback is not journalled"
waitline "7425"

# Presses Enter until the banner says the human is to move (the computer's move's steps that are due).
until_human_to_move() {
    i=0
    until grep -P '^banner state\t' "$map" | grep -q 'HUMAN TO MOVE'; do
        i=$((i + 1))
        [ "$i" -gt 8 ] && fail "the human never came to move: $(grep -P '^banner state\t' "$map")"
        xdotool key Return
        sleep 0.7
    done
}

# 1. e4 from the board, entered with Enter.
board "lift e2"
board "place e4"
waitline "E-board shows"
shot livechess-proposed
xdotool key Return
waitfor '"type":"human_move"'
grep '"type":"human_move"' "$journal" | grep -q '"uci":"e2e4"' || fail "the board's e2-e4 was not the move entered"
play_engine_move 1
waitcount '"type":"made"' 1
until_human_to_move

# LiveChess stopped and started again: said, journalled, followed again.
board "unplug"
waitline "not connected"
waitfor '"event":"lost"'
shot livechess-stopped
board "replug"
waitcount '"event":"connected"' 2
grep -c "the console subscribed to board 7425" "$shots/fake.log" | grep -qx 2 || fail "not subscribed again"

# 2. Nf3 from the board after the restart.
board "lift g1"
board "place f3"
waitline "E-board shows"
xdotool key Return
waitcount '"type":"human_move"' 2
play_engine_move 2
waitcount '"type":"made"' 2
until_human_to_move
shot livechess-followed

confirm_click "Human resigns" 'grep -q "\"type\":\"resign\"" "$journal"'
kill -TERM "$pid"
wait "$pid"
grep -q '"event":"pressed"' "$journal" && { echo "$flow: a lever press journalled from LiveChess" >&2; exit 1; }

"$cli" --ui-lang en journal replay "$journal" --pgn "$shots/game.pgn" >"$shots/replay.txt" 2>&1 ||
    { echo "$flow: journal replay failed: $(cat "$shots/replay.txt")" >&2; exit 1; }
grep -q '1\. e4' "$shots/game.pgn" && grep -q '2\. Nf3' "$shots/game.pgn" && grep -q '0-1' "$shots/game.pgn" ||
    { echo "$flow: the PGN is not the game played: $(cat "$shots/game.pgn")" >&2; exit 1; }
"$cli" --ui-lang en journal audit "$journal" >"$shots/audit.txt" 2>&1
grep -q '^eboard ok' "$shots/audit.txt" ||
    { echo "$flow: the audit's eboard check is not ok: $(cat "$shots/audit.txt")" >&2; exit 1; }
exit 0
