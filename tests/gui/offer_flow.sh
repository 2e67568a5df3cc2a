#!/bin/sh
# offer_flow.sh EXE EVENT JOURNAL SHOTS: issue 15 in the real window with real X key events (xdotool):
# the human's draw offer typed with the move ("e4 (=)"), then, with the offer pending, the first Enter on
# "Made on board" only asks (Art. 9.1: playing the move rejects the offer) and the second plays it.
# Screenshots (import) go to SHOTS. Run inside xvfb-run at 1280x800. Exit 0 when every step held.
exe=$1 event=$2 journal=$3 shots=$4
flow=offer_flow
. "$(dirname "$0")/flow_common.sh"
launch_console
# Waits (up to 30 s) until the window has drawn the item named $1.
drawn() {
    i=0
    while ! awk -F '\t' -v n="$1" '$1 == n { found = 1 } END { exit !found }' "$map" 2>/dev/null; do
        i=$((i + 1))
        [ "$i" -gt 300 ] && fail "the window never showed '$1'"
        sleep 0.1
    done
}
shot() {
    sleep 0.8  # a frame or more after the last change
    import -window root "$shots/$1.png" || fail "import failed"
}
xdotool search --sync --name "Operator console" >/dev/null || fail "no window"
xdotool mousemove 640 60  # no window manager: the keyboard follows the pointer
waitfor '"start"'
sleep 0.5
xdotool type --delay 60 'e4 (=)'
shot 1-offer-typed
xdotool key Return
waitfor '"type":"human_move"'
grep '"type":"human_move"' "$journal" | grep -q '"offer":true' || fail "the typed (=) was not recorded as an offer"
waitfor '"engine_move"'
drawn "pending offer warning"
xdotool key Return  # the first Enter on "Made on board" with the offer pending: it only asks
drawn "made confirm"
shot 2-made-asks
grep -q '"type":"made"' "$journal" && fail "the first Enter played the move without asking"
xdotool key Return  # the second plays it (and so rejects the offer)
waitfor '"type":"made"'
kill -TERM "$pid"
wait "$pid"
