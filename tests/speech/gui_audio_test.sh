#!/bin/sh
# gui_audio_test.sh OPERATOR_CONSOLE: the real console in Xvfb against real Stockfish, with SDL's disk
# audio driver writing what the console plays to a file.
#  1. --speech computer, the human plays 1.e4: once Stockfish's reply is shown, the audio is not silent.
#  2. The same at a Persian event (ui_language fa, moves in English SAN): the fa voice speaks.
#  3. --speech all, the arbiter asks for a seal before the computer answers, its move is sealed: the
#     device runs (the file grows) but stays silent; the sealed move is never spoken.
exe=$(realpath "$1")
[ -x /usr/games/stockfish ] || { echo "gui_audio_test: stockfish is not installed: skipped"; exit 0; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "gui_audio_test: $1" >&2; cat "$dir"/*.err >&2 2>/dev/null; exit 1; }
printf '{"computer_side": "black", "time_control": "1m", "language": "pl", "engine": {"command": "/usr/games/stockfish"}}\n' \
    >"$dir/event.json"

# The peak amplitude (0..1) of the raw 16-bit mono samples the disk driver wrote.
peak() { sox -t raw -r 22050 -e signed -b 16 -c 1 "$1" -n stat 2>&1 | awk '/Maximum amplitude/ { print $3 }'; }

# run NAME SCRIPT SPEECH SECONDS [KEY]: the console for SECONDS (KEY pressed after 2 s), then SIGTERM;
# $extra: more options for the console.
run() {
    printf "$2" >"$dir/$1.script"
    keys=true
    [ -n "$5" ] && keys="sleep 2; xdotool search --sync --name 'Operator console|Konsola operatora' >/dev/null; xdotool mousemove 640 60 key $5"
    SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE="$dir/$1.raw" xvfb-run -a -s '-screen 0 1280x800x24' \
        sh -c '"$0" "$@" & p=$!; '"$keys"'; sleep '"$4"'; kill -TERM $p; wait $p' \
        "$exe" --event "$dir/event.json" --journal "$dir/$1.journal" --script "$dir/$1.script" \
        --speech "$3" $extra 2>"$dir/$1.err"
}

run shown 'start\nmove e4\nwait 1s\n' computer 8
grep -q '"engine_move"' "$dir/shown.journal" || fail "Stockfish's move was not shown"
[ -s "$dir/shown.raw" ] || fail "no audio device output at all"
p=$(peak "$dir/shown.raw")
awk -v p="$p" 'BEGIN { exit !(p > 0.1) }' || fail "silence after the computer's move (peak $p)"
echo "gui_audio_test: computer's move spoken (peak $p)"

# A Persian event: the announcer picks the fa voice (docs/i18n.md), which must speak, not fail silently.
printf '{"computer_side": "black", "time_control": "1m", "language": "en", "ui_language": "fa", "engine": {"command": "/usr/games/stockfish"}}\n' \
    >"$dir/event.json"
# The operator's screens in English (--ui-lang en): the voice is the event's, not the operator's.
extra="--ui-lang en" run persian 'start\nmove e4\nwait 1s\n' computer 8
grep -q '"engine_move"' "$dir/persian.journal" || fail "Stockfish's move was not shown (Persian event)"
p=$(peak "$dir/persian.raw")
awk -v p="$p" 'BEGIN { exit !(p > 0.1) }' || fail "silence after the computer's move at a Persian event (peak $p)"
echo "gui_audio_test: computer's move spoken in Persian (peak $p)"
printf '{"computer_side": "black", "time_control": "1m", "language": "pl", "engine": {"command": "/usr/games/stockfish"}}\n' \
    >"$dir/event.json"

run sealed 'start\nmove e4\nseal\nseal-computer arbiter-secret fast\n' all 6
grep -q '"sealed"' "$dir/sealed.journal" || fail "the computer's move was not sealed"
grep -q '"engine_move"' "$dir/sealed.journal" && { echo "gui_audio_test: engine answered before the seal: skipped"; exit 0; }
# The device runs from the first frame (the script was applied before it: nothing of it is read back),
# so the file grows with silence; a spoken sealed move would show as sound.
size=$(stat -c %s "$dir/sealed.raw" 2>/dev/null || echo 0)
[ "$size" -gt 88200 ] || fail "the audio device did not run ($size bytes)"
p=$(peak "$dir/sealed.raw")
[ "$p" = "0.000000" ] || fail "sound while the move is sealed (peak $p)"
echo "gui_audio_test: silent while sealed"

# F8: the move number and both clocks, on the key (App. F 9.4), with nothing else to say.
if command -v xdotool >/dev/null; then
    run key 'start\n' computer 4 F8
    p=$(peak "$dir/key.raw")
    awk -v p="$p" 'BEGIN { exit !(p > 0.1) }' || fail "F8 said nothing (peak $p)"
    echo "gui_audio_test: F8 spoke the clocks (peak $p)"
fi
