#!/usr/bin/env bash
# `operator-cli journal replay JOURNAL --envelope-pdf OUT [--resumption TEXT]` (Guidelines I.2): the
# envelope form of an adjourned journal, field (g) filled from --resumption or left blank; --resumption
# without --envelope-pdf is refused and writes nothing. Usage: envelope_replay_cli_test.sh OPERATOR_CLI
set -u
cli=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
printf '%s\n' start "engine e7e5" "+30s move e4" seal "until engine-move-shown" \
    "+24s seal-computer arbiter-secret fast" >"$work/adjourn.txt"
"$cli" play --engine fake --engine-side black --tc 90m --human "script:$work/adjourn.txt" \
    --journal "$work/game.jsonl" >/dev/null || fail "play"

"$cli" journal replay "$work/game.jsonl" --envelope-pdf "$work/g.pdf" \
    --resumption "2 Dec 2026, 10:00, Hall B" >/dev/null || fail "replay --resumption"
text=$(pdftotext -layout "$work/g.pdf" -) || fail "pdftotext"
grep -q "(g) Resumption" <<<"$text" || fail "no field (g): $text"
grep -q "2 Dec 2026, 10:00, Hall B" <<<"$text" || fail "--resumption text not in field (g): $text"
grep -q "e7-\?e5" <<<"$text" && fail "the sealed move is printed"

# "Adjourned at": the sealing record's time in the local zone, named (Asia/Kolkata has no summer time),
# not the journal's UTC with milliseconds.
TZ=Asia/Kolkata "$cli" journal replay "$work/game.jsonl" --envelope-pdf "$work/local.pdf" >/dev/null ||
    fail "replay with TZ"
local_text=$(pdftotext -layout "$work/local.pdf" -)
grep -qE "[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2} IST \(UTC\+05:30\)" <<<"$local_text" ||
    fail "no local adjournment time with its zone: $local_text"
grep -qE "T[0-9:.]+Z" <<<"$local_text" && fail "the journal's UTC form is printed: $local_text"
grep -q "sealed electronically" <<<"$local_text" || fail "the computer's seal is not named electronic"

"$cli" journal replay "$work/game.jsonl" --envelope-pdf "$work/blank.pdf" >/dev/null || fail "replay"
grep -q "Hall B" <<<"$(pdftotext -layout "$work/blank.pdf" -)" && fail "field (g) not blank without --resumption"

out=$("$cli" journal replay "$work/game.jsonl" --resumption "3 Dec" 2>&1) && fail "--resumption alone accepted"
grep -q -- "--envelope-pdf" <<<"$out" || fail "--resumption alone: message does not name --envelope-pdf: $out"
echo "ok: envelope PDF field (g) from journal replay --resumption"
