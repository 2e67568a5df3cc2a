#!/usr/bin/env bash
# Issue 15: a game played with operator-cli, stopped and resumed twice: the journal holds one
# "console_resumed" record per resume (program, the record resumed after), and every reader accepts
# it: journal verify, journal replay (which prints it), the audit (which lists it) and the broadcast
# follower (which publishes the game). Usage: console_resumed_cli_test.sh OPERATOR_CLI
set -u
cli=$1
dir=$(mktemp -d)
bpid=
cleanup() {
    [ -n "$bpid" ] && kill "$bpid" 2>/dev/null && wait "$bpid" 2>/dev/null
    rm -rf "$dir"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }
j=$dir/game.jsonl
common=(--engine fake --engine-side black --tc 15m+10s --human random --seed 7 --journal "$j")
"$cli" play "${common[@]}" --max-plies 6 >/dev/null || fail "first session"
"$cli" play "${common[@]}" --max-plies 10 --resume >/dev/null || fail "first resume"
"$cli" play "${common[@]}" --max-plies 14 --resume >/dev/null || fail "second resume"
n=$(grep -c '"type":"console_resumed"' "$j")
[ "$n" = 2 ] || fail "expected 2 console_resumed records, found $n"
grep -q '"program":"operator-cli play"' "$j" || fail "the record does not name the program"
grep '"type":"console_resumed"' "$j" | grep -q '"resumed_from_seq":[1-9]' || fail "no resumed_from_seq"
"$cli" journal verify "$j" | grep -q 'intact' || fail "journal verify"
"$cli" journal replay "$j" | grep -q 'operator-cli play resumed the journal after record' || fail "journal replay"
"$cli" journal audit "$j" --json "$dir/audit.json" >"$dir/audit.txt" 2>&1 || { cat "$dir/audit.txt"; fail "the audit finds a breach"; }
grep -q 'resumed the journal' "$dir/audit.json" || { cat "$dir/audit.txt"; fail "the audit does not list the resume"; }
mkdir "$dir/out"
"$cli" broadcast serve --journal "$j" --listen 127.0.0.1:0 --dir "$dir/out" >"$dir/broadcast.txt" 2>&1 &
bpid=$!
for _ in $(seq 1 300); do
    [ -s "$dir/out/games.pgn" ] && break
    sleep 0.1
done
[ -s "$dir/out/games.pgn" ] || { cat "$dir/broadcast.txt"; fail "the broadcast published nothing"; }
grep -q '7\. ' "$dir/out/games.pgn" || { cat "$dir/out/games.pgn"; fail "the broadcast game stops early"; }
echo "ok: 2 resumes recorded and read by verify, replay, audit and broadcast"
