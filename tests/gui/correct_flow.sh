#!/bin/sh
# correct_flow.sh EXE EVENT JOURNAL SHOTS: issue 22's silent traps in the real window, with real X mouse
# and key events (xdotool). The human's move is entered by two clicks on the drawn board (e2, then e4)
# and Enter; the arbiter's correction (Arbiter -> Correct, "d4", the arbiter's tick, Correct) reaches
# the journal, whether the engine is still thinking or has answered. The event asks for spoken moves and
# the caller gives no sound device (SDL_AUDIODRIVER): the window says speech is off and why, and the
# journal keeps a note of it. Run inside xvfb-run at 1280x800. Exit 0 when every step held.
exe=$1 event=$2 journal=$3 shots=$4
flow=correct_flow
. "$(dirname "$0")/flow_common.sh"
launch_console

xdotool search --sync --name "Operator console" >/dev/null || fail "no window"
waitfor '"start"'
waitfor '"about":"speech"'
where "speech status" >/dev/null
grep -P '^speech status\t' "$map" | grep -q 'OFF' || fail "the speech line does not say that speech is off"
click "square e2"
click "square e4"
grep -P '^##move\t' "$map" >/dev/null || fail "no move box"
xdotool key Return
waitfor '"type":"human_move"'
grep '"type":"human_move"' "$journal" | grep -q '"uci":"e2e4"' || fail "the board's e2-e4 was not the move entered"
click "Arbiter"
click "section Correct"
typeinto "##correct" d4
click "arbiter confirms"
click "Correct"
waitfor '"type":"correct"'
grep '"type":"correct"' "$journal" | grep -q '"uci":"d2d4"' || fail "the correction is not d2d4"
grep -q "widget ID clash" "$shots/console.err" && fail "a widget ID clash: $(cat "$shots/console.err")"
kill -TERM "$pid"
wait "$pid"
