#!/usr/bin/env bash
# Installs the Debian packages this project needs, and only those that are missing, and the spectator
# page's npm packages (web/package-lock.json).
# Idempotent: when everything is present it runs no apt command at all.
# Usage: scripts/install-deps.sh [--tests|--package]
#   --package adds what scripts/package.sh needs (man pages, dpkg-shlibdeps, lintian);
#   --tests adds what the test suite needs, which includes --package's (the package is tested).
set -euo pipefail

runtime=(
  cmake g++ make ninja-build pkg-config
  libimgui-dev libstb-dev libsdl2-dev libboost1.81-dev libboost-locale1.81-dev gettext
  nlohmann-json3-dev libsodium-dev libfmt-dev libcli11-dev libcairo2-dev libexpected-dev
  stockfish fonts-dejavu-core libespeak-ng-dev espeak-ng-data tzdata
  libfribidi-dev libpango1.0-dev libssl-dev
)
testing=(
  libgtest-dev libgmock-dev libbenchmark-dev xvfb xauth xdotool clang clang-format
  toga2 gnuchess pgn-extract imagemagick poppler-utils sox chromium nginx
  libnginx-mod-nchan strace python3-nacl openssl
)
packaging=(help2man dpkg-dev lintian)

want=("${runtime[@]}")
# The broadcast's spectator page takes its board from npm (web/package.json): node and npm are needed.
# A machine with Node.js from elsewhere (e.g. nodesource, which bundles npm) keeps it.
if ! command -v npm >/dev/null; then want+=(nodejs npm); fi
case "${1:-}" in
  --tests) want+=("${testing[@]}" "${packaging[@]}") ;;
  --package) want+=("${packaging[@]}") ;;
  "") ;;
  *) echo "install-deps: unknown option '$1' (expected --tests or --package)" >&2; exit 2 ;;
esac

missing=()
for pkg in "${want[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$pkg")
done

# The spectator page's npm packages, exactly as web/package-lock.json pins them (run when missing).
install_web() {
  local web
  web="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/web"
  if [[ ! -d "$web/node_modules/chessground" || ! -d "$web/node_modules/chessops" ||
        ! -d "$web/node_modules/playwright-core" ]]; then
    echo "install-deps: npm ci in $web"
    (cd "$web" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

if [[ ${#missing[@]} -eq 0 ]]; then
  install_web
  exit 0
fi

echo "install-deps: installing missing Debian packages: ${missing[*]}"
sudo=()
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
apt_opts=(-o DPkg::Lock::Timeout=300 -y --no-install-recommends)
"${sudo[@]}" apt-get -o DPkg::Lock::Timeout=300 update -qq
"${sudo[@]}" apt-get "${apt_opts[@]}" install "${missing[@]}"
install_web
