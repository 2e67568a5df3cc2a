#!/bin/sh
# trf_import_flow.sh EXE EVENT JOURNAL SHOTS TRF_DIR: issue 38 on the setup screen with real X events
# (xdotool): "Import from TRF…" with an entry that is not in the file shows the error and changes nothing;
# with the computer's entry it fills the form (the opponent, the board, the date) and lists what the TRF
# left; Start then locks that setup into the journal. Run inside xvfb-run at 1280x800. Exit 0 when every
# step held.
exe=$1 event=$2 journal=$3 shots=$4 trf_dir=$5
flow=trf_import_flow
. "$(dirname "$0")/flow_common.sh"
map="$shots/widgets.txt"
"$exe" --event "$event" --journal "$journal" --widget-map "$map" 2>"$shots/console.err" &
pid=$!
# The text the control named $1 shows now.
shown() { awk -F '\t' -v n="$1" '$1 == n { print $5 }' "$map" 2>/dev/null | head -n 1; }
# Waits (up to 30 s) until the control named $1 is drawn.
drawn() {
    i=0
    while ! mapped "$1"; do
        i=$((i + 1))
        [ "$i" -gt 300 ] && fail "the window never showed '$1'"
        sleep 0.1
    done
}
xdotool search --sync --name "Operator console" >/dev/null || fail "no window"
rest
click "Import from TRF…"
drawn "trf path"
typeinto "trf path" "$trf_dir/swiss_manager_trf16.trf"
typeinto "trf player" "Komodo"
rest
click "Import the pairing"
drawn "trf import error"
shown "trf import error" | grep -q 'no player named "Komodo"' || fail "the error does not name the entry: $(shown 'trf import error')"
# The round (1) is replaced by 3: its box is at the row's start (the recorded centre falls on the + and -
# buttons and the label), so the click goes near the left edge at 1280x800.
y=$(where "trf round" | cut -d' ' -f2) || exit 1
xdotool mousemove 30 "$y" click 1
sleep 0.2
xdotool key ctrl+a
xdotool type --delay 40 "3"
xy=$(where "trf player") || exit 1
xdotool mousemove $xy click 1
xdotool key ctrl+a
xdotool type --delay 40 "6"
rest
click "Import the pairing"
drawn "trf import notes"
shown "trf import notes" | grep -q "time_control" || fail "the notes do not list the time control: $(shown 'trf import notes')"
mapped "trf import error" && fail "the error stayed after a good import"
click_until "Start the game" 'grep -q "Kowalska, Maria" "$journal" 2>/dev/null'
grep -q '"board":"2"' "$journal" || fail "the journal's setup has no board 2"
grep -q '"date":"2026.03.09"' "$journal" || fail "the journal's setup has not the round's date"
grep -q '"black_title":"WIM"' "$journal" || fail "the journal's setup has not the opponent's title"
grep -q '"computer_side":"white"' "$journal" || fail "the computer is not White"
kill -TERM "$pid"
wait "$pid"
exit 0
