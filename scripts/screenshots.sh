#!/usr/bin/env bash
# Takes the screenshots of docs/gui.md in one language ("Polish screens", "Persian screens") at 1280x800
# under Xvfb, against the real Stockfish: the setup form, the human to move (banner and move pane), the
# engine thinking with the human's draw offer (the draws pane), the public display, and an adjourned game.
# Run it again after a change to the screens or the catalogues, and look at every picture before
# committing it.
# Usage: scripts/screenshots.sh pl|fa [BUILD_BIN_DIR [OUT_DIR]]   (default: build/ci/bin, docs/images)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
lang="${1:?usage: scripts/screenshots.sh pl|fa [BUILD_BIN_DIR [OUT_DIR]]}"
bin="$(realpath "${2:-$root/build/ci/bin}")"
mkdir -p "${3:-$root/docs/images}"
out="$(realpath "${3:-$root/docs/images}")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The event: a short time control, so the engine answers within seconds. Polish: Polish notation and
# screens. Persian: Persian screens, English SAN (what Iranian scoresheets use), a Persian and a Latin name.
case "$lang" in
  pl) knight=Sf3
      cat >"$work/event.json" <<'JSON'
{"event": "Memoriał Akiby Rubinsteina 2026, człowiek kontra komputer", "site": "Polanica-Zdrój",
 "date": "2026.08.14", "round": "3", "board": "1", "white": "Kowalski, Jan", "black": "Stockfish 15.1",
 "computer_side": "black", "time_control": "10m+5s", "language": "pl", "ui_language": "pl",
 "engine": {"command": "/usr/games/stockfish"}}
JSON
      ;;
  fa) knight=Nf3
      cat >"$work/event.json" <<'JSON'
{"event": "مسابقه انسان و رایانه، تهران", "site": "تهران",
 "date": "2026.08.14", "round": "3", "board": "1", "white": "رضایی، علی", "black": "Stockfish 15.1",
 "computer_side": "black", "time_control": "10m+5s", "language": "en", "ui_language": "fa",
 "engine": {"command": "/usr/games/stockfish"}}
JSON
      ;;
  *) echo "screenshots: unknown language '$lang': expected pl or fa" >&2; exit 2 ;;
esac
two="start\nmove e4\nmade\npressed\nrecorded\nmove $knight\nmade\npressed\nrecorded\n"
printf "$two" >"$work/human.script"
printf "start\nmove e4\nmade\npressed\nrecorded\nmove $knight (=)\n" >"$work/offer.script"
printf "${two}seal\nseal-human\n" >"$work/adjourn.script"

shot() {  # name, then the console's further arguments
  local name="$1"; shift
  (cd "$work" && xvfb-run -a -s '-screen 0 1280x800x24' "$bin/operator-console" --event event.json \
    --journal "$name.journal" "$@" --screenshot "$out/$lang-$name.png" 2>"$name.err") ||
    { echo "screenshots: $lang $name failed:" >&2; cat "$work/$name.err" >&2; exit 1; }
  # A 256-colour palette (ImageMagick) keeps the docs light; the console's flat colours survive it.
  convert "$out/$lang-$name.png" -colors 256 "PNG8:$out/$lang-$name.png"
  echo "$out/$lang-$name.png"
}
shot setup --frames 60
shot human-to-move --script human.script
shot engine-thinking-offer --script offer.script --tab draws
shot public-display --script human.script --public
shot adjourned --script adjourn.script --tab adjournment
