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
# Persian (issue 26): the moves in English SAN, the words Persian, the squares spelled for the fa voice
# (d is دیی, ranks in Persian digits); in Persian order (issue 36 item 11): a capture's verb last, a
# disambiguated piece "of file a / rank 1" going "to" its square, a pause (comma) before a promotion.
# Every kind of move, each checked exactly.
out=$("$cli" say --lang fa e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O) || fail "say --lang fa refused a legal game"
expected="ای ۴
ای ۵
اسب اِف ۳
اسب سی ۶
فیل بی ۵
اِی ۶
فیل، سی ۶ را می‌زند
پیادهٔ دیی، سی ۶ را می‌زند
قلعهٔ کوچک"
[ "$out" = "$expected" ] || fail "Persian phrases differ: $out"
say_fa() {  # FEN MOVE EXPECTED
    got=$("$cli" say --lang fa --fen "$1" "$2") || fail "say --lang fa refused $2"
    [ "$got" = "$3" ] || fail "Persian $2: got '$got', expected '$3'"
}
say_fa "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1" O-O-O "قلعهٔ بزرگ"
say_fa "k7/8/8/8/8/8/1K6/7R w - - 0 1" Rh8+ "رخ اِچ ۸، کیش"
say_fa "6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1" "Ra8#" "رخ اِی ۸، کیش و مات"
say_fa "8/P7/8/8/8/8/7k/2K5 w - - 0 1" a8=Q "اِی ۸، ارتقا به وزیر"
say_fa "1r5k/P7/8/8/8/8/8/2K5 w - - 0 1" "axb8=Q+" "پیادهٔ اِی، بی ۸ را می‌زند، ارتقا به وزیر، کیش"
say_fa "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1" exd6 "پیادهٔ ای، دیی ۶ را آن‌پاسان می‌زند"
say_fa "k7/8/8/8/8/8/K7/R6R w - - 0 1" Rad1 "رخِ ستون اِی به دیی ۱"
say_fa "R7/8/7k/8/8/8/1K6/R7 w - - 0 1" R1a5 "رخِ ردیف ۱ به اِی ۵"
say_fa "8/8/k7/8/4Q2Q/8/8/K6Q w - - 0 1" Qh4e1 "وزیرِ خانه اِچ ۴ به ای ۱"
say_fa "k7/8/8/8/8/8/K7/R2n3R w - - 0 1" Raxd1 "رخِ ستون اِی، دیی ۱ را می‌زند"
say_fa "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" "e4 (=)" "ای ۴. سفید پیشنهاد تساوی می‌دهد"
out=$("$cli" say --lang fa --phonetic Nf3) || fail "say --lang fa --phonetic refused Nf3"
[ "$out" = "اسب فِلیکْس سه" ] || fail "Persian phonetic: $out"
# No Latin letter reaches the fa voice (a Latin run is read by espeak-ng's English voice).
"$cli" say --lang fa e4 d5 exd5 Qxd5 Nc3 Qa5 d4 Nf6 Bd2 >"$dir/fa.txt" || fail "say --lang fa refused a game"
grep -q '[A-Za-z0-9]' "$dir/fa.txt" && fail "a Latin letter or digit in Persian speech: $(cat "$dir/fa.txt")"

# The Persian WAV is speech: the fa voice, a plausible duration for three moves, not silent.
"$cli" say --lang fa --wav "$dir/fa.wav" e4 e5 Nf3 >/dev/null || fail "no Persian WAV"
[ "$(soxi -c "$dir/fa.wav")" = 1 ] && [ "$(soxi -b "$dir/fa.wav")" = 16 ] || fail "Persian WAV not 16-bit mono"
duration=$(soxi -D "$dir/fa.wav")
awk -v d="$duration" 'BEGIN { exit !(d > 1.5 && d < 9.0) }' || fail "implausible Persian duration $duration s for 3 moves"
rms=$(sox "$dir/fa.wav" -n stat 2>&1 | awk '/RMS +amplitude/ { print $3 }')
awk -v r="$rms" 'BEGIN { exit !(r > 0.02) }' || fail "silent Persian WAV (RMS $rms)"
echo "say_cli_test: Persian WAV $duration s, RMS $rms"

# The pause before a Persian promotion, heard as a user would: the WAV's samples (sox), and the silent
# stretches (under 1% of full scale) between the first and last sound. espeak-ng's comma gives one of
# about 150 ms; without it the longest is a stop consonant's closure (about 40 ms).
pauses() {  # WAV: "start length" (s) of each inner silence of 100 ms or more
    sox "$1" -t dat - | awk '
        /^;/ { next }
        { a = $2 < 0 ? -$2 : $2
          if (a >= 0.01) { if (heard && $1 - from >= 0.1) printf "%.3f %.3f\n", from, $1 - from; heard = 1; from = $1 }
          else if (!heard) from = $1 }'
}
"$cli" say --lang fa --fen "8/P7/8/8/8/8/7k/2K5 w - - 0 1" --wav "$dir/promotion.wav" a8=Q >/dev/null ||
    fail "no Persian promotion WAV"
gaps=$(pauses "$dir/promotion.wav")
[ "$(echo "$gaps" | grep -c .)" = 1 ] || fail "the Persian promotion has not one pause before the promotion: '$gaps'"
echo "say_cli_test: pause before the Persian promotion at $(echo "$gaps" | awk '{ printf "%.2f s, %.0f ms", $1, $2 * 1000 }')"
echo "say_cli_test: ok"
