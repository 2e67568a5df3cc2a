#!/bin/sh
# say_cli_test.sh OPERATOR_CLI: the `say` contract (one line per move, refusals change nothing) and the
# WAV measured with sox: 16-bit mono, not silent, a plausible duration for the words spoken.
cli=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "say_cli_test: $1" >&2; exit 1; }

out=$("$cli" say --lang pl e4 e5 Sf3 Sc6 Gb5 a6 Gxc6 dxc6 O-O) || fail "say refused a legal game"
expected="e4
e5
skoczek f3
skoczek c6
goniec b5
a6
goniec bije c6
d bije c6
krótka roszada"
[ "$out" = "$expected" ] || fail "phrases differ: $out"

# UCI moves and --fen.
out=$("$cli" say --fen "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1" e5d6) || fail "say refused e5d6"
[ "$out" = "e takes d6 en passant" ] || fail "en passant: $out"

# Refusals: exit code, a message that says what is right, no output and no file.
"$cli" say --lang xx e4 >"$dir/out" 2>"$dir/err" && fail "an unknown language was accepted"
grep -q "expected en pl de fr es nl ru" "$dir/err" || fail "no list of languages: $(cat "$dir/err")"
"$cli" say --wav "$dir/bad.wav" e4 e4 >"$dir/out" 2>"$dir/err"; rc=$?
[ "$rc" = 1 ] || fail "an illegal second move gave exit $rc"
[ -s "$dir/out" ] && fail "output printed for a refused sequence"
[ -e "$dir/bad.wav" ] && fail "a WAV was written for a refused sequence"
grep -q 'move 2 "e4"' "$dir/err" || fail "the refusal does not name the move: $(cat "$dir/err")"

# The WAV, measured with sox.
"$cli" say --lang en --wav "$dir/en.wav" e4 e5 Nf3 >/dev/null || fail "no WAV written"
[ "$(soxi -c "$dir/en.wav")" = 1 ] || fail "not mono"
[ "$(soxi -b "$dir/en.wav")" = 16 ] || fail "not 16-bit"
duration=$(soxi -D "$dir/en.wav")
awk -v d="$duration" 'BEGIN { exit !(d > 1.0 && d < 8.0) }' || fail "implausible duration $duration s for 3 moves"
rms=$(sox "$dir/en.wav" -n stat 2>&1 | awk '/RMS +amplitude/ { print $3 }')
awk -v r="$rms" 'BEGIN { exit !(r > 0.02) }' || fail "silent WAV (RMS $rms)"

# Polish is spoken by the Polish voice: longer words, still plausible.
"$cli" say --lang pl --wav "$dir/pl.wav" O-O-O >/dev/null 2>&1 && fail "O-O-O accepted at the start"
"$cli" say --lang pl --fen "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" --wav "$dir/pl.wav" O-O-O >/dev/null ||
    fail "no Polish WAV"
duration=$(soxi -D "$dir/pl.wav")
awk -v d="$duration" 'BEGIN { exit !(d > 0.6 && d < 5.0) }' || fail "implausible Polish duration $duration s"
echo "say_cli_test: ok"
