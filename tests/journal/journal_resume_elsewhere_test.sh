#!/usr/bin/env bash
# Issue 35: a signed journal resumed on another computer (its key not there). The console goes on, signing
# with a new key announced by a signing_key_changed record; verify warns, replay says it, and a second
# resume on that computer keeps the new key (no second change).
# Usage: journal_resume_elsewhere_test.sh OPERATOR_CLI SCRIPT
set -u
cli=$1 script=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
play() { OC_JOURNAL_KEYS="$work/$1" "$cli" play --engine fake --engine-side black --tc 90m+30s \
           --human "script:$script" --journal "$work/game.jsonl" "${@:2}" >/dev/null 2>"$work/err" ||
           fail "play $*: $(cat "$work/err")"; }
changes() { grep -c '"type":"signing_key_changed"' "$work/game.jsonl"; }

play laptop-1
head -n 20 "$work/game.jsonl" >"$work/cut" && mv "$work/cut" "$work/game.jsonl"  # the laptop died here
play laptop-2 --resume
[[ $(changes) -eq 1 ]] || fail "one key change expected, found $(changes)"
out=$("$cli" journal verify "$work/game.jsonl" 2>&1) || fail "verify: $out"
grep -q "from record 20 on by key" <<<"$out" || fail "verify does not name the second key: $out"
grep -q "^warning: record 20 changes the signing key" <<<"$out" || fail "verify does not warn: $out"
out=$("$cli" journal replay "$work/game.jsonl" --ui-lang en 2>&1) || fail "replay: $out"
grep -q "the journal's signing key changed to" <<<"$out" || fail "replay does not say it: $out"
head -n 30 "$work/game.jsonl" >"$work/cut" && mv "$work/cut" "$work/game.jsonl"
play laptop-2 --resume
[[ $(changes) -eq 1 ]] || fail "the second resume on laptop 2 changed the key again"
"$cli" journal verify "$work/game.jsonl" >/dev/null 2>&1 || fail "the journal does not verify at the end"
echo PASS
