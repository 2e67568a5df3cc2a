#!/bin/sh
# seal_flow.sh EXE EVENT JOURNAL SHOTS: an adjournment in which the computer seals (Guidelines I, CMP-3.5),
# walked with real X mouse and key events (xdotool) in the real window: the arbiter's seal request with
# its confirmation, the passphrase typed twice, the seal, the envelope record, a refused and an accepted
# resumption, the sealed move played. The public display is photographed (import) into SHOTS at each step
# for the caller to compare. Run inside xvfb-run at 1280x800. Exit 0 when every step reached the journal.
exe=$1 event=$2 journal=$3 shots=$4
map="$shots/widgets.txt"
start_script="$shots/start.script"
printf 'start\nmove e4\n' >"$start_script"
"$exe" --event "$event" --journal "$journal" --script "$start_script" --public --widget-map "$map" \
    2>"$shots/console.err" &
pid=$!
flow=seal_flow
. "$(dirname "$0")/flow_common.sh"
shot() {
    sleep 0.8  # a frame or more after the last change (the idle console redraws twice a second)
    import -window root "$shots/$1.png" || fail "import failed"
}

xdotool search --sync --name "Operator console" >/dev/null || fail "no window"
waitfor '"type":"human_move"'
# The script's move can reach the journal before the first frame is on the screen (a loaded machine
# builds the font atlas slowly): photograph only once a frame has drawn the view's buttons.
where "Operator view" >/dev/null || exit 1
rest
shot public-0-engine-thinking
click "Operator view"
click "Adjournment"
confirm_click "Arbiter requests seal" 'grep -q "\"type\":\"seal_requested\"" "$journal"'
# The engine must still have been thinking; otherwise its move was shown before the request (I.1).
grep -q '"type":"engine_move"' "$journal" && { echo "seal_flow: the engine answered before the seal request" >&2; kill -TERM "$pid"; wait "$pid"; exit 77; }
click "Public display"
shot public-1-seal-requested
waitfor '"type":"engine_move_withheld"' 1200
shot public-2-computer-has-chosen
click "Operator view"
typeinto "##passphrase" "arbiter-secret"
typeinto "##passrepeat" "arbiter-secret"
click "Seal computer's move"
waitfor '"type":"sealed"'
typeinto "##resumption" "2 Dec 2026, 10:00, Hall B"
click "Write envelope PDF"
click "Public display"
shot public-3-adjourned
click "Operator view"
typeinto "##passphrase" "not-the-passphrase"
confirm_click "Resume: open the envelope" 'grep -q "does not open this envelope" "$journal"'
typeinto "##passphrase" "arbiter-secret"
confirm_click "Resume: open the envelope" 'grep -q "\"type\":\"resume\"" "$journal"'
click "Public display"
shot public-4-resumed-not-yet-played
click "Operator view"
click "Made on board"
waitfor '"type":"made"'
click "Public display"
shot public-5-sealed-move-played
kill -TERM "$pid"
wait "$pid"
