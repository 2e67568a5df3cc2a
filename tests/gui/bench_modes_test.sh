#!/usr/bin/env bash
# The window's measurement modes under Xvfb (issue 16). Figures are never judged here, only that each
# mode runs to its end: --bench-frames walks a real game against Stockfish through every phase of a
# move cycle; --bench-input ends only if every injected key reaches a frame that is put on screen (a
# frame wrongly skipped as unchanged would leave it waiting: ctest's TIMEOUT fails it); --bench-start
# reports the first frame.
# Usage: bench_modes_test.sh OPERATOR_CONSOLE STOCKFISH XVFB_RUN
set -u
console=$1 stockfish=$2 xvfb=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cat >"$dir/event.json" <<JSON
{"white": "Human", "black": "Stockfish", "computer_side": "black", "time_control": "3m+2s",
 "engine": {"command": "$stockfish", "options": {"Threads": "1"}}}
JSON
printf 'start\n' >"$dir/start.script"
run() { "$xvfb" -a -s "-screen 0 1280x800x24" "$console" --event "$dir/event.json" "$@"; }

frames=$(run --journal "$dir/frames.journal" --bench-frames 0.5) || fail "--bench-frames exited $?"
echo "$frames"
for phase in setup human-to-move engine-thinking engine-move-shown engine-move-made human-to-move+unrecorded; do
    grep -Fxq "$phase" <<<"$(sed -En 's/^phase ([a-z+-]+) seconds [0-9.]+ frames [0-9]+ fps [0-9.]+ cpu [0-9.]+%$/\1/p' <<<"$frames")" ||
        fail "no figures for phase $phase"
done

keys=$(run --journal "$dir/keys.journal" --script "$dir/start.script" --bench-input 20) ||
    fail "--bench-input exited $?"
echo "$keys"
grep -Eq "^keys 20 p50 [0-9.]+ ms p99 [0-9.]+ ms max [0-9.]+ ms$" <<<"$keys" || fail "no latency line"

start=$(run --journal "$dir/start.journal" --bench-start) || fail "--bench-start exited $?"
echo "$start"
grep -Eq "^first frame after [0-9]+ ms$" <<<"$start" || fail "no start line"
echo PASS
