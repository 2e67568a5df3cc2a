#!/usr/bin/env bash
# The operator-cli rules contracts (docs/rules.md): exact output and exit codes.
set -u
cli=$1
data=$2
fail=0
check() {  # name expected actual
    if [[ "$2" != "$3" ]]; then
        echo "FAIL $1"; echo "  expected: $2"; echo "  actual:   $3"; fail=1
    fi
}
out=$("$cli" perft --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" --depth 2)
check "perft last line" "nodes 2039" "$(tail -1 <<<"$out")"
check "perft root lines" "48" "$(grep -c '^[a-h][1-8][a-h][1-8][qrbn]*: [0-9]*$' <<<"$out")"
"$cli" perft --fen "8/8/8/8/8/8/8/8 w - - 0 1" --depth 1 >/dev/null 2>/tmp/oc_rules_err; rc=$?
check "perft bad FEN exit" "2" "$rc"
check "perft bad FEN reason" "bad FEN: White has 0 kings, exactly one is required" "$(cat /tmp/oc_rules_err)"
check "move en" "g1f3 Nf3" "$("$cli" move Nf3)"
check "move pl long" "g1f3 Nf3" "$("$cli" move --lang pl Sg1-f3)"
check "move promotion" "a7a8q a8=Q+" "$("$cli" move --fen "8/P7/8/8/8/8/8/k6K w - - 0 1" --lang de a8D)"
# Persian events write English SAN (issue 26 item 5): fa reads as en, and another language's letter is refused.
check "move fa" "e1g1 O-O" "$("$cli" move --fen "4k3/8/8/8/8/8/8/4K2R w K - 0 1" --lang fa O-O)"
check "move fa knight" "g1f3 Nf3" "$("$cli" move --lang fa Nf3)"
"$cli" move --lang fa Sf3 >/dev/null 2>/tmp/oc_rules_err; rc=$?
check "move fa Polish letter exit" "1" "$rc"
"$cli" move --batch - <<<$'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\txx\tNf3' >/tmp/oc_rules_out
check "move batch unknown language" "error unknown language 'xx' (expected en pl de fr es nl ru fa)" "$(cat /tmp/oc_rules_out)"
"$cli" move --fen "4k3/8/8/8/8/8/8/4NKN1 w - - 0 1" --lang pl Sf3 >/dev/null 2>/tmp/oc_rules_err; rc=$?
check "move ambiguous exit" "1" "$rc"
check "move ambiguous reason" "ambiguous move 'Sf3': Sef3 or Sgf3" "$(cat /tmp/oc_rules_err)"
batch=$(printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\tru\tКf3\nbad line\n4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\ten\tO-O-O\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\ten\tNf4\n' | "$cli" move --batch -)
check "move batch" $'g1f3 Nf3\nerror expected FEN<TAB>LANG<TAB>TEXT\ne1c1 O-O-O\nerror illegal move \'Nf4\': no knight can reach f4' "$batch"
check "pgn status" "$(cat "$data/import.status.jsonl")" "$("$cli" pgn status "$data/import.pgn")"
"$cli" pgn status "$data/errors.pgn" >/tmp/oc_rules_out; rc=$?
check "pgn status errors exit" "1" "$rc"
check "pgn status errors" "$(cat "$data/errors.status.jsonl")" "$(cat /tmp/oc_rules_out)"
check "pgn normalize" "$(cat "$data/import.normalized.pgn")" "$("$cli" pgn normalize "$data/import.pgn")"
"$cli" pgn status /nonexistent.pgn >/dev/null 2>&1; rc=$?
check "pgn missing file exit" "2" "$rc"
rm -f /tmp/oc_rules_err /tmp/oc_rules_out
[[ $fail == 0 ]] && echo "rules CLI: all checks passed"
exit $fail
