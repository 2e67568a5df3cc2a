#!/usr/bin/env bash
# Run by package_test.sh with the source and build trees out of reach: the installed programs, from
# /usr/bin, as an operator, an arbiter and an organiser use them, in English, Polish and Persian.
# Usage: installed_programs.sh WORK VERSION SOURCE_DIR
set -u
work=$1 version=$2 src=$3
fail() { echo "FAIL (installed): $*"; exit 1; }
unset OC_LOCALE_DIR OC_DATA_DIR
cd "$work" || fail "cd $work"
[[ -n "${OC_TRACED:-}" || ! -e "$src/CMakeLists.txt" ]] || fail "the source tree is still reachable at $src"
persian='[\x{0600}-\x{06FF}]'

ms() { date +%s%N; }
t0=$(ms); out=$(/usr/bin/operator-cli --version) || fail "operator-cli --version"; t1=$(ms)
grep -q "operator-console $version" <<<"$out" || fail "operator-cli --version says '$out'"
echo "operator-cli --version (installed): $(( (t1 - t0) / 1000000 )) ms"
grep -q "$version" <<<"$(/usr/bin/operator-console --version)" || fail "operator-console --version"

# The catalogues: the help in Polish and Persian.
grep -q "Wypisz tę pomoc i zakończ" <<<"$(/usr/bin/operator-cli --ui-lang pl --help)" || fail "no Polish help"
grep -qP "$persian" <<<"$(/usr/bin/operator-cli --ui-lang fa --help)" || fail "no Persian help"

# A short game against the program's own fake engine, with the papers, in each language.
printf '%s\n' start "engine e7e5" "+30s move e4" "until engine-move-shown" "+20s move Nf3" >moves.txt
for lang in en pl fa; do
    /usr/bin/operator-cli --ui-lang "$lang" play --engine fake --engine-side black --tc 90m \
        --human script:moves.txt --journal "game-$lang.jsonl" --scoresheet-pdf "sheet-$lang.pdf" \
        >"play-$lang.txt" 2>&1 || { cat "play-$lang.txt"; fail "play --ui-lang $lang"; }
    [[ -s "sheet-$lang.pdf" ]] || fail "no scoresheet in $lang"
done
grep -q "Białe" <<<"$(pdftotext sheet-pl.pdf -)" || fail "the Polish scoresheet has no 'Białe'"
grep -qP "$persian" <<<"$(pdftotext sheet-fa.pdf -)" || fail "the Persian scoresheet has no Persian"
/usr/bin/operator-cli journal audit game-en.jsonl >audit.txt 2>&1 || { cat audit.txt; fail "audit of an honest game"; }
grep -q "operator-console $version" audit.txt || fail "the audit does not name the version that wrote the journal"

# Spoken moves (espeak-ng's voices from the package's Depends).
/usr/bin/operator-cli say --lang pl --wav say-pl.wav e4 e5 >say.txt 2>&1 || { cat say.txt; fail "say --lang pl"; }
[[ $(stat -c %s say-pl.wav) -gt 10000 ]] || fail "say --lang pl wrote no speech"

# The broadcast with its spectator page, from share/operator-console/web.
/usr/bin/operator-cli broadcast serve --journal game-en.jsonl --listen 127.0.0.1:0 >serve.txt 2>serve.err &
server=$!
for _ in $(seq 100); do grep -q "^listening" serve.txt && break; sleep 0.1; done
address=$(sed -n 's/^listening \([^ ]*\).*/\1/p' serve.txt)
[[ -n "$address" ]] || { kill $server; cat serve.err; fail "broadcast serve did not start"; }
page=$(curl -sf "http://$address/") || { kill $server; fail "no page at /"; }
board=$(curl -sf -o /dev/null -w '%{http_code}' "http://$address/vendor/chessground.min.js")
kill $server; wait $server 2>/dev/null
grep -q "app.js" <<<"$page" || fail "the page at / is not the spectator page"
[[ "$board" == 200 ]] || fail "the board's script answered $board"
grep -q "warning" serve.err && fail "broadcast serve warned: $(cat serve.err)"

# The window under Xvfb, in each language, the catalogues found.
for lang in en pl fa; do
    t0=$(ms)
    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/operator-console --ui-lang "$lang" \
        --screenshot "shot-$lang.png" --widget-map "map-$lang.txt" --journal "shot-$lang.journal" >"gui-$lang.txt" 2>&1 ||
        { cat "gui-$lang.txt"; fail "operator-console --ui-lang $lang"; }
    echo "operator-console --screenshot --ui-lang $lang (installed): $(( ($(ms) - t0) / 1000000 )) ms"
    [[ -s "shot-$lang.png" ]] || fail "no screenshot in $lang"
done
# Start-up to the first frame (package_test.sh compares it with the build tree's).
xvfb-run -a /usr/bin/operator-console --bench-start --journal installed-bench.journal | sed -n 's/^first frame after \([0-9]*\) ms/startup installed: \1 ms/p'
grep -q "Szachownica" map-pl.txt || fail "the Polish window shows no Polish word"
grep -qP "$persian" map-fa.txt || fail "the Persian window shows no Persian"
echo "ok (installed): version, help, play, papers, audit, speech, broadcast page and window in en, pl, fa"
