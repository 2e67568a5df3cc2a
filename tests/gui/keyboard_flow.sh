#!/bin/sh
# keyboard_flow.sh EXE EVENT JOURNAL: plays the operator's cycle with real X key events (xdotool) and
# waits for each step to reach the journal. Run inside xvfb-run. Exit 0 when every step arrived.
exe=$1 event=$2 journal=$3
start_script=$(mktemp)
echo start > "$start_script"
"$exe" --event "$event" --journal "$journal" --script "$start_script" 2>/dev/null &
pid=$!
fail() { echo "keyboard_flow: $1" >&2; kill -TERM "$pid" 2>/dev/null; wait "$pid"; rm -f "$start_script"; exit 1; }
# Waits (up to $2 tenths of a second, default 30 s) until the journal holds a line matching $1.
arrived() {
    i=0
    while ! grep -q "$1" "$journal" 2>/dev/null; do
        i=$((i + 1))
        [ "$i" -gt "${2:-300}" ] && return 1
        sleep 0.1
    done
}
waitfor() { arrived "$1" || fail "no journal record matching $1"; }
xdotool search --sync --name "Operator console" >/dev/null || fail "no window"
xdotool mousemove 640 60  # no window manager: the keyboard follows the pointer; the banner takes no clicks
waitfor '"start"'
sleep 0.5
xdotool type --delay 60 e4
xdotool key Return
waitfor '"engine_move"'
xdotool key Return      # made on board
waitfor '"made"'
xdotool key Return      # clock pressed
waitfor '"pressed"'
xdotool key Return      # recorded (Enter on the empty move box), at once: just as the box takes focus
# This Enter used to be lost under heavy load (ctest -j2 at load 8): it landed in the frame in which the
# move box asks for the keyboard or the one in which it activates, and ImGui 1.86 drops keys there. The
# move box now takes those keys itself (move_pane.cpp; MoveBoxTakesFocus in tests/ui), so one Enter.
waitfor '"recorded"'
xdotool type --delay 60 Nf3
xdotool key Return
waitfor 'g1f3'
kill -TERM "$pid"
wait "$pid"
status=$?
rm -f "$start_script"
exit "$status"
