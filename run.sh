#!/usr/bin/env bash
# Installs what is missing, builds (release), and starts the operator console against Debian's Stockfish.
# With no display it says so and plays a short demonstration game in the terminal instead.
set -euo pipefail
cd "$(dirname "$0")"
scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target operator-console operator-cli

if [[ -z "${DISPLAY:-}" && -z "${WAYLAND_DISPLAY:-}" ]]; then
  echo
  echo "No display found (DISPLAY and WAYLAND_DISPLAY are unset), so the window cannot open."
  echo "Playing a short demonstration game in the terminal with the headless tool instead:"
  echo
  exec scripts/demo.sh
fi
exec build/bin/operator-console --engine /usr/games/stockfish "$@"
