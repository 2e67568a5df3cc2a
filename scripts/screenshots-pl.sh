#!/usr/bin/env bash
# Takes the Polish screenshots of docs/gui.md ("Polish screens") at 1280x800 under Xvfb, against the real
# Stockfish: the setup form, the human to move, the engine thinking with the human's draw offer, the
# public display, and an adjourned game. Run it again after a change to the screens or the catalogues,
# and look at every picture before committing it.
# Usage: scripts/screenshots-pl.sh [BUILD_BIN_DIR [OUT_DIR]]   (default: build/ci/bin, docs/images)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="$(realpath "${1:-$root/build/ci/bin}")"
mkdir -p "${2:-$root/docs/images}"
out="$(realpath "${2:-$root/docs/images}")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A Polish event (notation and screens); a short time control, so the engine answers within seconds.
cat >"$work/rubinstein-2026.json" <<'JSON'
{"event": "Memoriał Akiby Rubinsteina 2026, człowiek kontra komputer", "site": "Polanica-Zdrój",
 "date": "2026.08.14", "round": "3", "board": "1", "white": "Kowalski, Jan", "black": "Stockfish 15.1",
 "computer_side": "black", "time_control": "10m+5s", "language": "pl", "ui_language": "pl",
 "engine": {"command": "/usr/games/stockfish"}}
JSON
two='start\nmove e4\nmade\npressed\nrecorded\nmove Sf3\nmade\npressed\nrecorded\n'
printf "$two" >"$work/human.script"
printf 'start\nmove e4\nmade\npressed\nrecorded\nmove Sf3 (=)\n' >"$work/offer.script"
printf "${two}seal\nseal-human\n" >"$work/adjourn.script"

shot() {  # name, then the console's further arguments
  local name="$1"; shift
  (cd "$work" && xvfb-run -a -s '-screen 0 1280x800x24' "$bin/operator-console" --event rubinstein-2026.json \
    --journal "$name.journal" "$@" --screenshot "$out/pl-$name.png" 2>"$name.err") ||
    { echo "screenshots-pl: $name failed:" >&2; cat "$work/$name.err" >&2; exit 1; }
  # A 256-colour palette (ImageMagick) keeps the docs light; the console's flat colours survive it.
  convert "$out/pl-$name.png" -colors 256 "PNG8:$out/pl-$name.png"
  echo "$out/pl-$name.png"
}
shot setup --frames 60
shot human-to-move --script human.script
shot engine-thinking-offer --script offer.script
shot public-display --script human.script --public
shot adjourned --script adjourn.script --tab adjournment
