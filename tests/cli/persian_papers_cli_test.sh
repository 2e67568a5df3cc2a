#!/usr/bin/env bash
# Issue 26 item 7 end to end: `--ui-lang fa` reaches every paper operator-cli writes. An adjourned game
# (fake engine, a scripted human) is replayed into the scoresheet and the envelope form, and audited into
# the audit PDF, all in Persian; poppler reads each back: Persian words (letters in logical order, white
# space aside), the Solar Hijri date of the resumption, the data left to right, and DejaVu Sans only.
# The same journal in English stays English. Usage: persian_papers_cli_test.sh OPERATOR_CLI
set -u
cli=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# pdftotext with white space and poppler's directional marks removed (it splits a Persian word now and
# then; the letters' order is what counts).
letters() { pdftotext "$1" - | tr -d ' \n\t\f' | sed 's/\xe2\x80[\xaa-\xae\x8e\x8f]//g'; }
has() { grep -qF -- "$(printf '%s' "$2" | tr -d ' ')" <<<"$(letters "$1")" || fail "$1 lacks '$2': $(pdftotext "$1" - | head -c 600)"; }
only_dejavu() {
    pdffonts "$1" | tail -n +3 | awk '{print $1}' | grep -qv DejaVuSans && fail "$1 embeds another font: $(pdffonts "$1")"
    return 0
}

printf '%s\n' start "engine e7e5" "+30s move e4" "+20s move Nf3" seal "until engine-move-shown" \
    "+24s seal-computer arbiter-secret fast" >"$work/adjourn.txt"
"$cli" play --engine fake --engine-side black --tc 90m --human "script:$work/adjourn.txt" \
    --journal "$work/game.jsonl" >/dev/null || fail "play"

"$cli" --ui-lang fa journal replay "$work/game.jsonl" --scoresheet-pdf "$work/sheet.pdf" \
    --envelope-pdf "$work/envelope.pdf" --resumption "2026-03-21 10:00" >/dev/null || fail "replay --ui-lang fa"
has "$work/sheet.pdf" "برگه ثبت حرکات"       # the title (glossary: scoresheet)
has "$work/sheet.pdf" "امضای داور"            # the arbiter's signature
has "$work/sheet.pdf" "Nf3"
only_dejavu "$work/sheet.pdf"
has "$work/envelope.pdf" "پاکت حرکت مخفی"   # the envelope's title
has "$work/envelope.pdf" "۱۴۰۵/۰۱/۰۱"         # (g): Nowruz 1405 ...
has "$work/envelope.pdf" "2026-03-21"         # ... with the Gregorian date beside it
has "$work/envelope.pdf" "10:00"
only_dejavu "$work/envelope.pdf"

"$cli" --ui-lang fa journal audit "$work/game.jsonl" --pdf "$work/audit.pdf" >/dev/null
[ -s "$work/audit.pdf" ] || fail "no audit PDF"
has "$work/audit.pdf" "بازرسی داور"
only_dejavu "$work/audit.pdf"

"$cli" --ui-lang en journal replay "$work/game.jsonl" --scoresheet-pdf "$work/sheet-en.pdf" >/dev/null ||
    fail "replay --ui-lang en"
has "$work/sheet-en.pdf" "SCORESHEET"
letters "$work/sheet-en.pdf" | grep -q "برگه" && fail "an English scoresheet with Persian on it"
echo PASS
