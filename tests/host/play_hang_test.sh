#!/usr/bin/env bash
# operator-cli play against Stockfish behind a relay that stops answering on its third `go`: the
# node-limited search hits its real-time deadline, the engine is restarted with the same options and
# the whole game, and the game plays on to the ply limit. Without a deadline this run never returns
# (ctest's TIMEOUT then fails it).
# Usage: play_hang_test.sh OPERATOR_CLI HANG_ON_GO STOCKFISH
set -u
cli=$1 relay=$2 stockfish=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
out=$("$cli" play --engine "$relay" --engine-arg=--go --engine-arg=3 --engine-arg=--once \
      --engine-arg="$dir/hung" --engine-arg="$stockfish" --engine-side black --tc 90m+30s \
      --human random --seed 7 --max-plies 12 --engine-deadline 1 --journal "$dir/game.journal" 2>&1)
rc=$?
echo "$out"
fail() { echo "FAIL: $*"; exit 1; }
[[ $rc -eq 0 ]] || fail "exit code $rc, expected 0"
[[ -f "$dir/hung" ]] || fail "the relay never hung: the test did not test anything"
last=$(tail -n 1 <<<"$out")
grep -Eq '^result \* termination unterminated plies 12 engine_restarts 1 ' <<<"$last" ||
    fail "last line '$last': expected 12 plies and engine_restarts 1"
grep 'no bestmove in time' "$dir/game.journal" | grep -q '"type":"engine_fault"' ||
    fail "no engine_fault record for the hang"
grep -q '"type":"engine_restart"' "$dir/game.journal" || fail "no engine_restart record"
echo "PASS"
