#!/usr/bin/env bash
# A short demonstration game without a window: Stockfish is the computer, random legal moves play the human.
set -euo pipefail
cd "$(dirname "$0")/.."
cli=build/bin/operator-cli
dir=$(mktemp -d -t operator-demo-XXXXXX)
journal=$dir/demo.journal
echo "Journal: $journal (check it with: $cli journal verify $journal)"
"$cli" play --engine /usr/games/stockfish --engine-side black --tc "15m+10s" --human random \
  --seed 1 --max-plies 40 --journal "$journal" --pgn "$dir/demo.pgn" --verbose
echo
echo "The scoresheet of this game: $dir/demo.pgn"
