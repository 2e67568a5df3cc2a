#!/usr/bin/env bash
# A short demonstration game without a window: Stockfish is the computer, random legal moves play the human.
set -euo pipefail
cd "$(dirname "$0")/.."
cli=build/bin/operator-cli
if ! "$cli" play --help >/dev/null 2>&1; then
  echo "The headless game driver is not built into this version yet."
  echo "Try: $cli --help   (rules, clock and engine commands)"
  exit 0
fi
journal=$(mktemp -t demo-journal-XXXXXX.jsonl)
exec "$cli" play --engine /usr/games/stockfish --engine-side black --tc "15m+10s" --human random \
  --seed 1 --max-plies 40 --journal "$journal" --verbose
