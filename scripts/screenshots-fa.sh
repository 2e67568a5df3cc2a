#!/usr/bin/env bash
# Takes the Persian screenshots of docs/gui.md ("Persian screens", issue 26) at 1280x800 under Xvfb,
# against the real Stockfish: the setup form, the human to move (banner and move pane), the engine
# thinking with the human's draw offer (the draws pane), the public display, and an adjourned game. The
# screens are right to left and shaped (docs/i18n.md); the moves stay Latin SAN. Look at every picture
# before committing it.
# Usage: scripts/screenshots-fa.sh [BUILD_BIN_DIR [OUT_DIR]]   (default: build/ci/bin, docs/images)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="$(realpath "${1:-$root/build/ci/bin}")"
mkdir -p "${2:-$root/docs/images}"
out="$(realpath "${2:-$root/docs/images}")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A Persian event: Persian screens, English SAN (what Iranian scoresheets use), a Persian and a Latin name.
cat >"$work/tehran-2026.json" <<'JSON'
{"event": "مسابقه انسان و رایانه، تهران", "site": "تهران",
 "date": "2026.08.14", "round": "3", "board": "1", "white": "رضایی، علی", "black": "Stockfish 15.1",
 "computer_side": "black", "time_control": "10m+5s", "language": "en", "ui_language": "fa",
 "engine": {"command": "/usr/games/stockfish"}}
JSON
two='start\nmove e4\nmade\npressed\nrecorded\nmove Nf3\nmade\npressed\nrecorded\n'
printf "$two" >"$work/human.script"
printf 'start\nmove e4\nmade\npressed\nrecorded\nmove Nf3 (=)\n' >"$work/offer.script"
printf "${two}seal\nseal-human\n" >"$work/adjourn.script"

shot() {  # name, then the console's further arguments
  local name="$1"; shift
  (cd "$work" && xvfb-run -a -s '-screen 0 1280x800x24' "$bin/operator-console" --event tehran-2026.json \
    --journal "$name.journal" "$@" --screenshot "$out/fa-$name.png" 2>"$name.err") ||
    { echo "screenshots-fa: $name failed:" >&2; cat "$work/$name.err" >&2; exit 1; }
  convert "$out/fa-$name.png" -colors 256 "PNG8:$out/fa-$name.png"
  echo "$out/fa-$name.png"
}
shot setup --frames 60
shot human-to-move --script human.script
shot engine-thinking-offer --script offer.script --tab draws
shot public-display --script human.script --public
shot adjourned --script adjourn.script --tab adjournment
